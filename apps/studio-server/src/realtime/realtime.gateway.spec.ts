import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { RealtimeClient, type ResyncInfo } from '@felt-studio/client-sdk';
import { unfoldRoundEvents, type RoundEventFrame, type RoundEventsFrame, type RoundSnapshotFrame, type TableUpdateFrame } from '@felt-studio/protocol';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { send, onRoundEvent, socketsOf } from '../../../../test/support/studio-server/frames.js';
import { openTable } from '../../../../test/support/studio-server/harness.js';
import { TablesService } from '../tables/tables.service.js';
import type { Server } from 'socket.io';
import { RealtimeGateway } from './realtime.gateway.js';
import { ChunkedAdapter } from '../shared/host/sliced-adapter.js';
import { textParser } from './text-parser.js';
import { TABLE_COMMAND_BUS } from '../shared/ports/late-bound.js';
import type { TableCommandBus } from '../shared/commands/command-bus.js';

/** Collect frames of one kind until `until` matches (or time out); `round.event` includes a player's unfolded `round.events`. */
function collect<T>(s: Socket, name: string): { frames: T[]; waitFor: (pred: (f: T) => boolean) => Promise<T> } {
  const frames: T[] = [];
  const waiters: { pred: (f: T) => boolean; resolve: (f: T) => void }[] = [];
  const on = name === 'round.event' ? (fn: (f: T) => void): void => onRoundEvent(s, fn as unknown as (f: RoundEventFrame) => void) : (fn: (f: T) => void): void => void s.on(name, fn);
  on((f: T) => {
    frames.push(f);
    for (const w of [...waiters]) if (w.pred(f)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(f);
    }
  });
  return {
    frames,
    waitFor: (pred) => {
      const hit = frames.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise<T>((resolve, reject) => {
        waiters.push({ pred, resolve });
        setTimeout(() => reject(new Error(`timed out waiting for ${name}`)), 5_000).unref();
      });
    },
  };
}

describe('RealtimeGateway (socket.io, issue §8)', () => {
  let app: RoundsApp;
  let tableId = '';
  const { sockets, open, closeAll } = socketsOf(() => app);
  beforeAll(async () => {
    app = await bootRoundsApp();
    tableId = await app.openSicBoTable('WS Sic Bo');
    await app.deposit('p1', 100_000);
    await app.deposit('p2', 100_000);
  });
  afterAll(async () => {
    closeAll();
    await app.close();
  });

  it('refuses a connection without a valid token', async () => {
    const s = io(app.url, { auth: { token: 'forged' }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(s);
    const err = await new Promise<{ code: string }>((resolve) => s.once('error', resolve));
    expect(err.code).toBe('UNAUTHENTICATED');
  });

  it('frames carry the seq; a player sees only their own bets while the dealer sees all; a player cannot close betting', async () => {
    const dealer = await open('dealer1', 'dealer');
    const p1 = await open('p1', 'player');
    const p2 = await open('p2', 'player');
    const dealerFrames = collect<RoundEventFrame>(dealer, 'round.event');
    const dealerBatches = collect<RoundEventsFrame>(dealer, 'round.events');
    const dealerRaw: RoundEventFrame[] = [];
    dealer.on('round.event', (f: RoundEventFrame) => dealerRaw.push(f));
    const dealerSnaps = collect<RoundSnapshotFrame>(dealer, 'round.snapshot');
    const p1Frames = collect<RoundEventFrame>(p1, 'round.event');
    const p1Errors = collect<{ code: string }>(p1, 'error');
    const p1Updates = collect<TableUpdateFrame>(p1, 'table.update');
    for (const s of [dealer, p1, p2]) expect((await send(s, 'table.join', { tableId })).ok).toBe(true);

    const opened = await send(dealer, 'round.open', { tableId });
    expect(opened.ok).toBe(true);
    expect((await send(p1, 'bet.place', { tableId, betId: 'ws_p1_a', spot: 'big', stakeMinor: 500 })).ok).toBe(true);
    expect((await send(p2, 'bet.place', { tableId, betId: 'ws_p2_a', spot: 'small', stakeMinor: 700 })).ok).toBe(true);

    const d = await dealerFrames.waitFor((f) => f.seq === 3);
    expect((d.event as { bet: { playerId: string } }).bet.playerId).toBe('p2');
    // Bet-only commits reach a staff room as `round.events` frames (issue 13: the bets of a window in
    // one frame, before the window's snapshot), never as `round.event`s; together, every bet in order.
    expect(dealerBatches.frames.flatMap((b) => b.events.map((e) => e.seq))).toEqual([2, 3]);
    expect(dealerBatches.frames.every((b) => b.view === null && b.prev === b.events[0]!.seq - 1)).toBe(true);
    expect(dealerRaw.filter((f) => f.type === 'BetAccepted')).toEqual([]);
    // Bet-only commits: the staff view (every bet) comes as one trailing snapshot per window, not per bet.
    expect(d.view).toBeNull();
    const ds = await dealerSnaps.waitFor((f) => f.seq === 3);
    expect((ds.view as { totals: { bets: number } }).totals.bets).toBe(2); // dealer view: table totals from the bet book (issue 8)
    expect(ds.next.map((n) => n.kind)).toEqual(['close-betting']);
    const own = await p1Frames.waitFor((f) => f.seq === 2);
    expect((own.event as { bet: { betId: string } }).bet.betId).toBe('ws_p1_a');
    // p2's bets reach p1 as one coalesced table.update (seq, counts; no bet), serialised once per table (issue 13).
    const update = await p1Updates.waitFor((u) => u.seq === 3);
    expect(update).toEqual({ tableId, roundId: own.roundId, seq: 3, prev: 1, betCount: 2, playerCount: 2 });
    expect(p1Frames.frames.some((f) => f.seq === 3)).toBe(false);
    expect((await send(p2, 'bet.place', { tableId, betId: 'ws_p2_x', spot: 'small', stakeMinor: 100 })).ok).toBe(true);
    expect((await send(p1, 'bet.place', { tableId, betId: 'ws_p1_x', spot: 'big', stakeMinor: 100 })).ok).toBe(true);
    const next = await p1Frames.waitFor((f) => f.seq === 5);
    expect((next.view as { bets: { playerId: string }[] }).bets.every((b) => b.playerId === 'p1')).toBe(true);
    // p1's stream: its own frames, each naming the previous event frame it was sent (gap check); the update
    // (seq 3) is not in that chain: an ack may overtake it (issue 25 §2).
    expect(p1Frames.frames.map((f) => [f.seq, f.prev ?? f.seq - 1])).toEqual([[1, 0], [2, 1], [5, 2]]);
    expect(p1Updates.frames.some((u) => JSON.stringify(u).includes('ws_p2_'))).toBe(false);
    expect(p1Frames.frames.some((f) => JSON.stringify(f).includes('ws_p2_'))).toBe(false);

    const denied = await send(p1, 'round.close', { tableId });
    expect(denied.ok ? null : denied.error.code).toBe('FORBIDDEN');
    expect((await p1Errors.waitFor((e) => e.code === 'FORBIDDEN')).code).toBe('FORBIDDEN');
  });

  it('a blackjack seat taken reaches every player with their view (bets.public, BJB-1); a bet behind it reaches the others only as the counts', async () => {
    const pit = app.token('pitboss1', 'pitboss');
    const t = await app.http('POST', '/tables', pit, { name: 'WS Blackjack', game: 'blackjack', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 50_000 }, betWindowS: 60 });
    const bj = String(t.body['tableId']);
    expect((await openTable(app.get(TablesService), bj)).ok).toBe(true); // with the pre-open check (GEN-8)
    const dealer = await open('dealer1', 'dealer');
    const p1 = await open('p1', 'player');
    const p2 = await open('p2', 'player');
    const p1Frames = collect<RoundEventFrame>(p1, 'round.event');
    const p2Frames = collect<RoundEventFrame>(p2, 'round.event');
    const p2Updates = collect<TableUpdateFrame>(p2, 'table.update');
    for (const s of [dealer, p1, p2]) expect((await send(s, 'table.join', { tableId: bj })).ok).toBe(true);
    expect((await send(dealer, 'round.open', { tableId: bj })).ok).toBe(true);
    // p2 takes seat 3: p1, who has no bet, sees the seat taken at once — without learning who sat there
    expect((await send(p2, 'bet.place', { tableId: bj, betId: 'ws_bj_seat', spot: 'seat:3', stakeMinor: 500 })).ok).toBe(true);
    const seen = await p1Frames.waitFor((f) => f.type === 'BetAccepted');
    expect((seen.view as { occupiedSeats: number[] }).occupiedSeats).toEqual([3]);
    expect(JSON.stringify(seen)).not.toContain('p2');
    expect(JSON.stringify(seen)).not.toContain('ws_bj_seat');
    // p1 bets behind seat 3: not a public bet — p2 gets the coalesced counts, no frame naming it
    expect((await send(p1, 'bet.place', { tableId: bj, betId: 'ws_bj_behind', spot: 'behind:3', stakeMinor: 200 })).ok).toBe(true);
    const behindSeq = (await p1Frames.waitFor((f) => JSON.stringify(f).includes('ws_bj_behind'))).seq;
    await p2Updates.waitFor((u) => u.seq === behindSeq);
    expect(p2Frames.frames.some((f) => f.seq === behindSeq)).toBe(false);
    expect(JSON.stringify([...p2Frames.frames, ...p2Updates.frames])).not.toContain('ws_bj_behind');
  });

  it('a rejected bet gets {code, ruleId, message} in the ack and an error frame', async () => {
    const p1 = await open('p1', 'player');
    await send(p1, 'table.join', { tableId });
    const r = await send(p1, 'bet.place', { tableId, betId: 'ws_p1_b', spot: 'small', stakeMinor: 500 });
    expect(r.ok ? null : { code: r.error.code, ruleId: r.error.ruleId }).toEqual({ code: 'RESTRICTED_COMBINATION', ruleId: 'RES-3' });
    const bad = await send(p1, 'bet.place', { tableId, betId: 'ws bad id', spot: 'big' });
    expect(bad.ok ? null : bad.error.code).toBe('INVALID_INPUT');
  });

  it('a whole layout is one command: each chip decided in order, accepted ones committed together, one answer per chip (issue 13)', async () => {
    const p2 = await open('p2', 'player');
    const joined = await send(p2, 'table.join', { tableId });
    const before = (joined.ok ? joined.result : null) as RoundSnapshotFrame;
    const balance = await app.balance('p2');
    const batches = collect<RoundEventsFrame>(p2, 'round.events');
    const single: RoundEventFrame[] = [];
    p2.on('round.event', (f: RoundEventFrame) => single.push(f)); // raw frames only
    const r = await send(p2, 'bet.layout', {
      tableId,
      bets: [
        { betId: 'ws_l_1', spot: 'total:10', stakeMinor: 200 },
        { betId: 'ws_l_2', spot: 'big', stakeMinor: 100 }, // p2 holds `small`: RES-3
        { betId: 'ws_l_3', spot: 'small', stakeMinor: 300 },
      ],
    });
    expect(r.ok).toBe(true);
    const res = (r.ok ? r.result : null) as { seq: number; results: { betId: string; ok: boolean; error?: { code: string; ruleId: string | null } }[]; bets: { betId: string }[]; totals: { count: number; stakedMinor: number } };
    expect(res.results.map((x) => [x.betId, x.ok, x.error?.ruleId ?? null])).toEqual([
      ['ws_l_1', true, null],
      ['ws_l_2', false, 'RES-3'],
      ['ws_l_3', true, null],
    ]);
    expect(res.seq).toBe(before.seq + 2);
    expect(res.bets.map((b) => b.betId).sort()).toEqual(['ws_l_1', 'ws_l_3']); // the accepted chips only (issue 25 §2)
    expect(await app.balance('p2')).toBe(balance - 500);
    // The bettor's own events of the commit reach it as ONE frame (not one `round.event` per chip), with
    // its view and `prev` = the last seq its stream was sent (≤ its snapshot's); the SDK unfolds it (protocol unfoldRoundEvents).
    const batch = await batches.waitFor((b) => b.events.some((e) => e.seq === res.seq));
    expect(batch.prev).toBeLessThanOrEqual(before.seq); // p2's stream: no gap after its join snapshot
    expect(batch.events.map((e) => [e.seq, e.type, (e.event as { bet: { betId: string } }).bet.betId])).toEqual([
      [before.seq + 1, 'BetAccepted', 'ws_l_1'],
      [before.seq + 2, 'BetAccepted', 'ws_l_3'],
    ]);
    expect((batch.view as { bets: { playerId: string }[] }).bets.every((b) => b.playerId === 'p2')).toBe(true);
    expect(batches.frames).toHaveLength(1);
    expect(single.filter((f) => f.seq > before.seq)).toEqual([]);
    expect(unfoldRoundEvents(batch).map((f) => [f.seq, f.prev, f.view === null])).toEqual([
      [before.seq + 1, batch.prev, true],
      [before.seq + 2, before.seq + 1, false],
    ]);
    const bad = await send(p2, 'bet.layout', { tableId, bets: [] });
    expect(bad.ok ? null : bad.error.code).toBe('INVALID_INPUT');
  });

  it('resync after reconnect: lastSeq returns the missing events (redacted for a player) and a fresh view', async () => {
    const p1 = await open('p1', 'player');
    const joined = await send(p1, 'table.join', { tableId });
    const snap = (joined.ok ? joined.result : null) as RoundSnapshotFrame;
    expect(snap.seq).toBeGreaterThanOrEqual(3);
    p1.disconnect();
    const p2 = await open('p2', 'player');
    await send(p2, 'table.join', { tableId });
    expect((await send(p2, 'bet.place', { tableId, betId: 'ws_p2_b', spot: 'small', stakeMinor: 100 })).ok).toBe(true);
    const again = await open('p1', 'player');
    const frames = collect<RoundEventFrame>(again, 'round.event');
    const re = await send(again, 'table.join', { tableId, roundId: snap.roundId, lastSeq: snap.seq });
    const fresh = (re.ok ? re.result : null) as RoundSnapshotFrame;
    expect(fresh.seq).toBe(snap.seq + 1);
    const missed = await frames.waitFor((f) => f.seq === snap.seq + 1);
    expect(missed.type).toBe('BetAccepted');
    expect(missed.event).toBeNull();
    expect((fresh.view as { bets: { playerId: string }[] }).bets.every((b) => b.playerId === 'p1')).toBe(true);
  });

  it('one message dispatcher per socket (issue 25 §2): no per-handler pipeline, listeners constant in the message types', async () => {
    // No NestJS message handler is left on the gateway (each built an RxJS pipeline per socket).
    const proto = RealtimeGateway.prototype as unknown as Record<string, unknown>;
    for (const k of Object.getOwnPropertyNames(proto)) {
      const fn = proto[k];
      if (typeof fn === 'function') expect(Reflect.getMetadataKeys(fn).filter((m) => String(m).includes('message')), k).toEqual([]);
    }
    const p = await open('p1', 'player');
    expect((await send(p, 'table.join', { tableId })).ok).toBe(true);
    const ops = app.get<TableCommandBus>(TABLE_COMMAND_BUS).registry.definitions().filter((d) => d.roles.length > 0).map((d) => d.op);
    expect(ops.length).toBeGreaterThan(10);
    const server = (app.get(RealtimeGateway) as unknown as { server: Server }).server;
    // …and its packets are socket.io's JSON text without the per-packet search for binary (text-parser.ts)
    expect((server as unknown as { encoder: unknown }).encoder).toBeInstanceOf(textParser.Encoder);
    const serverSocket = [...server.sockets.sockets.values()].find((s) => s.id === p.id)!;
    const names = serverSocket.eventNames().map(String);
    const listeners = names.reduce((n, e) => n + serverSocket.listenerCount(e), 0);
    expect(names.filter((n) => ops.includes(n) || n.startsWith('table.'))).toEqual([]);
    expect(serverSocket.listenersAny()).toHaveLength(1); // the one dispatcher
    expect([...new Set(names)].sort()).toEqual(['disconnect', 'disconnecting', 'error']); // lifecycle only, whatever the number of messages
    expect(listeners).toBeLessThanOrEqual(6);
    expect(listeners).toBeLessThan(ops.length);
    // every kind of message still goes through it: a table message, a table command, and their validation
    const bad = await send(p, 'table.presence', { tableId: 42 });
    expect(bad.ok ? null : bad.error.code).toBe('INVALID_INPUT');
    const forbidden = await send(p, 'round.open', { tableId });
    expect(forbidden.ok ? null : forbidden.error.code).toBe('FORBIDDEN');
    expect((await send(p, 'table.leave', { tableId })).ok).toBe(true);
  });

  it('one write per bet to the bettor (issue 25 §2): with `ackFrames` the ack carries its own frame; its second tab still gets the frame', async () => {
    const t2 = await app.openSicBoTable('WS one write');
    const dealer = await open('dealer1', 'dealer');
    expect((await send(dealer, 'table.join', { tableId: t2 })).ok).toBe(true);
    expect((await send(dealer, 'round.open', { tableId: t2 })).ok).toBe(true);
    const bettor = io(app.url, { auth: { token: app.token('p1', 'player'), ackFrames: true }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(bettor);
    await new Promise((r) => bettor.once('connect', () => r(null)));
    const tab2 = await open('p1', 'player');
    const legacy = await open('p2', 'player'); // a client that did not ask: the ack and the frame, as before
    for (const s of [bettor, tab2, legacy]) expect((await send(s, 'table.join', { tableId: t2 })).ok).toBe(true);
    // Every socket.io packet written to a socket about bets: acks and own-bet frames (not table.update / presence).
    const count = (s: Socket): { n: number } => {
      const c = { n: 0 };
      s.io.engine.on('packet', (pk: { type: string; data?: unknown }) => {
        if (pk.type !== 'message' || typeof pk.data !== 'string') return;
        if (pk.data.startsWith('3') || /^2\d*\["round\.events?"/.test(pk.data)) c.n++;
      });
      return c;
    };
    const writes = count(bettor);
    const legacyWrites = count(legacy);
    const tab2Frames = collect<RoundEventFrame>(tab2, 'round.event');
    const bettorFrames: RoundEventsFrame[] = [];
    bettor.on('round.events', (b: RoundEventsFrame) => bettorFrames.push(b));
    const BETS = 3;
    let lastSeq = 0;
    for (let i = 0; i < BETS; i++) {
      const a = (await bettor.timeout(5_000).emitWithAck('bet.place', { tableId: t2, betId: `ow_p1_${i}`, spot: i % 2 === 0 ? 'total:9' : 'total:10', stakeMinor: 100 })) as { ok: boolean; result: { seq: number; totals: { count: number } }; frames?: RoundEventsFrame[] };
      expect(a.ok).toBe(true);
      expect(a.result.totals.count).toBe(i + 1);
      // the frame the bettor would have been sent: its own event of the commit, with its view
      expect(a.frames?.flatMap((b) => b.events.map((e) => [e.seq, e.type, (e.event as { bet: { betId: string } }).bet.betId]))).toEqual([[a.result.seq, 'BetAccepted', `ow_p1_${i}`]]);
      expect((a.frames?.at(-1)?.view as { bets: { betId: string }[] }).bets.map((b) => b.betId).sort()).toEqual(Array.from({ length: i + 1 }, (_, k) => `ow_p1_${k}`));
      lastSeq = a.result.seq;
      const l = await send(legacy, 'bet.place', { tableId: t2, betId: `ow_p2_${i}`, spot: 'small', stakeMinor: 100 });
      expect(l.ok && (l as { frames?: unknown }).frames === undefined).toBe(true);
    }
    // the second tab of the same player still gets every frame
    await tab2Frames.waitFor((f) => f.seq === lastSeq);
    expect(tab2Frames.frames.filter((f) => f.type === 'BetAccepted').map((f) => (f.event as { bet: { betId: string } }).bet.betId)).toEqual(Array.from({ length: BETS }, (_, k) => `ow_p1_${k}`));
    await new Promise((r) => setTimeout(r, 100));
    expect(bettorFrames).toEqual([]);
    expect(writes.n).toBe(BETS); // one write per bet
    expect(legacyWrites.n).toBe(2 * BETS); // the ack and the frame
  });

  it('a bettor\'s ack never reads as a gap (issue 25 §2): with more players than one slice writes, no client resyncs during a burst', async () => {
    // The coalesced `table.update` to a room of more than FANOUT_DIRECT sockets is written in the fan-out's
    // slices, while an ack (with the bettor's own frame) is written ahead of them. The own frame's `prev` once
    // named that update's seq, so the ack overtaking it read as a lost frame: every client resynced (and was
    // sent every event since its last seq) several times a burst — 640 resyncs and 118 775 replayed events in
    // a 1 000-player bench, most of its CPU. An update is counts, not an event: the chain skips it.
    const t3 = await app.openSicBoTable('WS burst');
    const dealer = await open('dealer1', 'dealer');
    expect((await send(dealer, 'table.join', { tableId: t3 })).ok).toBe(true);
    expect((await send(dealer, 'round.open', { tableId: t3 })).ok).toBe(true);
    const PLAYERS = 90;
    const BETS = 4;
    const ids = Array.from({ length: PLAYERS }, (_, i) => `burst${i}`);
    for (const p of ids) await app.deposit(p, 10_000);
    const clients = ids.map((p) => new RealtimeClient({ baseUrl: app.url, token: app.token(p, 'player') }));
    const resyncs: ResyncInfo[] = [];
    // slices of one write (~32 sockets) each: the update is still being written when the next acks go
    const slice = ChunkedAdapter.sliceMs;
    ChunkedAdapter.sliceMs = 0.01;
    try {
      for (const c of clients) c.on('resynced', (r) => r.from !== null && resyncs.push(r));
      await Promise.all(clients.map((c) => c.request('table.join', { tableId: t3 })));
      const acks = await Promise.all(clients.map(async (c, i) => {
        const out: string[] = [];
        for (let k = 0; k < BETS; k++) {
          const a = await c.send('bet.place', { tableId: t3, betId: `bu_${i}_${k}`, spot: k % 2 === 0 ? 'small' : `total:${4 + k}`, stakeMinor: 100 });
          out.push(a.ok ? 'ok' : a.error.code);
        }
        return out;
      }));
      expect(acks.flat().filter((x) => x !== 'ok')).toEqual([]);
      await new Promise((r) => setTimeout(r, 600)); // the last coalesced update reaches everyone
      expect(resyncs.map((r) => `${r.from?.seq ?? '-'}→${r.snapshot.seq}`)).toEqual([]);
    } finally {
      ChunkedAdapter.sliceMs = slice;
      for (const c of clients) c.disconnect();
    }
  });

  it('pit bosses receive alerts', async () => {
    const pit = await open('pitboss1', 'pitboss');
    const alerts = collect<{ code: string }>(pit, 'alert');
    const dealer = await open('dealer1', 'dealer');
    await send(dealer, 'table.join', { tableId });
    expect((await send(dealer, 'round.void-request', { tableId, reason: 'camera down' })).ok).toBe(true);
    expect((await alerts.waitFor((a) => a.code === 'VOID_REQUESTED')).code).toBe('VOID_REQUESTED');
  });
});
