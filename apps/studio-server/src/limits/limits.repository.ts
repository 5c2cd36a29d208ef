import type { DataSource } from 'typeorm';
import type { RgSettings } from './limits.rules.js';

/** A player's money movements and bet times since `since` (usage is rebuilt from the bets at boot). */
export interface BetTrace {
  readonly betId: string;
  readonly playerId: string;
  readonly placedAt: number;
  readonly stakeMinor: number;
  /** null while open; the return (stake included on a win, the stake on a refund) once settled/refunded. */
  readonly returnMinor: number | null;
  readonly settledAt: number | null;
  readonly cancelled: boolean;
}

export interface LimitsRepository {
  all(): Promise<Map<string, RgSettings>>;
  save(playerId: string, s: RgSettings, at: number): Promise<void>;
  betsSince(since: number, playerIds?: readonly string[]): Promise<BetTrace[]>;
  /** Players with a bet placed, settled or refunded at or after `since` (by any instance). */
  playersActiveSince(since: number): Promise<string[]>;
}

/** PostgreSQL / PGlite (raw SQL on the shared DataSource; table from migration PlayerLimits1764000000000). */
export class SqlLimitsRepository implements LimitsRepository {
  constructor(private readonly ds: DataSource) {}

  async all(): Promise<Map<string, RgSettings>> {
    const rows = (await this.ds.query(`SELECT "player_id", "settings" FROM "player_limits"`)) as { player_id: string; settings: RgSettings | string }[];
    return new Map(rows.map((r) => [r.player_id, typeof r.settings === 'string' ? (JSON.parse(r.settings) as RgSettings) : r.settings]));
  }

  async save(playerId: string, s: RgSettings, at: number): Promise<void> {
    await this.ds.query(
      `INSERT INTO "player_limits" ("player_id", "settings", "updated_at") VALUES ($1, $2::jsonb, $3)
       ON CONFLICT ("player_id") DO UPDATE SET "settings" = EXCLUDED."settings", "updated_at" = EXCLUDED."updated_at"`,
      [playerId, JSON.stringify(s), at],
    );
  }

  async playersActiveSince(since: number): Promise<string[]> {
    // A settled bet's time is in its bet_outcome row (issue 13), a cancelled one's in the bet row.
    const rows = (await this.ds.query(`SELECT "player_id" FROM "bet" WHERE "placed_at" >= $1 OR "settled_at" >= $1 UNION SELECT "player_id" FROM "bet_outcome" WHERE "settled_at" >= $1`, [since])) as { player_id: string }[];
    return rows.map((r) => r.player_id);
  }

  async betsSince(since: number, playerIds?: readonly string[]): Promise<BetTrace[]> {
    const only = playerIds === undefined ? '' : ` AND b."player_id" = ANY($2)`;
    const rows = (await this.ds.query(
      `SELECT b."bet_id", b."player_id", b."placed_at", b."stake_minor", CASE WHEN o."bet_id" IS NULL THEN b."return_minor" ELSE o."return_minor" END AS "return_minor",
         COALESCE(o."settled_at", b."settled_at") AS "settled_at", COALESCE(o."status", b."status") AS "status"
       FROM "bet" b LEFT JOIN "bet_outcome" o ON o."bet_id" = b."bet_id" WHERE b."placed_at" >= $1${only} ORDER BY b."placed_at"`, playerIds === undefined ? [since] : [since, [...playerIds]])) as {
      bet_id: string;
      player_id: string;
      placed_at: string | number;
      stake_minor: string | number;
      return_minor: string | number | null;
      settled_at: string | number | null;
      status: string;
    }[];
    const n = (v: string | number | null): number | null => (v === null ? null : Number(v));
    return rows.map((r) => ({ betId: r.bet_id, playerId: r.player_id, placedAt: Number(r.placed_at), stakeMinor: Number(r.stake_minor), returnMinor: n(r.return_minor), settledAt: n(r.settled_at), cancelled: r.status === 'cancelled' }));
  }
}

/** Unit-test mode (no SQL): settings kept in memory, no bets to rebuild from. */
export class MemoryLimitsRepository implements LimitsRepository {
  private readonly rows = new Map<string, RgSettings>();
  async all(): Promise<Map<string, RgSettings>> {
    return new Map(this.rows);
  }
  async save(playerId: string, s: RgSettings): Promise<void> {
    this.rows.set(playerId, s);
  }
  async betsSince(): Promise<BetTrace[]> {
    return [];
  }
  async playersActiveSince(): Promise<string[]> {
    return [];
  }
}
