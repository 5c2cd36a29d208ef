import { describe, expect, it } from 'vitest';
import type { RoundEventFrame, RoundSnapshotFrame, WsAck } from '@felt-studio/protocol';
import type { Socket } from 'socket.io-client';
import { FeltApiError } from './errors.js';
import { RealtimeClient } from './realtime.client.js';

type Listener = (...args: unknown[]) => void;

/**
 * An in-memory stand-in for a socket.io socket: records what the client emits, answers acks with
 * `reply` (which may also push frames first, as the server's join does), and lets the test push frames.
 */
class FakeSocket {
  connected = false;
  auth: unknown;
  readonly sent: { name: string; body: unknown }[] = [];
  private readonly listeners = new Map<string, Listener[]>();
  constructor(readonly reply: (s: FakeSocket, name: string, body: Record<string, unknown>) => WsAck | undefined) {}
  on(ev: string, fn: Listener): this {
    this.listeners.set(ev, [...(this.listeners.get(ev) ?? []), fn]);
    return this;
  }
  timeout(ms: number): { emitWithAck: (name: string, body: unknown) => Promise<unknown> } {
    return {
      emitWithAck: (name, body) => {
        this.sent.push({ name, body });
        const r = this.reply(this, name, body as Record<string, unknown>);
        if (r !== undefined) return Promise.resolve(r);
        return new Promise((_, reject) => setTimeout(() => reject(new Error('operation has timed out')), ms));
      },
    };
  }
  push(ev: string, payload?: unknown): void {
    for (const fn of this.listeners.get(ev) ?? []) fn(payload);
  }
  connect(): void {
    this.connected = true;
    this.push('connect');
  }
  disconnect(): void {
    this.connected = false;
    this.push('disconnect', 'io client disconnect');
  }
  removeAllListeners(): void {
    this.listeners.clear();
  }
}

const frame = (roundId: string, seq: number, tableId = 't1'): RoundEventFrame => ({ tableId, roundId, seq, type: 'BetAccepted', event: null, view: null });
const snapshot = (roundId: string | null, seq: number, tableId = 't1'): RoundSnapshotFrame => ({ tableId, roundId, seq, view: null, next: [] });

/** A server holding one round per table with `seq` events: join replays what the client lacks (as the gateway does). */
function studio(rounds: Record<string, { roundId: string; seq: number }>): (s: FakeSocket, name: string, body: Record<string, unknown>) => WsAck | undefined {
  return (s, name, body) => {
    if (name !== 'table.join') return { ok: true, result: null };
    const tableId = String(body['tableId']);
    const cur = rounds[tableId];
    if (!cur) return { ok: false, error: { code: 'TABLE_NOT_FOUND', ruleId: null, message: 'no such table' } };
    const lastSeq = body['lastSeq'];
    if (body['roundId'] === cur.roundId && typeof lastSeq === 'number') for (let q = lastSeq + 1; q <= cur.seq; q++) s.push('round.event', frame(cur.roundId, q, tableId));
    const snap = snapshot(cur.roundId, cur.seq, tableId);
    s.push('round.snapshot', snap);
    return { ok: true, result: snap };
  };
}

function client(reply: ConstructorParameters<typeof FakeSocket>[0], ackTimeoutMs = 1_000): { rt: RealtimeClient; socket: FakeSocket; seen: RoundEventFrame[] } {
  const socket = new FakeSocket(reply);
  const rt = new RealtimeClient({ baseUrl: 'http://studio.test', token: 'jwt', ackTimeoutMs, io: () => socket as unknown as Socket });
  const seen: RoundEventFrame[] = [];
  rt.on('round.event', (f) => seen.push(f));
  socket.connect();
  return { rt, socket, seen };
}

const flush = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe('RealtimeClient (seq tracking and resync, against a fake socket)', () => {
  it('drops frames it has already seen (a live frame and the resync replay overlap)', async () => {
    const { rt, socket, seen } = client(studio({ t1: { roundId: 'r1', seq: 2 } }));
    await rt.join('t1');
    for (const f of [frame('r1', 3), frame('r1', 3), frame('r1', 2)]) socket.push('round.event', f);
    expect(seen.map((f) => f.seq)).toEqual([3]);
    expect(rt.position('t1')).toEqual({ roundId: 'r1', seq: 3 });
  });

  it("a player's stream skips other players' bets: `prev` skips them, a coalesced table.update is shown without moving the position, no resync (issues 13, 25)", async () => {
    const rounds = { t1: { roundId: 'r1', seq: 2 } };
    const { rt, socket, seen } = client(studio(rounds));
    const updates: number[] = [];
    rt.on('table.update', (u) => updates.push(u.seq));
    await rt.join('t1');
    socket.push('round.event', { ...frame('r1', 6), prev: 2 }); // own bet; seq 3..5 were others' bets
    socket.push('table.update', { tableId: 't1', roundId: 'r1', seq: 9, prev: 2, betCount: 8, playerCount: 3 });
    socket.push('table.update', { tableId: 't1', roundId: 'r1', seq: 9, prev: 2, betCount: 8, playerCount: 3 }); // duplicate
    socket.push('round.event', { ...frame('r1', 10), prev: 6 }); // own: the update is not in the chain
    // Issue 25 §2: a bet's ack (its own frame inside) may overtake an update still being written in the fan-out's
    // slices — the update of seq 14 before the own frame of seq 12: both taken.
    socket.push('table.update', { tableId: 't1', roundId: 'r1', seq: 14, prev: 2, betCount: 11, playerCount: 3 });
    socket.push('round.event', { ...frame('r1', 12), prev: 10 });
    socket.push('table.update', { tableId: 't1', roundId: 'r1', seq: 13, prev: 2, betCount: 10, playerCount: 3 }); // older than the last shown
    await flush();
    expect(seen.map((f) => f.seq)).toEqual([6, 10, 12]);
    expect(updates).toEqual([9, 14]);
    expect(rt.position('t1')).toEqual({ roundId: 'r1', seq: 12 });
    expect(socket.sent.filter((x) => x.name === 'table.join')).toHaveLength(1);
    // An update whose prev (the last event sent to every player) this client never saw: a lost frame, resync.
    rounds.t1.seq = 20;
    socket.push('table.update', { tableId: 't1', roundId: 'r1', seq: 20, prev: 18, betCount: 12, playerCount: 3 });
    await flush();
    expect(socket.sent.at(-1)).toEqual({ name: 'table.join', body: { tableId: 't1', roundId: 'r1', lastSeq: 12 } });
    expect(rt.position('t1')).toEqual({ roundId: 'r1', seq: 20 });
  });

  it("a bettor's own events of one commit arrive as one `round.events` frame: dispatched as the round.event frames it stands for; a gap before it resyncs once (issue 13)", async () => {
    const rounds = { t1: { roundId: 'r1', seq: 2 } };
    const { rt, socket, seen } = client(studio(rounds));
    await rt.join('t1');
    const ev = (seq: number): { seq: number; type: string; event: unknown } => ({ seq, type: 'BetAccepted', event: { bet: { betId: `b${seq}` } } });
    socket.push('round.events', { tableId: 't1', roundId: 'r1', prev: 2, events: [ev(4), ev(5), ev(7)], view: { bets: 3 } });
    await flush();
    expect(seen.map((f) => [f.seq, f.prev, f.view])).toEqual([
      [4, 2, null],
      [5, 4, null],
      [7, 5, { bets: 3 }],
    ]);
    expect(rt.position('t1')).toEqual({ roundId: 'r1', seq: 7 });
    expect(socket.sent.filter((x) => x.name === 'table.join')).toHaveLength(1);
    // Its first `prev` (9) was never seen (8..9 lost): one resync, not one per event of the frame.
    rounds.t1.seq = 11;
    socket.push('round.events', { tableId: 't1', roundId: 'r1', prev: 9, events: [ev(10), ev(11)], view: null });
    await flush();
    expect(socket.sent.filter((x) => x.name === 'table.join')).toHaveLength(2);
    expect(socket.sent.at(-1)).toEqual({ name: 'table.join', body: { tableId: 't1', roundId: 'r1', lastSeq: 7 } });
    expect(seen.map((f) => f.seq)).toEqual([4, 5, 7, 8, 9, 10, 11]);
    expect(rt.position('t1')).toEqual({ roundId: 'r1', seq: 11 });
  });

  it('a gap in seq triggers a resync from the last seq; the replay fills it in order', async () => {
    const rounds = { t1: { roundId: 'r1', seq: 3 } };
    const { rt, socket, seen } = client(studio(rounds));
    await rt.join('t1');
    rounds.t1.seq = 5;
    socket.push('round.event', frame('r1', 5)); // seq 4 never arrived
    await flush();
    expect(socket.sent.at(-1)).toEqual({ name: 'table.join', body: { tableId: 't1', roundId: 'r1', lastSeq: 3 } });
    expect(seen.map((f) => f.seq)).toEqual([4, 5]);
    expect(rt.position('t1')).toEqual({ roundId: 'r1', seq: 5 });
  });

  it('after a reconnect it re-joins every table with its round and last seq, and reports the resync', async () => {
    const rounds = { t1: { roundId: 'r1', seq: 2 }, t2: { roundId: 'r9', seq: 7 } };
    const { rt, socket, seen } = client(studio(rounds));
    await rt.join('t1');
    await rt.join('t2');
    const resyncs: { tableId: string; replayed: number }[] = [];
    rt.on('resynced', (r) => resyncs.push({ tableId: r.tableId, replayed: r.replayed }));
    socket.disconnect();
    rounds.t1.seq = 4;
    socket.connect();
    await flush();
    expect(socket.sent.slice(-2).map((x) => x.body)).toEqual([
      { tableId: 't1', roundId: 'r1', lastSeq: 2 },
      { tableId: 't2', roundId: 'r9', lastSeq: 7 },
    ]);
    expect(seen.map((f) => [f.tableId, f.seq])).toEqual([
      ['t1', 3],
      ['t1', 4],
    ]);
    expect(resyncs).toEqual([
      { tableId: 't1', replayed: 2 },
      { tableId: 't2', replayed: 0 },
    ]);
  });

  it('a left table is not re-joined after a reconnect', async () => {
    const { rt, socket } = client(studio({ t1: { roundId: 'r1', seq: 1 } }));
    await rt.join('t1');
    await rt.leave('t1');
    const before = socket.sent.length;
    socket.disconnect();
    socket.connect();
    await flush();
    expect(socket.sent.length).toBe(before);
  });

  it('a new round moves the position; late frames of the previous round are delivered but never move it back', async () => {
    const { rt, socket, seen } = client(studio({ t1: { roundId: 'r1', seq: 3 } }));
    await rt.join('t1');
    socket.push('round.event', frame('r2', 1));
    socket.push('round.event', frame('r1', 4)); // e.g. the previous round's settlement
    expect(seen.map((f) => [f.roundId, f.seq])).toEqual([
      ['r2', 1],
      ['r1', 4],
    ]);
    expect(rt.position('t1')).toEqual({ roundId: 'r2', seq: 1 });
  });

  it('send validates the body with its WS_CLIENT_MESSAGES schema: an invalid bet is answered INVALID_INPUT and never sent', async () => {
    const { rt, socket } = client(studio({}));
    const ack = await rt.send('bet.place', { tableId: 't1', betId: 'not valid', spot: 'big', stakeMinor: 100 });
    expect(ack.ok ? null : ack.error.code).toBe('INVALID_INPUT');
    expect(socket.sent).toEqual([]);
  });

  it('request turns a rejected ack into FeltApiError with the server code and rule id (RES-1)', async () => {
    const { rt } = client(() => ({ ok: false, error: { code: 'RESTRICTED_COVERAGE', ruleId: 'RES-1', message: 'covers 35 of 37 pockets' } }));
    const e = await rt.request('bet.place', { tableId: 't1', betId: 'bet_1', spot: 'straight:1', stakeMinor: 100 }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(FeltApiError);
    expect({ code: (e as FeltApiError).code, ruleId: (e as FeltApiError).ruleId }).toEqual({ code: 'RESTRICTED_COVERAGE', ruleId: 'RES-1' });
  });

  it('an ack that never comes rejects with TIMEOUT after ackTimeoutMs', async () => {
    const { rt } = client(() => undefined, 50);
    const e = await rt.send('round.open', { tableId: 't1' }).then(
      () => null,
      (err: unknown) => err,
    );
    expect((e as FeltApiError).code).toBe('TIMEOUT');
  });

  it('an ack carrying the bettor\'s own frames (issue 25 §2): handled as `round.events` before the ack resolves, and stripped from it', async () => {
    const own = { tableId: 't1', roundId: 'r1', prev: 2, events: [{ seq: 3, type: 'BetAccepted', event: { bet: { betId: 'b1' } } }], view: { bets: ['b1'] } };
    const rounds = { t1: { roundId: 'r1', seq: 2 } };
    const { rt, socket, seen } = client((s, name, body) => (name === 'bet.place' ? { ok: true, result: { seq: 3 }, frames: [own] } : studio(rounds)(s, name, body)));
    rt.setToken('jwt2');
    expect(socket.auth).toEqual({ token: 'jwt2', ackFrames: true }); // the server is told (again at reconnect) that this client takes frames in acks
    await rt.join('t1');
    const ack = await rt.send('bet.place', { tableId: 't1', betId: 'b1', spot: 'big', stakeMinor: 100 });
    expect(seen.map((f) => [f.seq, f.prev, f.view])).toEqual([[3, 2, { bets: ['b1'] }]]);
    expect(ack).toEqual({ ok: true, result: { seq: 3 } });
    expect(rt.position('t1')).toEqual({ roundId: 'r1', seq: 3 });
    socket.push('round.events', own); // the same frame again (a duplicate): dropped
    expect(seen).toHaveLength(1);
  });
});
