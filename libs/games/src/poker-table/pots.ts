/**
 * Pots (S1-ALLIN, P4-ALLIN; docs/rules/live-poker.md §0.6): the layered algorithm by contribution level, any
 * number of side pots, rake taken out (S1-RAKE, PT-RAKE-ALLOC), split pots for ties and hi/lo with the
 * odd-chip rule (PT-ODDCHIP). Pure; integer minor units; the property test checks chips in = chips out
 * + rake against an independent brute-force allocator.
 */

export interface Contribution {
  readonly seat: number;
  /** everything the seat put in this hand after uncalled bets came back (antes, blinds, bets). */
  readonly totalMinor: number;
  readonly folded: boolean;
}

export interface Pot {
  /** 0 = main pot, 1.. = side pots in order of creation. */
  readonly index: number;
  readonly amountMinor: number;
  /** seats still in the hand who may win it (contributed at least its level), clockwise order as given. */
  readonly eligible: readonly number[];
  /** the contribution level this pot reaches (for display). */
  readonly levelMinor: number;
  /** PT-RAKE-ALLOC: the rake taken out of this pot (set by `takeRake`; `amountMinor` is after it). */
  readonly rakeMinor?: number;
}

/**
 * Main pot and side pots by contribution level. Levels that add nobody new to the eligible set (a
 * folded player's chips above a live all-in) merge into the pot below, so a fold never makes a pot.
 * Chips above every live player's level (only possible if every contributor at that level folded)
 * merge into the highest pot. `contributions` order is the seat order used for eligible lists.
 */
export function buildPots(contributions: readonly Contribution[]): Pot[] {
  const levels = [...new Set(contributions.filter((c) => c.totalMinor > 0).map((c) => c.totalMinor))].sort((a, b) => a - b);
  const pots: { amountMinor: number; eligible: number[]; levelMinor: number }[] = [];
  let prev = 0;
  for (const level of levels) {
    let amount = 0;
    for (const c of contributions) amount += Math.min(c.totalMinor, level) - Math.min(c.totalMinor, prev);
    const eligible = contributions.filter((c) => !c.folded && c.totalMinor >= level).map((c) => c.seat);
    const last = pots[pots.length - 1];
    if (last && (eligible.length === 0 || sameSet(last.eligible, eligible))) {
      last.amountMinor += amount;
      if (eligible.length > 0) last.levelMinor = level;
    } else if (eligible.length === 0) {
      // nobody live at this level and no pot below: everyone folded (a programmer error upstream)
      pots.push({ amountMinor: amount, eligible: contributions.filter((c) => !c.folded).map((c) => c.seat), levelMinor: level });
    } else {
      pots.push({ amountMinor: amount, eligible, levelMinor: level });
    }
    prev = level;
  }
  return pots.map((p, index) => ({ index, ...p }));
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * PT-RAKE-ALLOC (S1-RAKE): takes the hand's rake out of the pots **in proportion to what each pot holds**.
 * S1-RAKE rakes "the bets made during the betting round", so every chip in the middle carries the same
 * rate; a pot pays the rake of its own chips and never the rake of chips it cannot be won with — a player
 * all-in for less never pays for side-pot money (issue 24). Pot p gets floor(R × aₚ / T); the few chips
 * left over (fewer than the number of pots) go one each to the pots with the largest remainders (ties:
 * the larger pot, then the earlier pot). As R ≤ T × rate (rounded down per round, capped), no pot pays
 * more than ceil(aₚ × rate) — the rake on its own chips, rounded up by at most one chip. Throws if the
 * pots hold less than the rake.
 */
export function takeRake(pots: readonly Pot[], rakeMinor: number): Pot[] {
  const total = pots.reduce((a, p) => a + p.amountMinor, 0);
  if (rakeMinor > total) throw new Error(`rake ${rakeMinor} exceeds the pots`);
  if (rakeMinor <= 0 || total === 0) return pots.map((p) => ({ ...p, rakeMinor: 0 }));
  // integer arithmetic: R × aₚ stays far below 2^53 for any table stake
  const share = pots.map((p) => Math.floor((rakeMinor * p.amountMinor) / total));
  const rem = pots.map((p, i) => rakeMinor * p.amountMinor - (share[i] as number) * total);
  let left = rakeMinor - share.reduce((a, x) => a + x, 0);
  const order = pots.map((_, i) => i).sort((a, b) => (rem[b] as number) - (rem[a] as number) || (pots[b] as Pot).amountMinor - (pots[a] as Pot).amountMinor || a - b);
  for (const i of order) {
    if (left === 0) break;
    if ((rem[i] as number) === 0) continue;
    share[i] = (share[i] as number) + 1;
    left--;
  }
  return pots.map((p, i) => ({ ...p, amountMinor: p.amountMinor - (share[i] as number), rakeMinor: share[i] as number }));
}

/**
 * Splits `amount` equally among `winners` (already in odd-chip order: the first gets the first odd
 * chip, PT-ODDCHIP). Returns [seat, share] pairs; the shares sum to `amount`.
 */
export function splitEvenly(amount: number, winners: readonly number[]): [number, number][] {
  const n = winners.length;
  if (n === 0) throw new Error('a split needs winners');
  const base = Math.floor(amount / n);
  const odd = amount - base * n;
  return winners.map((s, i) => [s, base + (i < odd ? 1 : 0)]);
}

export interface PotAward {
  readonly pot: number;
  readonly amountMinor: number;
  readonly eligible: readonly number[];
  /** `uncontested`: one eligible seat (no showdown for it); `high`/`low`: a half of a hi/lo pot; `whole`: a pot won by the best high (no hi/lo or no qualifying low: the high scoops). */
  readonly part: 'uncontested' | 'whole' | 'high' | 'low';
  readonly winners: readonly number[];
  readonly shares: readonly (readonly [number, number])[];
}

export interface ShowdownValues {
  /** high value per seat (higher is better); only eligible seats are consulted. */
  readonly high: ReadonlyMap<number, number>;
  /** 8-or-better low value per seat (higher is better, -1 none); absent for high-only variants. */
  readonly low?: ReadonlyMap<number, number>;
}

/**
 * Awards every pot (P4-ALLIN order is irrelevant for the result: each pot is decided by its own
 * eligible set). `oddChipOrder` lists every seat in odd-chip order (PT-ODDCHIP): winners of a split get
 * odd chips in that order. Hi/lo pots halve; the odd chip of the halving goes to `hiLoOddChip`; with no
 * qualifying low among the eligible, the high takes the whole pot (001 §3.3).
 */
export function awardPots(pots: readonly Pot[], values: ShowdownValues | null, oddChipOrder: readonly number[], hiLoOddChip: 'high' | 'low'): PotAward[] {
  const order = (seats: readonly number[]): number[] => [...seats].sort((a, b) => oddChipOrder.indexOf(a) - oddChipOrder.indexOf(b));
  const best = (seats: readonly number[], m: ReadonlyMap<number, number>): number[] => {
    let top = -Infinity;
    for (const s of seats) top = Math.max(top, m.get(s) ?? -1);
    return order(seats.filter((s) => (m.get(s) ?? -1) === top));
  };
  const out: PotAward[] = [];
  for (const p of pots) {
    if (p.amountMinor === 0) continue;
    if (p.eligible.length === 1 || values === null) {
      const w = p.eligible.length === 1 ? [...p.eligible] : order(p.eligible);
      out.push({ pot: p.index, amountMinor: p.amountMinor, eligible: p.eligible, part: 'uncontested', winners: w, shares: splitEvenly(p.amountMinor, w) });
      continue;
    }
    const highW = best(p.eligible, values.high);
    const lows = values.low ? p.eligible.filter((s) => (values.low?.get(s) ?? -1) >= 0) : [];
    if (!values.low || lows.length === 0) {
      out.push({ pot: p.index, amountMinor: p.amountMinor, eligible: p.eligible, part: 'whole', winners: highW, shares: splitEvenly(p.amountMinor, highW) });
      continue;
    }
    const lowW = best(lows, values.low);
    const half = Math.floor(p.amountMinor / 2);
    const odd = p.amountMinor - 2 * half;
    const hi = half + (hiLoOddChip === 'high' ? odd : 0);
    const lo = half + (hiLoOddChip === 'low' ? odd : 0);
    out.push({ pot: p.index, amountMinor: hi, eligible: p.eligible, part: 'high', winners: highW, shares: splitEvenly(hi, highW) });
    out.push({ pot: p.index, amountMinor: lo, eligible: p.eligible, part: 'low', winners: lowW, shares: splitEvenly(lo, lowW) });
  }
  return out;
}

/** Total won per seat from a list of awards. */
export function winningsBySeat(awards: readonly PotAward[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const a of awards) for (const [s, x] of a.shares) m.set(s, (m.get(s) ?? 0) + x);
  return m;
}
