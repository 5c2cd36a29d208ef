import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../shared/bigint.transformer.js';

/**
 * One posting (journal) of the ledger. The posting id is the PRIMARY KEY, so idempotency
 * (`bet:<betId>`, `settle:<roundId>:<betId>`, …) is enforced by the database itself.
 */
@Entity({ name: 'ledger_posting' })
export class LedgerPostingEntity {
  @PrimaryColumn({ type: 'text', name: 'posting_id' })
  postingId!: string;
  @Column({ type: 'bigint', transformer: bigintNumber })
  at!: number;
}

/** Immutable ledger entry (update/delete refused by a trigger). */
@Entity({ name: 'ledger_entry' })
@Index('ledger_entry_posting_idx', ['postingId'])
@Index('ledger_entry_account_idx', ['account', 'currency'])
export class LedgerEntryEntity {
  /** Insertion order (bigserial; arrives as a string from node-postgres). */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;
  @Column({ type: 'text', name: 'posting_id' })
  postingId!: string;
  @Column({ type: 'text' })
  account!: string;
  @Column({ type: 'text' })
  currency!: string;
  @Column({ type: 'bigint', name: 'amount_minor', transformer: bigintNumber })
  amountMinor!: number;
  @Column({ type: 'bigint', transformer: bigintNumber })
  at!: number;
  @Column({ type: 'text' })
  memo!: string;
}

/**
 * Materialised balance per (account, currency), updated in the same transaction as the entries; the
 * row is locked (`SELECT … FOR UPDATE`) while a posting is checked, so concurrent debits serialise.
 * The CHECK is the database's own backstop for "a player / in-play never goes negative".
 */
@Entity({ name: 'account_balance' })
@Check('account_balance_non_negative', `"balance_minor" >= 0 OR NOT ("account" = 'in-play' OR "account" LIKE 'player:%')`)
export class AccountBalanceEntity {
  @PrimaryColumn({ type: 'text' })
  account!: string;
  @PrimaryColumn({ type: 'text' })
  currency!: string;
  @Column({ type: 'bigint', name: 'balance_minor', transformer: bigintNumber })
  balanceMinor!: number;
}
