import type { PayoutRow } from './structure.js';

/**
 * TRN-PAY: prizes from the published table, in integer minor units (issue 24; docs/tournaments.md). Pure.
 */

/** The row of the published table for a field of `entries` (the last row beyond its end). */
export function payoutRow(table: readonly PayoutRow[], entries: number): PayoutRow | null {
  return table.find((r) => entries >= r.minEntries && entries <= r.maxEntries) ?? null;
}

/**
 * TRN-PAY / TRN-PAY-REM: each place gets floor(pool × bp / 10 000); the minor units the floors leave (fewer
 * than the places paid) go to 1st place [Interp]: the whole pool is always paid.
 */
export function prizesFor(table: readonly PayoutRow[], entries: number, poolMinor: number): number[] {
  const row = payoutRow(table, entries);
  if (row === null || entries < 1) return [];
  const places = Math.min(row.basisPoints.length, entries);
  const bp = row.basisPoints.slice(0, places);
  const total = bp.reduce((a, b) => a + b, 0);
  const prizes = bp.map((b) => Math.floor((poolMinor * b) / total));
  prizes[0] = (prizes[0] as number) + poolMinor - prizes.reduce((a, b) => a + b, 0);
  return prizes;
}

/** `amount` split equally among `n`; the first `amount mod n` get one unit more (the caller orders them). */
export function splitEqually(amountMinor: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(amountMinor / n);
  const rest = amountMinor - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < rest ? 1 : 0));
}

/**
 * `amount` in proportion to `weights` (chips) by largest remainders: floors first, then one unit each to the
 * largest fractional parts (ties: the earlier index). All weights 0: equally.
 */
export function splitProportionally(amountMinor: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return splitEqually(amountMinor, weights.length);
  const exact = weights.map((w) => BigInt(amountMinor) * BigInt(w));
  const T = BigInt(total);
  const out = exact.map((e) => Number(e / T));
  let rest = amountMinor - out.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e % T })).sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of order) {
    if (rest === 0) break;
    out[i] = (out[i] as number) + 1;
    rest -= 1;
  }
  return out;
}

/**
 * TRN-TIE: finishing places from the order of elimination. `groups` are the bust groups, first bust first;
 * players in one group went out in the same hand (in hand-for-hand play, the same round of hands: 001 §2.3's
 * hand-for-hand rounds start and end together) and tie: they share their places' prizes equally, the odd
 * minor units to the group's entries in the order given (registration order, [Interp]). The seeds leave the
 * order of players eliminated in the same hand open (docs/rules/live-poker.md §2.11 [GAP]); the issue asks
 * for the tie. The survivors (`remaining`, best first) take places 1..n.
 */
export function placesAndPrizes(remaining: readonly string[], groups: readonly (readonly string[])[], prizes: readonly number[]): { entryId: string; place: number; placeTo: number; amountMinor: number }[] {
  const out: { entryId: string; place: number; placeTo: number; amountMinor: number }[] = [];
  const prizeOf = (place: number): number => prizes[place - 1] ?? 0;
  remaining.forEach((entryId, i) => out.push({ entryId, place: i + 1, placeTo: i + 1, amountMinor: prizeOf(i + 1) }));
  let next = remaining.length + 1;
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g] as readonly string[];
    const from = next;
    const to = next + group.length - 1;
    let sum = 0;
    for (let p = from; p <= to; p++) sum += prizeOf(p);
    const shares = splitEqually(sum, group.length);
    group.forEach((entryId, i) => out.push({ entryId, place: from, placeTo: to, amountMinor: shares[i] as number }));
    next = to + 1;
  }
  return out;
}
