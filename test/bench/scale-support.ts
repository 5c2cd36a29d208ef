/**
 * Shared pieces of the scale benchmarks (issue 13): boot the built studio server on a chosen store,
 * open a roulette table, mint players, percentiles, RSS. Benchmarks import the bench build test/support/dist (npm run bench:build)
 * (tsx emits no decorator metadata for NestJS): `npm run build && npm run bench:build` first.
 */
import { Logger } from '@nestjs/common';

// The server and its test support, compiled together for the benchmarks (test/support/tsconfig.json; never in the server's dist).
const support = '../support/dist';
const harness = (await import(`${support}/test/support/studio-server/app-harness.js`)) as typeof import('../support/studio-server/app-harness.js');
const testDb = (await import(`${support}/test/support/studio-server/test-database.js`)) as typeof import('../support/studio-server/test-database.js');
Logger.overrideLogger(['error']);

export type Store = 'memory' | 'pglite' | 'postgres';
export type RoundsApp = Awaited<ReturnType<typeof harness.bootRoundsApp>>;

export interface BenchApp {
  readonly app: RoundsApp;
  readonly store: Store;
  close(): Promise<void>;
}

/** The server on the store (PostgreSQL: a throw-away database from DATABASE_URL). */
export async function bootApp(store: Store): Promise<BenchApp> {
  const db = store === 'postgres' ? await testDb.createTestDatabase() : null;
  const database = store === 'postgres' ? { kind: 'postgres' as const, url: db!.url } : store === 'pglite' ? { kind: 'pglite' as const, dataDir: null } : { kind: 'memory' as const };
  const app = await harness.bootRoundsApp({ config: { database } });
  return {
    app,
    store,
    async close() {
      await app.close();
      if (db) await db.drop();
    },
  };
}

export const ROULETTE_LIMITS = { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 200_000, spots: { straight: { minMinor: 100, maxMinor: 5_000 }, split: { minMinor: 100, maxMinor: 10_000 } } };

/** An open roulette table (the demo table's limits) with a manual cadence and a long window; returns its id. */
export async function rouletteTable(app: RoundsApp, name = 'Bench roulette', betWindowS = 300): Promise<string> {
  const pit = app.token('pitboss-bench', 'pitboss');
  const t = await app.http('POST', '/tables', pit, { name, game: 'roulette', profileId: 'european', limits: ROULETTE_LIMITS, betWindowS, cadence: { auto: false, pauseS: 0 } });
  if (t.status >= 300) throw new Error(`create table: ${JSON.stringify(t.body)}`);
  const tableId = String(t.body['tableId']);
  const c = await app.http('POST', `/tables/${tableId}/pre-open-check`, pit, { checks: ['table', 'wheel-level', 'free-running', 'ball'] });
  if (c.status >= 300) throw new Error(`pre-open check: ${JSON.stringify(c.body)}`);
  const s = await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'bench' });
  if (s.status >= 300) throw new Error(`open table: ${JSON.stringify(s.body)}`);
  return tableId;
}

/** A keep-alive connection the server closed while the bench was busy (ECONNRESET): ask again once. */
async function retry<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch {
    return f();
  }
}

export async function openRound(app: RoundsApp, tableId: string): Promise<string> {
  const r = await retry(() => app.http('POST', `/tables/${tableId}/rounds`, app.token('dealer-bench', 'dealer')));
  if (r.status >= 300) throw new Error(`open round: ${JSON.stringify(r.body)}`);
  return String(r.body['roundId']);
}

/** N players with tokens minted by the server's own signer and a funded wallet. */
export async function players(app: RoundsApp, n: number, prefix: string, fundMinor = 100_000_000): Promise<{ userId: string; token: string }[]> {
  const out: { userId: string; token: string }[] = [];
  for (let i = 0; i < n; i += 100) {
    const batch = Array.from({ length: Math.min(100, n - i) }, (_, k) => `${prefix}${i + k}`);
    await Promise.all(batch.map((u) => app.deposit(u, fundMinor)));
    for (const u of batch) out.push({ userId: u, token: app.token(u, 'player') });
  }
  return out;
}

export function pct(xs: readonly number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0).toFixed(2));
}

export const rssMb = (): number => Number((process.memoryUsage().rss / 1_048_576).toFixed(1));

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Sizes: BENCH_SIZE=quick (default, minutes) or full (the sizes; run by hand). */
export const FULL = process.env['BENCH_SIZE'] === 'full';

export function emit(result: Record<string, unknown>): void {
  console.log(`RESULT ${JSON.stringify(result)}`);
}
