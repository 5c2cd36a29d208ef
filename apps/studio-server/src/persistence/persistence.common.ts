/**
 * Pieces shared by the in-memory and TypeORM implementations of the persistence ports.
 */
import { InsufficientFunds, type BetRow, type LedgerEntryRow } from '../shared/ports/persistence.port.js';
import { isNonNegativeAccount } from '../shared/ledger.rules.js';

/** Round phases after which a round is finished (no longer listed by `listUnfinished`). */
export const FINISHED_PHASES: readonly string[] = ['settled', 'void'];

/** Insert of a row whose primary key already exists (declared with the ports; re-exported for the implementations). */
export { DuplicateKey } from '../shared/ports/persistence.port.js';

/**
 * A posting must have ≥ 1 entry, integer amounts, and sum to zero per currency (double entry).
 * Violations are programmer errors (the posting rules in wallet/ledger.rules.ts never produce them).
 */
export function validatePostingEntries(postingId: string, entries: readonly Omit<LedgerEntryRow, 'postingId'>[]): void {
  if (postingId.length === 0) throw new Error('postingId must not be empty');
  if (entries.length === 0) throw new Error(`posting ${postingId} has no entries`);
  // One currency (every posting the rules make): a plain sum, no Map per posting (issue 13: 100 000 postings).
  const first = entries[0]!.currency;
  let sum = 0;
  let single = true;
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountMinor)) throw new Error(`posting ${postingId}: amount ${e.amountMinor} is not an integer of minor units`);
    if (e.account.length === 0 || e.currency.length === 0) throw new Error(`posting ${postingId}: empty account or currency`);
    sum += e.amountMinor;
    if (e.currency !== first) single = false;
  }
  if (single) {
    if (sum !== 0) throw new Error(`posting ${postingId} is unbalanced: ${first} entries sum to ${sum}`);
    return;
  }
  const sums = new Map<string, number>();
  for (const e of entries) sums.set(e.currency, (sums.get(e.currency) ?? 0) + e.amountMinor);
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new Error(`posting ${postingId} is unbalanced: ${currency} entries sum to ${sum}`);
  }
}

/** The net change a posting makes to one account in one currency. */
export interface AccountDelta {
  readonly account: string;
  readonly currency: string;
  delta: number;
}

/** A posting's entries summed per account and currency (keyed `account NUL currency`, in first-seen order). */
export function accountDeltas(entries: readonly Omit<LedgerEntryRow, 'postingId'>[]): Map<string, AccountDelta> {
  const deltas = new Map<string, AccountDelta>();
  for (const e of entries) {
    const k = `${e.account}\u0000${e.currency}`;
    const d = deltas.get(k) ?? { account: e.account, currency: e.currency, delta: 0 };
    d.delta += e.amountMinor;
    deltas.set(k, d);
  }
  return deltas;
}

/** A debit that would take a `player:*` or `in-play` balance below zero: InsufficientFunds (nothing is written). */
export function checkFunds(d: AccountDelta, balanceMinor: number): void {
  if (d.delta < 0 && isNonNegativeAccount(d.account) && balanceMinor + d.delta < 0) throw new InsufficientFunds(d.account, -d.delta, balanceMinor);
}

/** Everything the ledger invariant checker needs, read consistently. */
export interface LedgerSnapshot {
  readonly entries: readonly LedgerEntryRow[];
  readonly bets: readonly BetRow[];
  /** Rounds whose phase is settled or void. */
  readonly finishedRoundIds: ReadonlySet<string>;
}

/** Whole-ledger read side (implemented by every UnitOfWork of this package). */
export interface LedgerReader {
  snapshot(): Promise<LedgerSnapshot>;
}

export const LEDGER_READER = Symbol('LEDGER_READER');
