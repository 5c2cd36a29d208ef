/**
 * Benchmark (not a test): how many complete roulette rounds per second ONE table sustains, in
 * process, driven by a simulated device event stream through the real ingest path
 * (parseDeviceMessage → dedupe → kernel → one transaction → settlement → frames).
 *
 * Each round: OpenRound, BETS bets from distinct players, wheel.state 3 (ball launch closes betting),
 * wheel.ball, wheel.result → resolved → settled (in-process settlement: postings + RoundSettled).
 *
 *   npm run build && npm run bench:build      # the bench imports the built server (tsc emits decorator metadata)
 *   npx tsx test/bench/server-rounds.bench.ts [rounds=300] [bets=10] [store=memory|pglite]
 */
import { eventsTopic } from '@felt-studio/protocol';
import * as games from '@felt-studio/games';

// The server and its test support, compiled together for the benchmarks (test/support/tsconfig.json; never in the server's dist).
const support = '../support/dist';
const dist = `${support}/apps/studio-server/src`;
const { makeHarness, DEALER, PITBOSS } = (await import(`${support}/test/support/studio-server/harness.js`)) as typeof import('../support/studio-server/harness.js');
const { LoopbackMqtt } = (await import(`${dist}/shared/ports/mqtt.port.js`)) as typeof import('../../apps/studio-server/src/shared/ports/mqtt.port.js');
const { DeviceCommandsService } = (await import(`${dist}/ingest/device-commands.service.js`)) as typeof import('../../apps/studio-server/src/ingest/device-commands.service.js');
const { DeviceIngestService } = (await import(`${dist}/ingest/device-ingest.service.js`)) as typeof import('../../apps/studio-server/src/ingest/device-ingest.service.js');
const { DeviceHints } = (await import(`${dist}/ingest/device-hints.js`)) as typeof import('../../apps/studio-server/src/ingest/device-hints.js');
const { RoundControlService } = (await import(`${dist}/rounds/round-control.service.js`)) as typeof import('../../apps/studio-server/src/rounds/round-control.service.js');
const { BettingService } = (await import(`${dist}/betting/betting.service.js`)) as typeof import('../../apps/studio-server/src/betting/betting.service.js');
const { Logger } = await import('@nestjs/common');
const { openDataSource } = (await import(`${dist}/persistence/data-source.js`)) as typeof import('../../apps/studio-server/src/persistence/data-source.js');
const { SERVER_SCHEMA } = (await import(`${dist}/server-schema.js`)) as typeof import('../../apps/studio-server/src/server-schema.js');
const { TypeOrmUnitOfWork } = (await import(`${dist}/persistence/typeorm.uow.js`)) as typeof import('../../apps/studio-server/src/persistence/typeorm.uow.js');
const { createTestDatabase } = (await import(`${support}/test/support/studio-server/test-database.js`)) as typeof import('../support/studio-server/test-database.js');

Logger.overrideLogger(['error']);
const ROUNDS = Number(process.argv[2] ?? 300);
const BETS = Number(process.argv[3] ?? 10);
const STORE = process.argv[4] ?? 'memory';

let cleanup = async (): Promise<void> => undefined;
let shared = {};
if (STORE === 'pglite' || STORE === 'postgres') {
  const db = STORE === 'postgres' ? await createTestDatabase() : null;
  const ds = await openDataSource(db ? { kind: 'postgres', url: db.url } : { kind: 'pglite', dataDir: null }, SERVER_SCHEMA);
  shared = { uow: new TypeOrmUnitOfWork(ds) };
  cleanup = async () => {
    await ds.destroy();
    if (db) await db.drop();
  };
} else if (STORE !== 'memory') throw new Error(`store must be memory, pglite or postgres, got ${STORE}`);

const h = makeHarness([games.roulette.rouletteKernel as never], { roulette: ['european'] }, shared);
const mqtt = new LoopbackMqtt();
const opts = { ackTimeoutMs: 60_000 };
const commands = new DeviceCommandsService(mqtt, opts, h.ids, h.alerts, h.metrics);
const control = new RoundControlService(h.rounds, h.clock, h.ids, h.audit, h.alerts);
const ingest = new DeviceIngestService(mqtt, opts, h.rounds, control, h.tables, commands, h.clock, h.alerts, h.metrics, new DeviceHints(h.uow, h.rounds));
const betting = new BettingService(h.rounds, h.clock, h.uow, h.metrics);

const t = await h.tables.create({ name: 'Bench', game: 'roulette', profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 1_000_000, spots: {} }, betWindowS: 15, cadence: { auto: false, pauseS: 0 }, devices: [{ deviceId: 'wheel-1', kind: 'wheel' }] }, PITBOSS);
if (!t.ok) throw new Error(t.violation.message);
const tableId = t.value.tableId;
await h.tables.recordPreOpenCheck(tableId, { checks: ['table', 'wheel-level', 'free-running', 'ball'] }, PITBOSS);
await h.tables.setStatus(tableId, 'open', 'bench', PITBOSS);
for (let p = 0; p < BETS; p++) await h.deposit(`bp${p}`, 1_000_000_000);

let seq = 0;
const device = (type: string, payload: unknown): Promise<unknown> => ingest.handle(eventsTopic(tableId, 'wheel-1'), JSON.stringify({ v: 1, tableId, deviceId: 'wheel-1', seq: ++seq, at: Date.now(), type, payload }));

const spots = ['red', 'black', 'straight:17', 'dozen:1', 'odd', 'even', 'column:2', 'split:1-2', 'corner:1-5', 'street:1-3'];
const started = performance.now();
let lastPhase = '';
for (let r = 0; r < ROUNDS; r++) {
  h.clock.advance(1_000);
  const o = await h.rounds.openRound(tableId, DEALER);
  if (!o.ok) throw new Error(`open: ${o.violation.code}`);
  await Promise.all(Array.from({ length: BETS }, (_, p) => betting.place(tableId, { userId: `bp${p}`, role: 'player' }, { betId: `b${r}-${p}`, spot: spots[p % spots.length] ?? 'red', stakeMinor: 100 })));
  const spin = (r % 256) + 1;
  await device('wheel.state', { state: 3, spin, lastResult: null, flags: [], rpm: 24, direction: 'cw' });
  await device('wheel.ball', { spin, revolutions: 6, direction: 'ccw' });
  await device('wheel.result', { spin, number: (r * 7) % 37, revolutions: 6, ballDirection: 'ccw', wheelDirection: 'cw', confirmations: 3 });
  lastPhase = (await h.rounds.currentRound(tableId))?.state.phase ?? '';
  if (lastPhase !== 'settled') throw new Error(`round ${r} ended ${lastPhase}`);
}
const secs = (performance.now() - started) / 1000;
const inv = await h.invariants();
console.log(JSON.stringify({ bench: 'server-rounds', store: STORE, rounds: ROUNDS, betsPerRound: BETS, seconds: Number(secs.toFixed(3)), roundsPerSecond: Number((ROUNDS / secs).toFixed(1)), betsPerSecond: Number(((ROUNDS * BETS) / secs).toFixed(0)), ledgerInvariantViolations: inv.length }));
commands.onModuleDestroy();
h.rounds.onModuleDestroy();
await cleanup();
