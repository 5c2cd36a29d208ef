/**
 * Benchmark (not a test), issue 13: settle and post one roulette round of N bets on PostgreSQL (or
 * PGlite / in-memory), beside a raw COPY of the same ledger rows (psql `\copy` into a scratch table)
 * measured in the same run.
 *
 * The round is real: opened through the API, N PlaceBet commands decided and folded by the roulette
 * kernel, their events, bet rows and debit postings bulk-written (seeding is not what is measured),
 * then the server's cache is dropped so the next command rebuilds the round from the log (cold replay,
 * reported), betting closes, the ball lands (RecordSpinResult) and the in-process settlement runs:
 * measured from the result command until the round is `settled` (lines, postings, bet moves, the
 * MarkSettled commit).
 *
 *   npm run build && npm run bench:build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx test/bench/scale-settle.bench.ts [bets=20000] [store=postgres]
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { bootApp, emit, openRound, rouletteTable, type Store } from './scale-support.js';

// The server and its test support, compiled together for the benchmarks (test/support/tsconfig.json; never in the server's dist).
const support = '../support/dist';
const dist = `${support}/apps/studio-server/src`;
const { KERNELS } = (await import(`${dist}/kernels/kernel.registry.js`)) as typeof import('../../apps/studio-server/src/kernels/kernel.registry.js');
const { RoundsService } = (await import(`${dist}/rounds/rounds.service.js`)) as typeof import('../../apps/studio-server/src/rounds/rounds.service.js');
const { SettlementService } = (await import(`${dist}/settlement/settlement.service.js`)) as typeof import('../../apps/studio-server/src/settlement/settlement.service.js');
const { SYSTEM_ACTOR } = (await import(`${dist}/shared/command.types.js`)) as typeof import('../../apps/studio-server/src/shared/command.types.js');
const { FELT_DATA_SOURCE } = (await import(`${dist}/persistence/persistence.module.js`)) as typeof import('../../apps/studio-server/src/persistence/persistence.module.js');
const { UNIT_OF_WORK } = (await import(`${dist}/shared/ports/persistence.port.js`)) as typeof import('../../apps/studio-server/src/shared/ports/persistence.port.js');
const ledger = (await import(`${dist}/shared/ledger.rules.js`)) as typeof import('../../apps/studio-server/src/shared/ledger.rules.js');

// BENCH_SLOW_SQL=ms: print every statement slower than that (where the time goes).
if (process.env['BENCH_SLOW_SQL']) {
  const pg = (await import('pg')).default;
  const limit = Number(process.env['BENCH_SLOW_SQL']);
  const orig = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...a: unknown[]) {
    const t = performance.now();
    const r = orig.apply(this, a);
    const text = typeof a[0] === 'string' ? a[0] : String((a[0] as { text?: string })?.text ?? '');
    if (r instanceof Promise) void r.then(() => performance.now() - t > limit && console.log(`SLOW ${(performance.now() - t).toFixed(0)} ms ${text.replace(/\s+/g, ' ').slice(0, Number(process.env['BENCH_SLOW_SQL_CHARS'] ?? 140))}`), () => undefined);
    return r;
  } as typeof pg.Client.prototype.query;
}

const N = Number(process.argv[2] ?? 20_000);
const STORE = (process.argv[3] ?? 'postgres') as Store;
const PLAYERS = Math.max(1, Math.min(N, Math.ceil(N / 10)));
const spots = ['red', 'black', 'straight:17', 'dozen:1', 'odd', 'even', 'column:2', 'split:17-20', 'corner:1-2-4-5', 'street:1-2-3'];

const b = await bootApp(STORE);
const { app } = b;
const rounds = app.get(RoundsService);
const uow = app.get<import('../../apps/studio-server/src/shared/ports/persistence.port.js').UnitOfWork>(UNIT_OF_WORK);
const tableId = await rouletteTable(app, 'Settle bench');
const roundId = await openRound(app, tableId);
const cur = await rounds.currentRound(tableId);
if (!cur) throw new Error('no round');
const kernel = app.get<import('../../apps/studio-server/src/kernels/kernel.registry.js').KernelRegistry>(KERNELS).get('roulette')!;

// ── seed: N bets decided and folded by the kernel, written in bulk ──
const tSeed = performance.now();
let state = cur.state;
const at = Date.now();
const events: { type: string; at: number; payload: unknown }[] = [];
for (let i = 0; i < N; i++) {
  const d = kernel.decide(state, { type: 'PlaceBet', at, bet: { betId: `sb${i}`, playerId: `sp${i % PLAYERS}`, spot: spots[i % spots.length]!, stakeMinor: 100 } });
  if (!d || !d.ok) throw new Error(`bet ${i}: ${d ? d.violation.code : 'no decision'}`);
  for (const e of d.events) {
    state = kernel.evolve(state, e);
    events.push({ type: e.type, at: e.at, payload: e });
  }
}
const firstSeq = cur.state.seq + 1;
const postings = [
  ...Array.from({ length: PLAYERS }, (_, p) => ledger.depositPosting(`seed-${p}`, `sp${p}`, 100 * (Math.ceil(N / PLAYERS) + 1))),
  ...Array.from({ length: N }, (_, i) => ledger.betDebitPosting({ betId: `sb${i}`, playerId: `sp${i % PLAYERS}`, stakeMinor: 100 })),
].map((p) => ({ postingId: p.postingId, entries: p.entries.map((e) => ({ ...e, at })) }));
if (STORE === 'memory') {
  await uow.run(async (tx) => {
    await tx.events.append(roundId, tableId, cur.state.seq, events, null);
    for (let i = 0; i < N; i++) await tx.bets.insert({ betId: `sb${i}`, roundId, tableId, playerId: `sp${i % PLAYERS}`, spot: spots[i % spots.length]!, kind: 'seed', stakeMinor: 100, currency: 'EUR', status: 'accepted', returnMinor: null, placedAt: at, settledAt: null });
    await tx.ledger.postMany(postings);
  });
} else {
  const ds = app.get<DataSource>(FELT_DATA_SOURCE);
  for (let i = 0; i < N; i += 10_000) {
    const ev = events.slice(i, i + 10_000);
    await ds.query(
      `INSERT INTO "round_event" ("round_id","seq","table_id","type","payload","at","recorded_at","causation_id") SELECT $1, s, $2, t, p::jsonb, a, a, NULL FROM unnest($3::int[], $4::text[], $5::text[], $6::bigint[]) AS u(s, t, p, a)`,
      [roundId, tableId, ev.map((_, k) => firstSeq + i + k), ev.map((e) => e.type), ev.map((e) => JSON.stringify(e.payload)), ev.map((e) => e.at)],
    );
    const ids = ev.map((_, k) => i + k);
    await ds.query(
      `INSERT INTO "bet" ("bet_id","round_id","table_id","player_id","spot","kind","stake_minor","currency","status","return_minor","placed_at","settled_at")
       SELECT b, $1, $2, p, s, 'seed', 100, 'EUR', 'accepted', NULL, $3, NULL FROM unnest($4::text[], $5::text[], $6::text[]) AS u(b, p, s)`,
      [roundId, tableId, at, ids.map((k) => `sb${k}`), ids.map((k) => `sp${k % PLAYERS}`), ids.map((k) => spots[k % spots.length]!)],
    );
  }
  await uow.run((tx) => tx.ledger.postMany(postings));
}
const seedS = (performance.now() - tSeed) / 1000;

// ── cold replay, close, result → settled ──
rounds.invalidate(tableId);
const tReplay = performance.now();
const rebuilt = await rounds.currentRound(tableId);
const replayS = (performance.now() - tReplay) / 1000;
if (rebuilt?.state.seq !== state.seq) throw new Error(`replay: seq ${rebuilt?.state.seq} != ${state.seq}`);
const must = async (c: Record<string, unknown> & { type: string }): Promise<void> => {
  const r = await rounds.execute(tableId, { ...c, at: Date.now() }, SYSTEM_ACTOR);
  if (!r.ok) throw new Error(`${c.type}: ${r.violation.code} ${r.violation.message}`);
};
await must({ type: 'CloseBetting', reason: 'dealer' });
await must({ type: 'RecordBallLaunched', spin: 1 });
const tSettle = performance.now();
// BENCH_MARKS=1: the settle window in the clock of `node --cpu-prof` profiles (µs), to cut a profile to it.
const mark = (what: string): void => void (process.env['BENCH_MARKS'] === '1' && console.log(`MARK ${what} ${process.hrtime.bigint() / 1000n}`));
mark('settle-start');
await must({ type: 'RecordSpinResult', spin: 1, number: 17, revolutions: 5, ballDirection: 'cw', wheelDirection: 'ccw' });
await app.get(SettlementService).drain();
const settleS = (performance.now() - tSettle) / 1000;
mark('settle-end');
const after = await rounds.round(roundId, { fresh: true });
const settledBets = await uow.run(async (tx) => (await tx.bets.listByRound(roundId)).filter((x) => x.status === 'settled').length);
const inv = await app.invariants();

// ── baseline: raw COPY of the same ledger rows (settlement entries + postings) ──
let copyS: number | null = null;
let copyRows = 0;
if (STORE === 'postgres') {
  const ds = app.get<DataSource>(FELT_DATA_SOURCE);
  const entries = (await ds.query(`SELECT e."posting_id", e."account", e."currency", e."amount_minor", e."at", e."memo" FROM "ledger_entry" e WHERE e."posting_id" LIKE $1`, [`settle:${roundId}:%`])) as Record<string, unknown>[];
  copyRows = entries.length;
  await ds.query(`CREATE TABLE "bench_entry_copy" (LIKE "ledger_entry" INCLUDING DEFAULTS INCLUDING INDEXES)`);
  await ds.query(`CREATE TABLE "bench_posting_copy" (LIKE "ledger_posting" INCLUDING DEFAULTS INCLUDING INDEXES)`);
  const dir = tmpdir();
  const fe = join(dir, `felt-bench-entries-${process.pid}.tsv`);
  const fp = join(dir, `felt-bench-postings-${process.pid}.tsv`);
  writeFileSync(fe, entries.map((e) => [e['posting_id'], e['account'], e['currency'], e['amount_minor'], e['at'], e['memo']].join('\t')).join('\n') + '\n');
  writeFileSync(fp, [...new Set(entries.map((e) => String(e['posting_id'])))].map((p) => `${p}\t${at}`).join('\n') + '\n');
  const url = (app.config.database as { url: string }).url;
  const t = performance.now();
  const r = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', `\\copy "bench_posting_copy" ("posting_id","at") FROM '${fp}'`, '-c', `\\copy "bench_entry_copy" ("posting_id","account","currency","amount_minor","at","memo") FROM '${fe}'`], { encoding: 'utf8' });
  copyS = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`psql copy: ${r.stderr}`);
}
await b.close();

emit({
  bench: 'scale-settle',
  store: STORE,
  bets: N,
  players: PLAYERS,
  seedSeconds: Number(seedS.toFixed(2)),
  coldReplaySeconds: Number(replayS.toFixed(3)),
  settleSeconds: Number(settleS.toFixed(3)),
  phase: after?.state.phase,
  settledBets,
  ledgerInvariantViolations: inv.length,
  copy: copyS === null ? null : { rows: copyRows, seconds: Number(copyS.toFixed(3)) },
  ratio: copyS === null ? null : Number((copyS / settleS).toFixed(3)),
});
process.exit(0);
