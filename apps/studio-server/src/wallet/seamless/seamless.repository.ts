/**
 * Storage of the seamless wallet (issue 12 point 1): operators, their players, and the journal of every
 * wallet call. Raw SQL on the shared DataSource (PGlite embedded, PostgreSQL with DATABASE_URL; tables
 * from migration SeamlessWallet1764100000000) and an in-memory twin for unit tests; both pass one contract
 * (seamless.repository.spec.ts). Every write is keyed: a journal row is inserted once per transaction uuid.
 */
import type { SignatureScheme } from './signing.js';
import type { DataSource } from 'typeorm';
import type { WalletCall } from './seamless.contract.js';

import { WALLET_MODES, type WalletMode } from '@felt-studio/protocol';
export { WALLET_MODES, type WalletMode };

export interface OperatorRow {
  readonly operatorId: string;
  readonly walletMode: WalletMode;
  readonly baseUrl: string;
  readonly secret: string;
  /** Issue 22 §16: `hmac` (default) or `rsa` — then `publicKey` (PEM) verifies the operator's calls and Felt signs with FELT_OPERATOR_RSA_KEY. */
  readonly signature?: SignatureScheme;
  readonly publicKey?: string | null;
  readonly currencies: readonly string[];
  /** A debit answer slower than this is unknown: the bet is rejected and the debit rolled back. */
  readonly timeoutMs: number;
}

export interface PlayerLinkRow {
  readonly playerId: string;
  readonly operatorId: string;
  /** The operator's own id of the player (`user` in the contract). */
  readonly externalUser: string;
  /** The player's session token at the operator (debits only; credits and rollbacks need none). */
  readonly token: string;
  readonly currency: string;
}

export type JournalState = 'pending' | 'done' | 'refused' | 'unconfirmed' | 'dead';

export interface JournalRow {
  readonly transactionUuid: string;
  readonly operatorId: string;
  readonly betId: string;
  readonly playerId: string;
  readonly kind: WalletCall['kind'];
  readonly state: JournalState;
  /** Debit: the stake; credit: the win (0 for a lost bet); rollback: the debited stake. */
  readonly amountMinor: number;
  readonly call: WalletCall;
  readonly attempts: number;
  readonly lastError: string | null;
  /** Rollbacks: true when the operator had the debit and returned it; false when it never booked it. */
  readonly effective: boolean | null;
  /** UTC day of the bet's debit (YYYY-MM-DD): the reconciliation day of all the bet's calls. */
  readonly day: string;
  readonly at: number;
}

export interface JournalChange {
  readonly state?: JournalState;
  readonly attempts?: number;
  readonly lastError?: string | null;
  readonly effective?: boolean | null;
}

export interface SeamlessRepository {
  upsertOperator(o: OperatorRow, at: number): Promise<void>;
  operator(operatorId: string): Promise<OperatorRow | null>;
  operators(): Promise<OperatorRow[]>;
  upsertPlayer(p: PlayerLinkRow, at: number): Promise<void>;
  players(): Promise<PlayerLinkRow[]>;
  player(playerId: string): Promise<PlayerLinkRow | null>;
  /** Insert once (the transaction uuid is the key); false when it existed. */
  insert(row: JournalRow): Promise<boolean>;
  update(transactionUuid: string, change: JournalChange, at: number): Promise<void>;
  get(transactionUuid: string): Promise<JournalRow | null>;
  byState(state: JournalState): Promise<JournalRow[]>;
  /** Debits acknowledged (or unconfirmed) whose bet has no credit or rollback yet: the bets still owed a closing call. */
  openDebits(): Promise<JournalRow[]>;
  forDay(operatorId: string, day: string): Promise<JournalRow[]>;
  /**
   * Issue 22 §3: records a signed operator request (its signature) until `expiresAt`; false when it was already
   * recorded and has not expired — a replay. Kept in the database, so a restart or another instance still refuses it.
   */
  firstUse(signature: string, operatorId: string, expiresAt: number, now: number): Promise<boolean>;
}

type Row = Record<string, unknown>;
const num = (v: unknown): number => Number(v);

function toJournal(r: Row): JournalRow {
  const body = typeof r['body'] === 'string' ? (JSON.parse(r['body']) as WalletCall['body']) : (r['body'] as WalletCall['body']);
  const kind = r['kind'] as WalletCall['kind'];
  return {
    transactionUuid: r['transaction_uuid'] as string,
    operatorId: r['operator_id'] as string,
    betId: r['bet_id'] as string,
    playerId: r['player_id'] as string,
    kind,
    state: r['state'] as JournalState,
    amountMinor: num(r['amount_minor']),
    call: { kind, body } as WalletCall,
    attempts: num(r['attempts']),
    lastError: (r['last_error'] as string | null) ?? null,
    effective: (r['effective'] as boolean | null) ?? null,
    day: r['day'] as string,
    at: num(r['at']),
  };
}

function toOperator(r: Row): OperatorRow {
  const c = r['currencies'];
  return {
    operatorId: r['operator_id'] as string,
    walletMode: r['wallet_mode'] as WalletMode,
    baseUrl: r['base_url'] as string,
    secret: r['secret'] as string,
    currencies: typeof c === 'string' ? (JSON.parse(c) as string[]) : (c as string[]),
    timeoutMs: num(r['timeout_ms']),
    signature: (r['signature'] as SignatureScheme | undefined) ?? 'hmac',
    publicKey: (r['public_key'] as string | null | undefined) ?? null,
  };
}

const toLink = (r: Row): PlayerLinkRow => ({ playerId: r['player_id'] as string, operatorId: r['operator_id'] as string, externalUser: r['external_user'] as string, token: r['token'] as string, currency: r['currency'] as string });

const JOURNAL_COLS = `"transaction_uuid","operator_id","bet_id","player_id","kind","state","amount_minor","body","attempts","last_error","effective","day","at","updated_at"`;

export class SqlSeamlessRepository implements SeamlessRepository {
  constructor(private readonly ds: DataSource) {}

  async upsertOperator(o: OperatorRow, at: number): Promise<void> {
    await this.ds.query(
      `INSERT INTO "operator" ("operator_id","wallet_mode","base_url","secret","currencies","timeout_ms","updated_at","signature","public_key") VALUES ($1,$2,$3,$4,$5::jsonb,$6,$7,$8,$9)
       ON CONFLICT ("operator_id") DO UPDATE SET "wallet_mode"=EXCLUDED."wallet_mode","base_url"=EXCLUDED."base_url","secret"=EXCLUDED."secret","currencies"=EXCLUDED."currencies","timeout_ms"=EXCLUDED."timeout_ms","updated_at"=EXCLUDED."updated_at","signature"=EXCLUDED."signature","public_key"=EXCLUDED."public_key"`,
      [o.operatorId, o.walletMode, o.baseUrl, o.secret, JSON.stringify(o.currencies), o.timeoutMs, at, o.signature ?? 'hmac', o.publicKey ?? null],
    );
  }

  async operator(operatorId: string): Promise<OperatorRow | null> {
    const rows = (await this.ds.query(`SELECT * FROM "operator" WHERE "operator_id" = $1`, [operatorId])) as Row[];
    return rows[0] ? toOperator(rows[0]) : null;
  }

  async operators(): Promise<OperatorRow[]> {
    return ((await this.ds.query(`SELECT * FROM "operator" ORDER BY "operator_id"`)) as Row[]).map(toOperator);
  }

  async upsertPlayer(p: PlayerLinkRow, at: number): Promise<void> {
    await this.ds.query(
      `INSERT INTO "operator_player" ("player_id","operator_id","external_user","token","currency","updated_at") VALUES ($1,$2,$3,$4,$5,$6)
       ON CONFLICT ("player_id") DO UPDATE SET "operator_id"=EXCLUDED."operator_id","external_user"=EXCLUDED."external_user","token"=EXCLUDED."token","currency"=EXCLUDED."currency","updated_at"=EXCLUDED."updated_at"`,
      [p.playerId, p.operatorId, p.externalUser, p.token, p.currency, at],
    );
  }

  async players(): Promise<PlayerLinkRow[]> {
    return ((await this.ds.query(`SELECT * FROM "operator_player"`)) as Row[]).map(toLink);
  }

  async player(playerId: string): Promise<PlayerLinkRow | null> {
    const rows = (await this.ds.query(`SELECT * FROM "operator_player" WHERE "player_id" = $1`, [playerId])) as Row[];
    return rows[0] ? toLink(rows[0]) : null;
  }

  async insert(j: JournalRow): Promise<boolean> {
    const rows = (await this.ds.query(
      `INSERT INTO "wallet_transaction" (${JOURNAL_COLS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8::jsonb,$9,$10,$11,$12,$13,$13) ON CONFLICT ("transaction_uuid") DO NOTHING RETURNING "transaction_uuid"`,
      [j.transactionUuid, j.operatorId, j.betId, j.playerId, j.kind, j.state, j.amountMinor, JSON.stringify(j.call.body), j.attempts, j.lastError, j.effective, j.day, j.at],
    )) as Row[];
    return rows.length === 1;
  }

  async update(uuid: string, c: JournalChange, at: number): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [uuid, at];
    const set = (col: string, v: unknown): void => {
      params.push(v);
      sets.push(`"${col}" = $${params.length}`);
    };
    if (c.state !== undefined) set('state', c.state);
    if (c.attempts !== undefined) set('attempts', c.attempts);
    if (c.lastError !== undefined) set('last_error', c.lastError);
    if (c.effective !== undefined) set('effective', c.effective);
    await this.ds.query(`UPDATE "wallet_transaction" SET ${[...sets, `"updated_at" = $2`].join(', ')} WHERE "transaction_uuid" = $1`, params);
  }

  async get(uuid: string): Promise<JournalRow | null> {
    const rows = (await this.ds.query(`SELECT * FROM "wallet_transaction" WHERE "transaction_uuid" = $1`, [uuid])) as Row[];
    return rows[0] ? toJournal(rows[0]) : null;
  }

  async byState(state: JournalState): Promise<JournalRow[]> {
    return ((await this.ds.query(`SELECT * FROM "wallet_transaction" WHERE "state" = $1 ORDER BY "at"`, [state])) as Row[]).map(toJournal);
  }

  async openDebits(): Promise<JournalRow[]> {
    const rows = (await this.ds.query(
      `SELECT d.* FROM "wallet_transaction" d WHERE d."kind" = 'debit' AND d."state" IN ('done','unconfirmed','pending')
         AND NOT EXISTS (SELECT 1 FROM "wallet_transaction" c WHERE c."bet_id" = d."bet_id" AND c."kind" IN ('credit','rollback'))
       ORDER BY d."at"`,
    )) as Row[];
    return rows.map(toJournal);
  }

  async forDay(operatorId: string, day: string): Promise<JournalRow[]> {
    return ((await this.ds.query(`SELECT * FROM "wallet_transaction" WHERE "operator_id" = $1 AND "day" = $2 ORDER BY "at"`, [operatorId, day])) as Row[]).map(toJournal);
  }

  async firstUse(signature: string, operatorId: string, expiresAt: number, now: number): Promise<boolean> {
    // forget what has expired (a request that old is refused as stale before it gets here)
    await this.ds.query(`DELETE FROM "operator_request_seen" WHERE "expires_at" < $1`, [now]);
    const rows = (await this.ds.query(
      `INSERT INTO "operator_request_seen" ("signature","operator_id","expires_at") VALUES ($1,$2,$3) ON CONFLICT ("signature") DO NOTHING RETURNING "signature"`,
      [signature, operatorId, expiresAt],
    )) as Row[];
    return rows.length === 1;
  }
}

/** Unit tests (no SQL): the same contract in memory. */
export class MemorySeamlessRepository implements SeamlessRepository {
  private readonly ops = new Map<string, OperatorRow>();
  private readonly links = new Map<string, PlayerLinkRow>();
  private readonly journal = new Map<string, JournalRow>();
  private readonly seen = new Map<string, number>();

  async upsertOperator(o: OperatorRow): Promise<void> {
    this.ops.set(o.operatorId, { ...o, currencies: [...o.currencies] });
  }
  async operator(id: string): Promise<OperatorRow | null> {
    return this.ops.get(id) ?? null;
  }
  async operators(): Promise<OperatorRow[]> {
    return [...this.ops.values()].sort((a, b) => a.operatorId.localeCompare(b.operatorId));
  }
  async upsertPlayer(p: PlayerLinkRow): Promise<void> {
    this.links.set(p.playerId, { ...p });
  }
  async players(): Promise<PlayerLinkRow[]> {
    return [...this.links.values()];
  }
  async player(playerId: string): Promise<PlayerLinkRow | null> {
    return this.links.get(playerId) ?? null;
  }
  async insert(j: JournalRow): Promise<boolean> {
    if (this.journal.has(j.transactionUuid)) return false;
    this.journal.set(j.transactionUuid, structuredClone(j));
    return true;
  }
  async update(uuid: string, c: JournalChange): Promise<void> {
    const j = this.journal.get(uuid);
    if (j === undefined) return;
    const defined = Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as JournalChange;
    this.journal.set(uuid, { ...j, ...defined });
  }
  async get(uuid: string): Promise<JournalRow | null> {
    const j = this.journal.get(uuid);
    return j ? structuredClone(j) : null;
  }
  async byState(state: JournalState): Promise<JournalRow[]> {
    return [...this.journal.values()].filter((j) => j.state === state).sort((a, b) => a.at - b.at).map((j) => structuredClone(j));
  }
  async openDebits(): Promise<JournalRow[]> {
    const closed = new Set([...this.journal.values()].filter((j) => j.kind !== 'debit').map((j) => j.betId));
    return [...this.journal.values()].filter((j) => j.kind === 'debit' && j.state !== 'refused' && j.state !== 'dead' && !closed.has(j.betId)).sort((a, b) => a.at - b.at).map((j) => structuredClone(j));
  }
  async forDay(operatorId: string, day: string): Promise<JournalRow[]> {
    return [...this.journal.values()].filter((j) => j.operatorId === operatorId && j.day === day).sort((a, b) => a.at - b.at).map((j) => structuredClone(j));
  }

  async firstUse(signature: string, _operatorId: string, expiresAt: number, now: number): Promise<boolean> {
    for (const [s, until] of this.seen) if (until < now) this.seen.delete(s);
    if (this.seen.has(signature)) return false;
    this.seen.set(signature, expiresAt);
    return true;
  }
}
