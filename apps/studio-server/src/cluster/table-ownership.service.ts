import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { RecoveryService } from '../rounds/recovery.service.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { TablesService } from '../tables/tables.service.js';
import { TABLE_HOST, type TableHost } from '../shared/host/table-host.js';
import { TABLE_OWNER_GUARD, type LeasedWork, type LeasedWorkSource } from '../shared/ports/cluster.port.js';
import type { InstanceDirectory } from './instance-directory.js';
import { INSTANCE_DIRECTORY } from './owner-forward.middleware.js';
import type { ClusterPresence } from './cluster-presence.js';
import { PRESENCE_MERGER } from '../shared/ports/cluster.port.js';
import type { OwnedTables } from './owned-tables.js';
import { TABLE_LEASES, type TableLeases } from './table-lease.js';

export interface ClusterOptions {
  /** This instance's id in the leases (unique per process). */
  readonly instanceId: string;
  /** Lease time to live; renewed every ttl/3. A dead owner's tables move after at most one TTL. */
  readonly leaseTtlMs: number;
  /** Give the leases up on a graceful shutdown (so a standby takes over at once). Default true. */
  readonly releaseOnShutdown?: boolean;
  /** This instance's base URL for forwarded REST commands (FELT_ADVERTISE_URL); default http://127.0.0.1:<listening port>. */
  readonly advertiseUrl?: string;
}

export const CLUSTER_OPTIONS = Symbol('CLUSTER_OPTIONS');

/**
 * Table ownership across instances (issue 13): every ttl/3 this instance renews the leases it holds
 * and tries to take the lease of every open table nobody holds. Winning a lease means taking the
 * table over: drop any cached state and recover its open round from the event log (replay, deadlines
 * re-armed, a round waiting for a device watched) — exactly what a restart does, for one table.
 * Losing a lease (it ran out, e.g. after a long pause) drops the cached state, so this instance
 * decides nothing more on stale state; the expected-seq check of the event log refuses a stale write.
 * The table host's programs (live poker, issue 19 §2) are owned the same way, in the same lease space.
 */
@Injectable()
export class TableOwnershipService implements OnApplicationBootstrap, OnApplicationShutdown, LeasedWork {
  private readonly log = new Logger('Cluster');
  /** Sources of leased work that is not a table (issue 24: tournaments), and the units held: key → its source. */
  private readonly sources: LeasedWorkSource[] = [];
  private readonly work = new Map<string, LeasedWorkSource>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    @Inject(TABLE_LEASES) private readonly leases: TableLeases,
    @Inject(CLUSTER_OPTIONS) private readonly opts: ClusterOptions,
    @Inject(TablesService) private readonly tables: TablesService,
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(RecoveryService) private readonly recovery: RecoveryService,
    @Inject(TABLE_OWNER_GUARD) private readonly owned: OwnedTables,
    @Inject(HttpAdapterHost) private readonly http: HttpAdapterHost,
    @Optional() @Inject(INSTANCE_DIRECTORY) private readonly directory: InstanceDirectory | null = null,
    @Optional() @Inject(PRESENCE_MERGER) private readonly presence: ClusterPresence | null = null,
    /** The table host (issue 19 §2): its programs' tables (live poker) are owned in the same lease space. */
    @Optional() @Inject(TABLE_HOST) private readonly host: TableHost | null = null,
  ) {
    // a program's new table is claimed by its creator: the table's own lease, like every table
    this.host?.bindOwnership({
      claim: async (tableId) => {
        if (this.stopped || !(await this.leases.acquire(tableId, this.opts.instanceId, this.opts.leaseTtlMs))) return false;
        this.owned.take(tableId);
        this.owned.announce(tableId);
        return true;
      },
    });
  }

  /**
   * Leased work that is not a table (LEASED_WORK; issue 24, a tournament's clock): its units hold leases in the
   * same store under their own keys, renewed and taken in the same pass as the tables'.
   */
  bind(source: LeasedWorkSource): { claim(key: string): Promise<boolean> } {
    this.sources.push(source);
    return {
      claim: async (key) => {
        if (this.stopped || !(await this.leases.acquire(key, this.opts.instanceId, this.opts.leaseTtlMs))) return false;
        this.work.set(key, source);
        return true;
      },
    };
  }

  /** Units of leased work this instance holds right now. */
  ownedWork(): readonly string[] {
    return [...this.work.keys()];
  }

  /** Where the other instances forward REST commands for the tables this one owns. */
  private advertisedUrl(): string | null {
    if (this.opts.advertiseUrl) return this.opts.advertiseUrl;
    const server = this.http.httpAdapter?.getHttpServer() as { address?: () => AddressInfo | string | null } | undefined;
    const a = server?.address?.();
    return a && typeof a === 'object' ? `http://127.0.0.1:${a.port}` : null; // not listening yet: next pass
  }

  get instanceId(): string {
    return this.opts.instanceId;
  }

  /** Tables this instance owns right now. */
  ownedTables(): readonly string[] {
    return this.owned.list();
  }

  /** Does this instance own the table now? */
  owns(tableId: string): boolean {
    return this.owned.owns(tableId);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), Math.max(50, Math.floor(this.opts.leaseTtlMs / 3)));
    this.timer.unref?.();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    for (const t of this.owned.list()) {
      this.owned.drop(t);
      if (this.opts.releaseOnShutdown !== false) await this.leases.release(t, this.opts.instanceId).catch(() => undefined);
    }
    for (const [key, source] of [...this.work]) {
      this.work.delete(key);
      await source.lost(key).catch(() => undefined);
      if (this.opts.releaseOnShutdown !== false) await this.leases.release(key, this.opts.instanceId).catch(() => undefined);
    }
    await this.leases.close();
    await this.directory?.close();
    await this.presence?.close();
  }

  /** One pass: renew what is held, take what is free. Passes never overlap. */
  tick(): Promise<void> {
    this.ticking = this.ticking.then(() => this.pass()).catch((e: unknown) => this.log.error(`lease pass failed: ${(e as Error).stack ?? String(e)}`));
    return this.ticking;
  }

  private async pass(): Promise<void> {
    if (this.stopped) return;
    const me = this.opts.instanceId;
    const url = this.directory ? this.advertisedUrl() : null;
    if (url !== null) await this.directory?.advertise(me, url, this.opts.leaseTtlMs * 2);
    await this.presence?.refresh(); // this instance's presence parts stay counted while it lives
    for (const tableId of this.owned.list()) {
      if (await this.leases.renew(tableId, me, this.opts.leaseTtlMs)) continue;
      this.owned.drop(tableId);
      this.rounds.invalidate(tableId);
      await this.host?.release(tableId);
      this.log.warn(`lost the lease of table ${tableId}`);
    }
    const held = new Set(this.work.keys()); // a unit claimed during this pass is not judged by its stale `keys()`
    const wanted = new Map<LeasedWorkSource, ReadonlySet<string>>();
    for (const source of this.sources) wanted.set(source, new Set(await source.keys()));
    await this.renewWork(held, wanted);
    for (const t of await this.tables.list()) {
      if (this.stopped || this.owned.owns(t.tableId) || t.status === 'closed') continue;
      if (!(await this.leases.acquire(t.tableId, me, this.opts.leaseTtlMs))) continue;
      // Owned from here: the recovery's own commands (a deadline already past) are decided here.
      this.owned.take(t.tableId);
      this.rounds.invalidate(t.tableId);
      const report = await this.recovery.recover(t.tableId);
      // Then the table's timers, ingest session and presence start here (cadence re-armed, issue 13 point 5).
      this.owned.announce(t.tableId);
      this.log.log(`instance ${me} owns table ${t.tableId}${report.length ? `; took over ${report.map((r) => `${r.roundId} (${r.phase}, ${r.action})`).join(', ')}` : ''}`);
    }
    // The table host's program tables (live poker): the same lease space (the table's id), the same
    // takeover — the recovery lays the table out from its log (its program's rule for play in progress).
    for (const { program, tableId } of (await this.host?.programTables()) ?? []) {
      if (this.stopped || this.owned.owns(tableId)) continue;
      if (!(await this.leases.acquire(tableId, me, this.opts.leaseTtlMs))) continue;
      this.owned.take(tableId);
      await this.recovery.recover(tableId);
      this.owned.announce(tableId);
      this.log.log(`instance ${me} owns ${program.kind} table ${tableId}`);
    }
    await this.takeWork(wanted);
  }

  /** Leased work: renew what is held and still wanted; give up what is no longer wanted (a tournament over). */
  private async renewWork(held: ReadonlySet<string>, wanted: ReadonlyMap<LeasedWorkSource, ReadonlySet<string>>): Promise<void> {
    const me = this.opts.instanceId;
    for (const [source, want] of wanted) {
      for (const [key, s] of [...this.work]) {
        if (s !== source || !held.has(key)) continue;
        if (!want.has(key)) {
          this.work.delete(key);
          await source.lost(key);
          await this.leases.release(key, me);
          continue;
        }
        if (await this.leases.renew(key, me, this.opts.leaseTtlMs)) continue;
        this.work.delete(key);
        await source.lost(key);
        this.log.warn(`lost the lease of ${key}`);
      }
    }
  }

  /** Leased work: take every wanted unit nobody holds (a dead owner's lease has run out); the source takes it over from its log. */
  private async takeWork(wanted: ReadonlyMap<LeasedWorkSource, ReadonlySet<string>>): Promise<void> {
    const me = this.opts.instanceId;
    for (const [source, want] of wanted) {
      for (const key of want) {
        if (this.stopped || this.work.has(key)) continue;
        if (!(await this.leases.acquire(key, me, this.opts.leaseTtlMs))) continue;
        this.work.set(key, source);
        try {
          await source.taken(key);
        } catch (e) {
          this.work.delete(key);
          await this.leases.release(key, me);
          throw e;
        }
        this.log.log(`instance ${me} owns ${key}`);
      }
    }
  }
}
