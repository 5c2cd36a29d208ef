import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Module, type DynamicModule } from '@nestjs/common';
import { RECOVERY_BY_LEASE } from '../rounds/recovery.service.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { InMemoryTableLeases, RedisTableLeases, TABLE_LEASES } from './table-lease.js';
import { CLUSTER_OPTIONS, TableOwnershipService, type ClusterOptions } from './table-ownership.service.js';

export interface ClusterModuleOptions extends Partial<ClusterOptions> {
  /** Redis for the leases; null: in-process leases (one instance, tests). */
  readonly redisUrl: string | null;
  readonly keyPrefix?: string;
}

/**
 * Several studio-server instances on one database (issue 13): each table's round is owned by one
 * instance through a lease (Redis), a standby takes a dead owner's tables over by replaying their open
 * rounds. Enabled with FELT_CLUSTER=1 (needs REDIS_URL); FELT_INSTANCE_ID, FELT_LEASE_TTL_MS.
 */
@Module({})
export class ClusterModule {
  static forRoot(o: ClusterModuleOptions): DynamicModule {
    const opts: ClusterOptions = {
      instanceId: o.instanceId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
      leaseTtlMs: o.leaseTtlMs ?? 5_000,
      ...(o.releaseOnShutdown !== undefined ? { releaseOnShutdown: o.releaseOnShutdown } : {}),
    };
    return {
      module: ClusterModule,
      global: true,
      imports: [RoundsModule],
      providers: [
        { provide: CLUSTER_OPTIONS, useValue: opts },
        { provide: TABLE_LEASES, useFactory: () => (o.redisUrl ? new RedisTableLeases(o.redisUrl, o.keyPrefix) : new InMemoryTableLeases()) },
        { provide: RECOVERY_BY_LEASE, useValue: true },
        TableOwnershipService,
      ],
      exports: [TABLE_LEASES, RECOVERY_BY_LEASE, TableOwnershipService],
    };
  }

  /** From the environment, or null when FELT_CLUSTER is not 1. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): DynamicModule | null {
    if (env['FELT_CLUSTER'] !== '1') return null;
    const redisUrl = env['REDIS_URL'];
    if (!redisUrl) throw new Error('FELT_CLUSTER=1 needs REDIS_URL (the table leases live in Redis)');
    const ttl = env['FELT_LEASE_TTL_MS'];
    return ClusterModule.forRoot({ redisUrl, ...(env['FELT_INSTANCE_ID'] ? { instanceId: env['FELT_INSTANCE_ID'] } : {}), ...(ttl ? { leaseTtlMs: Number(ttl) } : {}) });
  }
}
