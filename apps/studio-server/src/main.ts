import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { pino } from 'pino';
import { bootConfig } from './config/boot-config.js';
import { createApp } from './app.factory.js';
import { HealthService } from './ops/health.service.js';
import { installStop, SERVER_STOP_DEADLINE_MS } from './ops/stop.js';

/** `node apps/studio-server/dist/main.js` — env: see README (PORT, DATABASE_URL, REDIS_URL, MQTT_URL, JWT_SECRET, FELT_DEMO, FELT_DATA_DIR, LOG_LEVEL). */
async function main(): Promise<void> {
  const config = bootConfig(process.env); // exits 2 naming every bad variable (issue 12 point 5)
  const log = pino({ level: config.logLevel ?? 'info', base: { context: 'main' }, timestamp: pino.stdTimeFunctions.isoTime });
  let app: INestApplication | null = null;
  // Installed before the app exists: a signal during boot stops it too (issue 12 point 6).
  // Issue 22 §10: on a stop, first not-ready (the load balancer takes this instance out), wait
  // FELT_DRAIN_MS (default 0: `felt studio` stops at once; Kubernetes sets a few seconds), then close.
  const drainMs = config.drainMs ?? 0;
  installStop({
    close: async () => {
      if (app !== null && drainMs > 0) {
        app.get(HealthService).markDraining();
        log.info({ msg: 'draining: readiness is 503', drainMs });
        await new Promise((r) => setTimeout(r, drainMs));
      }
      await app?.close();
    },
    log: (entry) => log.info(entry),
    exit: (code) => process.exit(code),
    deadlineMs: SERVER_STOP_DEADLINE_MS + drainMs,
  });
  app = await createApp(config);
  await app.listen(config.port, '0.0.0.0');
  const base = `http://localhost:${config.port}`;
  const db = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.database.kind === 'pglite' ? `PGlite ${config.database.dataDir ?? '(in-memory)'}` : 'in-memory';
  log.info({
    msg: 'studio-server listening',
    api: base,
    docs: `${base}/docs`,
    health: `${base}/health`,
    metrics: `${base}/metrics`,
    database: db,
    mqtt: config.mqttUrl ?? `embedded aedes mqtt://127.0.0.1:${config.mqttEmbeddedPort}`,
    jobs: config.redisUrl === null ? 'in-process' : 'BullMQ (REDIS_URL)',
    demo: config.demo,
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: 'studio-server failed to start', error: err instanceof Error ? err.stack : String(err) })}\n`);
  process.exit(1);
});
