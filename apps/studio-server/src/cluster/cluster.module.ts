import { randomBytes } from 'node:crypto';
import { SUBSCRIBER_OPTIONS } from './redis-subscriber.js';
import { settingOf, type FeltConfig } from '../config/config.js';
import { hostname } from 'node:os';
import { Inject, Injectable, Module, Optional, RequestMethod, type DynamicModule, type MiddlewareConsumer, type NestModule, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { SERVER_CLIENT_ID_PREFIX } from '../shared/ports/mqtt.tokens.js';
import { RECOVERY_BY_LEASE } from '../rounds/recovery.service.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { PRESENCE_MERGER, SOCKET_IO_ADAPTER, TABLE_OWNER_GUARD, TABLE_RELAY, TABLE_ROUTER } from '../shared/ports/cluster.port.js';
import { ClusterPresence } from './cluster-presence.js';
import { InstanceDirectory } from './instance-directory.js';
import { FORWARD_TIMEOUT_MS, INSTANCE_DIRECTORY, OwnerForwardMiddleware } from './owner-forward.middleware.js';
import { OwnedTables } from './owned-tables.js';
import { InMemoryTableLeases, RedisTableLeases, TABLE_LEASES, type TableLeases } from './table-lease.js';
import { CLUSTER_OPTIONS, TableOwnershipService, type ClusterOptions } from './table-ownership.service.js';
import { TableRelay } from './table-relay.js';
import { TableRouter } from './table-router.js';
import { chunkedRedisAdapter } from './sliced-redis-adapter.js';
import { TABLE_COMMANDS } from '../shared/ports/late-bound.js';
import { INTAKE_BARRIER, type IntakeBarrier } from '../shared/host/intake-barrier.js';
import { CLOCK, type Clock } from '../shared/clock.js';
import type { TableCommandHandlers } from '../shared/ports/table-commands.js';

export interface ClusterModuleOptions extends Partial<ClusterOptions> {
  /** Redis for the leases, the command routing and the socket.io adapter; null: in-process leases only (one instance, tests). */
  readonly redisUrl: string | null;
  /** Prefix of the lease keys (default `felt:lease:`). */
  readonly keyPrefix?: string;
  /** Prefix of the routing channels and the socket.io adapter's channels (default `felt:`): one per cluster. */
  readonly busPrefix?: string;
  /** Cluster-wide MQTT client id prefix of the per-table ingest sessions (default `felt-server-cluster`). */
  readonly ingestSessionPrefix?: string;
  /** A routed command's answer is awaited this long (FELT_ROUTE_TIMEOUT_MS, default 15 000 ms). */
  readonly routeTimeoutMs?: number;
  /** FELT_FORWARD_STAMP_SKEW_MS (issue 25 §3): a forwarded bet keeps its arrival stamp within this clock-skew bound; unset: restamped by the owner. */
  readonly forwardStampSkewMs?: number | null;
}

const REDIS_CLIENTS = Symbol('CLUSTER_REDIS_CLIENTS');
/**
 * Longer than the owner's worst answer under a burst (scale-route bench: p99 ≈ 6 s on this loaded machine
 * with PostgreSQL): a routed bet that times out may still be accepted by the owner, and the player would be
 * told to retry a bet that stands (the resync shows it, a retry cannot double it, but it is confusing).
 */
const DEFAULT_ROUTE_TIMEOUT_MS = 15_000;

/** Closes the cluster's Redis connections after the app (and its socket.io server) stopped. */
@Injectable()
class ClusterConnections implements OnApplicationShutdown {
  constructor(
    @Optional() @Inject(TABLE_ROUTER) private readonly router: TableRouter | null,
    @Inject(REDIS_CLIENTS) private readonly clients: Redis[],
    @Optional() @Inject(TABLE_RELAY) private readonly relay: TableRelay | null = null,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    await this.router?.close();
    await this.relay?.close();
    await Promise.all(this.clients.map((c) => c.quit().catch(() => c.disconnect())));
  }
}

/**
 * Several studio-server instances on one database (issue 13): each table's round is owned by one
 * instance through a lease (Redis), a standby takes a dead owner's tables over by replaying their open
 * rounds. With Redis, commands reaching a non-owner are routed to the owner (TABLE_ROUTER), socket.io
 * frames reach players on every instance (SOCKET_IO_ADAPTER: @socket.io/redis-adapter), and each
 * table's device ingest runs on its owner only, in a cluster-wide MQTT session (TABLE_OWNER_GUARD).
 * Enabled with FELT_CLUSTER=1 (needs REDIS_URL); FELT_INSTANCE_ID, FELT_LEASE_TTL_MS.
 */
@Module({})
export class ClusterModule implements NestModule {
  /** REST writes under a table reaching a non-owner are forwarded to the owner (issue 13 point 4). */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(OwnerForwardMiddleware).forRoutes({ path: 'tables/*path', method: RequestMethod.ALL }, { path: 'poker-tables/*path', method: RequestMethod.ALL }, { path: 'tournaments/*path', method: RequestMethod.ALL });
  }

  static forRoot(o: ClusterModuleOptions): DynamicModule {
    const opts: ClusterOptions = {
      instanceId: o.instanceId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
      leaseTtlMs: o.leaseTtlMs ?? 5_000,
      ...(o.releaseOnShutdown !== undefined ? { releaseOnShutdown: o.releaseOnShutdown } : {}),
      ...(o.advertiseUrl !== undefined ? { advertiseUrl: o.advertiseUrl } : {}),
    };
    const bus = o.busPrefix ?? 'felt:';
    const redisUrl = o.redisUrl;
    const clients: Redis[] = [];
    const owned = new OwnedTables(opts.instanceId, o.ingestSessionPrefix ?? `${SERVER_CLIENT_ID_PREFIX}-cluster`);
    return {
      module: ClusterModule,
      global: true,
      imports: [RoundsModule],
      providers: [
        { provide: CLUSTER_OPTIONS, useValue: opts },
        { provide: TABLE_LEASES, useFactory: () => (redisUrl ? new RedisTableLeases(redisUrl, o.keyPrefix) : new InMemoryTableLeases()) },
        { provide: RECOVERY_BY_LEASE, useValue: true },
        { provide: TABLE_OWNER_GUARD, useValue: owned },
        { provide: REDIS_CLIENTS, useValue: clients },
        { provide: FORWARD_TIMEOUT_MS, useValue: o.routeTimeoutMs ?? DEFAULT_ROUTE_TIMEOUT_MS },
        OwnerForwardMiddleware,
        ...(redisUrl
          ? [
              {
                provide: TABLE_ROUTER,
                useFactory: (leases: TableLeases, handlers: TableCommandHandlers, barrier: IntakeBarrier | undefined, clock: Clock) =>
                  new TableRouter(redisUrl, { instanceId: opts.instanceId, prefix: bus, timeoutMs: o.routeTimeoutMs ?? DEFAULT_ROUTE_TIMEOUT_MS, stampSkewMs: o.forwardStampSkewMs ?? null }, owned, leases, handlers, barrier ?? null, () => clock.now()),
                inject: [TABLE_LEASES, TABLE_COMMANDS, { token: INTAKE_BARRIER, optional: true }, CLOCK],
              },
              { provide: INSTANCE_DIRECTORY, useFactory: () => new InstanceDirectory(redisUrl, bus) },
              { provide: PRESENCE_MERGER, useFactory: () => new ClusterPresence(redisUrl, bus, opts.instanceId, opts.leaseTtlMs * 2) },
              // Owner → instance relay (live poker: each instance builds its own viewers' frames) and shared maps (the poker lobby).
              { provide: TABLE_RELAY, useFactory: () => new TableRelay(redisUrl, bus, opts.instanceId) },
              {
                // Fan-out across instances: every room emit is published on Redis and delivered by each instance to its own sockets.
                provide: SOCKET_IO_ADAPTER,
                useFactory: () => {
                  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
                  const sub = pub.duplicate(SUBSCRIBER_OPTIONS); // no handshake commands on a subscriber (redis/ioredis#2037)
                  clients.push(pub, sub);
                  // sliced like the one instance's (issue 25 §1): the local writes of every broadcast — this instance's
                  // own and those another instance published — go out in slices of ≤ 4 ms that let the loop read bets
                  return chunkedRedisAdapter(pub, sub, { key: `${bus}socket.io` });
                },
              },
            ]
          : []),
        TableOwnershipService,
        ClusterConnections,
      ],
      exports: [TABLE_LEASES, RECOVERY_BY_LEASE, TABLE_OWNER_GUARD, TableOwnershipService, ...(redisUrl ? [TABLE_ROUTER, SOCKET_IO_ADAPTER, PRESENCE_MERGER, TABLE_RELAY] : [])],
    };
  }

  /** From the validated configuration (FELT_CLUSTER and its variables; issue 22 §12), or null when FELT_CLUSTER is not 1. */
  static fromConfig(config: FeltConfig): DynamicModule | null {
    if (!settingOf(config, 'cluster')) return null;
    const redisUrl = config.redisUrl;
    if (redisUrl === null) throw new Error('FELT_CLUSTER=1 needs REDIS_URL (the table leases live in Redis)');
    const name = settingOf(config, 'clusterName');
    const root = settingOf(config, 'mqttRoot');
    const instanceId = settingOf(config, 'instanceId');
    const advertiseUrl = settingOf(config, 'advertiseUrl');
    const routeTimeoutMs = settingOf(config, 'routeTimeoutMs');
    const forwardStampSkewMs = settingOf(config, 'forwardStampSkewMs');
    return ClusterModule.forRoot({
      redisUrl,
      ...(instanceId !== null ? { instanceId } : {}),
      ...(advertiseUrl !== null ? { advertiseUrl } : {}),
      ...(routeTimeoutMs !== null ? { routeTimeoutMs } : {}),
      forwardStampSkewMs,
      leaseTtlMs: settingOf(config, 'leaseTtlMs'),
      ...(name !== null ? { busPrefix: `felt:${name}:`, keyPrefix: `felt:${name}:lease:` } : {}),
      ingestSessionPrefix: `${SERVER_CLIENT_ID_PREFIX}-cluster${name !== null ? `-${name}` : ''}${root !== null ? `-${root.replace(/[^A-Za-z0-9_-]/g, '_')}` : ''}`,
    });
  }
}
