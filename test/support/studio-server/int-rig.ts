import mqtt, { type MqttClient } from 'mqtt';
import { eventsTopic } from '@felt-studio/protocol';
import { SortableIds } from '../../../apps/studio-server/src/shared/clock.js';
import { createTestDatabase, requireEnv, type TestDatabase } from './test-database.js';
import { SettlementService } from '../../../apps/studio-server/src/settlement/settlement.service.js';
import { bootRoundsApp, type RoundsApp } from './app-harness.js';
import { DeviceIngestService } from '../../../apps/studio-server/src/ingest/device-ingest.service.js';
import { RecoveryService } from '../../../apps/studio-server/src/rounds/recovery.service.js';
import { CadenceService } from '../../../apps/studio-server/src/rounds/cadence.service.js';
import { RoundsService } from '../../../apps/studio-server/src/rounds/rounds.service.js';

/**
 * Integration rig: the whole server on the machine's real PostgreSQL (a throw-away database),
 * Redis (BullMQ settlement, unique key prefix) and Mosquitto (MQTT_URL), plus a device-side MQTT
 * client that publishes canonical events (devices.md §1). Fails — never skips — without the services.
 */
export interface IntRig {
  readonly app: RoundsApp;
  readonly db: TestDatabase;
  readonly device: MqttClient;
  readonly urls: { database: string; redis: string; mqtt: string };
  readonly queuePrefix: string;
  publish(tableId: string, deviceId: string, type: string, payload: unknown): Promise<void>;
  waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs?: number): Promise<T>;
  phase(tableId: string): Promise<string | null>;
  /**
   * Crash-restart: the running app stops dead — its timers and its MQTT listener are cut, nothing is
   * flushed, voided or shut down gracefully — and a fresh app boots on the same database.
   */
  crashAndRestart(): Promise<RoundsApp>;
  close(): Promise<void>;
}

export async function intRig(): Promise<IntRig> {
  const urls = { database: requireEnv('DATABASE_URL'), redis: requireEnv('REDIS_URL'), mqtt: requireEnv('MQTT_URL') };
  const db = await createTestDatabase();
  const queuePrefix = `felt-int-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const boot = (): Promise<RoundsApp> => bootRoundsApp({ config: { database: { kind: 'postgres', url: db.url }, redisUrl: urls.redis, mqttUrl: urls.mqtt, queuePrefix }, ids: new SortableIds() });
  let app = await boot();
  const apps: RoundsApp[] = [app];
  const crashed = new Set<RoundsApp>();
  const device = await mqtt.connectAsync(urls.mqtt, { clientId: `felt-int-dev-${queuePrefix}`, reconnectPeriod: 0 });
  const seqs = new Map<string, number>();
  return {
    get app() {
      return app;
    },
    db,
    device,
    urls,
    queuePrefix,
    async publish(tableId, deviceId, type, payload) {
      const seq = (seqs.get(deviceId) ?? 0) + 1;
      seqs.set(deviceId, seq);
      await device.publishAsync(eventsTopic(tableId, deviceId), JSON.stringify({ v: 1, tableId, deviceId, seq, at: Date.now(), type, payload }), { qos: 1 });
    },
    async waitFor(what, probe, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const v = await probe();
        if (v !== null && v !== undefined && v !== false) return v as never;
        if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async phase(tableId) {
      return (await app.get(RoundsService).currentRound(tableId))?.state.phase ?? null;
    },
    async crashAndRestart() {
      app.get(RoundsService).onModuleDestroy();
      app.get(CadenceService).onModuleDestroy();
      app.get(RecoveryService).onModuleDestroy();
      void app.get(DeviceIngestService).onModuleDestroy();
      // A dead process takes its queue worker with it.
      await app.get(SettlementService).onApplicationShutdown();
      crashed.add(app);
      app = await boot();
      apps.push(app);
      return app;
    },
    async close() {
      for (const a of apps) {
        if (!crashed.has(a)) {
          await a.get(SettlementService).drain();
          await a.get(DeviceIngestService).drain();
        }
        await a.close();
      }
      await device.endAsync();
      await db.drop();
    },
  };
}
