/**
 * Benchmark (not a test): live poker hands per second through the studio server's write path
 * (`PokerTablesService`: keyed mutex → pure fold → RNG deal → one unit-of-work transaction with the event
 * log append and the hand's ledger posting → frame notification → timers), NL Hold'em, five robot players
 * at a 6-seat table, beside a same-run baseline: the same kind of hands (robot decisions, shuffled deck)
 * through the pure core alone (`startHand` + `applyHandCommand`). The difference is the server's overhead.
 *
 *   npm run build && npm run bench:build      # imports the built server (tsc emits decorator metadata)
 *   npx tsx test/bench/server-poker.bench.ts [hands=300] [store=memory|pglite]
 */
import { performance } from 'node:perf_hooks';
import * as games from '@felt-studio/games';

// The server and its test support, compiled together for the benchmarks (test/support/tsconfig.json; never in the server's dist).
const support = '../support/dist';
const dist = `${support}/apps/studio-server/src`;
const { PokerTablesService } = (await import(`${dist}/poker/poker-tables.service.js`)) as typeof import('../../apps/studio-server/src/poker/poker-tables.service.js');
const { InMemoryPokerTablesRepository } = (await import(`${dist}/poker/poker-table.repository.js`)) as typeof import('../../apps/studio-server/src/poker/poker-table.repository.js');
const { InMemoryUnitOfWork } = (await import(`${dist}/persistence/in-memory.uow.js`)) as typeof import('../../apps/studio-server/src/persistence/in-memory.uow.js');
const { openDataSource } = (await import(`${dist}/persistence/data-source.js`)) as typeof import('../../apps/studio-server/src/persistence/data-source.js');
const { SERVER_SCHEMA } = (await import(`${dist}/server-schema.js`)) as typeof import('../../apps/studio-server/src/server-schema.js');
const { TypeOrmUnitOfWork } = (await import(`${dist}/persistence/typeorm.uow.js`)) as typeof import('../../apps/studio-server/src/persistence/typeorm.uow.js');
const { FixedClock, SequentialIds } = (await import(`${dist}/shared/clock.js`)) as typeof import('../../apps/studio-server/src/shared/clock.js');
const { ManualScheduler } = (await import(`${dist}/shared/host/scheduler.js`)) as typeof import('../../apps/studio-server/src/shared/host/scheduler.js');
const { TableHost } = (await import(`${dist}/shared/host/table-host.js`)) as typeof import('../../apps/studio-server/src/shared/host/table-host.js');
const { Logger } = await import('@nestjs/common');

Logger.overrideLogger(['error']);
const HANDS = Number(process.argv[2] ?? 300);
const STORE = process.argv[3] ?? 'memory';
const { pokerTable } = games;
const config = { variant: 'holdem' as const, structure: 'no-limit' as const, smallBlindMinor: 50, bigBlindMinor: 100, rake: { basisPoints: 500, capMinor: 300, noFlopNoDrop: true } };

/** Baseline: robot hands through the pure core only (same decision function, a seeded shuffle). */
function baseline(hands: number): { ms: number; commands: number } {
  const rng = games.createRng(7);
  const cfg = pokerTable.tableConfig(config);
  let commands = 0;
  const t0 = performance.now();
  for (let h = 0; h < hands; h++) {
    const deck = games.shuffle(Array.from({ length: 52 }, (_, i) => i), rng);
    const st = pokerTable.startHand({ handId: `b${h}`, config: cfg, seats: [1, 2, 3, 4, 6].map((seat) => ({ seat, playerId: `p${seat}`, stackMinor: 10_000 })), buttonSeat: [1, 2, 3, 4, 6][h % 5] as number, at: 0 });
    if (!st.ok) throw new Error(st.violation.message);
    let s = st.value;
    while (s.phase.type !== 'complete' && s.phase.type !== 'void') {
      const cmd = pokerTable.cardDue(s) ? { type: 'card' as const, card: deck.shift() as number, at: commands } : pokerTable.robotCommand(s, rng, commands, 400);
      if (!cmd) throw new Error('stuck');
      const next = pokerTable.applyHandCommand(s, cmd);
      if (!next.ok) throw new Error(next.violation.message);
      s = next.value;
      commands++;
    }
  }
  return { ms: performance.now() - t0, commands };
}

async function server(hands: number): Promise<{ ms: number; commits: number }> {
  const clock = new FixedClock();
  const ds = STORE === 'pglite' ? await openDataSource({ kind: 'pglite', dataDir: null }, SERVER_SCHEMA) : null;
  const uow = ds ? new TypeOrmUnitOfWork(ds) : new InMemoryUnitOfWork(clock);
  const scheduler = new ManualScheduler();
  const alerts = { raise: async (a: unknown) => a } as never;
  const svc = new PokerTablesService(uow, new InMemoryPokerTablesRepository(), clock, new SequentialIds(), new TableHost(scheduler), alerts, { nextHandMs: 10, robotMs: 1, robots: true, cardWaitMs: 60_000 });
  let commits = 0;
  svc.changes$.subscribe(() => commits++);
  const r = await svc.createTable({ tableId: 'bench', name: 'Bench', dealing: 'rng', config, seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000 }, robots: 5 });
  if (!r.ok) throw new Error(r.violation.message);
  const t0 = performance.now();
  while ((svc.stateOf('bench')?.handNo ?? 0) <= hands) {
    clock.advance(10);
    scheduler.runDue(clock.now());
    await new Promise((res) => setImmediate(res));
  }
  const ms = performance.now() - t0;
  svc.onModuleDestroy();
  await ds?.destroy();
  return { ms, commits };
}

const b = baseline(HANDS);
const s = await server(HANDS);
console.log(`pure core (baseline): ${HANDS} hands, ${b.commands} commands: ${((HANDS * 1000) / b.ms).toFixed(0)} hands/s, ${((b.ms * 1000) / b.commands).toFixed(1)} µs per command`);
console.log(`server write path (${STORE}): ${HANDS} hands, ${s.commits} commits: ${((HANDS * 1000) / s.ms).toFixed(0)} hands/s, ${((s.ms * 1000) / s.commits).toFixed(0)} µs per commit (a commit = one action + the cards it brings, or a hand start/end)`);
console.log(`RESULT ${JSON.stringify({ bench: 'server-poker', store: STORE, hands: HANDS, baselineHandsPerS: Math.round((HANDS * 1000) / b.ms), serverHandsPerS: Math.round((HANDS * 1000) / s.ms), usPerCommit: Math.round((s.ms * 1000) / s.commits) })}`);
