import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PlayerFlag } from '@felt-studio/protocol';
import type { DataSource } from 'typeorm';
import { AlertsService } from '../alerts/alerts.service.js';
import { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.types.js';
import { USERS_REPOSITORY, type UsersRepository } from '../auth/users.repository.js';
import { toNum, toNumOrNull } from '../shared/bigint.transformer.js';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { codedError } from '../shared/error-codes.js';

/** A flag as stored (the read adds the player's display name). */
export type PlayerFlagRecord = Omit<PlayerFlag, 'name'>;
export type FlagLifting = NonNullable<PlayerFlag['lifted']>;

export interface PlayerFlagsRepository {
  /** Stores a new standing flag; false when the player already has one (the partial unique index). */
  insert(f: PlayerFlagRecord): Promise<boolean>;
  /** The player's standing flag (not lifted), if any. */
  standing(playerId: string): Promise<PlayerFlagRecord | null>;
  /** Lifts a standing flag; false when it was lifted already. */
  lift(flagId: string, lifted: FlagLifting): Promise<boolean>;
  /** Standing flags, or every flag with `all`, newest first. */
  list(all: boolean, limit: number): Promise<PlayerFlagRecord[]>;
}

export const PLAYER_FLAGS_REPOSITORY = Symbol('PLAYER_FLAGS_REPOSITORY');

export class InMemoryPlayerFlagsRepository implements PlayerFlagsRepository {
  private readonly rows: PlayerFlagRecord[] = [];
  async insert(f: PlayerFlagRecord): Promise<boolean> {
    if (this.rows.some((r) => r.playerId === f.playerId && r.lifted === null)) return false;
    this.rows.push(f);
    return true;
  }
  async standing(playerId: string): Promise<PlayerFlagRecord | null> {
    return this.rows.find((r) => r.playerId === playerId && r.lifted === null) ?? null;
  }
  async lift(flagId: string, lifted: FlagLifting): Promise<boolean> {
    const i = this.rows.findIndex((r) => r.flagId === flagId && r.lifted === null);
    if (i < 0) return false;
    this.rows[i] = { ...this.rows[i]!, lifted };
    return true;
  }
  async list(all: boolean, limit: number): Promise<PlayerFlagRecord[]> {
    return this.rows.filter((r) => all || r.lifted === null).sort((a, b) => b.at - a.at || b.flagId.localeCompare(a.flagId)).slice(0, limit);
  }
}

const COLUMNS = `"flag_id","player_id","reason","flagged_by","flagged_by_name","at","lifted_at","lifted_by","lifted_by_name","lift_reason"`;
const rowOf = (r: Record<string, unknown>): PlayerFlagRecord => {
  const liftedAt = toNumOrNull(r['lifted_at']);
  return {
    flagId: r['flag_id'] as string,
    playerId: r['player_id'] as string,
    reason: r['reason'] as string,
    by: r['flagged_by'] as string,
    byName: r['flagged_by_name'] as string,
    at: toNum(r['at']),
    lifted: liftedAt === null ? null : { at: liftedAt, by: r['lifted_by'] as string, byName: r['lifted_by_name'] as string, reason: r['lift_reason'] as string },
  };
};

/** PostgreSQL / PGlite (the table of migration PlayerFlags1764900000000, entity PlayerFlagEntity). */
export class TypeOrmPlayerFlagsRepository implements PlayerFlagsRepository {
  constructor(private readonly ds: DataSource) {}
  async insert(f: PlayerFlagRecord): Promise<boolean> {
    const rows = (await this.ds.query(`INSERT INTO "player_flag" (${COLUMNS}) VALUES ($1,$2,$3,$4,$5,$6,NULL,NULL,NULL,NULL) ON CONFLICT DO NOTHING RETURNING "flag_id"`, [f.flagId, f.playerId, f.reason, f.by, f.byName, f.at])) as unknown[];
    return rows.length === 1;
  }
  async standing(playerId: string): Promise<PlayerFlagRecord | null> {
    const rows = (await this.ds.query(`SELECT ${COLUMNS} FROM "player_flag" WHERE "player_id" = $1 AND "lifted_at" IS NULL`, [playerId])) as Record<string, unknown>[];
    return rows[0] === undefined ? null : rowOf(rows[0]);
  }
  async lift(flagId: string, l: FlagLifting): Promise<boolean> {
    const rows = (await this.ds.query(`UPDATE "player_flag" SET "lifted_at" = $2, "lifted_by" = $3, "lifted_by_name" = $4, "lift_reason" = $5 WHERE "flag_id" = $1 AND "lifted_at" IS NULL RETURNING "flag_id"`, [flagId, l.at, l.by, l.byName, l.reason])) as unknown;
    // node-postgres answers an UPDATE … RETURNING with [rows, count]; PGlite with the rows
    const list = Array.isArray(rows) && Array.isArray(rows[0]) ? (rows[0] as unknown[]) : (rows as unknown[]);
    return list.length === 1;
  }
  async list(all: boolean, limit: number): Promise<PlayerFlagRecord[]> {
    const rows = (await this.ds.query(`SELECT ${COLUMNS} FROM "player_flag" ${all ? '' : 'WHERE "lifted_at" IS NULL '}ORDER BY "at" DESC, "flag_id" DESC LIMIT $1`, [limit])) as Record<string, unknown>[];
    return rows.map(rowOf);
  }
}

/**
 * Issue 23, the pit's action "flag a player" (docs/integrity.md, "Flagging a player"). A pit boss flags a player
 * account with a reason; the flag is stored (who, when, why), written to the audit log (`player.flag`, target
 * `player:<id>`) and raises PLAYER_FLAGGED (warning, subject = the player) on every pit boss's floor. While it
 * stands every pit boss sees it beside the player's name, and the player may take no new seat at live poker
 * (POKER_PLAYER_FLAGGED, `flagged`). Lifting it takes a reason too (`player.flag.lift`, an activity entry
 * PLAYER_FLAG_LIFTED); the lifted flag stays as the player's history.
 */
@Injectable()
export class PlayerFlagsService {
  private readonly log = new Logger('PlayerFlags');

  constructor(
    @Inject(PLAYER_FLAGS_REPOSITORY) private readonly repo: PlayerFlagsRepository,
    @Inject(USERS_REPOSITORY) private readonly users: Pick<UsersRepository, 'get' | 'getMany'>,
    @Inject(AuditService) private readonly audit: Pick<AuditService, 'record'>,
    @Inject(AlertsService) private readonly alerts: Pick<AlertsService, 'raise'>,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  /** Standing flags (or every flag with `all`), newest first, with the players' names. */
  async list(all = false, limit = 500): Promise<PlayerFlag[]> {
    return this.named(await this.repo.list(all, Math.min(Math.max(limit, 1), 1000)));
  }

  /** Whether the player has a standing flag (the poker seat gate asks; one indexed read). */
  async flagged(playerId: string): Promise<boolean> {
    return (await this.repo.standing(playerId)) !== null;
  }

  async flag(by: AuthUser, playerId: string, reason: string): Promise<PlayerFlag> {
    const why = reason.trim();
    if (why === '') throw codedError('REASON_REQUIRED', 'flagging a player needs a reason (who, when and why are audited)');
    const user = await this.users.get(playerId);
    if (user === null || user.role !== 'player') throw codedError('PLAYER_FLAG_UNKNOWN_PLAYER', `no player account ${playerId}`);
    const rec: PlayerFlagRecord = { flagId: this.ids.next('flg'), playerId, reason: why, by: by.userId, byName: by.name, at: this.clock.now(), lifted: null };
    if (!(await this.repo.insert(rec))) throw codedError('PLAYER_ALREADY_FLAGGED', `${user.name} (${playerId}) is flagged already: lift the standing flag first to flag again`);
    await this.audit.record({ actor: by.userId, role: by.role, action: 'player.flag', reason: why, target: `player:${playerId}`, at: rec.at });
    await this.alerts
      .raise({ severity: 'warning', code: 'PLAYER_FLAGGED', subject: playerId, message: `Player ${user.name} flagged by ${by.name}: ${why}. Shown beside the player's name on every pit screen; no new poker seat while it stands. Lift it in pit boss → Integrity.` })
      .catch((err: unknown) => this.log.error({ msg: 'player flags: could not raise the alert', error: (err as Error).message }));
    return { ...rec, name: user.name };
  }

  async lift(by: AuthUser, playerId: string, reason: string): Promise<PlayerFlag> {
    const why = reason.trim();
    if (why === '') throw codedError('REASON_REQUIRED', 'lifting a flag needs a reason (who, when and why are audited)');
    const f = await this.repo.standing(playerId);
    if (f === null) throw codedError('PLAYER_FLAG_NOT_FOUND', `${playerId} has no standing flag`);
    const lifted: FlagLifting = { by: by.userId, byName: by.name, at: this.clock.now(), reason: why };
    if (!(await this.repo.lift(f.flagId, lifted))) throw codedError('PLAYER_FLAG_NOT_FOUND', `${playerId}'s flag was lifted meanwhile`);
    await this.audit.record({ actor: by.userId, role: by.role, action: 'player.flag.lift', reason: why, target: `player:${playerId}`, at: lifted.at });
    const [named] = await this.named([{ ...f, lifted }]);
    await this.alerts
      .raise({ severity: 'info', code: 'PLAYER_FLAG_LIFTED', subject: playerId, message: `Player ${named?.name ?? playerId} (${playerId}): flag lifted by ${by.name}: ${why}.` })
      .catch((err: unknown) => this.log.error({ msg: 'player flags: could not record the lifting', error: (err as Error).message }));
    return named as PlayerFlag;
  }

  private async named(list: readonly PlayerFlagRecord[]): Promise<PlayerFlag[]> {
    if (list.length === 0) return [];
    const names = new Map((await this.users.getMany([...new Set(list.map((f) => f.playerId))])).map((u) => [u.userId, u.name] as const));
    return list.map((f) => ({ ...f, name: names.get(f.playerId) ?? null }));
  }
}
