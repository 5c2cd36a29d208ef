/**
 * The same-run baseline of the scale benchmarks: a bare socket.io server that speaks just enough of
 * Felt's realtime protocol for the load generator — `table.join` answers a betting snapshot, every
 * `bet.place` / `bet.layout` is acked at once echoing its payload (no rules, no store, no fan-out), and
 * `broadcast()` sends one round event frame to the whole room (the bare room broadcast).
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';
import { msgpackParser } from '@felt-studio/protocol/msgpack';

export interface EchoServer {
  readonly url: string;
  /** One `round.event` to every joined socket (a room broadcast, serialised once). */
  broadcast(tableId: string, type: string): void;
  close(): Promise<void>;
}

export async function startEchoServer(): Promise<EchoServer> {
  const http = createServer();
  // FELT_WS_PARSER=msgpack: the baseline speaks the same encoding as the server it is compared with (issue 25 §2).
  const io = new Server(http, { cors: { origin: true }, ...(process.env['FELT_WS_PARSER'] === 'msgpack' ? { parser: msgpackParser } : {}) });
  let seq = 1;
  const roundId = 'rnd_echo';
  io.on('connection', (s) => {
    s.on('table.join', (b: { tableId: string }, ack: (a: unknown) => void) => {
      void s.join(`t:${b.tableId}`);
      ack({ ok: true, result: { tableId: b.tableId, roundId, seq, view: { phase: 'betting', roundId, tableId: b.tableId, bets: [] }, next: [] } });
    });
    s.on('bet.place', (b: { betId: string; spot: string; stakeMinor: number }, ack: (a: unknown) => void) => {
      seq++;
      ack({ ok: true, result: { roundId, seq, phase: 'betting', duplicate: false, events: [{ seq, type: 'BetAccepted' }], bets: [{ betId: b.betId, spot: b.spot, stakeMinor: b.stakeMinor }] } });
    });
    s.on('bet.layout', (b: { bets: { betId: string }[] }, ack: (a: unknown) => void) => {
      seq += b.bets.length;
      ack({ ok: true, result: { roundId, seq, results: b.bets.map((x) => ({ betId: x.betId, ok: true })), bets: b.bets } });
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const addr = http.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    broadcast(tableId, type) {
      seq++;
      io.to(`t:${tableId}`).emit('round.event', { tableId, roundId, seq, type, event: { type, at: Date.now(), reason: 'deadline' }, view: { phase: 'closed', roundId, tableId, bets: [] }, prev: 0 });
    },
    async close() {
      await new Promise<void>((r) => io.close(() => r()));
    },
  };
}
