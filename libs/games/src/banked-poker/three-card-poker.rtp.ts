import { ok, violation, type Result } from '../common/result.js';
import type { RtpReport, RtpRow } from '../kernel/game.js';
import { categoryOf } from '../poker/rank.js';
import { anteBonusPays, pairPlusPays, TCP_QUALIFY, tcpValue, type ThreeCardPokerProfile } from './three-card-poker.rules.js';

/**
 * Exact Three Card Poker returns by enumeration: every player hand (22 100) against every dealer hand
 * from the other 49 cards (18 424), counted by inclusion–exclusion over sorted value lists (the dealer
 * hands disjoint from H = all − those holding a card of H + those holding two − H itself), so the whole
 * table is exact integer arithmetic in well under a second. The player plays exactly when playing
 * expects more than folding (−1 ante): the optimal strategy, which comes out as "play Q-6-4 or better".
 */
export interface TcpHandEv {
  readonly cards: readonly [number, number, number];
  readonly value: number;
  /** Σ over the 18 424 dealer hands of the net result of Ante + Play in ante units (Ante Bonus included). */
  readonly playNet: number;
  readonly plays: boolean;
}

export const TCP_DEALER_HANDS = 18_424;
export const TCP_HANDS = 22_100;

function lowerBound(a: Float64Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if ((a[m] as number) < x) lo = m + 1;
    else hi = m;
  }
  return lo;
}

export function tcpHandEvs(p: ThreeCardPokerProfile): TcpHandEv[] {
  const hands: [number, number, number][] = [];
  const values: number[] = [];
  for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++) for (let c = b + 1; c < 52; c++) {
    hands.push([a, b, c]);
    values.push(tcpValue([a, b, c]));
  }
  const sorted = (xs: number[]): Float64Array => Float64Array.from(xs).sort();
  const all = sorted(values);
  const perCard: number[][] = Array.from({ length: 52 }, () => []);
  const perPair = new Map<number, number[]>();
  hands.forEach(([a, b, c], i) => {
    const v = values[i] as number;
    for (const x of [a, b, c]) (perCard[x] as number[]).push(v);
    for (const k of [a * 52 + b, a * 52 + c, b * 52 + c]) perPair.set(k, [...(perPair.get(k) ?? []), v]);
  });
  const cardLists = perCard.map(sorted);
  const out: TcpHandEv[] = [];
  hands.forEach(([a, b, c], i) => {
    const pv = values[i] as number;
    const pairs = [perPair.get(a * 52 + b) as number[], perPair.get(a * 52 + c) as number[], perPair.get(b * 52 + c) as number[]];
    /** Dealer hands disjoint from the player's with value < x. */
    const below = (x: number): number => {
      let n = lowerBound(all, x);
      for (const card of [a, b, c]) n -= lowerBound(cardLists[card] as Float64Array, x);
      for (const list of pairs) for (const v of list) if (v < x) n++;
      if (pv < x) n--;
      return n;
    };
    const notQualified = below(TCP_QUALIFY);
    const winQ = pv > TCP_QUALIFY ? below(pv) - notQualified : 0;
    const tieQ = pv >= TCP_QUALIFY ? below(pv + 1) - below(pv) : 0;
    const loseQ = TCP_DEALER_HANDS - below(Math.max(pv + 1, TCP_QUALIFY));
    const bonus = anteBonusPays(categoryOf(pv), p);
    const playNet = bonus * TCP_DEALER_HANDS + notQualified + 2 * winQ - 2 * loseQ + 0 * tieQ;
    out.push({ cards: [a, b, c], value: pv, playNet, plays: playNet > -TCP_DEALER_HANDS });
  });
  return out;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
const frac = (num: bigint, den: bigint): string => {
  const g = gcd(num, den);
  return `${num / g}/${den / g}`;
};

export function threeCardPokerRtp(profiles: Readonly<Record<string, ThreeCardPokerProfile>>, profileId: string): Result<RtpReport> {
  const p = profiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Three Card Poker profile "${profileId}".`);
  const evs = tcpHandEvs(p);
  // Ante: net per ante unit = max(play, fold = −1); return = 1 + net
  let net = 0n;
  for (const h of evs) net += BigInt(h.plays ? h.playNet : -TCP_DEALER_HANDS);
  const den = BigInt(TCP_HANDS * TCP_DEALER_HANDS);
  const anteReturn = den + net;
  const rows: RtpRow[] = [
    {
      bet: 'ante',
      rtp: Number(anteReturn) / Number(den),
      houseEdge: -Number(net) / Number(den),
      method: 'exact',
      exact: frac(anteReturn, den),
      note: `optimal strategy (computed per hand: play when it beats folding) = play ${minimumPlayed(evs)} or better; return per ante, Play and Ante Bonus included (TCP-1..5)`,
    },
  ];
  if (p.pairPlus) {
    let ret = 0;
    for (const h of evs) {
      const pays = pairPlusPays(categoryOf(h.value), p);
      if (pays > 0) ret += pays + 1;
    }
    rows.push({ bet: 'pair-plus', rtp: ret / TCP_HANDS, houseEdge: 1 - ret / TCP_HANDS, method: 'exact', exact: frac(BigInt(ret), BigInt(TCP_HANDS)), note: 'independent of the dealer and of play/fold (TCP-6)' });
  }
  return ok({ game: 'three-card-poker', profile: p.id, rows });
}

const RANK = '23456789TJQKA';
/** The weakest high-card hand the optimal strategy plays, e.g. "Q-6-4". */
export function minimumPlayed(evs: readonly TcpHandEv[]): string {
  let min: TcpHandEv | null = null;
  for (const h of evs) if (h.plays && (min === null || h.value < min.value)) min = h;
  if (!min) return 'nothing';
  return [...min.cards].map((c) => c >> 2).sort((x, y) => y - x).map((r) => RANK[r]).join('-');
}
