/**
 * TypeORM implementation of the persistence ports (PGlite embedded default and PostgreSQL).
 * Hand-written SQL through the transaction's EntityManager, because the guarantees live in the
 * statements: `ON CONFLICT DO NOTHING` for idempotency keys (posting id, bet id, round id + seq) and
 * `SELECT … FOR UPDATE` on `account_balance` rows so concurrent debits of one player serialise and
 * can never overdraw (READ COMMITTED + row locks; locks taken in a fixed order → no deadlock).
 * No statement is allowed to fail inside a transaction for an expected case (a failed statement
 * aborts a PostgreSQL transaction): duplicates and conflicts are detected with ON CONFLICT instead.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ConcurrencyConflict,
  type BetRepository,
  type BetRow,
  type BetTransition,
  type BetSettleLine,
  type NewPosting,
  type BetStatus,
  type LedgerEntryRow,
  type LedgerRepository,
  type NewRoundEvent,
  type RoundEventRepository,
  type RoundRepository,
  type RoundRow,
  type StoredRoundEvent,
  type Tx,
  type UnitOfWork,
} from '../shared/ports/persistence.port.js';
import type { Clock } from '../shared/clock.js';
import { systemClock } from '../shared/clock.js';
import { toNum, toNumOrNull } from '../shared/bigint.transformer.js';
import { accountDeltas, checkFunds, DuplicateKey, FINISHED_PHASES, validatePostingEntries, type LedgerReader, type LedgerSnapshot } from './persistence.common.js';

type Row = Record<string, unknown>;

/** PostgreSQL error codes worth retrying the whole transaction for. */
const RETRYABLE = new Set(['40001' /* serialization_failure */, '40P01' /* deadlock_detected */]);
const MAX_ATTEMPTS = 3;
/** Rows per multi-row statement of the batched writes (arrays bound as one parameter each). */
const BATCH = 20_000;

function pgCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; driverError?: { code?: unknown } };
  const code = e.code ?? e.driverError?.code;
  return typeof code === 'string' ? code : undefined;
}

const str = (v: unknown): string => v as string;

function toEvent(r: Row): StoredRoundEvent {
  return {
    roundId: str(r['round_id']),
    tableId: str(r['table_id']),
    seq: toNum(r['seq']),
    type: str(r['type']),
    at: toNum(r['at']),
    payload: r['payload'],
    recordedAt: toNum(r['recorded_at']),
    causationId: (r['causation_id'] as string | null) ?? null,
  };
}

function toRound(r: Row): RoundRow {
  return {
    roundId: str(r['round_id']),
    tableId: str(r['table_id']),
    game: str(r['game']),
    seq: toNum(r['seq']),
    phase: str(r['phase']),
    state: r['state'],
    openedAt: toNum(r['opened_at']),
    updatedAt: toNum(r['updated_at']),
  };
}

function toBet(r: Row): BetRow {
  return {
    betId: str(r['bet_id']),
    roundId: str(r['round_id']),
    tableId: str(r['table_id']),
    playerId: str(r['player_id']),
    spot: str(r['spot']),
    kind: str(r['kind']),
    stakeMinor: toNum(r['stake_minor']),
    currency: str(r['currency']),
    status: str(r['status']) as BetStatus,
    returnMinor: toNumOrNull(r['return_minor']),
    placedAt: toNum(r['placed_at']),
    settledAt: toNumOrNull(r['settled_at']),
  };
}

function toEntry(r: Row): LedgerEntryRow {
  return { postingId: str(r['posting_id']), account: str(r['account']), currency: str(r['currency']), amountMinor: toNum(r['amount_minor']), at: toNum(r['at']), memo: str(r['memo']) };
}

/** (account, currency) → T without building a joined string key per ledger entry (issue 13: hot at 250 000 entries). */
class AccountMap<T> {
  private readonly byAccount = new Map<string, Map<string, T>>();
  get(account: string, currency: string): T | undefined {
    return this.byAccount.get(account)?.get(currency);
  }
  set(account: string, currency: string, v: T): void {
    let m = this.byAccount.get(account);
    if (m === undefined) this.byAccount.set(account, (m = new Map()));
    m.set(currency, v);
  }
  getOr(account: string, currency: string, make: () => T): T {
    let m = this.byAccount.get(account);
    if (m === undefined) this.byAccount.set(account, (m = new Map()));
    let v = m.get(currency);
    if (v === undefined) m.set(currency, (v = make()));
    return v;
  }
  values(): T[] {
    const out: T[] = [];
    for (const m of this.byAccount.values()) for (const v of m.values()) out.push(v);
    return out;
  }
}

/** From this many rows on, a batched write on PostgreSQL is a COPY (issue 13); below, one unnest statement. */
const COPY_FROM_ROWS = 200;

/** A value in COPY's text format (tab-separated; backslash, tab, newline and carriage return escaped; null as \N). */
const copyText = (v: string | number | null): string => (v === null ? '\\N' : typeof v === 'number' ? String(v) : v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')));

/**
 * `COPY table (columns) FROM STDIN` on the transaction's own connection (PostgreSQL only: PGlite answers
 * null and the caller uses its unnest statement). Returns the rows copied.
 */
async function copyInto(em: EntityManager, table: string, columns: readonly string[], rows: readonly (readonly (string | number | null)[])[]): Promise<number | null> {
  const conn = (em.queryRunner as { databaseConnection?: unknown } | undefined)?.databaseConnection;
  if (!(conn instanceof pg.Client)) return null;
  const stream = conn.query(copyFrom(`COPY "${table}" (${columns.map((c) => `"${c}"`).join(',')}) FROM STDIN`));
  function* chunks(): Generator<string> {
    let buf = '';
    for (const r of rows) {
      buf += r.map(copyText).join('\t') + '\n';
      if (buf.length > 256 * 1024) {
        yield buf;
        buf = '';
      }
    }
    if (buf !== '') yield buf;
  }
  await pipeline(Readable.from(chunks()), stream);
  return stream.rowCount;
}

const FINISHED_SQL = FINISHED_PHASES.map((p) => `'${p}'`).join(',');
const BET_COLS = `"bet_id","round_id","table_id","player_id","spot","kind","stake_minor","currency","status","return_minor","placed_at","settled_at"`;
/**
 * A bet as stored: its row in `bet`, its status, return and settle time from its `bet_outcome` row when
 * it has one (issue 13: settlement appends outcomes instead of updating bet rows). Alias `b` for `bet`.
 */
const BET_SELECT = `SELECT b."bet_id", b."round_id", b."table_id", b."player_id", b."spot", b."kind", b."stake_minor", b."currency",
  COALESCE(o."status", b."status") AS "status", CASE WHEN o."bet_id" IS NULL THEN b."return_minor" ELSE o."return_minor" END AS "return_minor",
  b."placed_at", COALESCE(o."settled_at", b."settled_at") AS "settled_at"
  FROM "bet" b LEFT JOIN "bet_outcome" o ON o."bet_id" = b."bet_id"`;
const OUTCOME_COLS = ['bet_id', 'round_id', 'player_id', 'stake_minor', 'status', 'return_minor', 'settled_at'] as const;
const isOutcome = (to: BetStatus): to is 'settled' | 'refunded' => to === 'settled' || to === 'refunded';

export class TypeOrmUnitOfWork implements UnitOfWork, LedgerReader {
  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock = systemClock,
  ) {}

  async run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.ds.transaction((em) => fn(this.makeTx(em)));
      } catch (err) {
        const code = pgCode(err);
        if (code !== undefined && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue;
        throw err;
      }
    }
  }

  async snapshot(): Promise<LedgerSnapshot> {
    return this.ds.transaction('REPEATABLE READ', async (em) => {
      const entries = ((await em.query(`SELECT "posting_id","account","currency","amount_minor","at","memo" FROM "ledger_entry" ORDER BY "id"`)) as Row[]).map(toEntry);
      const bets = ((await em.query(BET_SELECT)) as Row[]).map(toBet);
      const finished = ((await em.query(`SELECT "round_id" FROM "round" WHERE "phase" IN (${FINISHED_SQL})`)) as Row[]).map((r) => str(r['round_id']));
      return { entries, bets, finishedRoundIds: new Set(finished) };
    });
  }

  private makeTx(em: EntityManager): Tx {
    // TypeORM returns `[rows, rowCount]` for UPDATE/DELETE and `rows` otherwise: normalise to rows.
    const q = async (sql: string, params: unknown[] = []): Promise<Row[]> => {
      const raw = (await em.query(sql, params)) as unknown[];
      return (/^\s*(UPDATE|DELETE)\b/i.test(sql) ? (raw[0] as Row[]) : raw) as Row[];
    };
    const clock = this.clock;

    const events: RoundEventRepository = {
      async append(roundId: string, tableId: string, expectedSeq: number, newEvents: readonly NewRoundEvent[], causationId: string | null) {
        const recordedAt = clock.now();
        const out: StoredRoundEvent[] = newEvents.map((e, i) => ({ roundId, tableId, seq: expectedSeq + i + 1, type: e.type, at: e.at, payload: structuredClone(e.payload), recordedAt, causationId }));
        // One statement for the commit's events and its concurrency check (issue 13: a bet group is one
        // insert, not one per bet; the check is no longer a round trip of its own — one fewer per commit,
        // device results included). Nothing is inserted unless the log ends at `expectedSeq` as this
        // statement sees it; a concurrent writer that appended one of these seqs first (not yet committed
        // when the check ran) makes that row a no-op (it waits for that writer's commit, then DO NOTHING):
        // fewer rows back is a conflict, detected without aborting the tx.
        const guard = `WHERE (SELECT COALESCE(MAX("seq"), 0) FROM "round_event" WHERE "round_id" = $1) = $9::int`;
        const rows =
          out.length === 0
            ? await q(`SELECT 1 AS "seq" WHERE (SELECT COALESCE(MAX("seq"), 0) FROM "round_event" WHERE "round_id" = $1) <> $2::int`, [roundId, expectedSeq])
            : out.length === 1
              ? await q(
                  `INSERT INTO "round_event" ("round_id","seq","table_id","type","payload","at","recorded_at","causation_id")
                   SELECT $1::text, $2::int, $3::text, $4::text, $5::jsonb, $6::bigint, $7::bigint, $8::text ${guard}
                   ON CONFLICT ("round_id","seq") DO NOTHING RETURNING "seq"`,
                  [roundId, out[0]!.seq, tableId, out[0]!.type, JSON.stringify(newEvents[0]!.payload ?? null), out[0]!.at, recordedAt, causationId, expectedSeq],
                )
              : await q(
                  `INSERT INTO "round_event" ("round_id","seq","table_id","type","payload","at","recorded_at","causation_id")
                   SELECT $1, s, $2, t, p::jsonb, a, $3, $4 FROM unnest($5::int[], $6::text[], $7::text[], $8::bigint[]) AS u(s, t, p, a) ${guard}
                   ON CONFLICT ("round_id","seq") DO NOTHING RETURNING "seq"`,
                  [roundId, tableId, recordedAt, causationId, out.map((e) => e.seq), out.map((e) => e.type), newEvents.map((e) => JSON.stringify(e.payload ?? null)), out.map((e) => e.at), expectedSeq],
                );
        // An empty append still checks the log (a row back means it moved on).
        if (out.length === 0) {
          if (rows.length > 0) throw new ConcurrencyConflict(roundId, expectedSeq);
          return out;
        }
        if (rows.length !== out.length) throw new ConcurrencyConflict(roundId, expectedSeq);
        return out;
      },
      async load(roundId: string, afterSeq = 0) {
        return (await q(`SELECT * FROM "round_event" WHERE "round_id" = $1 AND "seq" > $2 ORDER BY "seq"`, [roundId, afterSeq])).map(toEvent);
      },
      async latestOfType(tableId: string, type: string, limit: number) {
        // round_event_table_idx (table_id, recorded_at) walks the table's events newest first
        const rows = await q(`SELECT * FROM "round_event" WHERE "table_id" = $1 AND "type" = $2 ORDER BY "recorded_at" DESC, "round_id" DESC, "seq" DESC LIMIT $3`, [tableId, type, limit]);
        return rows.map(toEvent).reverse();
      },
    };

    const rounds: RoundRepository = {
      async upsert(row: RoundRow) {
        await q(
          `INSERT INTO "round" ("round_id","table_id","game","seq","phase","state","opened_at","updated_at") VALUES ($1,$2,$3,$4,$5,$6::jsonb,$7,$8)
           ON CONFLICT ("round_id") DO UPDATE SET "table_id"=EXCLUDED."table_id","game"=EXCLUDED."game","seq"=EXCLUDED."seq","phase"=EXCLUDED."phase",
             "state"=EXCLUDED."state","opened_at"=EXCLUDED."opened_at","updated_at"=EXCLUDED."updated_at"`,
          [row.roundId, row.tableId, row.game, row.seq, row.phase, JSON.stringify(row.state ?? null), row.openedAt, row.updatedAt],
        );
      },
      async get(roundId: string) {
        const [r] = await q(`SELECT * FROM "round" WHERE "round_id" = $1`, [roundId]);
        return r === undefined ? null : toRound(r);
      },
      async listUnfinished() {
        return (await q(`SELECT * FROM "round" WHERE "phase" NOT IN (${FINISHED_SQL}) ORDER BY "opened_at", "round_id"`)).map(toRound);
      },
      async listByTable(tableId: string, limit: number, beforeOpenedAt?: number) {
        const rows =
          beforeOpenedAt === undefined
            ? await q(`SELECT * FROM "round" WHERE "table_id" = $1 ORDER BY "opened_at" DESC, "round_id" DESC LIMIT $2`, [tableId, limit])
            : await q(`SELECT * FROM "round" WHERE "table_id" = $1 AND "opened_at" < $2 ORDER BY "opened_at" DESC, "round_id" DESC LIMIT $3`, [tableId, beforeOpenedAt, limit]);
        return rows.map(toRound);
      },
    };

    const bets: BetRepository = {
      async insert(b: BetRow) {
        const rows = await q(
          `INSERT INTO "bet" (${BET_COLS}) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12) ON CONFLICT ("bet_id") DO NOTHING RETURNING "bet_id"`,
          [b.betId, b.roundId, b.tableId, b.playerId, b.spot, b.kind, b.stakeMinor, b.currency, b.status, b.returnMinor, b.placedAt, b.settledAt],
        );
        if (rows.length === 0) throw new DuplicateKey('bet', b.betId);
      },
      async insertMany(rows: readonly BetRow[]) {
        if (rows.length === 1) return bets.insert(rows[0]!);
        for (let i = 0; i < rows.length; i += BATCH) {
          const c = rows.slice(i, i + BATCH);
          const got = await q(
            `INSERT INTO "bet" (${BET_COLS})
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::text[], $10::bigint[], $11::bigint[], $12::bigint[])
             ON CONFLICT ("bet_id") DO NOTHING RETURNING "bet_id"`,
            [c.map((b) => b.betId), c.map((b) => b.roundId), c.map((b) => b.tableId), c.map((b) => b.playerId), c.map((b) => b.spot), c.map((b) => b.kind), c.map((b) => b.stakeMinor), c.map((b) => b.currency), c.map((b) => b.status), c.map((b) => b.returnMinor), c.map((b) => b.placedAt), c.map((b) => b.settledAt)],
          );
          if (got.length !== c.length) {
            const fresh = new Set(got.map((r) => str(r['bet_id'])));
            throw new DuplicateKey('bet', c.find((b) => !fresh.has(b.betId))?.betId ?? c[0]!.betId);
          }
        }
      },
      async get(betId: string) {
        const [r] = await q(`${BET_SELECT} WHERE b."bet_id" = $1`, [betId]);
        return r === undefined ? null : toBet(r);
      },
      async listByRound(roundId: string) {
        return (await q(`${BET_SELECT} WHERE b."round_id" = $1 ORDER BY b."placed_at", b."bet_id"`, [roundId])).map(toBet);
      },
      async listByPlayer(playerId: string, limit: number) {
        return (await q(`${BET_SELECT} WHERE b."player_id" = $1 ORDER BY b."placed_at" DESC, b."bet_id" DESC LIMIT $2`, [playerId, limit])).map(toBet);
      },
      async transition(betId: string, from: BetStatus, to: BetStatus, returnMinor: number | null, at: number) {
        return (await bets.transitionMany(from, [{ betId, to, returnMinor }], at)) > 0;
      },
      async transitionMany(from: BetStatus, changes: readonly BetTransition[], at: number) {
        let n = 0;
        // accepted → settled | refunded: an outcome row appended (at most one per bet: its primary key).
        const outcomes = from === 'accepted' ? changes.filter((c) => isOutcome(c.to)) : [];
        for (let i = 0; i < outcomes.length; i += BATCH) {
          const c = outcomes.slice(i, i + BATCH);
          const rows = await q(
            `INSERT INTO "bet_outcome" ("bet_id","round_id","player_id","stake_minor","status","return_minor","settled_at")
             SELECT b."bet_id", b."round_id", b."player_id", b."stake_minor", u."to", u."ret", $4
             FROM unnest($1::text[], $2::text[], $3::bigint[]) AS u("id", "to", "ret") JOIN "bet" b ON b."bet_id" = u."id" AND b."status" = 'accepted'
             ON CONFLICT ("bet_id") DO NOTHING RETURNING "bet_id"`,
            [c.map((x) => x.betId), c.map((x) => x.to), c.map((x) => x.returnMinor), at],
          );
          n += rows.length;
        }
        // Anything else (accepted → cancelled): the bet row, never once it has an outcome.
        const updates = from === 'accepted' ? changes.filter((c) => !isOutcome(c.to)) : changes;
        for (let i = 0; i < updates.length; i += BATCH) {
          const c = updates.slice(i, i + BATCH);
          const rows = await q(
            `UPDATE "bet" AS b SET "status" = u."to", "return_minor" = u."ret", "settled_at" = $5
             FROM unnest($1::text[], $2::text[], $3::bigint[]) AS u("id", "to", "ret") WHERE b."bet_id" = u."id" AND b."status" = $4
             AND NOT EXISTS (SELECT 1 FROM "bet_outcome" o WHERE o."bet_id" = b."bet_id") RETURNING b."bet_id"`,
            [c.map((x) => x.betId), c.map((x) => x.to), c.map((x) => x.returnMinor), from, at],
          );
          n += rows.length;
        }
        return n;
      },
      async settleRound(roundId: string, lines: readonly BetSettleLine[], at: number) {
        // PostgreSQL, a round's first settlement: COPY every line into bet_outcome, then ONE aggregate check
        // that each outcome is an accepted bet of this round with the line's player and stake, all in one
        // currency. Anything else (a retry: outcomes already there; a duplicate line; a mismatch) rolls
        // back to the savepoint and takes the matching INSERT below, which moves only the bets that match.
        if (lines.length >= COPY_FROM_ROWS && (await q(`SELECT 1 FROM "bet_outcome" WHERE "round_id" = $1 LIMIT 1`, [roundId])).length === 0) {
          await q(`SAVEPOINT "felt_settle_copy"`);
          let currency: string | null = null;
          try {
            const copied = await copyInto(em, 'bet_outcome', OUTCOME_COLS, lines.map((l) => [l.betId, roundId, l.playerId, l.stakeMinor, l.to, l.returnMinor, at]));
            if (copied !== null) {
              const [chk] = await q(
                `SELECT count(*) AS "n",
                   count(*) FILTER (WHERE b."bet_id" IS NULL OR b."round_id" <> $1 OR b."status" <> 'accepted' OR b."player_id" <> o."player_id" OR b."stake_minor" <> o."stake_minor") AS "bad",
                   min(b."currency") AS "c0", max(b."currency") AS "c1"
                 FROM "bet_outcome" o LEFT JOIN "bet" b ON b."bet_id" = o."bet_id" WHERE o."round_id" = $1`,
                [roundId],
              );
              if (chk !== undefined && toNum(chk['n']) === lines.length && toNum(chk['bad']) === 0 && chk['c0'] !== null && chk['c0'] === chk['c1']) currency = str(chk['c0']);
            }
          } catch {
            currency = null; // e.g. a duplicate line (primary key): the checked INSERT below explains nothing away, it just moves what matches
          }
          if (currency !== null) {
            await q(`RELEASE SAVEPOINT "felt_settle_copy"`);
            const c = currency;
            return lines.map((l) => ({ betId: l.betId, currency: c }));
          }
          await q(`ROLLBACK TO SAVEPOINT "felt_settle_copy"`);
        }
        const out: { betId: string; currency: string }[] = [];
        for (let i = 0; i < lines.length; i += BATCH) {
          const c = lines.slice(i, i + BATCH);
          const rows = await q(
            `WITH "ins" AS (
               INSERT INTO "bet_outcome" ("bet_id","round_id","player_id","stake_minor","status","return_minor","settled_at")
               SELECT b."bet_id", b."round_id", b."player_id", b."stake_minor", u."to", u."ret", $7
               FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::bigint[]) AS u("id", "to", "ret", "player", "stake")
               JOIN "bet" b ON b."bet_id" = u."id" AND b."round_id" = $6 AND b."status" = 'accepted' AND b."player_id" = u."player" AND b."stake_minor" = u."stake"
               ON CONFLICT ("bet_id") DO NOTHING RETURNING "bet_id")
             SELECT "ins"."bet_id", b."currency" FROM "ins" JOIN "bet" b ON b."bet_id" = "ins"."bet_id"`,
            [c.map((x) => x.betId), c.map((x) => x.to), c.map((x) => x.returnMinor), c.map((x) => x.playerId), c.map((x) => x.stakeMinor), roundId, at],
          );
          for (const r of rows) out.push({ betId: str(r['bet_id']), currency: str(r['currency']) });
        }
        return out;
      },
      async countAccepted(roundId: string) {
        const [r] = await q(`SELECT count(*) AS "n" FROM "bet" b WHERE b."round_id" = $1 AND b."status" = 'accepted' AND NOT EXISTS (SELECT 1 FROM "bet_outcome" o WHERE o."bet_id" = b."bet_id")`, [roundId]);
        return toNum(r?.['n'] ?? 0);
      },
    };

    const ledger: LedgerRepository = {
      async post(postingId: string, entries: readonly Omit<LedgerEntryRow, 'postingId'>[]) {
        validatePostingEntries(postingId, entries);
        if ((await q(`SELECT 1 FROM "ledger_posting" WHERE "posting_id" = $1`, [postingId])).length > 0) return false;

        const deltas = accountDeltas(entries);
        // Lock every touched balance row in a fixed order (no deadlocks), check, then write.
        const ordered = [...deltas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, d]) => d);
        for (const d of ordered) {
          await q(`INSERT INTO "account_balance" ("account","currency","balance_minor") VALUES ($1,$2,0) ON CONFLICT DO NOTHING`, [d.account, d.currency]);
          const [row] = await q(`SELECT "balance_minor" FROM "account_balance" WHERE "account" = $1 AND "currency" = $2 FOR UPDATE`, [d.account, d.currency]);
          checkFunds(d, toNum(row?.['balance_minor'] ?? 0));
        }
        const at = entries[0]!.at;
        const inserted = await q(`INSERT INTO "ledger_posting" ("posting_id","at") VALUES ($1,$2) ON CONFLICT DO NOTHING RETURNING "posting_id"`, [postingId, at]);
        if (inserted.length === 0) return false; // a concurrent writer posted the same id first
        for (const d of ordered) {
          await q(`UPDATE "account_balance" SET "balance_minor" = "balance_minor" + $3 WHERE "account" = $1 AND "currency" = $2`, [d.account, d.currency, d.delta]);
        }
        for (const e of entries) {
          await q(`INSERT INTO "ledger_entry" ("posting_id","account","currency","amount_minor","at","memo") VALUES ($1,$2,$3,$4,$5,$6)`, [postingId, e.account, e.currency, e.amountMinor, e.at, e.memo]);
        }
        return true;
      },
      /**
       * Batched postings (settlement, issue 13): a handful of statements per BATCH postings instead of
       * ~8 per posting. Every touched balance row is locked first (fixed order), then the ids already
       * posted are skipped (a concurrent writer of the same id holds the same rows, so it is either done
       * or waiting), the net change is checked, and postings, entries and balances are written with
       * multi-row statements over unnest'ed arrays.
       */
      async postMany(postings: readonly NewPosting[]) {
        for (const p of postings) validatePostingEntries(p.postingId, p.entries);
        let n = 0;
        for (let i = 0; i < postings.length; i += BATCH) {
          const chunk = postings.slice(i, i + BATCH);
          const keys = new AccountMap<{ account: string; currency: string }>();
          for (const p of chunk) for (const e of p.entries) keys.getOr(e.account, e.currency, () => ({ account: e.account, currency: e.currency }));
          const accounts = keys.values().sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
          const acc = [accounts.map((k) => k.account), accounts.map((k) => k.currency)];
          await q(`INSERT INTO "account_balance" ("account","currency","balance_minor") SELECT a, c, 0 FROM unnest($1::text[], $2::text[]) AS u(a, c) ON CONFLICT DO NOTHING`, acc);
          const locked = await q(
            `SELECT "account","currency","balance_minor" FROM "account_balance" WHERE ("account","currency") IN (SELECT a, c FROM unnest($1::text[], $2::text[]) AS u(a, c))
             ORDER BY "account" COLLATE "C", "currency" COLLATE "C" FOR UPDATE`,
            acc,
          );
          const balances = new AccountMap<number>();
          for (const r of locked) balances.set(str(r['account']), str(r['currency']), toNum(r['balance_minor']));
          const seen = new Set((await q(`SELECT "posting_id" FROM "ledger_posting" WHERE "posting_id" = ANY($1::text[])`, [chunk.map((p) => p.postingId)])).map((r) => str(r['posting_id'])));
          const fresh: NewPosting[] = [];
          for (const p of chunk) {
            if (seen.has(p.postingId)) continue;
            seen.add(p.postingId); // the same id twice in one call: once
            fresh.push(p);
          }
          if (fresh.length === 0) continue;
          const deltas = new AccountMap<{ account: string; currency: string; delta: number }>();
          for (const p of fresh) for (const e of p.entries) deltas.getOr(e.account, e.currency, () => ({ account: e.account, currency: e.currency, delta: 0 })).delta += e.amountMinor;
          for (const d of deltas.values()) checkFunds(d, balances.get(d.account, d.currency) ?? 0);
          // A settlement's postings and entries go by COPY on PostgreSQL (issue 13). COPY has no ON CONFLICT:
          // the ids were checked above under the balance locks, and a duplicate would abort the transaction.
          const copied = fresh.length >= COPY_FROM_ROWS ? await copyInto(em, 'ledger_posting', ['posting_id', 'at'], fresh.map((p) => [p.postingId, p.entries[0]!.at])) : null;
          const inserted = copied ?? (await q(`INSERT INTO "ledger_posting" ("posting_id","at") SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT DO NOTHING RETURNING "posting_id"`, [fresh.map((p) => p.postingId), fresh.map((p) => p.entries[0]!.at)])).length;
          if (inserted !== fresh.length) throw new Error(`postMany: ${fresh.length - inserted} postings appeared concurrently despite the balance locks`);
          const es = fresh.flatMap((p) => p.entries.map((e) => ({ ...e, postingId: p.postingId })));
          const entryCols = ['posting_id', 'account', 'currency', 'amount_minor', 'at', 'memo'];
          if (copied === null || (await copyInto(em, 'ledger_entry', entryCols, es.map((e) => [e.postingId, e.account, e.currency, e.amountMinor, e.at, e.memo]))) === null) {
            await q(
              `INSERT INTO "ledger_entry" ("posting_id","account","currency","amount_minor","at","memo") SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::text[])`,
              [es.map((e) => e.postingId), es.map((e) => e.account), es.map((e) => e.currency), es.map((e) => e.amountMinor), es.map((e) => e.at), es.map((e) => e.memo)],
            );
          }
          const ds = deltas.values().filter((d) => d.delta !== 0);
          await q(
            `UPDATE "account_balance" AS b SET "balance_minor" = b."balance_minor" + u.d FROM unnest($1::text[], $2::text[], $3::bigint[]) AS u(a, c, d) WHERE b."account" = u.a AND b."currency" = u.c`,
            [ds.map((d) => d.account), ds.map((d) => d.currency), ds.map((d) => d.delta)],
          );
          n += fresh.length;
        }
        return n;
      },
      async balance(account: string, currency: string) {
        const [r] = await q(`SELECT "balance_minor" FROM "account_balance" WHERE "account" = $1 AND "currency" = $2`, [account, currency]);
        return r === undefined ? 0 : toNum(r['balance_minor']);
      },
      async totals() {
        const out: Record<string, number> = {};
        for (const r of await q(`SELECT "currency", SUM("amount_minor") AS "total" FROM "ledger_entry" GROUP BY "currency"`)) out[str(r['currency'])] = toNum(r['total']);
        return out;
      },
      async entries(postingId: string) {
        return (await q(`SELECT "posting_id","account","currency","amount_minor","at","memo" FROM "ledger_entry" WHERE "posting_id" = $1 ORDER BY "id"`, [postingId])).map(toEntry);
      },
    };

    return { events, rounds, bets, ledger };
  }
}
