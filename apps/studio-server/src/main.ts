import 'reflect-metadata';
import { configFromEnv } from './config/config.js';
import { createApp } from './ops/app.factory.js';
import { JsonLogger } from './ops/json-logger.js';

/** `node apps/studio-server/dist/main.js` — env: see README (PORT, DATABASE_URL, REDIS_URL, MQTT_URL, JWT_SECRET, FELT_DEMO, FELT_DATA_DIR). */
async function main(): Promise<void> {
  const config = configFromEnv(process.env);
  const logger = new JsonLogger();
  const app = await createApp(config, logger);
  await app.listen(config.port, '0.0.0.0');
  const base = `http://localhost:${config.port}`;
  const db = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.database.kind === 'pglite' ? `PGlite ${config.database.dataDir ?? '(in-memory)'}` : 'in-memory';
  logger.log({
    msg: 'studio-server listening',
    api: base,
    docs: `${base}/docs`,
    health: `${base}/health`,
    metrics: `${base}/metrics`,
    database: db,
    mqtt: config.mqttUrl ?? `embedded aedes mqtt://127.0.0.1:${config.mqttEmbeddedPort}`,
    jobs: config.redisUrl === null ? 'in-process' : 'BullMQ (REDIS_URL)',
    demo: config.demo,
  }, 'main');
}

main().catch((err: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: 'studio-server failed to start', error: err instanceof Error ? err.stack : String(err) })}\n`);
  process.exit(1);
});
