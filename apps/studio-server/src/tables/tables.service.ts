import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { gameDefinition, ok, type Result } from '@felt-studio/games';
import type { CreateTableBody, PreOpenCheckBody, TableStatus, UpdateTableBody } from '@felt-studio/protocol';
import { Subject } from 'rxjs';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { KERNELS, type KernelRegistry } from '../kernels/kernel.registry.js';
import { ROUNDS_AUDIT, type AuditPort } from '../shared/ports/rounds.ports.js';
import { rejection, type Actor } from '../shared/command.types.js';
import { TABLES_REPOSITORY, type Table, type TablesRepository } from './table.model.js';

export interface TableChange {
  readonly before: Table | null;
  readonly after: Table;
}

@Injectable()
export class TablesService implements OnApplicationBootstrap {
  /** Every saved change (RoundsService starts automatic cadence when a table opens). */
  readonly changes$ = new Subject<TableChange>();

  /** Ids of tables seen to exist (tables are never deleted): `exists` answers them without a read. */
  private readonly known = new Set<string>();

  constructor(
    @Inject(TABLES_REPOSITORY) private readonly repo: TablesRepository,
    @Inject(KERNELS) private readonly kernels: KernelRegistry,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(ROUNDS_AUDIT) private readonly audit: AuditPort,
  ) {}

  /** Boot fails, clearly, when a stored table plays a game this build has no definition for. */
  async onApplicationBootstrap(): Promise<void> {
    await this.checkDefinitions();
  }

  async checkDefinitions(): Promise<void> {
    const missing = (await this.repo.list()).filter((t) => !this.kernels.get(t.game));
    if (missing.length > 0) {
      throw new Error(`Felt cannot start: ${missing.map((t) => `table ${t.tableId} ("${t.name}") plays ${t.game}`).join('; ')}, but the game registry (@felt-studio/games) has no definition for ${[...new Set(missing.map((t) => t.game))].join(', ')}. Known games: ${this.kernels.games().join(', ')}.`);
    }
  }

  async create(body: CreateTableBody, actor: Actor): Promise<Result<Table>> {
    const bad = this.checkGameProfile(body.game, body.profileId);
    if (bad) return bad;
    const now = this.clock.now();
    const table: Table = {
      tableId: this.ids.next('tbl'),
      name: body.name,
      game: body.game,
      profileId: body.profileId,
      currency: body.limits.currency,
      limits: { tableMinMinor: body.limits.tableMinMinor, tableMaxMinor: body.limits.tableMaxMinor, spots: body.limits.spots },
      betWindowS: body.betWindowS,
      cadence: body.cadence,
      devices: body.devices,
      status: 'closed',
      preOpenCheck: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.repo.insert(table);
    await this.audit.record({ actor: actor.userId, role: actor.role, action: 'table.create', reason: `create ${body.game} table "${body.name}"`, target: table.tableId, at: now });
    this.changes$.next({ before: null, after: table });
    return ok(table);
  }

  list(): Promise<Table[]> {
    return this.repo.list();
  }

  /**
   * Whether the table exists, for the join path (issue 13: a thousand players joining at once are not a
   * thousand table reads). Tables are never deleted, so a table once seen exists on every instance.
   */
  async exists(tableId: string): Promise<Result<true>> {
    if (this.known.has(tableId)) return ok(true);
    const t = await this.get(tableId);
    return t.ok ? ok(true) : t;
  }

  async get(tableId: string): Promise<Result<Table>> {
    const t = await this.repo.get(tableId);
    if (t) this.known.add(tableId);
    return t ? ok(t) : { ok: false, violation: rejection('TABLE_NOT_FOUND', null, `No table ${tableId}.`) };
  }

  async update(tableId: string, body: UpdateTableBody, actor: Actor): Promise<Result<Table>> {
    const cur = await this.get(tableId);
    if (!cur.ok) return cur;
    const before = cur.value;
    if (body.profileId !== undefined) {
      const bad = this.checkGameProfile(before.game, body.profileId);
      if (bad) return bad;
    }
    const now = this.clock.now();
    const after: Table = {
      ...before,
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.profileId !== undefined ? { profileId: body.profileId } : {}),
      ...(body.limits !== undefined ? { currency: body.limits.currency, limits: { tableMinMinor: body.limits.tableMinMinor, tableMaxMinor: body.limits.tableMaxMinor, spots: body.limits.spots } } : {}),
      ...(body.betWindowS !== undefined ? { betWindowS: body.betWindowS } : {}),
      ...(body.cadence !== undefined ? { cadence: body.cadence } : {}),
      ...(body.devices !== undefined ? { devices: body.devices } : {}),
      updatedAt: now,
    };
    await this.repo.save(after);
    await this.audit.record({ actor: actor.userId, role: actor.role, action: 'table.update', reason: `${body.reason !== undefined ? `${body.reason} — ` : ''}update ${Object.keys(body).filter((k) => k !== 'reason').join(', ')}`, target: tableId, at: now });
    this.changes$.next({ before, after });
    return ok(after);
  }

  /** ROU-7: record the pit boss's pre-open check (who, when, which checks). */
  async recordPreOpenCheck(tableId: string, body: PreOpenCheckBody, actor: Actor): Promise<Result<Table>> {
    const cur = await this.get(tableId);
    if (!cur.ok) return cur;
    const t = cur.value;
    const pre = gameDefinition(t.game)?.preOpen;
    if (pre) {
      const missing = pre.checks.filter((c) => !body.checks.includes(c));
      if (missing.length > 0) return { ok: false, violation: rejection('PRE_OPEN_CHECK_MISSING', pre.ruleId, `The pre-open check must cover ${missing.join(', ')}.`, { missing }) };
    }
    const now = this.clock.now();
    const after: Table = { ...t, preOpenCheck: { by: actor.userId, at: now, checks: body.checks, ...(body.note !== undefined ? { note: body.note } : {}) }, updatedAt: now };
    await this.repo.save(after);
    await this.audit.record({ actor: actor.userId, role: actor.role, action: 'table.pre-open-check', reason: `ROU-7 checks: ${body.checks.join(', ')}${body.note ? ` (${body.note})` : ''}`, target: tableId, at: now });
    this.changes$.next({ before: t, after });
    return ok(after);
  }

  /** Open / close / pause / maintenance (pit boss, audited). Opening a roulette table needs ROU-7. */
  async setStatus(tableId: string, status: TableStatus, reason: string, actor: Actor): Promise<Result<Table>> {
    const cur = await this.get(tableId);
    if (!cur.ok) return cur;
    const t = cur.value;
    // The game's definition says which checks a pit boss records before the table opens (ROU-7).
    const pre = gameDefinition(t.game)?.preOpen;
    if (status === 'open' && pre && t.preOpenCheck === null) {
      return { ok: false, violation: rejection('PRE_OPEN_CHECK_MISSING', pre.ruleId, `A ${t.game} table opens only after the pit boss has recorded the pre-open check: ${pre.description}`) };
    }
    const now = this.clock.now();
    const after: Table = { ...t, status, preOpenCheck: status === 'closed' || status === 'maintenance' ? null : t.preOpenCheck, updatedAt: now };
    await this.repo.save(after);
    await this.audit.record({ actor: actor.userId, role: actor.role, action: `table.${status}`, reason, target: tableId, at: now });
    this.changes$.next({ before: t, after });
    return ok(after);
  }

  private checkGameProfile(game: string, profileId: string): { ok: false; violation: ReturnType<typeof rejection> } | null {
    if (!this.kernels.get(game)) return { ok: false, violation: rejection('UNKNOWN_GAME', null, `Game ${game} has no round kernel on this server.`) };
    const known = this.kernels.profiles(game);
    if (known && !known.includes(profileId)) return { ok: false, violation: rejection('UNKNOWN_PROFILE', 'D-2', `Unknown ${game} rule profile "${profileId}".`, { known }) };
    return null;
  }
}
