import { describe, expect, it } from 'vitest';
import type { TipRow } from './chat.repository.js';
import { dealerOnDuty, tipsByShift } from './tips.rules.js';

const tip = (tipId: string, tableId: string, amountMinor: number, at: number, dealerId: string | null, shiftStart: number | null): TipRow => ({ tipId, tableId, playerId: 'p', amountMinor, currency: 'EUR', at, dealerId, dealerName: dealerId, shiftStart });

describe('tips per dealer and shift (issue 24, TIP-4/5), pure', () => {
  it('TIP-4: the dealer on duty is the last to sign in at the console; nobody: null', () => {
    expect(dealerOnDuty([])).toBeNull();
    expect(dealerOnDuty([{ userId: 'a', name: 'A', since: 100 }, { userId: 'b', name: 'B', since: 200 }])?.userId).toBe('b');
    expect(dealerOnDuty([{ userId: 'b', name: 'B', since: 200 }, { userId: 'a', name: 'A', since: 100 }])?.userId).toBe('b');
  });

  it('TIP-4: groups per table, dealer and shift; sums are the tips (nothing lost or counted twice); tips without a dealer last; paid and open marked', () => {
    const tips = [tip('1', 't1', 100, 10, 'a', 5), tip('2', 't1', 200, 20, 'a', 5), tip('3', 't1', 50, 30, null, null), tip('4', 't1', 70, 40, 'b', 35), tip('5', 't0', 10, 50, 'a', 45), tip('6', 't1', 30, 60, 'a', 55)];
    const paid = [{ payoutId: 'tip-payout:t1:a:5', tableId: 't1', dealerId: 'a', shiftStart: 5, account: 'tips-payable:a', amountMinor: 300, currency: 'EUR', tipCount: 2, by: 'adm', reason: 'r', at: 99 }];
    const rows = tipsByShift(tips, paid, (_t, d, s) => d === 'a' && s === 55);
    expect(rows.map((r) => [r.tableId, r.dealerId, r.shiftStart, r.count, r.totalMinor, r.firstAt, r.lastAt, r.open, r.paid?.amountMinor ?? null])).toEqual([
      ['t0', 'a', 45, 1, 10, 50, 50, false, null],
      ['t1', 'a', 5, 2, 300, 10, 20, false, 300],
      ['t1', 'b', 35, 1, 70, 40, 40, false, null],
      ['t1', 'a', 55, 1, 30, 60, 60, true, null],
      ['t1', null, null, 1, 50, 30, 30, false, null],
    ]);
    expect(rows.reduce((a, r) => a + r.totalMinor, 0)).toBe(tips.reduce((a, t) => a + t.amountMinor, 0));
  });
});
