import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { RecoveryService } from '../rounds/recovery.service.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { TablesService } from '../tables/tables.service.js';
import { TABLE_HOST, type TableHost } from '../shared/host/table-host.js';
import { TABLE_OWNER_GUARD } from '../shared/ports/cluster.port.js';
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
 * The table host's programs (live poker, tournaments; issue 19 §2) are owned the same way, in the same lease
 * space; a program table its program no longer lists (a tournament over) has its lease given up.
 */
@Injectable()
export class TableOwnershipService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Cluster');
  /** The program tables (live poker, tournaments) this instance holds: given up when their program stops listing them. */
  private readonly programOwned = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private ticking: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    @Inject(TABLE_LEASES) private readonly leases: TableLeases,
    @Inject(CLUSTER_OPTIONS) private readonly opts: ClusterOptions,
    private readonly tables: TablesService,
    private readonly rounds: RoundsService,
    private readonly recovery: RecoveryService,
    @Inject(TABLE_OWNER_GUARD) private readonly owned: OwnedTables,
    private readonly http: HttpAdapterHost,
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
        this.programOwned.add(tableId);
        return true;
      },
    });
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
    // the program tables first (once per pass: a program refreshes what it knows here, e.g. tournaments other instances listed)
    const held = new Set(this.programOwned); // a table claimed during this pass is not judged by this pass's listing
    const programTables = (await this.host?.programTables()) ?? [];
    const listed = new Set(programTables.map((x) => x.tableId));
    for (const tableId of this.owned.list()) {
      if (held.has(tableId) && !listed.has(tableId)) {
        // its program no longer lists it (a tournament over): nothing left to run, the lease is given up
        this.owned.drop(tableId);
        this.programOwned.delete(tableId);
        await this.host?.release(tableId);
        await this.leases.release(tableId, me);
        continue;
      }
      if (await this.leases.renew(tableId, me, this.opts.leaseTtlMs)) continue;
      this.owned.drop(tableId);
      this.programOwned.delete(tableId);
      this.rounds.invalidate(tableId);
      await this.host?.release(tableId);
      this.log.warn(`lost the lease of table ${tableId}`);
    }
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
    // The table host's program tables (live poker, tournaments): the same lease space (the table's id), the same
    // takeover — the recovery lays the table out from its log (its program's rule for play in progress).
    for (const { program, tableId } of programTables) {
      if (this.stopped || this.owned.owns(tableId)) continue;
      if (!(await this.leases.acquire(tableId, me, this.opts.leaseTtlMs))) continue;
      this.owned.take(tableId);
      this.programOwned.add(tableId);
      await this.recovery.recover(tableId);
      this.owned.announce(tableId);
      this.log.log(`instance ${me} owns ${program.kind} table ${tableId}`);
    }
  }
}
