import type { Card } from '../cards/card.js';
import { createShoe } from '../cards/shoe.js';
import { createRng } from '../common/random.js';
import type { Minor } from '../common/money.js';
import { isAce, isBlackjackCards, isTenValue } from './hand.rules.js';
import { doubleOk, pairOk, type PlayerActionKind } from './kernel.js';
import type { BlackjackProfile } from './profiles.js';
import { dealerNeedsCard, finalTotal, handResult, handReturn, isPlayerBlackjack, type FinalHand } from './settle.rules.js';
import { derivedStrategy } from './derive.js';

interface SimHand {
  cards: Card[];
  fromSplit: boolean;
  splitAces: boolean;
  doubled: boolean;
}

export interface SimulatedRound {
  /** Σ stakes of the round (main + doubles + splits; the simulator never insures). */
  readonly stakedMinor: Minor;
  readonly returnMinor: Minor;
  /**
   * What a bet behind the seat of `stakeMinor` returns (RAY §8.1, [Interp.] kernel.ts BEHIND_FOLLOWS_HAND):
   * it follows the seat's first hand at its own stake — never doubled, split or insured.
   */
  readonly behindReturnMinor: Minor;
  /** The seat's decisions in the order the kernel asks for them (input for `settleOffline`). */
  readonly actions: readonly PlayerActionKind[];
  readonly cardsUsed: number;
}

/**
 * One seat, one round, basic strategy derived for the profile (derive.ts), cards from `draw` in shoe order. Mirrors the
 * kernel's deal order and rules (the property test `simulate.spec.ts` replays the same shoe through
 * the kernel and requires identical money).
 */
export function simulateRound(p: BlackjackProfile, draw: () => Card, stakeMinor: Minor): SimulatedRound {
  let used = 0;
  const next = (): Card => {
    used++;
    return draw();
  };
  const p1 = next();
  const up = next();
  const p2 = next();
  const dealer: Card[] = [up];
  if (p.holeCard) dealer.push(next());
  const hands: SimHand[] = [{ cards: [p1, p2], fromSplit: false, splitAces: false, doubled: false }];
  const actions: PlayerActionKind[] = [];
  const peeked = p.holeCard && ((isAce(up) && p.peekOnAce) || (isTenValue(up) && p.peekOnTen));
  const final = (h: SimHand): FinalHand => ({ cards: h.cards, fromSplit: h.fromSplit, doubled: h.doubled });

  if (!(peeked && isBlackjackCards(dealer))) {
    for (let i = 0; i < hands.length; i++) {
      let h = hands[i] as SimHand;
      if (h.cards.length < 2) h.cards.push(next());
      for (;;) {
        const total = finalTotal(p, final(h));
        if (total > 21 || h.doubled || isPlayerBlackjack(final(h)) || total === 21 || (h.splitAces && p.splitAcesOneCard)) break;
        const [a, b] = h.cards;
        const two = h.cards.length === 2 && a !== undefined && b !== undefined;
        const canSplit = two && hands.length <= p.maxSplits && pairOk(p, a, b);
        const canDouble = two && (!h.splitAces || p.doubleSplitAces) && (!h.fromSplit || p.doubleAfterSplit) && doubleOk(p, h.cards);
        const act = derivedStrategy(p, h.cards, up, { canDouble, canSplit });
        actions.push(act);
        if (act === 'stand') break;
        if (act === 'hit') h.cards.push(next());
        else if (act === 'double') {
          h.doubled = true;
          h.cards.push(next());
        } else {
          const aces = isAce(a as Card) && isAce(b as Card);
          const first: SimHand = { cards: [a as Card], fromSplit: true, splitAces: aces, doubled: false };
          const second: SimHand = { cards: [b as Card], fromSplit: true, splitAces: aces, doubled: false };
          hands.splice(i, 1, first, second);
          h = first;
          h.cards.push(next());
        }
      }
    }
    while (dealerNeedsCard(p, dealer, hands.map(final), false)) dealer.push(next());
  }

  const lateBj = isBlackjackCards(dealer) && !peeked;
  let staked = 0;
  let returned = 0;
  const first = hands[0] as SimHand;
  const behindReturn = handReturn(p, handResult(p, final(first), dealer).result, stakeMinor);
  hands.forEach((h, i) => {
    const { result } = handResult(p, final(h), dealer);
    const refundExtras = lateBj && p.lateDealerBlackjackTakes === 'original-only' && result === 'lose';
    staked += stakeMinor;
    returned += refundExtras && i > 0 ? stakeMinor : handReturn(p, result, stakeMinor);
    if (h.doubled) {
      staked += stakeMinor;
      returned += refundExtras ? stakeMinor : handReturn(p, result === 'blackjack' ? 'win' : result, stakeMinor);
    }
  });
  return { stakedMinor: staked, returnMinor: returned, behindReturnMinor: behindReturn, actions, cardsUsed: used };
}

export interface SimulationResult {
  /** 1 + mean(net result per round / initial stake). */
  readonly rtp: number;
  /** 95 % confidence half-width of `rtp` (normal approximation). */
  readonly ci95: number;
  readonly rounds: number;
  /** The same rounds seen by a bet behind the seat (it follows the seat's basic-strategy decisions at its own stake). */
  readonly behind: { readonly rtp: number; readonly ci95: number };
}

/**
 * A simulation's shoe (S-4): shuffled from `rng` now and at every `reshuffleAtCut()` once the cut card has come
 * out; `draw()` deals the next card. One definition for every blackjack simulation (seated, infinite).
 */
export function simulationShoe(p: { readonly decks: number; readonly cutCardFromEnd: number }, rng: ReturnType<typeof createRng>): { draw(): Card; reshuffleAtCut(): void } {
  let order: readonly Card[] = [];
  let pos = 0;
  let cutAt = 0;
  const reshuffle = (): void => {
    const shoe = createShoe({ decks: p.decks, cutFromEnd: p.cutCardFromEnd }, rng.int(0x7fffffff));
    order = shoe.order;
    pos = 0;
    cutAt = shoe.cutAt ?? order.length - 52;
  };
  reshuffle();
  return {
    draw: (): Card => {
      if (pos >= order.length) throw new Error('shoe exhausted: cut card too deep for the simulation');
      return order[pos++] as Card;
    },
    reshuffleAtCut: (): void => {
      if (pos >= cutAt) reshuffle();
    },
  };
}

/**
 * `rounds` rounds of a seeded simulation, each dealt by `play` from the one simulation shoe (decks, cut card), which
 * is reshuffled before a round once the cut card has come out (S-4). One loop for every blackjack simulation (seated, infinite).
 */
export function simulateShoeRounds(p: { readonly decks: number; readonly cutCardFromEnd: number }, seed: number, rounds: number, play: (draw: () => Card) => void): void {
  const shoe = simulationShoe(p, createRng(seed));
  for (let r = 0; r < rounds; r++) {
    shoe.reshuffleAtCut();
    play(shoe.draw);
  }
}

/** A simulated bet's net results per unit staked, summed (with their squares) as the rounds come: `estimate()` is its rtpEstimate. */
export interface RtpTally {
  add(net: number): void;
  estimate(): { rtp: number; ci95: number };
}

export function rtpTally(): RtpTally {
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  return {
    add: (net) => {
      sum += net;
      sumSq += net * net;
      n++;
    },
    estimate: () => rtpEstimate(sum, sumSq, n),
  };
}

/**
 * Monte-Carlo RTP of one seat playing basic strategy on the profile's shoe (decks, cut card):
 * seeded, reshuffled when the cut card has come out (S-4). Stake 10 minor units, so every payout
 * ratio in the profiles (3:2, 6:5, 7:5, 2:1, 1:1) is exact.
 */
export function simulateRtp(p: BlackjackProfile, seed: number, rounds: number): SimulationResult {
  const stake = 10;
  const seat = rtpTally();
  const behind = rtpTally();
  simulateShoeRounds(p, seed, rounds, (draw) => {
    const res = simulateRound(p, draw, stake);
    seat.add((res.returnMinor - res.stakedMinor) / stake);
    behind.add((res.behindReturnMinor - stake) / stake);
  });
  return { ...seat.estimate(), rounds, behind: behind.estimate() };
}

/** The return per unit (1 + the mean net result) of `rounds` results summing to `sum` (squares: `sumSq`), with its 95 % half-width (normal approximation). */
export function rtpEstimate(sum: number, sumSq: number, rounds: number): { rtp: number; ci95: number } {
  const mean = sum / rounds;
  const variance = rounds > 1 ? (sumSq - rounds * mean * mean) / (rounds - 1) : 0;
  return { rtp: 1 + mean, ci95: 1.96 * Math.sqrt(Math.max(variance, 0) / rounds) };
}
