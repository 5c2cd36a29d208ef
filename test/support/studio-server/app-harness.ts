import type { DynamicModule, Type } from '@nestjs/common';
import type { Role } from '../../../apps/studio-server/src/auth/auth.types.js';
import { AuthService } from '../../../apps/studio-server/src/auth/auth.service.js';
import type { Clock, Ids } from '../../../apps/studio-server/src/shared/clock.js';
import type { FeltConfig } from '../../../apps/studio-server/src/config/config.js';
import { bootTestApp, type TestApp } from './test-app.js';
import { LEDGER_READER, type LedgerReader } from '../../../apps/studio-server/src/persistence/persistence.common.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../../../apps/studio-server/src/shared/ports/persistence.port.js';
import { BettingModule } from '../../../apps/studio-server/src/betting/betting.module.js';
import { IngestModule } from '../../../apps/studio-server/src/ingest/ingest.module.js';
import { DeviceIngestService } from '../../../apps/studio-server/src/ingest/device-ingest.service.js';
import { eventsTopic } from '@felt-studio/protocol';
import { RoundsModule } from '../../../apps/studio-server/src/rounds/rounds.module.js';
import { checkLedgerInvariants, depositPosting, type LedgerInvariantViolation } from '../../../apps/studio-server/src/shared/ledger.rules.js';
import { RealtimeModule } from '../../../apps/studio-server/src/realtime/realtime.module.js';
import { CommandsModule } from '../../../apps/studio-server/src/commands/commands.module.js';
import type { TableCommandDefinition } from '../../../apps/studio-server/src/shared/commands/command.types.js';

export interface RoundsApp extends TestApp {
  token(userId: string, role: Role): string;
  http(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: Record<string, unknown> & { code?: string } }>;
  deposit(playerId: string, amountMinor: number, currency?: string): Promise<void>;
  balance(playerId: string, currency?: string): Promise<number>;
  invariants(): Promise<LedgerInvariantViolation[]>;
  /** A Sic Bo table (standard profile, EUR 1.00–500.00, 60 s to bet) created and opened by a pit boss: its id. */
  openSicBoTable(name: string): Promise<string>;
}

/**
 * The whole server with the rounds modules, in-memory persistence and an embedded broker (unless config says otherwise).
 * `commands`: table-command definitions of no module (a test's): each gets its route, message, operation and forwarding.
 */
export async function bootRoundsApp(opts: { config?: Partial<FeltConfig>; clock?: Clock; ids?: Ids; imports?: readonly (Type<unknown> | DynamicModule)[]; commands?: readonly TableCommandDefinition[] } = {}): Promise<RoundsApp> {
  const app = await bootTestApp({ imports: [CommandsModule.forRoot({ definitions: opts.commands ?? [] }), RoundsModule, BettingModule, IngestModule, RealtimeModule, ...(opts.imports ?? [])], ...(opts.config ? { config: opts.config } : {}), ...(opts.clock ? { clock: opts.clock } : {}), ...(opts.ids ? { ids: opts.ids } : {}) });
  const auth = app.get(AuthService);
  const uow = app.get<UnitOfWork>(UNIT_OF_WORK);
  let dep = 0;
  return {
    ...app,
    get: app.get,
    close: app.close,
    token: (userId, role) => auth.sign({ userId, role, name: userId }),
    async http(method, path, token, body) {
      const res = await fetch(`${app.url}${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    },
    async deposit(playerId, amountMinor, currency = 'EUR') {
      const p = depositPosting(`t${Date.now().toString(36)}-${dep++}-${playerId}`, playerId, amountMinor, currency);
      await uow.run((tx) => tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at: Date.now() }))));
    },
    balance(playerId, currency = 'EUR') {
      return uow.run((tx) => tx.ledger.balance(`player:${playerId}`, currency));
    },
    async openSicBoTable(this: RoundsApp, name) {
      const pit = auth.sign({ userId: 'pitboss1', role: 'pitboss', name: 'pitboss1' });
      const t = await this.http('POST', '/tables', pit, { name, game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 50_000 }, betWindowS: 60 });
      const tableId = String(t.body['tableId']);
      await this.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: `${name}: test` });
      return tableId;
    },
    async invariants() {
      const snap = await app.get<LedgerReader>(LEDGER_READER).snapshot();
      return checkLedgerInvariants(snap.entries, snap.bets.map((b) => ({ betId: b.betId, roundId: b.roundId, status: b.status, roundFinished: snap.finishedRoundIds.has(b.roundId) })));
    },
  };
}

/**
 * A table's scanning shoe for the app specs: each call reads one card (`shoe.card` with the next seq and
 * shoe index) straight into the app's device ingest; a card the ingest does not apply fails the test.
 * `app` and `tableId` are read at each call (a spec sets them in `beforeAll`).
 */
export function shoeReader(app: () => TestApp, tableId: () => string, deviceId = 'shoe-1'): (card: string) => Promise<void> {
  let seq = 0;
  return async (card) => {
    seq++;
    const t = tableId();
    const r = await app().get(DeviceIngestService).handle(eventsTopic(t, deviceId), JSON.stringify({ v: 1, tableId: t, deviceId, seq, at: Date.now(), type: 'shoe.card', payload: { card, shoeIndex: seq } }));
    if (r.kind !== 'applied') throw new Error(`shoe card ${card} (seq ${seq}) was not applied: ${JSON.stringify(r)}`);
  };
}
