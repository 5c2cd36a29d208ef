import type { Card } from '../cards/card.js';
import { cardPoints, handValue, isAce } from './hand.rules.js';
import { doubleOk, pairOk } from './kernel.js';
import type { BlackjackProfile } from './profiles.js';
import type { StrategyAction, StrategyContext } from './strategy.js';

/**
 * Basic strategy DERIVED from a profile's rules by expected value, infinite-deck approximation
 * (each rank 1/13, ten-values 4/13). Takes into account, from the profile: soft-17 rule, tie rule
 * (RAY A: dealer wins ties except 21), Blackjack payout (irrelevant to decisions), `doubleOn` totals
 * and the ace-stays-1 rule of a doubled hand, double after split, split aces one card, one split,
 * peek / no hole card and what a late dealer Blackjack takes (decisions weigh the stake at risk).
 *
 * EV model: with a peek (or an up card that cannot make Blackjack) the dealer distribution is
 * conditioned on "no dealer Blackjack". Otherwise each action's EV is
 * (1 − q)·EV(no dealer BJ) − q·(stakes the late Blackjack takes), q = P(dealer Blackjack).
 * A split hand is played without a further split; DAS doubles are not counted in a split's risk.
 */

const RANKS: readonly (readonly [number, number])[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((r) => [r, r === 10 ? 4 / 13 : 1 / 13] as const);
const RANK_CARD: Readonly<Record<number, Card>> = { 1: 'AS', 2: '2S', 3: '3S', 4: '4S', 5: '5S', 6: '6S', 7: '7S', 8: '8S', 9: '9S', 10: 'TS' };

/** Dealer outcome index: 0..4 = 17..21, 5 = bust. */
type Dist = readonly number[];

const totalOf = (hard: number, ace: boolean): { total: number; soft: boolean } => (ace && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false });

interface Tables {
  readonly dealer: Dist;
  /** P(dealer Blackjack) that a player decision must still account for (0 with a peek). */
  readonly q: number;
  readonly best: Map<string, number>;
  /** Memoised decisions: the action depends only on (hard, ace, two cards, pair value, allowed actions). */
  readonly decisions: Map<string, StrategyAction>;
}

const cache = new WeakMap<BlackjackProfile, Map<number, Tables>>();

function dealerDist(p: BlackjackProfile, up: number): { dist: Dist; pBj: number } {
  const memo = new Map<string, number[]>();
  const go = (hard: number, ace: boolean): number[] => {
    const key = `${hard}:${ace}`;
    const m = memo.get(key);
    if (m) return m;
    const { total, soft } = totalOf(hard, ace);
    let out: number[];
    if (total > 21) out = [0, 0, 0, 0, 0, 1];
    else if (total >= 17 && !(p.dealerHitsSoft17 && soft && total === 17)) out = [0, 0, 0, 0, 0, 0].map((_, i) => (i === total - 17 ? 1 : 0));
    else {
      out = [0, 0, 0, 0, 0, 0];
      for (const [r, pr] of RANKS) {
        const sub = go(hard + r, ace || r === 1);
        for (let i = 0; i < 6; i++) out[i] = (out[i] as number) + pr * (sub[i] as number);
      }
    }
    memo.set(key, out);
    return out;
  };
  // second card: exclude the Blackjack-making card and renormalise (conditioned on no dealer BJ)
  const dist = [0, 0, 0, 0, 0, 0];
  let pBj = 0;
  for (const [r, pr] of RANKS) {
    if ((up === 1 && r === 10) || (up === 10 && r === 1)) {
      pBj += pr;
      continue;
    }
    const sub = go(up + r, up === 1 || r === 1);
    for (let i = 0; i < 6; i++) dist[i] = (dist[i] as number) + pr * (sub[i] as number);
  }
  return { dist: dist.map((x) => x / (1 - pBj)), pBj };
}

function tables(p: BlackjackProfile, up: Card): Tables {
  let byUp = cache.get(p);
  if (!byUp) {
    byUp = new Map();
    cache.set(p, byUp);
  }
  const u = cardPoints(up);
  const hit = byUp.get(u);
  if (hit) return hit;
  const { dist, pBj } = dealerDist(p, u);
  const peeked = p.holeCard && ((isAce(up) && p.peekOnAce) || (u === 10 && p.peekOnTen));
  const t: Tables = { dealer: dist, q: peeked ? 0 : pBj, best: new Map(), decisions: new Map() };
  byUp.set(u, t);
  return t;
}

/** EV (per unit) of standing on `total` against the no-Blackjack dealer distribution. */
function standEv(p: BlackjackProfile, t: Tables, total: number): number {
  if (total > 21) return -1;
  let ev = 0;
  for (let i = 0; i < 5; i++) {
    const d = 17 + i;
    const pr = t.dealer[i] as number;
    if (total > d) ev += pr;
    else if (total < d) ev -= pr;
    else if (p.ties === 'dealer-wins-except-21' && total !== 21) ev -= pr;
  }
  return ev + (t.dealer[5] as number);
}

/** Best of stand / hit from (hard, ace), no double or split (multi-card hands). */
function bestHitStand(p: BlackjackProfile, t: Tables, hard: number, ace: boolean): number {
  const { total } = totalOf(hard, ace);
  if (total > 21) return -1;
  if (total === 21) return standEv(p, t, 21);
  const key = `${hard}:${ace}`;
  const m = t.best.get(key);
  if (m !== undefined) return m;
  const v = Math.max(standEv(p, t, total), hitEv(p, t, hard, ace));
  t.best.set(key, v);
  return v;
}

function hitEv(p: BlackjackProfile, t: Tables, hard: number, ace: boolean): number {
  let ev = 0;
  for (const [r, pr] of RANKS) ev += pr * bestHitStand(p, t, hard + r, ace || r === 1);
  return ev;
}

function doubleEv(p: BlackjackProfile, t: Tables, hard: number, ace: boolean): number {
  let ev = 0;
  for (const [r, pr] of RANKS) {
    const h = hard + r;
    const a = (ace || r === 1) && !p.doubledHandAcesCountOne;
    ev += pr * standEv(p, t, totalOf(h, a).total);
  }
  return 2 * ev;
}

function splitEv(p: BlackjackProfile, t: Tables, c: number): number {
  let ev = 0;
  for (const [r, pr] of RANKS) {
    const hard = c + r;
    const ace = c === 1 || r === 1;
    if (c === 1 && p.splitAcesOneCard) {
      ev += pr * standEv(p, t, totalOf(hard, ace).total);
      continue;
    }
    let best = bestHitStand(p, t, hard, ace);
    const mayDouble = p.doubleAfterSplit && (c !== 1 || p.doubleSplitAces) && doubleOk(p, [RANK_CARD[c] as Card, RANK_CARD[r] as Card]);
    if (mayDouble && totalOf(hard, ace).total < 21) best = Math.max(best, doubleEv(p, t, hard, ace));
    ev += pr * best;
  }
  return 2 * ev;
}

/** Expected value per initial unit of each allowed action (exported for tests and the docs). */
export function actionEvs(p: BlackjackProfile, cards: readonly Card[], up: Card, ctx: StrategyContext): Partial<Record<StrategyAction, number>> {
  const t = tables(p, up);
  const v = handValue(cards);
  const ace = cards.some(isAce);
  const allStakes = p.lateDealerBlackjackTakes === 'all-stakes';
  const adj = (ev: number, risk: number): number => (1 - t.q) * ev - t.q * risk;
  const out: Partial<Record<StrategyAction, number>> = { stand: adj(standEv(p, t, v.total), 1) };
  if (v.total < 21) out.hit = adj(hitEv(p, t, v.hard, ace), 1);
  if (ctx.canDouble && cards.length === 2) out.double = adj(doubleEv(p, t, v.hard, ace), allStakes ? 2 : 1);
  const [a, b] = cards;
  if (ctx.canSplit && cards.length === 2 && a !== undefined && b !== undefined && pairOk(p, a, b)) out.split = adj(splitEv(p, t, cardPoints(a)), allStakes ? 2 : 1);
  return out;
}

/** The action with the highest expected value under the profile's rules. */
export function derivedStrategy(p: BlackjackProfile, cards: readonly Card[], up: Card, ctx: StrategyContext): StrategyAction {
  const t = tables(p, up);
  const v = handValue(cards);
  const first = cards[0];
  const key = `${v.hard}:${cards.some(isAce)}:${cards.length === 2}:${ctx.canDouble}:${ctx.canSplit && first !== undefined ? cardPoints(first) : 0}`;
  const memo = t.decisions.get(key);
  if (memo !== undefined) return memo;
  const evs = actionEvs(p, cards, up, ctx);
  let best: StrategyAction = 'stand';
  let bestEv = -Infinity;
  for (const a of ['stand', 'hit', 'double', 'split'] as const) {
    const ev = evs[a];
    if (ev !== undefined && ev > bestEv + 1e-12) {
      best = a;
      bestEv = ev;
    }
  }
  t.decisions.set(key, best);
  return best;
}
