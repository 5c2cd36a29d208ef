import { ALL_CARDS, isCard, parseCard, type Card } from '../cards/card.js';
import { isMinor, type Minor, type Ratio } from '../common/money.js';
import { ok, violation, type Result } from '../common/result.js';
import { simulatedRtpRow, type GameModule, type RtpOptions, type RtpReport, type RtpRow } from '../kernel/game.js';
import type { Settlement } from '../kernel/kernel.js';
import { dealerMustDraw, isBlackjackCards } from '../blackjack/hand.rules.js';
import { doubleOk, pairOk } from '../blackjack/kernel.js';
import { derivedStrategy } from '../blackjack/derive.js';
import { rtpTally, simulateShoeRounds } from '../blackjack/simulate.js';
import { handLive, handOn, ibjCardDue, infiniteBlackjackKernel, mainResult, mainReturn, type IbjAction, type InfiniteBlackjackCommand, type InfiniteBlackjackState } from './infinite-blackjack.game.js';
import { infiniteBlackjackProfiles, SIDE_BETS, type InfiniteBlackjackProfile, type SideBet } from './profiles.js';
import { sideBetOutcome } from './side-bets.rules.js';

/**
 * `felt rtp infinite-blackjack`: the main bet by a seeded simulation (one hand playing the strategy
 * derived from the profile's rules), every side bet EXACTLY by enumeration over the profile's shoe.
 */

export const IBJ_DEFAULT_RTP_ROUNDS = 400_000;
export const IBJ_DEFAULT_RTP_SEED = 20_261_127;

// ───────────────────────────── exact rationals (BigInt) ─────────────────────────────

interface Q {
  readonly n: bigint;
  readonly d: bigint;
}
const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};
const q = (n: bigint, d: bigint): Q => {
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const qadd = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);
const qnum = (a: Q): number => Number((a.n * 10n ** 15n) / a.d) / 1e15;
const ret = (r: Ratio): Q => q(BigInt(r.num + r.den), BigInt(r.den));

/**
 * The exact RTP of a side bet decided by the first two or three cards of the shoe (Perfect Pairs:
 * the common hand's two cards; 21+3 and Hot 3: those and the dealer's up card), by enumerating every
 * ordered draw of card types with their multiplicities (`decks` copies of each of the 52 cards).
 */
export function exactCardsRtp(p: InfiniteBlackjackProfile, bet: Exclude<SideBet, 'bust-it'>): Q {
  const d = p.decks;
  const N = 52 * d;
  const cards = ALL_CARDS;
  // winning entry → (its ratio, the total weight of the ordered draws that make it)
  const wins = new Map<string, { pays: Ratio; w: number }>();
  const add = (key: string, w: number, pays: Ratio | null): void => {
    if (!pays) return;
    const prev = wins.get(key);
    wins.set(key, { pays, w: (prev?.w ?? 0) + w });
  };
  const sum = (den: bigint): Q => {
    let t: Q = { n: 0n, d: 1n };
    for (const { pays, w } of wins.values()) t = qadd(t, q(BigInt(w) * BigInt(pays.num + pays.den), BigInt(pays.den) * den));
    return t;
  };
  if (bet === 'perfect-pairs') {
    for (const a of cards)
      for (const b of cards) {
        const w = d * (b === a ? d - 1 : d);
        if (w === 0) continue;
        const o = sideBetOutcome(p.sideBets, bet, { first: a, second: b, up: a, dealer: [] });
        if (o.win) add(o.win, w, o.pays);
      }
    return sum(BigInt(N) * BigInt(N - 1));
  }
  for (const a of cards)
    for (const b of cards) {
      const wb = b === a ? d - 1 : d;
      if (wb <= 0) continue;
      for (const c of cards) {
        const wc = d - (c === a ? 1 : 0) - (c === b ? 1 : 0);
        if (wc <= 0) continue;
        const o = sideBetOutcome(p.sideBets, bet, { first: a, second: b, up: c, dealer: [] });
        if (o.win) add(o.win, d * wb * wc, o.pays);
      }
    }
  return sum(BigInt(N) * BigInt(N - 1) * BigInt(N - 2));
}

/**
 * Bust It, exact for the dealer's hand dealt from the profile's full shoe (the up card, then the next
 * cards): every dealer draw sequence to 17 (BJ-13, soft 17 per profile) over ten card values with
 * their counts, without replacement. The cards the players drew between the up card and the dealer's
 * second card are not conditioned on (as `felt rtp blackjack`'s insurance row); the seeded simulation
 * in the spec plays the real order and agrees within its interval.
 */
export function exactBustItRtp(p: InfiniteBlackjackProfile): Q {
  const t = p.sideBets['bust-it'];
  if (!t) return { n: 0n, d: 1n };
  const d = p.decks;
  const N = 52 * d;
  const counts = [0, 4 * d, 4 * d, 4 * d, 4 * d, 4 * d, 4 * d, 4 * d, 4 * d, 4 * d, 16 * d]; // by value 1..10
  const bust = new Map<number, bigint>(); // cards → Σ products of counts
  const ace = 1;
  const walk = (hard: number, hasAce: boolean, n: number, weight: bigint): void => {
    const soft = hasAce && hard + 10 <= 21;
    const total = soft ? hard + 10 : hard;
    if (total > 21) {
      bust.set(n, (bust.get(n) ?? 0n) + weight);
      return;
    }
    const draws = total < 17 || (p.dealerHitsSoft17 && total === 17 && soft);
    if (n >= 2 && !draws) return;
    for (let v = 1; v <= 10; v++) {
      const c = counts[v] as number;
      if (c === 0) continue;
      counts[v] = c - 1;
      walk(hard + v, hasAce || v === ace, n + 1, weight * BigInt(c));
      counts[v] = c;
    }
  };
  walk(0, false, 0, 1n);
  let total: Q = { n: 0n, d: 1n };
  for (const [n, w] of bust) {
    let ff = 1n;
    for (let i = 0; i < n; i++) ff *= BigInt(N - i);
    const key = String(Math.min(8, n)) as keyof typeof t.byCards;
    const r = ret(t.byCards[key]);
    total = qadd(total, q(w * r.n, ff * r.d));
  }
  return total;
}

// ───────────────────────────── the main bet, simulated ─────────────────────────────

export interface MainSimulation {
  readonly rtp: number;
  readonly ci95: number;
  readonly rounds: number;
  /** Per side bet: the simulated return per unit (a cross-check of the exact rows). */
  readonly sides: Readonly<Record<SideBet, number>>;
}

/**
 * One hand per round in the real order (IBJ-1: common card, up card, common card; IBJ-2 draws; IBJ-6
 * the dealer's second card and draws), playing the strategy derived from the profile's rules
 * (blackjack/derive.ts, split included: the split hands take their cards after the common draw, IBJ-5;
 * the Charlie rule is not in the strategy, so the RTP is a slight underestimate), reshuffled at the cut card. Returns per initial unit, doubles included.
 */
export function simulateInfiniteMain(p: InfiniteBlackjackProfile, seed: number, rounds: number): MainSimulation {
  const stake = 10;
  const main = rtpTally();
  const sides: Record<SideBet, number> = { 'perfect-pairs': 0, '21+3': 0, 'hot-3': 0, 'bust-it': 0 };
  simulateShoeRounds(p, seed, rounds, (draw) => {
    const first = draw();
    const up = draw();
    const second = draw();
    const canSplit = p.maxSplits >= 1 && pairOk(p, first, second);
    const aces = first[0] === 'A' && second[0] === 'A';
    /** Plays one hand from the shoe by the derived strategy; 'split' when the common hand splits. */
    const play = (cards: Card[], fromSplit: boolean): { doubled: boolean } | 'split' => {
      if (fromSplit && aces && p.splitAcesOneCard) return { doubled: false };
      while (handLive(p, cards)) {
        const two = cards.length === 2;
        const canDouble = two && doubleOk(p, cards) && (!fromSplit || (p.doubleAfterSplit && (!aces || p.doubleSplitAces)));
        const a = derivedStrategy(p, cards, up, { canDouble, canSplit: !fromSplit && two && canSplit });
        if (a === 'split') return 'split';
        if (a === 'stand') break;
        cards.push(draw());
        if (a === 'double') return { doubled: true };
      }
      return { doubled: false };
    };
    const hands: { cards: Card[]; doubled: boolean; fromSplit: boolean }[] = [];
    const common: Card[] = [first, second];
    const r0 = play(common, false);
    if (r0 === 'split') {
      // IBJ-5: the split hands take their cards after the common draw (nobody else here), A then B
      for (const c of [first, second]) {
        const cards: Card[] = [c, draw()];
        const r = play(cards, true);
        hands.push({ cards, doubled: r !== 'split' && r.doubled, fromSplit: true });
      }
    } else hands.push({ cards: common, doubled: r0.doubled, fromSplit: false });
    const dealer: Card[] = [up];
    while (dealerMustDraw(dealer, p.dealerHitsSoft17)) dealer.push(draw());
    const lateBj = isBlackjackCards(dealer) && p.lateDealerBlackjackTakes === 'original-only';
    let back = 0;
    let staked = 0;
    hands.forEach((h, i) => {
      const { result } = mainResult(p, h.cards, h.doubled, dealer, h.fromSplit);
      // IBJ-8: a late dealer Blackjack takes the original stake only (the split stake and doubles are returned)
      back += i > 0 && lateBj && result === 'lose' ? stake : mainReturn(p, result, stake);
      staked += stake;
      if (h.doubled) {
        back += lateBj && result === 'lose' ? stake : mainReturn(p, result === 'blackjack' ? 'win' : result, stake);
        staked += stake;
      }
    });
    main.add((back - staked) / stake);
    for (const b of SIDE_BETS) {
      const o = sideBetOutcome(p.sideBets, b, { first, second, up, dealer });
      if (o.pays) sides[b] += 1 + o.pays.num / o.pays.den;
    }
  });
  for (const b of SIDE_BETS) sides[b] /= rounds;
  return { ...main.estimate(), rounds, sides };
}

export function infiniteBlackjackRtp(profileId: string, opts: RtpOptions = {}): Result<RtpReport> {
  const p = infiniteBlackjackProfiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `No infinite blackjack profile "${profileId}" (known: ${Object.keys(infiniteBlackjackProfiles).join(', ')}).`);
  const rounds = opts.rounds ?? IBJ_DEFAULT_RTP_ROUNDS;
  if (!Number.isInteger(rounds) || rounds < 2) return violation('INVALID_ROUNDS', null, 'rounds must be an integer ≥ 2.');
  const seed = opts.seed ?? IBJ_DEFAULT_RTP_SEED;
  const sim = simulateInfiniteMain(p, seed, rounds);
  const rows: RtpRow[] = [
    simulatedRtpRow('main', sim, sim.rounds, `one hand per round in the real card order, the strategy derived from this profile's rules without split (blackjack/derive.ts; the ${p.charlie ? `${p.charlie.cards}-card Charlie` : 'Charlie'} rule paid but not steering the strategy), ${p.decks} decks reshuffled at the cut card; return per initial bet incl. doubles; seed ${seed}`),
  ];
  for (const b of SIDE_BETS) {
    if (!p.sideBets[b]) continue;
    const x = b === 'bust-it' ? exactBustItRtp(p) : exactCardsRtp(p, b);
    const v = qnum(x);
    rows.push({
      bet: b,
      rtp: v,
      houseEdge: 1 - v,
      method: 'exact',
      exact: `${x.n}/${x.d}`,
      note: b === 'bust-it' ? `the dealer's hand from a full ${p.decks}-deck shoe (players' draw cards not conditioned on); simulated in the real order: ${(sim.sides[b] * 100).toFixed(2)} %` : `enumeration over a full ${p.decks}-deck shoe`,
    });
  }
  return ok({ game: 'infinite-blackjack', profile: p.id, rows });
}

// ───────────────────────────── felt settle infinite-blackjack ─────────────────────────────

const bad = (message: string): { readonly ok: false; readonly violation: ReturnType<typeof violation>['violation'] } => violation('INVALID_INPUT', null, message);

interface OfflineBet {
  readonly spot: string;
  readonly stakeMinor: Minor;
  readonly playerId: string;
  readonly betId: string;
  readonly actions: IbjAction[];
}

/**
 * The dispute tool (GEN-8): replays one round through the kernel and settles it. Input (JSON):
 *
 * ```json
 * { "cards": ["9S", "6H", "2D", "KC", "7S", "TD"],
 *   "bets": [ { "spot": "main", "stakeMinor": 1000, "playerId": "p1", "actions": ["hit", "stand"] },
 *             { "spot": "21+3", "stakeMinor": 100, "playerId": "p2" } ] }
 * ```
 * `roundId` optional. `cards` in the order they left the shoe (common, up, common, the draw cards, the dealer's cards);
 * `actions` per main bet in step order (a player with no action left at a step stands, as on the timer);
 * after a `split`, the actions of split hand A, then of split hand B. A double's stake gets the bet id
 * `<betId>:double` (`<betId>:double:a` / `:b` on a split hand), a split's `<betId>:split`.
 */
export function infiniteBlackjackSettleOffline(profileId: string, input: unknown): Result<Settlement> {
  const p = infiniteBlackjackProfiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `No infinite blackjack profile "${profileId}".`);
  if (typeof input !== 'object' || input === null) return bad('input must be an object { cards, bets }');
  const { cards, bets, roundId } = input as { cards?: unknown; bets?: unknown; roundId?: unknown };
  if (!Array.isArray(cards)) return bad('cards must be an array of card codes in shoe order');
  if (!Array.isArray(bets) || bets.length === 0) return bad('bets must be a non-empty array');
  const deck: Card[] = [];
  for (const [i, c] of cards.entries()) {
    const parsed = typeof c === 'string' ? parseCard(c) : null;
    if (!parsed || !parsed.ok) return bad(`cards[${i}] is not a card code`);
    deck.push(parsed.value);
  }
  const list: OfflineBet[] = [];
  for (const [i, raw] of bets.entries()) {
    if (typeof raw !== 'object' || raw === null) return bad(`bets[${i}] must be an object`);
    const b = raw as Record<string, unknown>;
    if (typeof b.spot !== 'string') return bad(`bets[${i}].spot must be a string`);
    if (!isMinor(b.stakeMinor) || b.stakeMinor <= 0) return bad(`bets[${i}].stakeMinor must be a positive integer (minor units)`);
    const actions = b.actions ?? [];
    if (!Array.isArray(actions) || !actions.every((a) => typeof a === 'string' && (['hit', 'stand', 'double', 'split'] as readonly string[]).includes(a))) return bad(`bets[${i}].actions must be a list of hit | stand | double | split`);
    list.push({ spot: b.spot, stakeMinor: b.stakeMinor, playerId: typeof b.playerId === 'string' && b.playerId !== '' ? b.playerId : `p${i + 1}`, betId: typeof b.betId === 'string' && b.betId !== '' ? b.betId : `b${i + 1}`, actions: actions.slice() as IbjAction[] });
  }
  const k = infiniteBlackjackKernel;
  let s: InfiniteBlackjackState = k.initial();
  let at = 0;
  const run = (c: InfiniteBlackjackCommand): Result<true> => {
    const d = k.decide(s, c);
    if (!d.ok) return { ok: false, violation: d.violation };
    for (const e of d.events) s = k.evolve(s, e);
    return ok(true);
  };
  const opened = run({ type: 'OpenRound', at, roundId: typeof roundId === 'string' && roundId !== '' ? roundId : 'offline', tableId: 'offline', profileId, bettingClosesAt: 1, limits: { spots: {}, tableMinMinor: 1, tableMaxMinor: k.stakeCeiling(p) } });
  if (!opened.ok) return opened;
  for (const b of list) {
    const r = run({ type: 'PlaceBet', at, bet: { betId: b.betId, playerId: b.playerId, spot: b.spot, stakeMinor: b.stakeMinor } });
    if (!r.ok) return r;
  }
  const closed = run({ type: 'CloseBetting', at: 1, reason: 'dealer' });
  if (!closed.ok) return closed;
  const mains = list.filter((b) => b.spot === 'main');
  for (let step = 0; step < 10_000 && s.phase !== 'resolved'; step++) {
    at += 1;
    if (s.window) {
      const w = s.window.step;
      const line = s.window.line;
      for (const b of mains) {
        const rec = s.hands.get(b.playerId);
        if (!s.window || s.window.step !== w || s.window.line !== line) break;
        const h = rec ? handOn(rec, line) : null;
        if (!h || h.stop !== null || h.took !== w - 1) continue;
        const action = b.actions.shift();
        if (action === undefined) continue;
        const betId = action === 'split' ? `${b.betId}:split` : action === 'double' ? (line === 'main' ? `${b.betId}:double` : `${b.betId}:double:${line}`) : undefined;
        const r = run(betId ? { type: 'PlayerAction', at, action, playerId: b.playerId, betId } : { type: 'PlayerAction', at, action, playerId: b.playerId });
        if (!r.ok) return r;
      }
      if (s.window && s.window.step === w && s.window.line === line) {
        const r = run({ type: 'CloseDecisions', at, reason: 'pitboss' });
        if (!r.ok) return r;
      }
      continue;
    }
    if (ibjCardDue(s) === null) return violation('INTERNAL', null, 'round stuck', { next: k.next(s).map((n) => n.message) });
    const card = deck.shift();
    if (card === undefined) return violation('CARDS_EXHAUSTED', 'GEN-8', 'The card list ends before the round is complete.', { next: k.next(s).map((n) => n.message) });
    const r = run({ type: 'RecordCard', at, card });
    if (!r.ok) return r;
  }
  if (deck.length > 0) return violation('MISDEAL', 'S-2', `${deck.length} card(s) left over after the round completed: the rules did not call for them.`, { extra: deck.filter(isCard) });
  for (const b of mains) if (b.actions.length > 0) return violation('UNUSED_ACTIONS', 'IBJ-2', `${b.playerId} has actions left over after the hand was complete.`, { actions: b.actions });
  return k.settle(s);
}

export const infiniteBlackjackModule: GameModule = {
  id: 'infinite-blackjack',
  profiles: infiniteBlackjackProfiles,
  defaultProfile: 'standard',
  rtp: infiniteBlackjackRtp,
  settleOffline: infiniteBlackjackSettleOffline,
};
