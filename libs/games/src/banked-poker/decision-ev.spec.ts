import { describe, expect, it } from 'vitest';
import { createRng } from '../common/random.js';
import { parseCard } from '../cards/card.js';
import { cardId } from '../poker/cards.js';
import { estimateEv, regret, showdownEv, upperTail, Unseen } from './decision-ev.js';
import { simulateTexasHoldemBonus } from './texas-holdem-bonus.rtp.js';
import { texasHoldemBonusProfiles } from './texas-holdem-bonus.rules.js';

const ids = (s: string): number[] =>
  s.split(' ').map((c) => {
    const p = parseCard(c);
    if (!p.ok) throw new Error(c);
    return cardId(p.value);
  });

describe('per-decision EV over the unseen cards (decision-ev.ts, issue 10 `felt rtp`)', () => {
  it('the normal tail and the regret of a decision: none when the sign is clear, 0.4·se when Δ̂ = 0', () => {
    expect(upperTail(0)).toBeCloseTo(0.5, 6);
    expect(upperTail(1.959964)).toBeCloseTo(0.025, 5);
    expect(regret({ mean: 0, se: 0.1, n: 100 })).toBeCloseTo(0.1 / Math.sqrt(2 * Math.PI), 6);
    expect(regret({ mean: 1, se: 0.1, n: 100 })).toBeLessThan(1e-20);
    expect(regret({ mean: 0.5, se: 0, n: 100 })).toBe(0);
  });

  it('stops early on a clear sign, runs to the maximum on a coin flip', () => {
    const rng = createRng(1);
    expect(estimateEv(() => 1 + rng.next()).n).toBe(32);
    const flip = estimateEv(() => (rng.next() < 0.5 ? 1 : -1));
    expect(flip.n).toBeGreaterThan(32);
    expect(Math.abs(flip.mean)).toBeLessThan(0.2);
  });

  it('draws only unseen cards, all different', () => {
    const known = ids('AS AD KC QH 2S');
    const u = new Unseen(known);
    const out = [0, 0, 0, 0];
    const rng = createRng(7);
    for (let i = 0; i < 1000; i++) {
      u.draw(rng, 4, out);
      expect(new Set(out).size).toBe(4);
      for (const c of out) expect(known).not.toContain(c);
    }
  });

  it('showdown EV: a flopped set is far ahead, 7-2 on an ace-king-queen flop far behind (THB Turn/River, Dynamic raises)', () => {
    const rng = createRng(3);
    expect(showdownEv(ids('9S 9D'), ids('9H 4C 2D'), rng).mean).toBeGreaterThan(0.8);
    expect(showdownEv(ids('7S 2D'), ids('AH KC QD'), rng).mean).toBeLessThan(-0.5);
    // river decision: four cards on the board
    expect(showdownEv(ids('AS KS'), ids('QS JS 2S 3D'), rng).mean).toBeGreaterThan(0.9);
  });

  it("Texas Hold'em Bonus under the EV strategy: deterministic per seed; Turn and River bets about as often as published (\"slightly less than half\")", () => {
    const p = texasHoldemBonusProfiles['standard'];
    if (!p) throw new Error('profile');
    const a = simulateTexasHoldemBonus(p, 400, 5);
    expect(simulateTexasHoldemBonus(p, 400, 5)).toEqual(a);
    expect(a.turnRate).toBeGreaterThan(0.3);
    expect(a.turnRate).toBeLessThan(0.55);
    expect(a.decisions).toMatch(/estimated loss against the optimal choice/);
  });
});
