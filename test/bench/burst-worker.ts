/**
 * One load process of the closing-burst bench (closing-burst.bench.ts): bare socket.io clients (no SDK,
 * to stay light, but asking as the SDK does for their own frames inside the bet acks — `auth.ackFrames`, one
 * write per bet; the echo ignores it), each player joins the table, then sends ONE bet at a time drawn in the last seconds of
 * the window (some just after the close). It records, per bet, the time it was due, the time it was
 * actually sent (the load client's own send delay) and the answer's time and code. IPC: `ready` → `go`
 * {closesAt, fromMs, afterMs} → `report`.
 *
 *   (not run by hand) node <tsx flags> test/bench/burst-worker.ts <config.json>
 */
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';

interface Config {
  readonly baseUrl: string;
  readonly tableId: string;
  readonly players: readonly { readonly userId: string; readonly token: string }[];
  readonly seed: number;
}
interface Ack {
  readonly ok: boolean;
  readonly error?: { readonly code: string };
}
const cfg = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Config;
const send = (m: Record<string, unknown>): void => void process.send?.(m);

const sockets: Socket[] = [];
async function connectAll(): Promise<number> {
  let connected = 0;
  for (let i = 0; i < cfg.players.length; i += 100) {
    await Promise.all(
      cfg.players.slice(i, i + 100).map(
        (p) =>
          new Promise<void>((resolve) => {
            const s = io(cfg.baseUrl, { transports: ['websocket'], auth: { token: p.token, ackFrames: true }, forceNew: true, reconnection: false });
            const done = (): void => resolve();
            s.once('connect', () => {
              s.emit('table.join', { tableId: cfg.tableId }, (a: Ack) => {
                if (a.ok) connected++;
                done();
              });
            });
            s.once('connect_error', done);
            sockets.push(s);
          }),
      ),
    );
  }
  return connected;
}

let seed = cfg.seed;
const rand = (): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};

process.on('message', (m: { type?: string; closesAt?: number; fromMs?: number; afterMs?: number }) => {
  if (m.type !== 'go' || m.closesAt === undefined) return;
  const closesAt = m.closesAt;
  const from = closesAt - (m.fromMs ?? 3000);
  const span = (m.fromMs ?? 3000) + (m.afterMs ?? 100);
  const plan = sockets.map((s, i) => ({ s, i, due: Math.round(from + rand() * span) })).sort((a, b) => a.due - b.due);
  // per bet: due, sent, answered (epoch ms; 0 = no answer), code ('ok' or the refusal)
  const due = new Float64Array(plan.length);
  const sent = new Float64Array(plan.length);
  const answered = new Float64Array(plan.length);
  const codes: string[] = new Array<string>(plan.length).fill('none');
  let left = plan.length;
  let next = 0;
  const finish = (): void => {
    send({ type: 'report', closesAt, due: [...due], sent: [...sent], answered: [...answered], codes });
  };
  const giveUp = setTimeout(finish, Math.max(0, closesAt - Date.now()) + 30_000);
  const tick = (): void => {
    const now = Date.now();
    while (next < plan.length && plan[next]!.due <= now) {
      const k = next++;
      const p = plan[k]!;
      due[k] = p.due;
      sent[k] = Date.now();
      const userId = cfg.players[p.i]?.userId ?? String(p.i);
      p.s.emit('bet.place', { tableId: cfg.tableId, betId: `cb-${userId}-${closesAt}`, spot: `straight:${(p.i % 36) + 1}`, stakeMinor: 100 }, (a: Ack) => {
        answered[k] = Date.now();
        codes[k] = a.ok ? 'ok' : (a.error?.code ?? 'error');
        if (--left === 0) {
          clearTimeout(giveUp);
          finish();
        }
      });
    }
    if (next < plan.length) setTimeout(tick, Math.max(0, plan[next]!.due - Date.now()));
  };
  setTimeout(tick, Math.max(0, (plan[0]?.due ?? now0()) - Date.now()));
});
const now0 = (): number => Date.now();

const connected = await connectAll();
send({ type: 'ready', connected });
process.on('disconnect', () => process.exit(0));
