/**
 * Benchmark (not a test), issue 13: server RSS per 1 000 connected, joined (idle) players, beside a bare
 * socket.io server holding the same sockets in a room, measured in the same run. The server runs in a
 * child process (so the clients' memory is not counted); the parent opens the sockets.
 *
 *   npx tsc -b tsconfig.build.json
 *   npx tsx test/bench/scale-rss.bench.ts [players=2000] [store=memory]
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { emit, sleep } from './scale-support.js';

const role = process.argv[2];

if (role === 'child-felt' || role === 'child-echo') {
  // ── the server side ──
  let url = '';
  let tableId = 'tbl_echo';
  let tokens: (i: number) => string = () => 'none';
  if (role === 'child-felt') {
    const { bootApp, rouletteTable, openRound, players } = await import('./scale-support.js');
    const b = await bootApp((process.argv[3] ?? 'memory') as 'memory');
    url = b.app.url;
    tableId = await rouletteTable(b.app, 'RSS bench');
    await openRound(b.app, tableId);
    const n = Number(process.argv[4] ?? 0);
    const ps = await players(b.app, n, 'rp', 1_000);
    tokens = (i) => ps[i]!.token;
  } else {
    const { startEchoServer } = await import('./echo-server.js');
    url = (await startEchoServer()).url;
  }
  const n = Number(process.argv[4] ?? 0);
  process.send?.({ url, tableId, tokens: Array.from({ length: n }, (_, i) => tokens(i)) });
  process.on('message', (m: string) => {
    if (m === 'rss') {
      (globalThis as { gc?: () => void }).gc?.();
      setTimeout(() => process.send?.({ rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed }), 200);
    }
    if (m === 'exit') process.exit(0);
  });
} else {
  const N = Number(process.argv[2] ?? 2000);
  const STORE = process.argv[3] ?? 'memory';
  const measure = async (kind: 'felt' | 'echo'): Promise<{ before: number; after: number; perThousandMb: number; heapPerThousandMb: number }> => {
    const child = fork(fileURLToPath(import.meta.url), [`child-${kind}`, STORE, String(N)], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const next = <T>(): Promise<T> => new Promise((r) => child.once('message', (m) => r(m as T)));
    const { url, tableId, tokens } = await next<{ url: string; tableId: string; tokens: string[] }>();
    await sleep(500);
    child.send('rss');
    const m0 = await next<{ rss: number; heap: number }>();
    const before = m0.rss;
    const sockets: Socket[] = [];
    for (let i = 0; i < N; i += 200) {
      const batch = await Promise.all(
        tokens.slice(i, i + 200).map(
          (token) =>
            new Promise<Socket>((resolve, reject) => {
              const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
              s.once('connect', () => resolve(s));
              s.once('connect_error', reject);
            }),
        ),
      );
      await Promise.all(batch.map((s) => s.timeout(30_000).emitWithAck('table.join', { tableId })));
      sockets.push(...batch);
    }
    await sleep(1_000);
    child.send('rss');
    const m1 = await next<{ rss: number; heap: number }>();
    const after = m1.rss;
    for (const s of sockets) s.disconnect();
    child.send('exit');
    await new Promise((r) => child.once('exit', r));
    const mb = (x: number): number => Number((x / 1_048_576).toFixed(1));
    return { before: mb(before), after: mb(after), perThousandMb: Number((((after - before) / 1_048_576 / N) * 1000).toFixed(1)), heapPerThousandMb: Number((((m1.heap - m0.heap) / 1_048_576 / N) * 1000).toFixed(1)) };
  };
  const echo = await measure('echo');
  const felt = await measure('felt');
  emit({ bench: 'scale-rss', store: STORE, players: N, feltMb: felt, bareSocketIoMb: echo, ratio: Number((felt.perThousandMb / Math.max(0.1, echo.perThousandMb)).toFixed(2)), heapRatio: Number((felt.heapPerThousandMb / Math.max(0.1, echo.heapPerThousandMb)).toFixed(2)) });
  process.exit(0);
}
