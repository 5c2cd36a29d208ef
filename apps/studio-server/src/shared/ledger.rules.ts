/**
 * Pure posting rules of the double-entry ledger (docs/architecture.md "Persistence and money", STYLE.md habit 8).
 *
 * Accounts (string ids, fixed contract between PLATFORM and ROUNDS):
 *  - `player:<playerId>` — a player's internal wallet; must never go negative.
 *  - `in-play`           — stakes held during a round; must never go negative.
 *  - `house`             — the studio's result; may go negative.
 *  - `funding`           — external source of demo/test deposits; may go negative.
 *  - `operator:<id>`     — clearing account of a seamless-wallet operator (issue 12): money the operator's
 *                          wallet sent for stakes minus what we sent back; may go negative.
 *  - `tips:<tableId>`      — tips to the table's dealers (issue 24, TIP-1): credited by players' tips, debited
 *                          only by a shift's payout (TIP-5).
 *  - `tips-payable:<dealerId>` — a dealer's paid-out shift tips, owed to them by payroll (outside Felt).
 *
 * Every posting is ≥ 1 non-zero entries summing to zero per currency, keyed by an idempotency id:
 *  - `bet:<betId>`               bet debit (player → in-play)
 *  - `refund:<betId>`            bet refund (in-play → player): cancel or void
 *  - `settle:<roundId>:<betId>`  settlement of one bet (in-play → player return + house)
 *  - `deposit:<id>`              deposit (funding → player)
 *  - `seamless-in:<betId>`       seamless debit acknowledged by the operator (operator → player), before the bet posting
 *  - `seamless-out:<betId>`      a seamless bet's return, refund or un-accepted stake sent back (player → operator)
 *  - `tip:<tipId>`               a tip to the dealer (player → tips:<tableId>); a seamless player's tip is first
 *                                `seamless-in:<tipId>` (operator → player), as a bet's stake is
 *  - `tip-payout:<tableId>:<dealerId>:<shiftStart>`  a dealer's shift tips (tips:<tableId> → tips-payable:<dealerId>),
 *                                once per shift (TIP-5)
 *
 * No I/O here: the wallet/settlement services load, call these, and `tx.ledger.post` the result.
 */
import type { SettlementLine } from '@felt-studio/games';

export const DEFAULT_CURRENCY = 'EUR';
export const IN_PLAY_ACCOUNT = 'in-play';
export const HOUSE_ACCOUNT = 'house';
export const FUNDING_ACCOUNT = 'funding';

export const playerAccount = (playerId: string): string => `player:${playerId}`;

/** Accounts whose balance may never go negative (checked by the repositories and the invariant). */
export function isNonNegativeAccount(account: string): boolean {
  return account === IN_PLAY_ACCOUNT || account.startsWith('player:');
}

export interface PostingEntry {
  readonly account: string;
  readonly currency: string;
  /** Signed minor units: + credit to the account's balance, − debit. */
  readonly amountMinor: number;
  readonly memo: string;
}

export interface Posting {
  readonly postingId: string;
  readonly entries: readonly PostingEntry[];
}

export interface BetForPosting {
  readonly betId: string;
  readonly playerId: string;
  readonly stakeMinor: number;
  readonly currency?: string;
}

function requireMinor(name: string, n: number, allowZero: boolean): void {
  if (!Number.isSafeInteger(n) || n < 0 || (!allowZero && n === 0)) {
    throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer of minor units, got ${n}`);
  }
}

/** Drops zero entries (a losing bet returns nothing: no `player +0` line). */
function compact(postingId: string, entries: readonly PostingEntry[]): Posting {
  return { postingId, entries: entries.filter((e) => e.amountMinor !== 0) };
}

/** Bet acceptance: player −stake / in-play +stake, postingId `bet:<betId>`. */
export function betDebitPosting(bet: BetForPosting): Posting {
  requireMinor('stakeMinor', bet.stakeMinor, false);
  const currency = bet.currency ?? DEFAULT_CURRENCY;
  return compact(`bet:${bet.betId}`, [
    { account: playerAccount(bet.playerId), currency, amountMinor: -bet.stakeMinor, memo: `stake ${bet.betId}` },
    { account: IN_PLAY_ACCOUNT, currency, amountMinor: bet.stakeMinor, memo: `stake ${bet.betId}` },
  ]);
}

/** Bet cancelled or round voided: in-play −stake / player +stake, postingId `refund:<betId>`. */
export function betRefundPosting(bet: BetForPosting): Posting {
  requireMinor('stakeMinor', bet.stakeMinor, false);
  const currency = bet.currency ?? DEFAULT_CURRENCY;
  return compact(`refund:${bet.betId}`, [
    { account: IN_PLAY_ACCOUNT, currency, amountMinor: -bet.stakeMinor, memo: `refund ${bet.betId}` },
    { account: playerAccount(bet.playerId), currency, amountMinor: bet.stakeMinor, memo: `refund ${bet.betId}` },
  ]);
}

/**
 * Settlement of one bet: in-play −stake, player +return, house +(stake − return); zero entries omitted.
 * postingId `settle:<roundId>:<betId>` — idempotent by (round, bet).
 */
export function settlementPosting(roundId: string, line: SettlementLine, currency: string = DEFAULT_CURRENCY): Posting {
  requireMinor('stakeMinor', line.stakeMinor, false);
  requireMinor('returnMinor', line.returnMinor, true);
  const memo = `settle ${line.betId} ${line.outcome}`;
  return compact(`settle:${roundId}:${line.betId}`, [
    { account: IN_PLAY_ACCOUNT, currency, amountMinor: -line.stakeMinor, memo },
    { account: playerAccount(line.playerId), currency, amountMinor: line.returnMinor, memo },
    { account: HOUSE_ACCOUNT, currency, amountMinor: line.stakeMinor - line.returnMinor, memo },
  ]);
}

/** Deposit (admin or demo top-up): funding −amount / player +amount, postingId `deposit:<id>`. */
export function depositPosting(id: string, playerId: string, amountMinor: number, currency: string = DEFAULT_CURRENCY): Posting {
  requireMinor('amountMinor', amountMinor, false);
  return compact(`deposit:${id}`, [
    { account: FUNDING_ACCOUNT, currency, amountMinor: -amountMinor, memo: `deposit ${id}` },
    { account: playerAccount(playerId), currency, amountMinor, memo: `deposit ${id}` },
  ]);
}

export const tipsAccount = (tableId: string): string => `tips:${tableId}`;

/** A tip to the table's dealer (issue 24, TIP-1): player −amount / tips:<tableId> +amount, postingId `tip:<tipId>`. */
export function tipPosting(tipId: string, playerId: string, tableId: string, amountMinor: number, currency: string = DEFAULT_CURRENCY): Posting {
  requireMinor('amountMinor', amountMinor, false);
  return compact(`tip:${tipId}`, [
    { account: playerAccount(playerId), currency, amountMinor: -amountMinor, memo: `tip ${tipId} ${tableId}` },
    { account: tipsAccount(tableId), currency, amountMinor, memo: `tip ${tipId} ${tableId}` },
  ]);
}

export const tipsPayableAccount = (dealerId: string): string => `tips-payable:${dealerId}`;
export const tipPayoutId = (tableId: string, dealerId: string, shiftStart: number): string => `tip-payout:${tableId}:${dealerId}:${shiftStart}`;

/** A dealer's shift tips paid out (issue 24, TIP-5): tips:<tableId> −amount / tips-payable:<dealerId> +amount, once per shift. */
export function tipPayoutPosting(tableId: string, dealerId: string, shiftStart: number, amountMinor: number, currency: string): Posting {
  requireMinor('amountMinor', amountMinor, false);
  const postingId = tipPayoutId(tableId, dealerId, shiftStart);
  return compact(postingId, [
    { account: tipsAccount(tableId), currency, amountMinor: -amountMinor, memo: `tips payout ${dealerId} shift ${shiftStart}` },
    { account: tipsPayableAccount(dealerId), currency, amountMinor, memo: `tips payout ${dealerId} shift ${shiftStart}` },
  ]);
}

export const operatorAccount = (operatorId: string): string => `operator:${operatorId}`;

/**
 * Seamless wallet (issue 12): the operator's wallet acknowledged the debit of a bet — its stake passes
 * through the player's account (operator −stake / player +stake), so the bet posting is the same as in
 * the internal mode and the ledger balances.
 */
export function seamlessInPosting(operatorId: string, betId: string, playerId: string, stakeMinor: number, currency: string): Posting {
  requireMinor('stakeMinor', stakeMinor, false);
  return compact(`seamless-in:${betId}`, [
    { account: operatorAccount(operatorId), currency, amountMinor: -stakeMinor, memo: `seamless debit ${betId}` },
    { account: playerAccount(playerId), currency, amountMinor: stakeMinor, memo: `seamless debit ${betId}` },
  ]);
}

/** Seamless wallet: what the bet returns (win, refund, a stake not accepted) leaves the player's account for the operator's wallet (credit or rollback call). */
export function seamlessOutPosting(operatorId: string, betId: string, playerId: string, amountMinor: number, currency: string): Posting {
  requireMinor('amountMinor', amountMinor, true);
  return compact(`seamless-out:${betId}`, [
    { account: playerAccount(playerId), currency, amountMinor: -amountMinor, memo: `seamless return ${betId}` },
    { account: operatorAccount(operatorId), currency, amountMinor, memo: `seamless return ${betId}` },
  ]);
}

// ───────────────────────────── invariants ─────────────────────────────

export const LEDGER_INVARIANT_CODES = ['UNBALANCED_CURRENCY', 'UNBALANCED_POSTING', 'NEGATIVE_BALANCE', 'BET_NOT_DEBITED', 'BET_DEBITED_TWICE', 'BET_NOT_SETTLED', 'BET_SETTLED_TWICE', 'BET_SETTLED_WHILE_OPEN'] as const;
export type LedgerInvariantCode = (typeof LEDGER_INVARIANT_CODES)[number];

export interface LedgerInvariantViolation {
  readonly code: LedgerInvariantCode;
  /** Non-negotiable 2 of docs/architecture.md ("no money is created or lost"). */
  readonly ruleId: 'NN-2';
  readonly message: string;
}

export interface InvariantEntry {
  readonly postingId: string;
  readonly account: string;
  readonly currency: string;
  readonly amountMinor: number;
}

export interface InvariantBet {
  readonly betId: string;
  readonly roundId: string;
  /** Bet row status: `accepted` while the round runs, `settled|refunded` after, `cancelled` when withdrawn. */
  readonly status: string;
  /** True when the bet's round is finished (settled or void) — then it must be settled or refunded. */
  readonly roundFinished: boolean;
}

/**
 * The ledger invariant checked after every scenario (issue §5): all entries sum to zero per currency
 * (and per posting), no player/in-play balance is negative, every bet has exactly one debit and — once
 * its round is finished — exactly one settle-or-refund posting. A cancelled bet has one refund.
 * Returns [] when the ledger is sound.
 */
export function checkLedgerInvariants(entries: readonly InvariantEntry[], bets: readonly InvariantBet[]): LedgerInvariantViolation[] {
  const out: LedgerInvariantViolation[] = [];
  const v = (code: LedgerInvariantCode, message: string): void => {
    out.push({ code, ruleId: 'NN-2', message });
  };

  const perCurrency = new Map<string, number>();
  const perPosting = new Map<string, number>();
  const perAccount = new Map<string, number>();
  const postingIds = new Set<string>();
  for (const e of entries) {
    perCurrency.set(e.currency, (perCurrency.get(e.currency) ?? 0) + e.amountMinor);
    const pk = `${e.postingId}\u0000${e.currency}`;
    perPosting.set(pk, (perPosting.get(pk) ?? 0) + e.amountMinor);
    const ak = `${e.account}\u0000${e.currency}`;
    perAccount.set(ak, (perAccount.get(ak) ?? 0) + e.amountMinor);
    postingIds.add(e.postingId);
  }
  for (const [currency, sum] of perCurrency) {
    if (sum !== 0) v('UNBALANCED_CURRENCY', `entries in ${currency} sum to ${sum}, not 0: money was created or lost`);
  }
  for (const [key, sum] of perPosting) {
    if (sum !== 0) {
      const [postingId, currency] = key.split('\u0000');
      v('UNBALANCED_POSTING', `posting ${postingId} sums to ${sum} ${currency}, not 0`);
    }
  }
  for (const [key, bal] of perAccount) {
    const [account = '', currency] = key.split('\u0000');
    if (bal < 0 && isNonNegativeAccount(account)) v('NEGATIVE_BALANCE', `account ${account} is at ${bal} ${currency}`);
  }

  // Posting ids are unique by construction (primary key), so "exactly once" = the id exists; a bet
  // that is BOTH refunded and settled is a double payout.
  const settledBets = new Set<string>();
  for (const id of postingIds) {
    if (id.startsWith('settle:')) {
      const betId = id.slice(id.lastIndexOf(':') + 1);
      settledBets.add(betId);
    }
  }
  for (const bet of bets) {
    if (!postingIds.has(`bet:${bet.betId}`)) v('BET_NOT_DEBITED', `bet ${bet.betId} (round ${bet.roundId}) has no debit posting bet:${bet.betId}`);
    const refunded = postingIds.has(`refund:${bet.betId}`);
    const settled = postingIds.has(`settle:${bet.roundId}:${bet.betId}`) || settledBets.has(bet.betId);
    const closings = (refunded ? 1 : 0) + (settled ? 1 : 0);
    if (closings > 1) v('BET_SETTLED_TWICE', `bet ${bet.betId} was both refunded and settled`);
    if (bet.status === 'cancelled') {
      if (!refunded) v('BET_NOT_SETTLED', `cancelled bet ${bet.betId} has no refund posting`);
      continue;
    }
    if ((bet.status === 'settled' || bet.status === 'refunded') && closings === 0) {
      v('BET_NOT_SETTLED', `bet ${bet.betId} is marked ${bet.status} but has no settle/refund posting`);
      continue;
    }
    if (bet.roundFinished && closings === 0) {
      v('BET_NOT_SETTLED', `bet ${bet.betId}: round ${bet.roundId} is finished but the bet was neither settled nor refunded`);
    }
    if (!bet.roundFinished && bet.status === 'accepted' && closings > 0) {
      v('BET_SETTLED_WHILE_OPEN', `bet ${bet.betId} has a settle/refund posting but is still accepted in an unfinished round`);
    }
  }
  return out;
}
