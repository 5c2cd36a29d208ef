import { violation, type Result, type Violation } from '../common/result.js';
import { parseResultPayload } from './money-wheel.device.js';
import { EMPTY_CHAIN, foldSpin, judgeSpin, segmentAt, type Chain, type SpinOutcome, type Direction, type MoneyWheelProfile, type SegmentLabel, type SpinReport } from './money-wheel.rules.js';

/**
 * The money wheel's own moves (everything the common lifecycle — open, bet, cancel, close, void,
 * settle — does not cover), as pure decide/evolve over the game's slice of the round state.
 *
 *   closed ──RecordSpin(number)──▶ resolved
 *     │  └─RecordSpin(multiplier)─▶ closed (bets stand, multiplier stacks, spin again: MW-2)
 *     └───RecordSpin(short)───────▶ closed (void spin, bets stand, spin again: MW-4)
 *                                   └─ the maxInvalidSpins-th void spin in a row voids the round (GEN-6)
 */

/** A spin as the round records it (judged; `valid: false` = void by MW-4). */
export type RecordedSpin =
  | { readonly spin: number; readonly valid: false; readonly turns: number; readonly direction: Direction }
  | { readonly spin: number; readonly valid: true; readonly turns: number; readonly direction: Direction; readonly index: number; readonly label: SegmentLabel; readonly border: boolean };

/** The game's slice of the round state. */
export interface MoneyWheelSlice {
  readonly chain: Chain;
  readonly spins: readonly RecordedSpin[];
}

export const EMPTY_SLICE: MoneyWheelSlice = { chain: EMPTY_CHAIN, spins: [] };

export type MoneyWheelMoveCommand =
  /** The sensor's `moneywheel.result` (or a dealer entry signed off by a second person). */
  | { readonly type: 'RecordSpin'; readonly at: number; readonly spin: number; readonly report: SpinReport; readonly roundId?: string }
  /** `moneywheel.fault`: nothing is decided; the round waits (the pit boss may void it). */
  | { readonly type: 'RecordWheelFault'; readonly at: number; readonly code: string; readonly text: string };

export type MoneyWheelMoveEvent =
  | { readonly type: 'SpinRecorded'; readonly at: number; readonly spin: RecordedSpin }
  | { readonly type: 'WheelFaultRecorded'; readonly at: number; readonly code: string; readonly text: string };

const v = (code: string, ruleId: string | null, message: string, details?: Record<string, unknown>): Violation => violation(code, ruleId, message, details).violation;

/** Context the referee passes: the round's phase, id and profile. */
export interface MoveContext {
  readonly phase: string;
  readonly roundId: string | null;
  readonly profile: MoneyWheelProfile;
}

/**
 * Decide a money wheel move. Returns the events to append; a void spin that reaches the profile's
 * `maxInvalidSpins` also returns `voidRound` so the referee appends its RoundVoided (GEN-6, MW-4).
 */
export function decideMove(ctx: MoveContext, slice: MoneyWheelSlice, c: MoneyWheelMoveCommand): Result<{ readonly events: readonly MoneyWheelMoveEvent[]; readonly voidRound: string | null }> {
  switch (c.type) {
    case 'RecordSpin': {
      if (ctx.phase !== 'closed') return { ok: false, violation: v('COMMAND_NOT_EXPECTED', 'GEN-3', 'A spin counts only after "no more bets" and before the round has its result.', { phase: ctx.phase }) };
      if (c.roundId !== undefined && c.roundId !== ctx.roundId) return { ok: false, violation: v('SPIN_MISMATCH', 'MW-2', `The spin was for round ${c.roundId}, not ${ctx.roundId ?? 'none'}.`, { roundId: c.roundId }) };
      const last = slice.spins[slice.spins.length - 1];
      if (!Number.isSafeInteger(c.spin) || c.spin < 0) return { ok: false, violation: v('INVALID_SPIN', 'MW-1', 'The spin number must be a whole number ≥ 0.') };
      if (last !== undefined && c.spin <= last.spin) return { ok: false, violation: v('SPIN_MISMATCH', 'MW-2', `Spin ${c.spin} was already counted (last spin ${last.spin}).`, { spin: c.spin, lastSpin: last.spin }) };
      const judged = judgeSpin(ctx.profile, c.report);
      if (!judged.ok) return judged;
      const j = judged.value;
      const spin: RecordedSpin = j.valid
        ? { spin: c.spin, valid: true, turns: c.report.turns, direction: c.report.direction, index: j.index, label: j.label, border: j.border }
        : { spin: c.spin, valid: false, turns: c.report.turns, direction: c.report.direction };
      const after = foldSpin(ctx.profile, slice.chain, j);
      const voidRound = after.invalidInARow >= ctx.profile.maxInvalidSpins ? `MW-4: ${after.invalidInARow} spins in a row with fewer than ${ctx.profile.minTurns} full turns` : null;
      return { ok: true, value: { events: [{ type: 'SpinRecorded', at: c.at, spin }], voidRound } };
    }
    case 'RecordWheelFault':
      if (ctx.phase === 'idle' || ctx.phase === 'settled' || ctx.phase === 'void') return { ok: false, violation: v('ROUND_NOT_OPEN', 'GEN-6', 'A wheel fault outside a round changes nothing.', { phase: ctx.phase }) };
      return { ok: true, value: { events: [{ type: 'WheelFaultRecorded', at: c.at, code: c.code, text: c.text }], voidRound: null } };
  }
}

/** Fold a move event into the slice; `resolved` tells the referee the round has its result. */
export function evolveMove(profile: MoneyWheelProfile, slice: MoneyWheelSlice, e: MoneyWheelMoveEvent): MoneyWheelSlice {
  switch (e.type) {
    case 'SpinRecorded': {
      const s = e.spin;
      const outcome: SpinOutcome = s.valid ? { valid: true, index: s.index, segment: segmentAt(profile, s.index), label: s.label, border: s.border, rules: [] } : { valid: false, turns: s.turns, rules: ['MW-4'] };
      return { chain: foldSpin(profile, slice.chain, outcome), spins: [...slice.spins, s] };
    }
    case 'WheelFaultRecorded':
      return slice;
  }
}

/** Turn a validated device payload into a RecordSpin command (the ingest mapping of `moneywheel.result`). */
export function spinCommandOf(at: number, payload: unknown): Result<MoneyWheelMoveCommand> {
  const p = parseResultPayload(payload);
  if (!p.ok) return p;
  const base = { type: 'RecordSpin' as const, at, spin: p.value.spin, report: p.value.report };
  return { ok: true, value: p.value.roundId === null ? base : { ...base, roundId: p.value.roundId } };
}
