import { ALL_CARDS, type Card } from '@felt-studio/games';
import { describe, expect, it } from 'vitest';
import { ManualScheduler } from './clock.js';
import { PokerShoeDealer, type PokerDealerView } from './drivers.js';
import { createDuplexPair } from './duplex.js';
import { HostRecorder } from './host-recorder.js';
import { hostFrame, readNmeaLine } from './nmea-test-support.js';
import { ShoeSim, type ShoeSimOptions } from './shoe.sim.js';

function rig(opts: Partial<ShoeSimOptions> = {}) {
  const sched = new ManualScheduler();
  const { device, host } = createDuplexPair();
  const rec = new HostRecorder(host, () => sched.now());
  const shoe = new ShoeSim({ scheduler: sched, seed: 11, decks: 1, cutFromEnd: 0, ...opts });
  shoe.start(device);
  const frames = () => rec.lines.map((l) => readNmeaLine(l));
  const cards = () => frames().flatMap((f) => (f?.type === 'CARD' ? [f.fields[0]] : []));
  return { sched, rec, shoe, frames, cards };
}

/** A deck with `top` first, then every other card in the canonical order. */
const stacked = (top: readonly Card[]): Card[] => [...top, ...ALL_CARDS.filter((c) => !top.includes(c))];

/** A dealer console frame: `out` cards out (in the seats), a card due or not. */
const view = (seq: number, handId: string, phase: string, out: number, due: boolean | 'burn'): PokerDealerView => ({
  seq,
  cardDue: due === 'burn' ? { to: 'burn' } : due ? { to: 'board' } : null,
  hand: { handId, phase, board: [], seats: [{ cards: Array(out).fill({ hidden: true, up: false }) }] },
});

describe('shoe emulator: a stacked shoe (an automatic shuffler’s order, or a test’s deck)', () => {
  it('deals the given order for the shoes it names and the seeded shuffle for the others, on the same wire', () => {
    const top: Card[] = ['7S', '4D', 'AS', 'QS', '8S', 'KS'];
    const r = rig({ stack: (n) => (n === 0 ? stacked(top) : undefined) });
    for (let i = 0; i < 6; i++) r.shoe.dealNext();
    expect(r.rec.lines[0]).toBe(hostFrame('SHOE', 0, 'IN', 1));
    expect(r.cards()).toEqual(top);
    expect(r.shoe.shoesInserted).toBe(1);
    r.shoe.remove();
    r.shoe.insert(); // shoe 1: not stacked → the seeded shuffle, a full deck
    expect(r.shoe.cardsLeft).toBe(52);
    for (let i = 0; i < 52; i++) r.shoe.dealNext();
    const second = r.cards().slice(6);
    expect(new Set(second).size).toBe(52);
    expect(second.slice(0, 6)).not.toEqual(top);
    expect(r.frames().every((f) => f?.checksumOk === true)).toBe(true);
  });

  it('refuses a stacked order that is not exactly its decks (a 53rd card, a missing card): nothing goes on the wire', () => {
    const tooMany = rig({ insertOnStart: false, stack: () => [...ALL_CARDS, 'AS'] });
    expect(() => tooMany.shoe.insert()).toThrow(/not 1 full deck/);
    const short = rig({ insertOnStart: false, stack: () => ALL_CARDS.slice(1) });
    expect(() => short.shoe.insert()).toThrow(/51 cards/);
    expect(tooMany.rec.lines).toEqual([]);
    expect(short.rec.lines).toEqual([]);
  });
});

describe('PokerShoeDealer: one deck per poker hand, one card per table change while a card is due (S1-DEAL-1)', () => {
  it('draws a card only when the console shows one due, once per table seq; puts a fresh deck in when the hand is over', () => {
    const r = rig({ stack: (n) => (n === 0 ? stacked(['2C', '3C', '4C']) : undefined) });
    const d = new PokerShoeDealer(r.shoe);
    expect(d.see({ seq: 1, cardDue: null, hand: null })).toBe('nothing');
    expect(d.see(view(2, 'h1', 'deal', 0, true))).toBe('dealt');
    expect(d.see(view(2, 'h1', 'deal', 0, true))).toBe('nothing'); // the same table state again: the card is on its way
    expect(d.see(view(3, 'h1', 'deal', 1, true))).toBe('dealt');
    expect(d.see(view(4, 'h1', 'bet', 2, false))).toBe('nothing');
    expect(d.see(view(5, 'h1', 'deal', 2, true))).toBe('dealt');
    expect(r.cards()).toEqual(['2C', '3C', '4C']);
    expect(d.see(view(6, 'h1', 'complete', 3, false))).toBe('reloaded');
    expect(d.see(view(7, 'h1', 'complete', 3, false))).toBe('nothing'); // once per hand
    const types = r.frames().map((f) => f?.type);
    expect(types).toEqual(['SHOE', 'CARD', 'CARD', 'CARD', 'SHOE', 'SHOE']);
    expect(r.frames().slice(-2).map((f) => f?.fields.join(','))).toEqual(['OUT', 'IN,1']);
    // the next hand draws from the new deck (shoe 1, the seeded shuffle)
    expect(d.see(view(8, 'h2', 'deal', 0, true))).toBe('dealt');
    expect(r.shoe.cardsLeft).toBe(51);
    expect(d.stats).toEqual({ cards: 4, burns: 0, reloads: 1 });
  });

  it('a misdeal (the cards of the same hand go back: fewer out than before) gets a fresh deck before the redeal; a void hand too', () => {
    const r = rig();
    const d = new PokerShoeDealer(r.shoe);
    d.see(view(1, 'h1', 'deal', 0, true));
    d.see(view(2, 'h1', 'deal', 1, true));
    expect(r.shoe.cardsLeft).toBe(50);
    expect(d.see(view(3, 'h1', 'deal', 0, true))).toBe('dealt'); // redeal: new deck, then its first card
    expect(r.shoe.cardsLeft).toBe(51);
    expect(d.stats.reloads).toBe(1);
    expect(d.see(view(4, 'h1', 'void', 1, false))).toBe('reloaded');
    expect(r.shoe.cardsLeft).toBe(52);
  });

  it('a burn due (PT-BURN) is drawn like any card; no card shows up in the hand for it, and that is no misdeal', () => {
    const r = rig({ stack: (n) => (n === 0 ? stacked(['2C', '3C', '4C']) : undefined) });
    const d = new PokerShoeDealer(r.shoe);
    expect(d.see(view(1, 'h1', 'deal', 0, true))).toBe('dealt');
    expect(d.see(view(2, 'h1', 'deal', 1, 'burn'))).toBe('dealt');
    expect(d.see(view(3, 'h1', 'deal', 1, true))).toBe('dealt'); // the burn is not in the view: the same cards out
    expect(r.cards()).toEqual(['2C', '3C', '4C']);
    expect(d.stats).toEqual({ cards: 3, burns: 1, reloads: 0 });
  });

  it('a new hand seen on a used deck (the end of the last hand was missed) gets a fresh deck before its first card', () => {
    const r = rig();
    const d = new PokerShoeDealer(r.shoe);
    d.see(view(1, 'h1', 'deal', 0, true));
    d.see(view(2, 'h1', 'deal', 1, true));
    // frames 3..9 lost (a reconnect): the console next shows hand h2 waiting for its first card
    expect(d.see(view(10, 'h2', 'deal', 0, true))).toBe('dealt');
    expect(r.shoe.cardsLeft).toBe(51);
    expect(d.stats).toEqual({ cards: 3, burns: 0, reloads: 1 });
  });
});
