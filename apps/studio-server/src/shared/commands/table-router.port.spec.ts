/**
 * Issue 25 §3, non-negotiable 1: the owner's stamp of a bet another instance read. Whatever the relaying instance's
 * clock offset δ (|δ| ≤ ε) and the transit, the stamp is never earlier than the bet's true arrival on the owner's
 * clock (so a bet that reached any instance after the close is late) and never later than the owner's now.
 */
import { describe, expect, it } from 'vitest';
import { forwarded, ownerStamp } from './table-router.port.js';

describe('ownerStamp (GEN-3 across instances)', () => {
  it('forwarded: the arrival stamp crosses as forwardedAt, never as arrivedAt', () => {
    expect(forwarded({ op: 'bet.place', input: 1, arrivedAt: 5 })).toEqual({ op: 'bet.place', input: 1, forwardedAt: 5 });
    expect(forwarded({ op: 'table.x', input: 1 })).toEqual({ op: 'table.x', input: 1 });
  });

  it('no bound: no stamp (the owner times it when it runs it); a bound: min(now, forwardedAt + ε); a stamp that is no finite number: none', () => {
    expect(ownerStamp({ op: 'bet.place', input: 1, forwardedAt: 90 }, 100, null)).toEqual({ op: 'bet.place', input: 1 });
    expect(ownerStamp({ op: 'bet.place', input: 1, forwardedAt: 90 }, 100, 5)).toEqual({ op: 'bet.place', input: 1, arrivedAt: 95 });
    expect(ownerStamp({ op: 'bet.place', input: 1, forwardedAt: 99 }, 100, 5)).toEqual({ op: 'bet.place', input: 1, arrivedAt: 100 });
    expect(ownerStamp({ op: 'bet.place', input: 1, forwardedAt: Number.NaN }, 100, 5)).toEqual({ op: 'bet.place', input: 1 });
    // a relayed `arrivedAt` is never taken as is (only the owner's own transport stamps arrivedAt)
    expect(ownerStamp({ op: 'bet.place', input: 1, arrivedAt: 1 }, 100, 5)).toEqual({ op: 'bet.place', input: 1 });
  });

  it('for every offset within ε and every transit: true arrival ≤ stamp ≤ owner now', () => {
    let seed = 25;
    const rand = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    for (let i = 0; i < 10_000; i++) {
      const eps = Math.floor(rand() * 50);
      const offset = Math.round((rand() * 2 - 1) * eps); // relay clock − owner clock, |offset| ≤ ε
      const trueArrival = 1_000_000 + Math.floor(rand() * 10_000); // owner-clock time the relay read the bet
      const ownerNow = trueArrival + Math.floor(rand() * 200); // it reaches the owner later
      const s = ownerStamp({ op: 'bet.place', input: null, forwardedAt: trueArrival + offset }, ownerNow, eps).arrivedAt;
      expect(s).toBeDefined();
      expect(s!).toBeGreaterThanOrEqual(trueArrival);
      expect(s!).toBeLessThanOrEqual(ownerNow);
    }
  });
});
