import { gameDefinition } from '@felt-studio/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { RoundEventFrame } from '@felt-studio/protocol';
import { RoundsService } from '../rounds/rounds.service.js';
import { bootRoundsApp, shoeReader, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { connect, send, onRoundEvent } from '../../../../test/support/studio-server/frames.js';

/**
 * Non-negotiable 4 / BJ-5a: no audience receives what its view hides — live frames, resync frames,
 * the events endpoint and the views — for every audience (player, dealer, pit boss, admin).
 */
const HOLE = '5C';
describe('one redactor for every frame and payload (BJ-5a, issue §8)', () => {
  let app: RoundsApp;
  let tableId = '';
  let roundId = '';
  const sockets: Socket[] = [];
  const who = [
    { userId: 'p1', role: 'player' },
    { userId: 'p2', role: 'player' },
    { userId: 'dealer1', role: 'dealer' },
    { userId: 'pitboss1', role: 'pitboss' },
    { userId: 'admin1', role: 'admin' },
  ] as const;
  const live = new Map<string, RoundEventFrame[]>();
  const card = shoeReader(() => app, () => tableId);

  beforeAll(async () => {
    app = await bootRoundsApp();
    const pit = app.token('pitboss1', 'pitboss');
    const t = await app.http('POST', '/tables', pit, { name: 'Redaction BJ', game: 'blackjack', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 50_000 }, betWindowS: 60, devices: [{ deviceId: 'shoe-1', kind: 'shoe' }] });
    tableId = String(t.body['tableId']);
    // the pre-open checks the blackjack definition asks for (if any) are recorded before the table opens
    const pre = gameDefinition('blackjack')?.preOpen;
    if (pre) expect((await app.http('POST', `/tables/${tableId}/pre-open-check`, pit, { checks: [...pre.checks] })).status).toBe(201);
    expect((await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'redaction test' })).status).toBe(201);
    await app.deposit('p1', 100_000);
    await app.deposit('p2', 100_000);
    for (const w of who) {
      const s = await connect(app.url, app.token(w.userId, w.role));
      sockets.push(s);
      const frames: RoundEventFrame[] = [];
      onRoundEvent(s, (f) => frames.push(f));
      live.set(w.userId, frames);
      expect((await send(s, 'table.join', { tableId })).ok).toBe(true);
    }
    const dealer = sockets[2] as Socket;
    const opened = await send(dealer, 'round.open', { tableId });
    expect(opened.ok).toBe(true);
    expect((await send(sockets[0] as Socket, 'bet.place', { tableId, betId: 'rd_p1_main', spot: 'seat:1', stakeMinor: 1_000 })).ok).toBe(true);
    expect((await send(sockets[1] as Socket, 'bet.place', { tableId, betId: 'rd_p2_main', spot: 'seat:2', stakeMinor: 2_000 })).ok).toBe(true);
    // BJ-5: seat 1, seat 2, dealer up, seat 1, seat 2, dealer hole (face down).
    for (const c of ['TS', '9H', '6H', '8D', '7D', HOLE]) await card(c);
    const cur = await app.get(RoundsService).currentRound(tableId);
    roundId = cur?.roundId ?? '';
    expect(cur?.state.phase).toBe('play');
    // Let the last frames reach every socket.
    await new Promise((r) => setTimeout(r, 200));
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await app.close();
  });

  it('the hole card was recorded (the store keeps it) but no live frame carries it, for any audience', async () => {
    const stored = await app.get(RoundsService).loadEvents(roundId);
    expect(JSON.stringify(stored)).toContain(HOLE);
    for (const w of who) {
      const frames = live.get(w.userId) ?? [];
      expect(frames.length, w.userId).toBeGreaterThan(0);
      expect(JSON.stringify(frames), w.userId).not.toContain(HOLE);
    }
    const dealerCards = (live.get('dealer1') ?? []).filter((f) => f.type === 'CardRecorded').map((f) => (f.event as { card: string }).card);
    expect(dealerCards).toEqual(['TS', '9H', '6H', '8D', '7D', 'hidden']);
  });

  it('resync (table.join with lastSeq 0) carries neither the hole card nor, to a player, the other player\u2019s bet', async () => {
    for (const w of who) {
      const s = await connect(app.url, app.token(w.userId, w.role));
      sockets.push(s);
      const frames: RoundEventFrame[] = [];
      onRoundEvent(s, (f) => frames.push(f));
      const ack = await send(s, 'table.join', { tableId, roundId, lastSeq: 0 });
      expect(ack.ok).toBe(true);
      await new Promise((r) => setTimeout(r, 50));
      expect(frames.length, w.userId).toBeGreaterThan(5);
      const all = JSON.stringify([frames, ack]);
      expect(all, w.userId).not.toContain(HOLE);
      if (w.userId === 'p1') expect(all).not.toContain('rd_p2_');
      if (w.userId === 'p2') expect(all).not.toContain('rd_p1_');
    }
  });

  it('live frames to a player never carry the other player\u2019s bet', () => {
    expect(JSON.stringify(live.get('p1'))).not.toContain('rd_p2_');
    expect(JSON.stringify(live.get('p2'))).not.toContain('rd_p1_');
    expect(JSON.stringify(live.get('dealer1'))).toContain('rd_p2_');
  });

  it('REST: the events endpoint (pit boss, admin) and every view hide the hole card before the reveal', async () => {
    for (const w of who) {
      const tok = app.token(w.userId, w.role);
      const view = await app.http('GET', `/tables/${tableId}/round`, tok);
      expect(view.status).toBe(200);
      expect(JSON.stringify(view.body), w.userId).not.toContain(HOLE);
      expect(JSON.stringify(view.body), w.userId).toContain('hidden');
      if (w.role === 'player') expect(JSON.stringify(view.body)).not.toContain(w.userId === 'p1' ? 'rd_p2_' : 'rd_p1_');
      const mine = await app.http('GET', `/tables/${tableId}/bets/mine`, tok);
      if (w.role === 'player') expect(JSON.stringify(mine.body)).not.toContain(w.userId === 'p1' ? 'rd_p2_' : 'rd_p1_');
      const events = await app.http('GET', `/rounds/${roundId}/events`, tok);
      if (w.role === 'pitboss' || w.role === 'admin') {
        expect(events.status).toBe(200);
        expect(JSON.stringify(events.body), w.userId).not.toContain(HOLE);
      } else expect(events.status).toBe(403);
    }
  });
});
