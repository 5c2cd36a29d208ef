/**
 * The SDK against the real studio server, in process: the whole AppModule (bootTestApp full) on
 * in-memory PGlite with the demo users, on a random port. Everything below goes through the SDK
 * only (REST + socket.io), as a web app would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundEventFrame } from '@felt-studio/protocol';
import { bootTestApp, type TestApp } from '../support/studio-server/test-app.js';
import { FeltApiError } from '../../libs/client-sdk/src/errors.js';
import { FeltClient } from '../../libs/client-sdk/src/felt.client.js';
import { newBetId } from '../../libs/client-sdk/src/ids.js';
import { RealtimeClient, type RealtimeEventName, type RealtimeEvents } from '../../libs/client-sdk/src/realtime.client.js';
import { rejectionOf } from '../support/client-sdk/rejection.js';

/** Resolves with the first `event` payload matching `pred` (already-seen ones included) or fails after 5 s. */
function recorder<E extends RealtimeEventName>(rt: RealtimeClient, event: E): { all: RealtimeEvents[E][]; next: (pred: (p: RealtimeEvents[E]) => boolean) => Promise<RealtimeEvents[E]> } {
  const all: RealtimeEvents[E][] = [];
  const waiters: { pred: (p: RealtimeEvents[E]) => boolean; resolve: (p: RealtimeEvents[E]) => void }[] = [];
  rt.on(event, (p) => {
    all.push(p);
    for (const w of [...waiters])
      if (w.pred(p)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(p);
      }
  });
  return {
    all,
    next: (pred) => {
      const hit = all.find(pred);
      if (hit !== undefined) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        waiters.push({ pred, resolve });
        setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), 5_000).unref();
      });
    },
  };
}

describe('client-sdk end to end against the studio server (PGlite, demo users)', () => {
  let app: TestApp;
  const clients: RealtimeClient[] = [];
  const sdk = (): FeltClient => new FeltClient({ baseUrl: app.url });
  const realtime = (token: string | null): RealtimeClient => {
    const rt = new RealtimeClient({ baseUrl: app.url, token: token ?? '', reconnectionDelayMs: 800, reconnectionDelayMaxMs: 800 });
    clients.push(rt);
    return rt;
  };

  beforeAll(async () => {
    app = await bootTestApp({ full: true, config: { database: { kind: 'pglite', dataDir: null }, demo: true } });
  });
  afterAll(async () => {
    for (const rt of clients) rt.close();
    await app?.close();
  });

  it('a player bets over REST and WebSocket, sees seq-ordered frames, is resynced after reconnects, and gets rule rejections as FeltApiError', async () => {
    expect((await sdk().health()).status).toBe('ok');

    // Demo users log in; the SDK keeps each one's token.
    const pit = sdk();
    const dealer = sdk();
    const p1 = sdk();
    const p2 = sdk();
    expect((await pit.login('pitboss1', 'demo')).user.role).toBe('pitboss');
    await dealer.login('dealer1', 'demo');
    await p1.login('player1', 'demo');
    await p2.login('player2', 'demo');
    expect(await p1.me()).toMatchObject({ userId: 'player1', role: 'player' });
    const wrong = await rejectionOf(sdk().login('player1', 'not-the-password'));
    expect([wrong.status, wrong.code]).toEqual([401, 'INVALID_CREDENTIALS']);
    const startMinor = (await p1.myWallet()).balanceMinor;

    // Pit boss creates and opens a sic bo table; dealer opens a round.
    const table = await pit.createTable({ name: 'SDK Sic Bo', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 50_000 }, betWindowS: 120 });
    expect(table.status).toBe('closed');
    expect((await pit.setTableStatus(table.tableId, 'open', 'sdk e2e')).status).toBe('open');
    expect((await p1.listTables()).map((t) => t.tableId)).toContain(table.tableId);

    const rt1 = realtime(p1.token);
    const events = recorder(rt1, 'round.event');
    const resyncs = recorder(rt1, 'resynced');
    const errors = recorder(rt1, 'error');
    expect((await rt1.join(table.tableId)).roundId).toBeNull();

    const opened = await dealer.openRound(table.tableId);
    expect(opened.phase).toBe('betting');
    const roundId = opened.roundId;

    // One bet over REST, one over the WebSocket; both debit the wallet.
    const restBet = await p1.placeBet(table.tableId, { betId: newBetId(), spot: 'big', stakeMinor: 500 });
    expect(restBet.bets.map((b) => b.spot)).toEqual(['big']);
    const wsBetId = newBetId();
    const wsAck = await rt1.send('bet.place', { tableId: table.tableId, betId: wsBetId, spot: 'total:10', stakeMinor: 300 });
    // issue 25 §2: an ack carries the bet it placed and the player's totals, never the whole list
    expect(wsAck.ok && wsAck.result.bets.map((b) => b.betId)).toEqual([wsBetId]);
    expect(wsAck.ok && wsAck.result.totals).toEqual({ count: 2, stakedMinor: 800 });
    // issue 25 §2: the bettor's own frame came IN the ack (one write per bet); the SDK applied it before resolving
    expect('frames' in wsAck).toBe(false);
    expect(events.all.some((f) => f.seq === 3 && f.type === 'BetAccepted')).toBe(true);
    expect((await p1.myWallet()).balanceMinor).toBe(startMinor - 800);
    expect((await p1.myBets(table.tableId)).map((b) => b.stakeMinor).sort()).toEqual([300, 500]);

    // Frames arrive in seq order: the round opened, then my two bets (my own bet events are not redacted).
    const third = await events.next((f) => f.roundId === roundId && f.seq === 3);
    expect(third.type).toBe('BetAccepted');
    expect((third.event as { bet: { betId: string } }).bet.betId).toBe(wsBetId);
    expect(events.all.map((f) => f.seq)).toEqual([1, 2, 3]);
    expect(rt1.position(table.tableId)).toEqual({ roundId, seq: 3 });

    // RES-3: big and small together are refused — over REST as FeltApiError, over WS in the ack and an error frame.
    const rest = await rejectionOf(p1.placeBet(table.tableId, { spot: 'small', stakeMinor: 500 }));
    expect({ status: rest.status, code: rest.code, ruleId: rest.ruleId }).toEqual({ status: 422, code: 'RESTRICTED_COMBINATION', ruleId: 'RES-3' });
    const ws = await rt1.send('bet.place', { tableId: table.tableId, betId: newBetId(), spot: 'small', stakeMinor: 500 });
    expect(ws.ok ? null : [ws.error.code, ws.error.ruleId]).toEqual(['RESTRICTED_COMBINATION', 'RES-3']);
    expect((await errors.next((e) => e.code === 'RESTRICTED_COMBINATION')).ruleId).toBe('RES-3');
    const forbidden = await rejectionOf(p1.closeBetting(table.tableId));
    expect([forbidden.status, forbidden.code]).toEqual([403, 'FORBIDDEN']);

    // Disconnected while player 2 bets twice: connect() re-joins with lastSeq 3 and gets exactly seq 4 and 5.
    rt1.disconnect();
    await p2.placeBet(table.tableId, { spot: 'single:3', stakeMinor: 200 });
    await p2.placeBet(table.tableId, { spot: 'odd', stakeMinor: 200 });
    rt1.connect();
    const manual = await resyncs.next((r) => r.from?.seq === 3);
    expect({ replayed: manual.replayed, seq: manual.snapshot.seq, roundId: manual.snapshot.roundId }).toEqual({ replayed: 2, seq: 5, roundId });
    const missed = events.all.filter((f) => f.seq > 3);
    expect(missed.map((f) => [f.seq, f.type, f.event])).toEqual([
      [4, 'BetAccepted', null], // player 2's bets reach player 1 redacted
      [5, 'BetAccepted', null],
    ]);
    expect((manual.snapshot.view as { bets: { playerId: string }[] }).bets.every((b) => b.playerId === 'player1')).toBe(true);

    // The connection drops (transport closed): socket.io reconnects by itself and the client resyncs from seq 5.
    rt1.socket.io.engine.close();
    await p2.placeBet(table.tableId, { spot: 'single:4', stakeMinor: 200 });
    const auto = await resyncs.next((r) => r.from?.seq === 5);
    expect({ seq: auto.snapshot.seq, replayed: auto.replayed }).toEqual({ seq: 6, replayed: 1 }); // bet placed during the 800 ms reconnect delay
    await events.next((f) => f.seq === 6);
    expect(events.all.map((f) => f.seq)).toEqual([1, 2, 3, 4, 5, 6]); // no gap, no duplicate
    expect(rt1.position(table.tableId)).toEqual({ roundId, seq: 6 });

    // The stored round matches what the player saw (pit boss replay endpoint).
    const stored = await pit.roundEvents(roundId);
    expect(stored.map((e) => [e.seq, e.type])).toEqual(events.all.map((f: RoundEventFrame) => [f.seq, f.type]));

    // Away while the round is voided and a new one opens: the rejoin gets a fresh snapshot of the new round.
    rt1.disconnect();
    const voided = await pit.voidRound(table.tableId, 'sdk e2e: camera down');
    expect(voided.phase).toBe('void');
    const next = await openWhenReady(dealer, table.tableId);
    rt1.connect();
    const fresh = await resyncs.next((r) => r.snapshot.roundId === next.roundId);
    expect(fresh.from).toEqual({ roundId, seq: 6 });
    expect(fresh.replayed).toBe(0);
    expect(rt1.position(table.tableId)).toEqual({ roundId: next.roundId, seq: fresh.snapshot.seq });
    // The void refunded both of player 1's bets.
    expect(await waitFor(async () => (await p1.myWallet()).balanceMinor, (b) => b === startMinor)).toBe(startMinor);

    expect(errors.all.map((e) => e.code)).toEqual(['RESTRICTED_COMBINATION']);
  });

  it('a forged token gets an UNAUTHENTICATED error frame over the WebSocket', async () => {
    const rt = realtime('forged');
    const errors = recorder(rt, 'error');
    expect((await errors.next(() => true)).code).toBe('UNAUTHENTICATED');
  });
});

/** Opens the next round, retrying while the voided one is still being refunded (ROUND_IN_PROGRESS). */
async function openWhenReady(dealer: FeltClient, tableId: string): Promise<{ roundId: string }> {
  for (let i = 0; ; i++) {
    try {
      return await dealer.openRound(tableId);
    } catch (e) {
      if (!(e instanceof FeltApiError) || e.code !== 'ROUND_IN_PROGRESS' || i >= 50) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const v = await read();
    if (ok(v) || i >= 50) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
