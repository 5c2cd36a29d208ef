import { holdemScenario } from '@felt-studio/ui/poker-fixtures';
import { describe, expect, it } from 'vitest';
import { parseAmount, potsOf, quickSizes, seatSlots } from './model';

describe('poker table screen derivations', () => {
  it("the player's own seat is drawn at the bottom centre, the others clockwise around the oval", () => {
    const frame = holdemScenario().frame({ role: 'player', playerId: 'p4' });
    const slots = seatSlots(frame);
    const four = slots.find((s) => s.seat === 4);
    expect([four?.x, four?.y]).toEqual([50, 91]);
    // a watcher (not seated) reads the table from seat 1
    const watcher = seatSlots(holdemScenario().frame({ role: 'player', playerId: 'nobody' }));
    expect(watcher.find((s) => s.seat === 1)?.y).toBe(91);
  });

  it('typed amounts: dot or comma, at most the currency digits', () => {
    expect(parseAmount('12', 2)).toBe(1200);
    expect(parseAmount('12,5', 2)).toBe(1250);
    expect(parseAmount(' 1 000.25 ', 2)).toBe(100_025);
    expect(parseAmount('1.234', 2)).toBeNull();
    expect(parseAmount('-5', 2)).toBeNull();
    expect(parseAmount('abc', 2)).toBeNull();
  });

  it('quick sizes stay within the legal bounds and all-in is the stack (no limit)', () => {
    const s = holdemScenario().deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD').act(2, 'call').act(4, 'raise', 300).act(5, 'fold');
    const hand = s.frame({ role: 'player', playerId: 'me' }).hand;
    if (!hand?.legal) throw new Error('my turn expected');
    expect(quickSizes(hand, hand.legal, 'no-limit')).toEqual([
      { key: 'half-pot', toMinor: 675 },
      { key: 'pot', toMinor: 1_050 },
      { key: 'all-in', toMinor: 10_000 },
    ]);
    expect(quickSizes(hand, hand.legal, 'fixed-limit')).toEqual([]);
    // a raise being matched is no side pot
    expect(potsOf(hand)).toEqual([{ index: 0, amountMinor: 550 }]);
  });

  it('side pots by all-in level, the pot still in play above the highest all-in', () => {
    // seat 5 (€50 stack) all-in, seat 2 raises to €60, seat 4 calls, me folds the BB
    const s = holdemScenario().deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD').act(2, 'raise', 6_000).act(4, 'call').act(5, 'all-in').act(1, 'fold');
    const hand = s.frame({ role: 'player', playerId: 'me' }).hand;
    if (!hand) throw new Error('hand expected');
    expect(potsOf(hand)).toEqual([
      { index: 0, amountMinor: 15_100 },
      { index: 1, amountMinor: 2_000 },
    ]);
  });
});
