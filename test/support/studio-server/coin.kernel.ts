import { createKernel, defineGame, events, ok, refuse, stakeOnSpot, vio, violation } from '@felt-studio/games';
import type { CommonCommand, CommonEvent, Deadline, NextAction, RefereeState, SettlementLine } from '@felt-studio/games';
import type { AnyKernel } from '../../../apps/studio-server/src/kernels/kernel.registry.js';

/**
 * A tiny game for the server's unit tests (the real games are tested in libs/games), declared on the
 * referee like every game (`defineGame`): a coin flip with spots `heads`/`tails` paying 1:1, a
 * RES-style restriction (not both sides), a device "launch" sign, a result, a hidden `dealerSecret`
 * (like a hole card) and a result timeout deadline.
 * Phases: idle → betting → closed → play (launched) → resolved → settled; void from any unresolved.
 */
export type CoinCommand =
  | CommonCommand
  | { readonly type: 'LaunchCoin'; readonly at: number }
  | { readonly type: 'RecordFlip'; readonly at: number; readonly side: 'heads' | 'tails' }
  | { readonly type: 'RecordSecret'; readonly at: number; readonly secret: string }
  | { readonly type: 'FlipTimeout'; readonly at: number };

export type CoinEvent =
  | CommonEvent
  | { readonly type: 'CoinLaunched'; readonly at: number; readonly resultDueAt: number }
  | { readonly type: 'FlipRecorded'; readonly at: number; readonly side: 'heads' | 'tails' }
  | { readonly type: 'SecretRecorded'; readonly at: number; readonly secret: string };

export interface CoinState extends RefereeState {
  readonly side: 'heads' | 'tails' | null;
  readonly resultDueAt: number | null;
  readonly secret: string | null;
}

export const COIN_RESULT_TIMEOUT_MS = 5_000;
const SPOTS = ['heads', 'tails'] as const;

export const coinDefinition = defineGame<CoinState, CoinCommand, CoinEvent, unknown, { readonly id: string; readonly name: string }>({
  id: 'sicbo',
  name: 'Coin',
  profiles: { coin: { id: 'coin', name: 'Coin flip' } },
  defaultProfile: 'coin',
  maxReturnMultiple: () => 2,
  initial: () => ({ game: 'sicbo', side: null, resultDueAt: null, secret: null }),
  bets: {
    spot: (_s, _p, key) => ((SPOTS as readonly string[]).includes(key) ? ok({ key, kind: key }) : violation('UNKNOWN_SPOT', 'GEN-7', `No spot ${key}.`)),
    restrict(s, _p, bet) {
      const other = bet.spot === 'heads' ? 'tails' : 'heads';
      return stakeOnSpot(s.book, bet.playerId, other) > 0 ? vio('OPPOSITE_BETS', 'RES-2', 'Not both heads and tails in one round.') : null;
    },
  },
  moves: {
    LaunchCoin: { phases: ['closed'], decide: (_s, c) => events<CoinEvent>({ type: 'CoinLaunched', at: c.at, resultDueAt: c.at + COIN_RESULT_TIMEOUT_MS }) },
    RecordSecret: { phases: ['closed', 'play'], decide: (_s, c) => events<CoinEvent>({ type: 'SecretRecorded', at: c.at, secret: c.secret }) },
    RecordFlip: { phases: ['play'], decide: (_s, c) => events<CoinEvent>({ type: 'FlipRecorded', at: c.at, side: c.side }) },
    FlipTimeout: {
      phases: ['play'],
      decide: (s, c) => (s.resultDueAt === null || c.at < s.resultDueAt ? refuse(vio('DEADLINE_NOT_REACHED', 'GEN-6', 'not due')) : events<CoinEvent>({ type: 'RoundVoided', at: c.at, reason: 'no result in time', by: 'system' })),
    },
  },
  evolve(s, e) {
    switch (e.type) {
      case 'CoinLaunched':
        return { ...s, seq: s.seq + 1, phase: 'play', resultDueAt: e.resultDueAt };
      case 'FlipRecorded':
        return { ...s, seq: s.seq + 1, phase: 'resolved', side: e.side, resultDueAt: null };
      case 'SecretRecorded':
        return { ...s, seq: s.seq + 1, secret: e.secret };
    }
  },
  view(s, a) {
    const bets = a.role === 'player' ? s.book.byId.values().filter((b) => b.playerId === a.playerId) : s.book.byId.values();
    return { roundId: s.roundId, seq: s.seq, phase: s.phase, bettingClosesAt: s.bettingClosesAt, side: s.side, bets, secret: a.role === 'player' && s.phase !== 'resolved' && s.phase !== 'settled' ? null : s.secret };
  },
  redact: (e) => e,
  settle(s) {
    if (s.side === null) return violation('ROUND_NOT_RESOLVED', 'GEN-5', 'no result');
    const lines: SettlementLine[] = s.book.byId.values().map((b) => {
      const win = b.spot === s.side;
      return { betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: win ? b.stakeMinor * 2 : 0, outcome: win ? 'win' : 'lose', rules: ['COIN-1'] };
    });
    return ok(lines);
  },
  next(s): readonly NextAction[] {
    if (s.phase === 'closed') return [{ kind: 'launch', message: 'Launch the coin.' }];
    if (s.phase === 'play') return [{ kind: 'result', message: 'Wait for the flip.' }];
    return [];
  },
  deadlines(s): readonly Deadline[] {
    if (s.phase === 'play' && s.resultDueAt !== null) return [{ at: s.resultDueAt, command: { type: 'FlipTimeout', at: s.resultDueAt } }];
    return [];
  },
  devices: { reporters: { coin: ['dice'] }, map: () => null },
  commands: [],
  example: { spots: ['heads', 'heads'], resolve: [{ type: 'LaunchCoin' }, { type: 'RecordFlip', side: 'heads' }] },
});

export const coinKernel = createKernel(coinDefinition);

export const coinAsAny = coinKernel as unknown as AnyKernel;
