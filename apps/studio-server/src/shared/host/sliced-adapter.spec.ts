import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { ChunkedAdapter, FANOUT_SLICE_MS } from './sliced-adapter.js';

/** Issue 25 §1: a broadcast to many sockets is written in slices that yield to the loop, in emit order. */
describe('ChunkedAdapter', () => {
  let stop: (() => Promise<void>) | null = null;
  afterEach(async () => {
    ChunkedAdapter.sliceMs = FANOUT_SLICE_MS;
    await stop?.();
    stop = null;
  });

  it('writes a large room broadcast in several slices, every socket gets every frame once and in emit order (deferred frames too)', async () => {
    const http = createServer();
    const server = new Server(http, { adapter: ChunkedAdapter as never });
    server.on('connection', (s) => void s.join('room'));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const port = (http.address() as AddressInfo).port;
    const N = 120;
    const clients: ClientSocket[] = [];
    const got: number[][] = [];
    for (let i = 0; i < N; i++) {
      const c = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
      const mine: number[] = [];
      got.push(mine);
      c.on('f', (n: number) => mine.push(n));
      clients.push(c);
    }
    stop = async () => {
      for (const c of clients) c.close();
      await server.close();
    };
    await Promise.all(clients.map((c) => new Promise<void>((r) => (c.connected ? r() : c.once('connect', () => r())))));
    while ((server.sockets.adapter.rooms.get('room')?.size ?? 0) < N) await new Promise((r) => setTimeout(r, 5));
    const adapter = server.sockets.adapter as unknown as ChunkedAdapter;
    ChunkedAdapter.sliceMs = 0.05; // force many slices
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    server.to('room').emit('f', 1);
    expect(adapter.pending).toBeGreaterThan(0); // not all written in the emitting turn
    server.to('room').emit('f', 2);
    const one = [...(server.sockets.adapter.rooms.get('room') ?? [])][0] ?? '';
    server.to(one).emit('f', 3); // a small frame emitted behind them still waits its turn (per-socket order)
    server.to('room').emit('f', 4);
    adapter.defer(() => server.to(one).emit('f', 5)); // a frame built in its turn (a bettor's own view)
    server.to('room').emit('f', 6);
    const want = (i: number): number[] => (clients[i]?.id === one ? [1, 2, 3, 4, 5, 6] : [1, 2, 4, 6]);
    const deadline = Date.now() + 5000;
    while (got.some((g) => g.length < 4) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    clearInterval(counting);
    expect(adapter.pending).toBe(0);
    expect(adapter.stats.slices).toBeGreaterThan(3);
    expect(turns).toBeGreaterThan(0);
    expect(got.map((_, i) => want(i)).filter((w) => w.length === 6)).toHaveLength(1);
    for (let i = 0; i < N; i++) expect(got[i]).toEqual(want(i));
  });
});
