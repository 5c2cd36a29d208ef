import { describe, expect, it } from 'vitest';
import { FixedClock, SequentialIds, SortableIds } from './clock.js';

describe('clock and ids (time and ids are injected inputs)', () => {
  it('sortable ids carry their prefix and sort in creation order, even within one millisecond', () => {
    const clock = new FixedClock(1_700_000_000_000);
    const ids = new SortableIds(clock);
    const a = ids.next('rnd');
    const b = ids.next('rnd');
    clock.advance(1);
    const c = ids.next('rnd');
    expect(a).toMatch(/^rnd_[0-9a-f]{24}$/);
    expect([c, b, a].sort()).toEqual([a, b, c]);
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('test ids are deterministic per prefix', () => {
    const ids = new SequentialIds();
    expect([ids.next('bet'), ids.next('bet'), ids.next('rnd')]).toEqual(['bet_000001', 'bet_000002', 'rnd_000001']);
  });

  it('the fixed clock only moves when told', () => {
    const c = new FixedClock(10);
    expect(c.now()).toBe(10);
    expect(c.advance(5)).toBe(15);
    c.set(3);
    expect(c.now()).toBe(3);
  });
});
