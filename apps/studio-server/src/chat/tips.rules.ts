/**
 * Tips per dealer and shift (issue 24; docs/chat-and-tips.md TIP-4, TIP-5), pure: who a tip is counted for,
 * and the report's rows. No I/O: chat.service.ts loads the rows and the presence and calls these.
 */
import type { DealerAtTable, TipShiftRow } from '@felt-studio/protocol';
import { tipPayoutId } from '../shared/ledger.rules.js';
import type { TipPayoutRow, TipRow } from './chat.repository.js';

/**
 * TIP-4: the dealer on duty is the one at the table's console who signed in last (a relief dealer signs in
 * before the dealer being relieved leaves: from that moment the relief deals). Null: nobody at the console.
 */
export function dealerOnDuty(dealers: readonly DealerAtTable[]): DealerAtTable | null {
  let on: DealerAtTable | null = null;
  for (const d of dealers) if (on === null || d.since > on.since || (d.since === on.since && d.userId > on.userId)) on = d;
  return on;
}

/** A shift's key (table, dealer, sign-in); tips without a dealer are grouped per table. */
const keyOf = (t: Pick<TipRow, 'tableId' | 'dealerId' | 'shiftStart' | 'currency'>): string => `${t.tableId}\u0000${t.dealerId ?? ''}\u0000${t.shiftStart ?? ''}\u0000${t.currency}`;

/**
 * TIP-4's report: the tips grouped per table, dealer and shift (and currency), with each shift's payout if
 * it was paid (TIP-5) and whether it is still open (the dealer is at that console now with the same sign-in).
 * Sorted by table, then shift start, then dealer; the tips without a dealer last per table.
 */
export function tipsByShift(tips: readonly TipRow[], payouts: readonly TipPayoutRow[], open: (tableId: string, dealerId: string, shiftStart: number) => boolean): TipShiftRow[] {
  const paid = new Map(payouts.map((p) => [p.payoutId, p]));
  const rows = new Map<string, TipShiftRow>();
  for (const t of tips) {
    const k = keyOf(t);
    const had = rows.get(k);
    if (had) {
      rows.set(k, { ...had, count: had.count + 1, totalMinor: had.totalMinor + t.amountMinor, firstAt: Math.min(had.firstAt, t.at), lastAt: Math.max(had.lastAt, t.at) });
      continue;
    }
    const shift = t.dealerId !== null && t.shiftStart !== null ? { dealerId: t.dealerId, shiftStart: t.shiftStart } : null;
    const p = shift ? paid.get(tipPayoutId(t.tableId, shift.dealerId, shift.shiftStart)) : undefined;
    rows.set(k, {
      tableId: t.tableId,
      dealerId: t.dealerId,
      dealerName: t.dealerName,
      shiftStart: t.shiftStart,
      currency: t.currency,
      count: 1,
      totalMinor: t.amountMinor,
      firstAt: t.at,
      lastAt: t.at,
      open: shift !== null && open(t.tableId, shift.dealerId, shift.shiftStart),
      paid: p ? { payoutId: p.payoutId, account: p.account, amountMinor: p.amountMinor, tipCount: p.tipCount, by: p.by, reason: p.reason, at: p.at } : null,
    });
  }
  const last = Number.MAX_SAFE_INTEGER;
  return [...rows.values()].sort((a, b) => a.tableId.localeCompare(b.tableId) || (a.shiftStart ?? last) - (b.shiftStart ?? last) || (a.dealerId ?? '').localeCompare(b.dealerId ?? '') || a.currency.localeCompare(b.currency));
}
