/**
 * `npm run load -- [options]`: the load generator against a running deployment (default the embedded
 * studio of `npm start` on http://127.0.0.1:3000). Creates N players through the API (admin login),
 * deposits for them, joins them to a roulette table and lets each bet a realistic layout per round.
 *
 *   --url http://127.0.0.1:3000   deployment (or FELT_URL)
 *   --admin admin1 --password demo  an admin login (creates players, deposits)
 *   --players 100                 how many players (bounded: at most 20 000)
 *   --rounds 2 --seconds 120      stop after this many betting rounds, or this long
 *   --table <tableId>             default: the first open roulette table
 *   --layout                      send each player's layout as ONE `bet.layout` command
 *   --spread-ms 5000              spread each player's first chip over this many ms of the window
 *   --json                        print the report as JSON only
 */
import { FeltApiError, FeltClient } from '@felt-studio/client-sdk';
import { runLoad, type LoadPlayer } from './load.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : dflt;
};
const flag = (name: string): boolean => args.includes(`--${name}`);
const url = opt('url', process.env['FELT_URL'] ?? 'http://127.0.0.1:3000');
const players = Math.min(20_000, Math.max(1, Number(opt('players', '100'))));
const rounds = Math.max(1, Number(opt('rounds', '2')));
const seconds = Math.max(5, Number(opt('seconds', '120')));
const json = flag('json');
const log = json ? (): void => undefined : (l: string): void => console.log(`[load] ${l}`);

const admin = new FeltClient({ baseUrl: url });
try {
  await admin.login(opt('admin', process.env['FELT_ADMIN_USER'] ?? 'admin1'), opt('password', process.env['FELT_ADMIN_PASSWORD'] ?? 'demo'));
} catch (e) {
  console.error(`cannot log in as admin at ${url}: ${e instanceof FeltApiError ? `${e.code} ${e.message}` : String(e)} (is the studio running? npm start)`);
  process.exit(2);
}
let tableId = opt('table', '');
if (!tableId) {
  const t = (await admin.listTables()).find((x) => x.game === 'roulette' && x.status === 'open');
  if (!t) {
    console.error('no open roulette table; pass --table <tableId>');
    process.exit(2);
  }
  tableId = t.tableId;
  log(`table ${t.name} (${t.tableId}), betting window ${t.betWindowS} s`);
}

// Players through the API: create (idempotent across runs by a run tag), log in, fund.
const run = Date.now().toString(36);
const password = `load-${run}-pw`;
const made: LoadPlayer[] = [];
const t0 = Date.now();
const CONCURRENCY = 20;
for (let i = 0; i < players; i += CONCURRENCY) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, players - i) }, async (_, k) => {
      const username = `load-${run}-${i + k}`;
      const u = await admin.createUser({ username, name: `Load ${i + k}`, role: 'player', password, reason: 'load generator' });
      await admin.deposit({ playerId: u.userId, amountMinor: 10_000_000, currency: 'EUR', reason: 'load generator', depositId: `load-${run}-${i + k}` });
      const c = new FeltClient({ baseUrl: url });
      const l = await c.login(username, password);
      return { userId: u.userId, token: l.token };
    }),
  );
  made.push(...batch);
}
log(`${made.length} players created, funded and logged in in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const report = await runLoad({
  baseUrl: url,
  tableId,
  players: made,
  rounds,
  seconds,
  asLayout: flag('layout'),
  spreadMs: Number(opt('spread-ms', '0')),
  log,
});
console.log(json ? JSON.stringify(report) : JSON.stringify(report, null, 2));
process.exit(report.unexpectedRejections > 0 || report.accepted === 0 ? 1 : 0);
