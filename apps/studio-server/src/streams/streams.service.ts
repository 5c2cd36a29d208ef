import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.types.js';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import { CLOCK, type Clock } from '../shared/clock.js';
import { codedError } from '../shared/error-codes.js';
import { unwrap } from '../shared/http-errors.js';
import { TablesService } from '../tables/tables.service.js';
import { issueStreamToken, verifyStreamToken, withToken, type StreamTokenCheck } from './stream-tokens.js';
import { STREAMS_REPOSITORY, type StreamsRepository } from './streams.repository.js';
import type { PlayerStream, StreamSource, TableStreams } from './streams.schema.js';

/**
 * Issue 21 §1: a stream per table, registered and secured. Admins set a table's sources (audited); a player
 * asks for them and gets each URL with a token bound to them and the table (stream-tokens.ts); media
 * endpoints check the token. The client never takes a stream URL from anywhere else (not the address bar).
 */
@Injectable()
export class StreamsService {
  constructor(
    @Inject(STREAMS_REPOSITORY) private readonly repo: StreamsRepository,
    private readonly tables: TablesService,
    private readonly audit: AuditService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(FELT_CONFIG) private readonly config: FeltConfig,
  ) {}

  /** FELT_STREAM_SECRET, else derived from the JWT secret (the same on every instance of a cluster). */
  private secret(): string {
    return settingOf(this.config, 'streamSecret') ?? createHmac('sha256', this.config.jwtSecret).update('felt stream tokens v1').digest('hex');
  }

  async sources(tableId: string): Promise<TableStreams> {
    unwrap(await this.tables.get(tableId));
    return (await this.repo.get(tableId)) ?? { tableId, sources: [], updatedAt: null, updatedBy: null };
  }

  async setSources(tableId: string, sources: readonly StreamSource[], reason: string, by: AuthUser): Promise<TableStreams> {
    unwrap(await this.tables.get(tableId));
    const at = this.clock.now();
    await this.repo.put(tableId, sources, by.userId, at);
    await this.audit.record({ actor: by.userId, role: by.role, action: 'table.streams.set', reason, target: `table:${tableId}:${sources.map((s) => `${s.kind}@${s.label}`).join(',') || 'none'}`, at });
    return { tableId, sources: [...sources], updatedAt: at, updatedBy: by.userId };
  }

  /** The table's sources for one viewer, each URL with a fresh token (NO_STREAM when none is configured). */
  async forViewer(tableId: string, viewer: AuthUser): Promise<PlayerStream> {
    const { sources } = await this.sources(tableId);
    if (sources.length === 0) throw codedError('NO_STREAM', `table ${tableId} has no video source`);
    const { token, expiresAt } = issueStreamToken(this.secret(), { playerId: viewer.userId, tableId, nowMs: this.clock.now() });
    return { tableId, expiresAt, sources: sources.map((s) => ({ ...s, url: withToken(s.url, token) })) };
  }

  check(tableId: string, token: string | null | undefined): StreamTokenCheck {
    return verifyStreamToken(this.secret(), token, tableId, this.clock.now());
  }
}
