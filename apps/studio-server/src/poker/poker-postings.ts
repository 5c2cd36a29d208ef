import type { pokerTable } from '@felt-studio/games';
import { HOUSE_ACCOUNT, playerAccount, seamlessOutPosting, type Posting } from '../shared/ledger.rules.js';
import { userOf } from './poker-live-tables.js';
import { eventEffects, type PokerEvent, type PokerTableState } from './poker-table.state.js';

/**
 * The ledger side of a poker table's changes (the table program's postings, issue 19 §2), posted by the hand
 * driver in the same transaction as the log events. Pure.
 */

/** S1-STACK: a player's table stack sub-account (a `player:` account, so the ledger keeps it non-negative). */
export const stackAccount = (userId: string, tableId: string): string => `${playerAccount(userId)}:poker:${tableId}`;

/** The stack posting of a seamless buy-in/top-up, by its debit (the seamless sweep checks it reached the table). */
export const chipsPostingId = (tableId: string, type: 'buy-in' | 'top-up', debit: string): string => `poker-${type}:${tableId}:${debit}`;

/**
 * S1-STACK: buy-in / top-up: wallet → table stack; cash-out: table stack → wallet. A seamless seat's wallet
 * account is the player's transit account: its chips came in from the operator (`seamless-in:<debit>`, before
 * the seat event) and its cash-out goes straight on to the operator's clearing account in the same change
 * (`seamless-out:<sessionId>`), so the session's money is never only in our memory.
 */
export function effectPostings(s: PokerTableState, eff: pokerTable.SeatEffect, ref: string, seamlessDebit?: string): Posting[] {
  const userId = userOf(s, eff.playerId);
  const stack = stackAccount(userId, s.def.tableId);
  const wallet = playerAccount(userId);
  const c = s.def.currency;
  const memo = `poker ${eff.type} ${s.def.tableId}`;
  const [from, to] = eff.type === 'cash-out' ? [stack, wallet] : [wallet, stack];
  const postingId = seamlessDebit !== undefined && eff.type !== 'cash-out' ? chipsPostingId(s.def.tableId, eff.type, seamlessDebit) : `poker-${eff.type}:${s.def.tableId}:${ref}:${eff.playerId}`;
  const out: Posting[] = [{ postingId, entries: [{ account: from, currency: c, amountMinor: -eff.amountMinor, memo }, { account: to, currency: c, amountMinor: eff.amountMinor, memo }] }];
  const w = s.wallets?.[eff.playerId];
  if (eff.type === 'cash-out' && w) out.push(seamlessOutPosting(w.operatorId, w.sessionId, userId, eff.amountMinor, c));
  return out;
}

export function seatPostings(before: PokerTableState, e: Extract<PokerEvent, { type: 'seat' }>, frameNo: number): Posting[] {
  const debit = (e.op === 'sit' || e.op === 'top-up') && e.seamless ? e.seamless.debit : undefined;
  return eventEffects(before, e).flatMap((eff) => effectPostings(before, eff, `f${frameNo}`, debit));
}

/** The hand's result, posted once (postingId by hand): contributions out of the stacks, winnings in, the rake to the house (S1-RAKE). A void hand nets to nothing. */
export function handPostings(s: PokerTableState, h: pokerTable.HandState): Posting[] {
  const r = h.result;
  if (!r) return [];
  const c = s.def.currency;
  const entries: Posting['entries'][number][] = [];
  let sum = 0;
  for (const x of r.seats) {
    const acc = stackAccount(userOf(s, x.playerId), s.def.tableId);
    if (x.inMinor > 0) entries.push({ account: acc, currency: c, amountMinor: -x.inMinor, memo: `poker hand ${h.handId} in` });
    if (x.wonMinor > 0) entries.push({ account: acc, currency: c, amountMinor: x.wonMinor, memo: `poker hand ${h.handId} won` });
    sum += x.wonMinor - x.inMinor;
  }
  if (r.rakeMinor > 0) entries.push({ account: HOUSE_ACCOUNT, currency: c, amountMinor: r.rakeMinor, memo: `poker rake ${h.handId}` });
  sum += r.rakeMinor;
  if (sum !== 0) throw new Error(`poker hand ${h.handId} does not balance: ${sum}`);
  if (r.type === 'void' && entries.every((e) => e.amountMinor === 0)) return [];
  return [{ postingId: `poker-hand:${s.def.tableId}:${h.handId}`, entries }];
}
