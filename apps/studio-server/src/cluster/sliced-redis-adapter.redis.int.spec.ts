/**
 * The cluster's socket.io adapter slices its local writes (issue 25 §1) on real Redis: a broadcast emitted on
 * instance A to a room whose sockets are on B — published by A, written by B — and B's own broadcasts arrive at
 * every socket once and in emit order, written in several slices with turns of B's loop between them; a
 * broadcast with acks (counted as its sockets are walked) still counts them.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { requireEnv } from '../../../../test/support/studio-server/test-database.js';
import { until } from '../../../../test/support/studio-server/cluster-wait.js';
import { ChunkedAdapter, FANOUT_SLICE_MS } from '../shared/host/sliced-adapter.js';
import { SUBSCRIBER_OPTIONS } from './redis-subscriber.js';
import { chunkedRedisAdapter, type ChunkedRedisAdapter } from './sliced-redis-adapter.js';

describe('the cluster adapter writes in slices (issue 25 §1, Redis)', () => {
  const url = requireEnv('REDIS_URL');
  const key = `felt-test:${randomBytes(4).toString('hex')}:socket.io`;
  const redis: Redis[] = [];
  const servers: { io: Server; http: HttpServer }[] = [];
  const clients: ClientSocket[] = [];
  const instance = async (): Promise<{ io: Server; port: number; adapter: ChunkedRedisAdapter }> => {
    const pub = new Redis(url, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate(SUBSCRIBER_OPTIONS);
    redis.push(pub, sub);
    const http = createServer();
    const io = new Server(http, { adapter: chunkedRedisAdapter(pub, sub, { key }) as never });
    io.on('connection', (s) => void s.join('room'));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    servers.push({ io, http });
    return { io, port: (http.address() as AddressInfo).port, adapter: io.sockets.adapter as unknown as ChunkedRedisAdapter };
  };
  afterAll(async () => {
    ChunkedAdapter.sliceMs = FANOUT_SLICE_MS;
    for (const c of clients) c.close();
    for (const s of servers) await s.io.close();
    for (const c of redis) c.disconnect();
  });

  it('a broadcast published by another instance and the instance’s own reach every socket once, in emit order, in slices', async () => {
    const a = await instance();
    const b = await instance();
    const N = 150;
    const got: number[][] = [];
    for (let i = 0; i < N; i++) {
      const c = connect(`http://127.0.0.1:${b.port}`, { transports: ['websocket'], forceNew: true });
      const mine: number[] = [];
      got.push(mine);
      c.on('f', (n: number) => mine.push(n));
      c.on('ping?', (_: unknown, ack: (n: number) => void) => ack(1));
      clients.push(c);
    }
    await Promise.all(clients.map((c) => new Promise<void>((r) => (c.connected ? r() : c.once('connect', () => r())))));
    await until('every socket in the room on b', () => (b.io.sockets.adapter.rooms.get('room')?.size ?? 0) === N);
    // the adapter subscribes to the room's channel asynchronously: wait until a published frame arrives
    a.io.to('room').emit('f', 0);
    await until('a first frame from a', () => got.every((g) => g.length === 1));
    ChunkedAdapter.sliceMs = 0.05; // force many slices (the setting is shared by every sliced adapter)
    const slicesBefore = b.adapter.stats.slices;
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    a.io.to('room').emit('f', 1); // published by a, written by b
    a.io.to('room').emit('f', 2);
    await until('b to queue a relayed broadcast', () => b.adapter.pending > 0 || got.every((g) => g.length >= 3));
    b.io.to('room').emit('f', 3); // b's own, behind what b is still writing
    a.io.to('room').emit('f', 4);
    await until('every frame at every socket', () => got.every((g) => g.length >= 5));
    clearInterval(counting);
    for (const g of got) expect(g).toEqual([0, 1, 2, 3, 4]);
    expect(b.adapter.stats.queuedBroadcasts).toBeGreaterThan(0);
    expect(b.adapter.stats.slices - slicesBefore).toBeGreaterThan(3);
    expect(turns).toBeGreaterThan(0);
    expect(b.adapter.pending).toBe(0);
    // a broadcast with acks is never queued: it counts the sockets it was written to as it walks them
    ChunkedAdapter.sliceMs = FANOUT_SLICE_MS;
    const acks = await b.io.to('room').timeout(5_000).emitWithAck('ping?', null);
    expect(acks).toHaveLength(N);
  });
});
