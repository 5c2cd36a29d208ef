import { applyRatio } from '../common/money.js';
import { ok } from '../common/result.js';
import { betsOfPlayer, bookTotals, stakeOnSpot, type BookTotals } from '../kernel/book.js';
import { createKernel, defineGame, events, lifecycleNext, refuse, vio, type RefereeState } from '../kernel/define.js';
import { roundViewBase, type AcceptedBet, type Audience, type CommonCommand, type CommonEvent, type NextAction, type SettlementLine, type RoundViewBase } from '../kernel/kernel.js';
import { kindOf, parseDice, parseSpot, resolveSpot, sicboProfiles, type Dice, type SicboProfile } from './sicbo.rules.js';

/**
 * Sic Bo on the referee (`defineGame`): idle → betting → closed → (RecordDiceResult) resolved →
 * (MarkSettled) settled; `void` from any unresolved phase (GEN-6) and automatically after more
 * than `maxReshakes` dice faults (SB-4, devices.md §5). The dice result is a device sign that play
 * started: a result while betting is open closes betting first (GEN-3).
 */

export type SicboCommand =
  | CommonCommand
  /** The reader's `dice.result` (devices.md §5). Values outside 1–6 are rejected (SB-4): send a fault instead. */
  | { readonly type: 'RecordDiceResult'; readonly at: number; readonly dice: readonly number[] }
  /** `dice.fault` (no_shake, unreadable, motion_error, leaning/stacked die): reshake, or void past the limit (SB-4). */
  | { readonly type: 'RecordDiceFault'; readonly at: number; readonly code: string };

export type SicboEvent =
  | CommonEvent
  | { readonly type: 'DiceRecorded'; readonly at: number; readonly dice: Dice }
  | { readonly type: 'DiceFaultRecorded'; readonly at: number; readonly code: string; readonly faults: number };

export interface SicboState extends RefereeState {
  readonly game: 'sicbo';
  readonly dice: Dice | null;
  /** Dice faults so far this round (SB-4). */
  readonly faults: number;
}

export interface SicboView extends RoundViewBase {
  readonly game: 'sicbo';
  readonly dice: Dice | null;
  readonly faults: number;
  readonly voidReason: string | null;
  /** A player sees only their own bets (from the per-player index); dealer and pit boss see totals. */
  readonly bets: readonly AcceptedBet[];
  readonly totals?: BookTotals;
}

/** Settle bets against dice (shared by the kernel and `settleOffline`). */
export function settleBets(bets: readonly AcceptedBet[], dice: Dice, profile: SicboProfile): SettlementLine[] {
  return bets.map((b) => {
    const spot = parseSpot(b.spot);
    // Accepted bets always have a valid spot (checked by decide / settleOffline).
    if (!spot.ok) throw new Error(`bet ${b.betId} has invalid spot ${b.spot}`);
    const r = resolveSpot(spot.value, dice, profile);
    return { betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: applyRatio(b.stakeMinor, r.multiple, profile.payoutRounding), outcome: r.outcome, rules: r.rules };
  });
}


/** The highest return per unit staked of a Sic Bo profile (stake included). */
export function sicboMaxReturn(p: SicboProfile): number {
  const rs = [p.pays.small, p.pays.big, p.pays.odd, p.pays.even, p.pays.double, p.pays.triple, p.pays.anyTriple, p.pays.combo, ...p.pays.single, ...Object.values(p.pays.total)];
  return Math.max(...rs.map((r) => r.num / r.den)) + 1;
}

/** RES-3 pairs: a player may not hold both spots of a pair in one round. */
const RES3: Readonly<Record<string, string>> = { big: 'small', small: 'big', odd: 'even', even: 'odd' };

export function defineSicbo(profiles: Readonly<Record<string, SicboProfile>> = sicboProfiles) {
  return defineGame<SicboState, SicboCommand, SicboEvent, SicboView, SicboProfile>({
    id: 'sicbo',
    name: 'Sic Bo',
    profiles,
    defaultProfile: 'standard',
    maxReturnMultiple: sicboMaxReturn,
    initial: () => ({ game: 'sicbo', dice: null, faults: 0 }),
    bets: {
      spot(_s, _p, key) {
        const spot = parseSpot(key);
        return spot.ok ? ok({ key, kind: kindOf(spot.value) }) : spot;
      },
      restrict(s, _p, bet) {
        const other = RES3[bet.spot];
        if (other !== undefined && stakeOnSpot(s.book, bet.playerId, other) > 0) {
          return vio('RESTRICTED_COMBINATION', 'RES-3', `Sic Bo does not allow ${bet.spot} and ${other} in the same round (RES-3): you already bet on ${other}.`, { spot: bet.spot, conflictsWith: other });
        }
        return null;
      },
    },
    moves: {
      RecordDiceResult: {
        phases: ['closed'],
        // dice read while betting is open are a fault, never a close-and-resolve (issue 9 §2; SB-4: the shake follows "no more bets")
        result: { ruleId: 'SB-4' },
        decide(_s, c) {
          const dice = parseDice(c.dice);
          if (!dice.ok) return dice;
          return events<SicboEvent>({ type: 'DiceRecorded', at: c.at, dice: dice.value });
        },
      },
      RecordDiceFault: {
        phases: ['closed'],
        decide(s, c) {
          const profile = profiles[s.profileId ?? ''];
          const faults = s.faults + 1;
          const fault: SicboEvent = { type: 'DiceFaultRecorded', at: c.at, code: typeof c.code === 'string' ? c.code : 'unknown', faults };
          if (profile && faults > profile.maxReshakes) {
            return events<SicboEvent>(fault, { type: 'RoundVoided', at: c.at, reason: `SB-4: ${faults} dice faults, more than the ${profile.maxReshakes} reshakes allowed`, by: 'system' });
          }
          return events<SicboEvent>(fault);
        },
      },
    },
    evolve(s, e) {
      switch (e.type) {
        case 'DiceRecorded':
          return { ...s, seq: s.seq + 1, dice: e.dice, phase: 'resolved' };
        case 'DiceFaultRecorded':
          return { ...s, seq: s.seq + 1, faults: e.faults };
      }
    },
    view(s, audience: Audience): SicboView {
      const base = { game: 'sicbo' as const, ...roundViewBase(s), dice: s.dice, faults: s.faults, voidReason: s.voidReason };
      return audience.role === 'player' ? { ...base, bets: betsOfPlayer(s.book, audience.playerId) } : { ...base, bets: [], totals: bookTotals(s.book) };
    },
    redact: (e) => e,
    // issue 9 §5: the shake and the reading are owed within 30 s of "no more bets" (or of the last reshake)
    stall: () => ({ step: 'dice', afterMs: 30_000, ruleId: 'SB-4' }),
    settle(s, profile) {
      if (s.dice === null) return refuse(vio('ROUND_NOT_RESOLVED', 'GEN-5', 'The round has no dice result yet.'));
      return ok(settleBets(s.book.byId.values(), s.dice, profile));
    },
    next(s): readonly NextAction[] {
      return lifecycleNext(s.phase, {
        closed: () => [{ kind: 'shake', message: s.faults === 0 ? 'Shake the dice.' : `Reshake the dice (fault ${s.faults} of at most ${profiles[s.profileId ?? '']?.maxReshakes ?? 0} reshakes).`, ruleId: 'SB-4' }],
      });
    },
    devices: {
      reporters: { dice: ['dice', 'shaker'], shaker: ['shaker'] },
      map(ev, _ctx, at) {
        const p = ev.payload;
        const roundId = typeof p.roundId === 'string' ? { forRoundId: p.roundId } : {};
        switch (ev.type) {
          case 'dice.result':
            return { kind: 'command', command: { type: 'RecordDiceResult', at, dice: p.dice }, closesBetting: false, ...roundId };
          case 'dice.fault':
            return { kind: 'command', command: { type: 'RecordDiceFault', at, code: p.code }, closesBetting: false, ...roundId };
          case 'shaker.state':
            return p.state === 'error' ? { kind: 'alert', severity: 'warning', code: 'SHAKER_ERROR', message: `Dice shaker ${ev.deviceId} reports an error.`, fault: true } : { kind: 'track' };
          default:
            return null;
        }
      },
      react(e, s, ctx) {
        const shake = { deviceKind: 'shaker', type: 'shaker.shake', payload: { durationMs: 3000, roundId: ctx.roundId } };
        if (e.type === 'BettingClosed') return [shake];
        if (e.type === 'DiceFaultRecorded' && s.phase === 'closed') return [shake];
        return [];
      },
    },
    example: { spots: ['small', 'total:7'], resolve: [{ type: 'RecordDiceResult', dice: [1, 2, 4] }] },
    commands: [],
  });
}

export const sicboDefinition = defineSicbo();
export const createSicboKernel = (profiles: Readonly<Record<string, SicboProfile>> = sicboProfiles) => createKernel(defineSicbo(profiles));
export const sicboKernel = createKernel(sicboDefinition);
