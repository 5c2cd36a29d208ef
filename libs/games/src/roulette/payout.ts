import { applyRatio, isMinor, ratio, type Minor } from '../common/money.js';
import { violation, type Violation } from '../common/result.js';
import type { SettlementOutcome } from '../kernel/kernel.js';
import type { RouletteProfile } from './profiles.js';
import { chipCount, payoutClassOf, type SimpleSpot, type Spot } from './spots.js';
import { POCKETS } from './wheel.js';

/** The result of one bet for one winning number. */
export interface BetResult {
  /** Total returned (stake included when it wins), integer minor units, ≥ 0. */
  readonly returnMinor: Minor;
  readonly outcome: SettlementOutcome;
  readonly rules: readonly string[];
}

const isEvenMoney = (s: SimpleSpot): boolean => payoutClassOf(s.kind) === 'evenMoney';

/**
 * ROU-2 / ROU-5: what a simple spot returns when `number` wins. Payouts come only from the profile.
 * 0 not covered → the bet loses, except an even-money bet under la partage gets half back (rounded
 * with `profile.zero.laPartageRounding`).
 */
export function settleSimple(profile: RouletteProfile, spot: SimpleSpot, stakeMinor: Minor, number: number): BetResult {
  if (spot.numbers.includes(number)) {
    const win = applyRatio(stakeMinor, ratio(profile.payouts[payoutClassOf(spot.kind)]));
    return { returnMinor: stakeMinor + win, outcome: 'win', rules: ['ROU-2', 'ROU-5'] };
  }
  if (number === 0 && isEvenMoney(spot) && profile.zero.laPartage) {
    return { returnMinor: applyRatio(stakeMinor, ratio(1, 2), profile.zero.laPartageRounding), outcome: 'partial', rules: ['ROU-2', 'ROU-5'] };
  }
  return { returnMinor: 0, outcome: 'lose', rules: ['ROU-2', 'ROU-5'] };
}

/**
 * A whole bet for a winning number. An announced bet's stake is split evenly over its chips and its
 * return is the sum of its chips' returns. Throws if an announced stake does not divide evenly
 * (callers validate with `checkAnnouncedStake` first: a programmer error, not a rule breach).
 */
export function settleSpot(profile: RouletteProfile, spot: Spot, stakeMinor: Minor, number: number): BetResult {
  if (spot.type === 'simple') return settleSimple(profile, spot, stakeMinor, number);
  const n = spot.chips.length;
  if (stakeMinor % n !== 0) throw new Error(`announced stake ${stakeMinor} is not a multiple of ${n} chips`);
  const unit = stakeMinor / n;
  let returnMinor = 0;
  for (const chip of spot.chips) returnMinor += settleSimple(profile, chip, unit, number).returnMinor;
  const outcome: SettlementOutcome = returnMinor > stakeMinor ? 'win' : returnMinor === stakeMinor ? 'push' : returnMinor === 0 ? 'lose' : 'partial';
  return { returnMinor, outcome, rules: ['ROU-2', 'ROU-5'] };
}

/**
 * An announced bet is ONE bet of `chips` equal chips: its stake must be a positive multiple of the
 * chip count (a voisins is 9 chips, so 900 is fine and 1000 is not).
 */
export function checkAnnouncedStake(spot: Spot, stakeMinor: Minor): Violation | null {
  const n = chipCount(spot);
  if (spot.type === 'announced' && isMinor(stakeMinor) && stakeMinor % n !== 0) {
    return violation('STAKE_NOT_DIVISIBLE', 'ROU-2', `A ${spot.kind} bet is ${n} equal chips: the stake must be a multiple of ${n}.`, { spot: spot.key, chips: n, stakeMinor }).violation;
  }
  return null;
}

/**
 * RES-1: the pockets on which a spot wins. For an announced bet, the pockets on which at least one of
 * its chips wins. Under la partage an even-money bet gets half back on 0 but does not "win" there.
 */
export function winningPockets(profile: RouletteProfile, spot: Spot): number[] {
  const chips = spot.type === 'simple' ? [spot] : spot.chips;
  // A stake of 2 per chip keeps a la partage half exact.
  return POCKETS.filter((n) => chips.some((c) => settleSimple(profile, c, 2, n).returnMinor > 2));
}

/** RES-1 coverage of a set of spots: the union of their winning pockets. */
export function coverageOf(profile: RouletteProfile, spots: readonly Spot[]): Set<number> {
  const out = new Set<number>();
  for (const s of spots) for (const n of winningPockets(profile, s)) out.add(n);
  return out;
}

/**
 * RES-1 / ROU-8: a player's bets in one round may cover at most `profile.maxCoveredPockets` of the 37
 * pockets. Returns the violation for the bet that would cross the line (earlier bets stand).
 */
export function checkCoverage(profile: RouletteProfile, existing: readonly Spot[], next: Spot): Violation | null {
  const before = coverageOf(profile, existing);
  const after = coverageOf(profile, [...existing, next]);
  if (after.size <= profile.maxCoveredPockets) return null;
  return violation(
    'COVERAGE_LIMIT',
    'RES-1',
    `Your bets this round would cover ${after.size} of ${POCKETS.length} numbers; at most ${profile.maxCoveredPockets} (92 %) are allowed (RES-1).`,
    { coveredBefore: before.size, coveredAfter: after.size, maxCoveredPockets: profile.maxCoveredPockets, pockets: POCKETS.length },
  ).violation;
}
