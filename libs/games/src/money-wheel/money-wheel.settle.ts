import { isMinor, type Rounding } from '../common/money.js';
import { ok, violation, type Result } from '../common/result.js';
import type { AcceptedBet, SettlementLine } from '../kernel/kernel.js';
import { effectiveMultiplier, parseSpot, returnMultiple, type MoneyWheelProfile } from './money-wheel.rules.js';

/** stake × num / den in bigint with the profile's rounding; null when the result is not a safe integer. */
function applyBig(stakeMinor: number, num: bigint, den: bigint, rounding: Rounding): number | null {
  const p = BigInt(stakeMinor) * num;
  let out = p / den;
  const rem = p - out * den;
  if (rem !== 0n) {
    switch (rounding) {
      case 'down':
        break;
      case 'up':
        out += 1n;
        break;
      case 'half-up':
        if (rem * 2n >= den) out += 1n;
        break;
    }
  }
  return out <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(out) : null;
}

/**
 * MW-1/MW-2: settle every bet against the final number and the stacked multiplier of the chain. Every
 * bet stood through every multiplier spin (MW-2), so each line pays 1 + pay × multiplier on its number.
 * A return beyond 2^53 minor units cannot be paid exactly (D-1): PAYOUT_OVERFLOW, nothing settled.
 */
export function settleBets(bets: readonly AcceptedBet[], result: number, multiplier: number | null, profile: MoneyWheelProfile): Result<SettlementLine[]> {
  const m = effectiveMultiplier(multiplier);
  const lines: SettlementLine[] = [];
  for (const b of bets) {
    const spot = parseSpot(b.spot, profile);
    if (!spot.ok) return spot;
    if (!isMinor(b.stakeMinor) || b.stakeMinor <= 0) return violation('INVALID_AMOUNT', 'GEN-4', `Bet ${b.betId}: the stake must be a positive whole number of minor units.`, { betId: b.betId });
    const r = returnMultiple(profile, spot.value, result, m);
    const returnMinor = applyBig(b.stakeMinor, r.num, r.den, profile.payoutRounding);
    if (returnMinor === null) {
      return violation('STAKE_TOO_LARGE', 'D-1', `Bet ${b.betId}: ${b.stakeMinor} × (1 + ${spot.value} × ${m}) is beyond the largest exact amount (2^53 − 1 minor units).`, { betId: b.betId, stakeMinor: b.stakeMinor, multiplier: m });
    }
    const rules = r.outcome === 'win' ? (multiplier === null ? ['MW-1'] : ['MW-1', 'MW-2']) : ['MW-1'];
    lines.push({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor, outcome: r.outcome, rules });
  }
  return ok(lines);
}


/** GEN-6 / MW-4: a void round refunds every bet. */
export function refundLines(bets: readonly AcceptedBet[], rule: string): SettlementLine[] {
  return bets.map((b) => ({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor: b.stakeMinor, outcome: 'refund' as const, rules: [rule] }));
}
