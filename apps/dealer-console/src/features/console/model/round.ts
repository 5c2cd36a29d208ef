import { viewTotals } from '@felt-studio/ui';
import { isObj, num, str, type Obj } from '../../../round/plugin';
import { dealerPlugin } from '../../../round/plugins';
import type { GameId, HandModel, RoundModel, SpecialState } from '../../../round/round.types';

export type { GameId, HandModel, RoundModel, SpecialState } from '../../../round/round.types';

/**
 * The dealer's view-model of the live round, derived from the kernel's dealer view (the server never
 * sends the dealer what that view hides — BJ-5a: the hole card is `'hidden'` until revealed). Pure:
 * no React, no clock. Player identities are never read into the model: only counts and totals. Each
 * game's part comes from its plugin (registered by app/games.ts, issue 19 §4).
 */

/** Every game the console has screens for (its plugin list). */
export { gameIds } from '../../../round/plugins';
export const isGameId = (g: string): g is GameId => dealerPlugin(g) !== undefined;

/** Bets of any game's view (array or record) → counts and the total stake; player ids are only counted. */
export function betTotals(view: unknown): { players: number; bets: number; stakeMinor: number } {
  return viewTotals(view);
}

/** The round is over (settled, or void with its refunds): no toast, pending request or control belongs to it any more. */
export function roundOver(phase: string): boolean {
  return phase === 'settled' || phase === 'void';
}

/** The live round (kernel dealer view) → what the console shows. `view` null/undefined: no round yet. */
export function deriveRound(game: GameId, roundId: string | null, view: unknown): RoundModel {
  const v: Obj = isObj(view) ? view : {};
  const rawPhase = roundId === null ? 'none' : (str(v['phase']) ?? 'none');
  const totals = betTotals(v);
  const part = dealerPlugin(game)?.derive(game, v, rawPhase) ?? {};
  let phase = part.phase ?? rawPhase;
  let special: SpecialState | null = part.special ?? null;
  const hands: readonly HandModel[] = part.hands ?? [];
  const voidReason = str(v['voidReason']);
  // A voided round stays "void" for the dealer after its refunds are settled.
  if (rawPhase === 'settled' && voidReason !== null) phase = 'void';
  if (special === null && phase === 'void') special = { kind: 'void', reason: voidReason ?? '', ruleId: 'GEN-6' };
  return {
    game,
    roundId,
    phase,
    bettingClosesAt: rawPhase === 'betting' ? num(v['bettingClosesAt']) : null,
    players: totals.players,
    bets: totals.bets,
    stakeMinor: totals.stakeMinor,
    hands,
    roulette: part.roulette ?? null,
    dice: part.dice ?? null,
    special,
    decisionDeadline: part.decisionDeadline ?? null,
    dealerOutcome: part.dealerOutcome ?? null,
    baccaratResult: part.baccaratResult ?? null,
    decisionWindowMs: part.decisionWindowMs ?? 15_000,
    poker: part.poker ?? null,
    luckyDice: part.luckyDice ?? null,
    moneyWheel: part.moneyWheel ?? null,
  };
}

/** Games dealt from a shoe (manual card entry, S-3): from the plugins. */
export const isCardGame = (game: GameId): boolean => dealerPlugin(game)?.cards === true;
const isCutCardGame = (game: GameId): boolean => dealerPlugin(game)?.cutCard === true;

/** Which dealer controls the phase allows (the server still decides; these only avoid pointless taps). */
export interface Controls {
  readonly openRound: boolean;
  readonly closeBetting: boolean;
  readonly requestVoid: boolean;
  readonly declareNoSpin: boolean;
  /** Manual card entry for pit-boss sign-off (S-3), and which kernel command carries it. */
  readonly manualCard: 'EnterManualCard' | 'RecordCard' | null;
  readonly cutCard: boolean;
  readonly callPitBoss: boolean;
  /** Manual entry of the game's result when its device fails (wheel number, dice), for pit-boss sign-off (S-3). */
  readonly manualResult: 'roulette' | 'dice' | null;
  /** Lucky Dice method B (LD-6, LD-7): permit the shooter's throw, judge the throw read, pass the turn. */
  readonly luckyDice: { readonly permit: boolean; readonly judge: boolean; readonly pass: boolean } | null;
}

export function controlsFor(round: RoundModel, opts: { tableOpen: boolean; voidPending: boolean }): Controls {
  const p = round.phase;
  const finished = p === 'none' || p === 'idle' || p === 'settled' || p === 'void';
  const unresolved = p === 'betting' || p === 'closed' || p === 'play' || p === 'spinning' || p === 'halted';
  let manualCard: Controls['manualCard'] = null;
  if (isCardGame(round.game)) {
    if (round.special?.kind === 'unreadable-card') manualCard = 'EnterManualCard';
    // banked poker: no card is due while players decide (S-2), so no manual card either
    else if ((p === 'closed' || p === 'play') && round.special === null && (round.poker?.decision ?? null) === null) manualCard = 'RecordCard';
  }
  const ld = round.luckyDice;
  const methodB = ld !== null && ld.method === 'player-throw' && p === 'closed' && ld.hasShooter;
  return {
    openRound: opts.tableOpen && finished,
    closeBetting: p === 'betting',
    requestVoid: unresolved && !opts.voidPending,
    declareNoSpin: round.game === 'roulette' && p === 'spinning',
    manualCard,
    cutCard: isCutCardGame(round.game) && (p === 'closed' || p === 'play'),
    callPitBoss: true,
    // The kernel takes a result only for a spin in progress (a launch was reported: a result with no launch
    // is a device fault, never an outcome) and, for sic bo, once betting closed without dice.
    manualResult: round.game === 'roulette' && p === 'spinning' && round.roulette?.number === null ? 'roulette' : round.game === 'sicbo' && p === 'closed' && round.dice === null ? 'dice' : null,
    // the kernel's order: permit → (throw read) → judge; the turn passes only while no throw waits for judgement
    luckyDice: methodB && ld ? { permit: !ld.permitted && ld.pendingThrow === null, judge: ld.pendingThrow !== null, pass: ld.pendingThrow === null } : null,
  };
}

/** Ball and wheel directions (ROU-4: a valid spin turns the ball against the wheel). */
export type Direction = 'cw' | 'ccw';

/** What a dealer saw of a spin when the wheel's reader failed. */
// A type (not an interface): it travels as a game command body, a record of fields.
export type ObservedSpin = {
  readonly number: number;
  readonly revolutions: number;
  readonly ballDirection: Direction;
  readonly wheelDirection: Direction;
};

/**
 * The roulette result a dealer enters by hand (S-3; the pit boss signs it off, then the kernel rules on
 * it like a device's, ROU-4 included). It names the spin in progress (W-2); the console offers it only
 * while a launched ball has no result (the reader failed).
 */
export function manualSpinCommand(round: Pick<RoundModel, 'roulette'>, seen: ObservedSpin): { readonly type: 'RecordSpinResult'; readonly spin: number } & ObservedSpin {
  const r = round.roulette;
  const spin = r?.ballInMotion && r.spin !== null ? r.spin : (r?.spin ?? 0) + 1;
  return { type: 'RecordSpinResult', spin, ...seen };
}
