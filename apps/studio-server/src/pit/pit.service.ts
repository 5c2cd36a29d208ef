import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '../shared/clock.js';
import type { Audience } from '@felt-studio/games';
import { UNIT_OF_WORK, type BetRow, type RoundRow, type Tx, type UnitOfWork } from '../shared/ports/persistence.port.js';
import type { AudienceEvent } from '../kernels/redaction.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { TablesService } from '../tables/tables.service.js';
import type { DayBucket, RoundListItem, RoundMoney, RoundSearchQuery, TableDay } from '@felt-studio/protocol';

export type { DayBucket, RoundListItem, RoundMoney, TableDay };

export interface RoundDetail {
  readonly round: RoundListItem;
  readonly bets: readonly BetRow[];
  /** Through the reader's audience view (issue 22 §2): the hole card stays hidden while the round is in play. */
  readonly events: readonly AudienceEvent[];
}

/** `GET /rounds/search` (@felt-studio/protocol's query, issue 19 §5), the limit already applied. */
export type RoundSearch = RoundSearchQuery & { readonly limit: number };

const FINISHED = new Set(['settled', 'void']);
/** Rounds read per table and day at most (a busy table runs ≈ 1 round a minute). */
const MAX_ROUNDS_PER_DAY = 3000;
const PAGE = 200;

/**
 * A voided round (GEN-6): its phase is `void` until the refunds are settled, then `settled` with the
 * void reason kept in its state. The pit boss sees it as voided either way (issue 20 defect 7).
 */
export function isVoidedRound(r: Pick<RoundRow, 'phase' | 'state'>): boolean {
  if (r.phase === 'void') return true;
  const st = r.state;
  return typeof st === 'object' && st !== null && typeof (st as { voidReason?: unknown }).voidReason === 'string';
}

/**
 * A round's money. Cancelled bets never count; refunded bets count only in a voided round (its bets and
 * stakes are what the pit boss looks at; it holds nothing).
 */
export function moneyOf(bets: readonly BetRow[], voided = false): RoundMoney {
  let stakedMinor = 0;
  let holdMinor = 0;
  const players = new Set<string>();
  let n = 0;
  for (const b of bets) {
    if (b.status === 'cancelled' || (b.status === 'refunded' && !voided)) continue;
    n += 1;
    players.add(b.playerId);
    stakedMinor += b.stakeMinor;
    if (b.status === 'settled') holdMinor += b.stakeMinor - (b.returnMinor ?? 0);
  }
  return { bets: n, players: players.size, stakedMinor, holdMinor };
}

/** A round as the pit boss's list shows it: a voided round says `void`, whatever its refunds' state. */
export const item = (r: RoundRow, m: RoundMoney): RoundListItem => ({ roundId: r.roundId, tableId: r.tableId, game: r.game, phase: isVoidedRound(r) ? 'void' : r.phase, seq: r.seq, openedAt: r.openedAt, updatedAt: r.updatedAt, ...m });

/**
 * The day of one table from its rounds and their money: every round counts in `rounds` and its bucket,
 * a voided one in `voided` too; a voided round's stakes were refunded, so they stay out of the staked
 * and hold totals (issue 20 defect 7).
 */
export function tableDay(t: { readonly tableId: string; readonly currency: string }, rows: readonly RoundRow[], monies: readonly RoundMoney[], from: number, to: number, bucketMs: number): TableDay {
  const buckets = new Map<number, { rounds: number; stakedMinor: number; holdMinor: number }>();
  for (let at = from - (from % bucketMs); at < to; at += bucketMs) buckets.set(at, { rounds: 0, stakedMinor: 0, holdMinor: 0 });
  let staked = 0;
  let hold = 0;
  let voided = 0;
  rows.forEach((r, i) => {
    const m = monies[i] as RoundMoney;
    const v = isVoidedRound(r);
    if (v) voided += 1;
    const stakedMinor = v ? 0 : m.stakedMinor;
    const holdMinor = v ? 0 : m.holdMinor;
    staked += stakedMinor;
    hold += holdMinor;
    const key = r.openedAt - (r.openedAt % bucketMs);
    const b = buckets.get(key) ?? { rounds: 0, stakedMinor: 0, holdMinor: 0 };
    b.rounds += 1;
    b.stakedMinor += stakedMinor;
    b.holdMinor += holdMinor;
    buckets.set(key, b);
  });
  return {
    tableId: t.tableId,
    currency: t.currency,
    rounds: rows.length,
    voided,
    stakedMinor: staked,
    holdMinor: hold,
    buckets: [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([at, b]) => ({ at, ...b })),
  };
}

/**
 * Read side of the pit-boss dashboard: the day per table (hold, stakes, rounds; series for charts),
 * round search (id, table, player, time) and round detail (bets + events for the replay). Reads the
 * persistence ports only; a finished round's money is cached (it no longer changes).
 */
@Injectable()
export class PitService {
  private readonly finished = new Map<string, RoundMoney>();

  constructor(
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly tables: TablesService,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly rounds: RoundsService,
  ) {}

  /** Every table's rounds opened in [from, to), bucketed by `bucketMs` (default: since local midnight UTC, hourly). */
  async day(from: number, to: number, bucketMs: number): Promise<TableDay[]> {
    const tables = await this.tables.list();
    const out: TableDay[] = [];
    for (const t of tables) {
      const rows = await this.roundsBetween(t.tableId, from, to);
      const monies = await this.uow.run(async (tx) => {
        const m: RoundMoney[] = [];
        for (const r of rows) m.push(await this.money(tx, r));
        return m;
      });
      out.push(tableDay(t, rows, monies, from, to, bucketMs));
    }
    return out;
  }

  /** Rounds by id, or by player (their bets), or by table — filtered by time, newest first. */
  async search(q: RoundSearch): Promise<RoundListItem[]> {
    const inTime = (r: RoundRow): boolean => (q.from === undefined || r.openedAt >= q.from) && (q.to === undefined || r.openedAt < q.to);
    // Outside the transaction: PGlite has one connection, a second query path inside it would fail.
    const tableIds = q.tableId !== undefined ? [q.tableId] : (await this.tables.list()).map((t) => t.tableId);
    return this.uow.run(async (tx) => {
      let rows: RoundRow[];
      if (q.roundId !== undefined) {
        const r = await tx.rounds.get(q.roundId);
        rows = r ? [r] : [];
      } else if (q.playerId !== undefined) {
        const bets = await tx.bets.listByPlayer(q.playerId, 1000);
        const ids = [...new Set(bets.filter((b) => q.tableId === undefined || b.tableId === q.tableId).map((b) => b.roundId))];
        rows = [];
        for (const id of ids) {
          const r = await tx.rounds.get(id);
          if (r) rows.push(r);
        }
      } else {
        rows = [];
        for (const id of tableIds) rows.push(...(await tx.rounds.listByTable(id, q.limit, q.to)));
      }
      rows = rows.filter((r) => inTime(r) && (q.tableId === undefined || r.tableId === q.tableId)).sort((a, b) => b.openedAt - a.openedAt || b.roundId.localeCompare(a.roundId)).slice(0, q.limit);
      const out: RoundListItem[] = [];
      for (const r of rows) out.push(item(r, await this.money(tx, r)));
      return out;
    });
  }

  /** One round for the replay: money, bets, and its events as `audience` may read them (the one audience view, issue 22 §2). */
  async detail(roundId: string, audience: Audience): Promise<RoundDetail | null> {
    const head = await this.uow.run(async (tx) => {
      const r = await tx.rounds.get(roundId);
      if (!r) return null;
      const bets = await tx.bets.listByRound(roundId);
      return { round: item(r, moneyOf(bets, isVoidedRound(r))), bets };
    });
    if (head === null) return null;
    const events = await this.rounds.eventsFor(roundId, audience);
    return { ...head, events: events ?? [] };
  }

  /** Start of today (UTC) on the server clock. */
  startOfDay(): number {
    const now = this.clock.now();
    return now - (now % 86_400_000);
  }

  now(): number {
    return this.clock.now();
  }

  private async money(tx: Tx, r: RoundRow): Promise<RoundMoney> {
    const cached = this.finished.get(r.roundId);
    if (cached) return cached;
    const bets = await tx.bets.listByRound(r.roundId);
    const m = moneyOf(bets, isVoidedRound(r));
    // Final once the round is settled/void and no bet waits for settlement or refund.
    if (FINISHED.has(r.phase) && bets.every((b) => b.status !== 'accepted')) this.finished.set(r.roundId, m);
    return m;
  }

  private async roundsBetween(tableId: string, from: number, to: number): Promise<RoundRow[]> {
    const out: RoundRow[] = [];
    let before: number | undefined = to;
    while (out.length < MAX_ROUNDS_PER_DAY) {
      const page: RoundRow[] = await this.uow.run((tx) => tx.rounds.listByTable(tableId, PAGE, before));
      for (const r of page) if (r.openedAt >= from) out.push(r);
      const last = page[page.length - 1];
      if (page.length < PAGE || last === undefined || last.openedAt < from) break;
      before = last.openedAt;
    }
    return out;
  }
}
