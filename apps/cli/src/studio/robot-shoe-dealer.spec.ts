import { describe, expect, it } from 'vitest';
import { createDuplexPair, HostRecorder, ManualScheduler, ShoeSim } from '@felt-studio/hardware-sim';
import { RobotShoeDealer, type DealerRound } from './robot-shoe-dealer.js';

/** A simulated shoe on a duplex pair; `frames` are the shoe's lines as the edge agent reads them. */
function rig(opts: { decks: number; cutFromEnd: number }) {
  const sched = new ManualScheduler();
  const { device, host } = createDuplexPair();
  const rec = new HostRecorder(host, () => sched.now());
  const shoe = new ShoeSim({ scheduler: sched, seed: 7, ...opts });
  shoe.start(device);
  const kinds = (): string[] => rec.lines.map((l) => l.split(',')[0]?.slice(1) ?? '');
  return { shoe, rec, kinds };
}

const deal = [{ kind: 'deal' }];
const round = (roundId: string, seq: number, phase: string, next: readonly { kind: string }[]): DealerRound => ({ roundId, seq, view: { phase }, next });

/**
 * Plays `rounds` rounds of `cards` cards each as the server would ask for them: betting, one `deal` per
 * card (the seq moves on with each card recorded), then resolved — with `shuffle` in `next` when
 * `sayShuffle` and the cut card came out in the round (blackjack, dragon tiger; baccarat says nothing).
 */
function play(dealer: RobotShoeDealer, shoe: ShoeSim, rounds: number, cards: number, sayShuffle: boolean): { dealt: number; stuck: string[] } {
  let dealt = 0;
  const stuck: string[] = [];
  for (let n = 0; n < rounds; n++) {
    const id = `rnd_${n}`;
    dealer.step(round(id, 1, 'betting', []));
    let cutThisRound = false;
    for (let c = 0; c < cards; c++) {
      const before = shoe.cardsDealt;
      const moves = dealer.step(round(id, 3 + c, 'play', deal));
      // a poll that sees the same state again deals nothing more
      dealer.step(round(id, 3 + c, 'play', deal));
      if (!moves.includes('dealt') || shoe.cardsDealt === before) stuck.push(`${id} card ${c}`);
      if (shoe.cutCardOut) cutThisRound = true;
      dealt += 1;
    }
    dealer.step(round(id, 3 + cards, 'resolved', sayShuffle && cutThisRound ? [{ kind: 'shuffle' }] : []));
  }
  return { dealt, stuck };
}

describe('the robot dealer at a shoe (felt studio, S-4)', () => {
  it('shuffles when the game says so after the cut card: a blackjack table deals 100 rounds from an 8-deck shoe and never runs out', () => {
    const r = rig({ decks: 8, cutFromEnd: 208 });
    const dealer = new RobotShoeDealer(r.shoe, false);
    const { dealt, stuck } = play(dealer, r.shoe, 100, 15, true);
    expect(stuck).toEqual([]);
    expect(dealt).toBe(1500); // 3.6 shoes of cards: without the shuffle the 417th card never comes
    const kinds = r.kinds();
    // each shoe: in, cards up to the cut, the cut card, the rest of the round; then the next shoe
    expect(kinds.filter((k) => k === 'SHOE').length).toBeGreaterThanOrEqual(7);
    expect(kinds.filter((k) => k === 'CUT').length).toBe(kinds.filter((k) => k === 'SHOE').length - 1);
    // no shoe is dealt past its cut card by more than the round in which it came out
    let sinceCut = -1;
    for (const k of kinds) {
      if (k === 'SHOE') sinceCut = -1;
      if (k === 'CUT') sinceCut = 0;
      if (k === 'CARD' && sinceCut >= 0) sinceCut += 1;
      expect(sinceCut).toBeLessThanOrEqual(15);
    }
  });

  it('shuffles while the next round takes bets when the game does not say so (baccarat: BAC-18, last hand, then a new shoe)', () => {
    const r = rig({ decks: 8, cutFromEnd: 7 });
    const dealer = new RobotShoeDealer(r.shoe, false);
    const { stuck } = play(dealer, r.shoe, 200, 5, false);
    expect(stuck).toEqual([]);
    const kinds = r.kinds();
    expect(kinds.filter((k) => k === 'SHOE').length).toBe(3); // 1 000 cards: two shoes cut, a third in use
    // the new shoe goes in before the first card of the round after the cut card's: never in the middle of a round
    const lines = r.rec.lines;
    const cutAt = lines.findIndex((l) => l.startsWith('$CUT'));
    const inAt = lines.findIndex((l, i) => i > cutAt && l.startsWith('$SHOE'));
    const cardsBetween = lines.slice(cutAt, inAt).filter((l) => l.startsWith('$CARD')).length;
    expect(cardsBetween).toBeGreaterThan(0);
    expect(cardsBetween).toBeLessThanOrEqual(5);
  });

  it('deals the first card of a new round asked at the same seq as the last card of the round before', () => {
    const r = rig({ decks: 8, cutFromEnd: 14 });
    const dealer = new RobotShoeDealer(r.shoe, false);
    expect(dealer.step(round('rnd_a', 9, 'play', deal))).toEqual(['dealt']);
    expect(dealer.step(round('rnd_a', 9, 'play', deal))).toEqual([]);
    expect(dealer.step(round('rnd_b', 9, 'play', deal))).toEqual(['dealt']);
    expect(r.shoe.cardsDealt).toBe(2);
  });

  it('a shoe that ran out is replaced before the card: the round gets its card', () => {
    const r = rig({ decks: 1, cutFromEnd: 0 });
    const dealer = new RobotShoeDealer(r.shoe, false);
    for (let i = 0; i < 52; i++) dealer.step(round('rnd_a', i, 'play', deal));
    expect(r.shoe.cardsDealt).toBe(52);
    expect(dealer.step(round('rnd_a', 52, 'play', deal))).toEqual(['shuffled', 'dealt']);
    expect(r.shoe.cardsDealt).toBe(1);
    expect(r.kinds().filter((k) => k === 'SHOE')).toHaveLength(2);
  });

  it('a fresh-deck game (Andar Bahar, banked poker) gets a new deck once in every betting window', () => {
    const r = rig({ decks: 1, cutFromEnd: 0 });
    const dealer = new RobotShoeDealer(r.shoe, true);
    expect(dealer.step(round('rnd_a', 1, 'betting', []))).toEqual(['shuffled']);
    expect(dealer.step(round('rnd_a', 2, 'betting', []))).toEqual([]);
    expect(dealer.step(round('rnd_a', 4, 'play', deal))).toEqual(['dealt']);
    expect(dealer.step(round('rnd_b', 1, 'betting', []))).toEqual(['shuffled']);
    expect(r.kinds().filter((k) => k === 'SHOE')).toHaveLength(3); // at start, and one per round
  });
});
