import { gameDefinition } from '@felt-studio/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { RoundEventFrame } from '@felt-studio/protocol';
import { RoundsService } from './rounds.service.js';
import { bootRoundsApp, shoeReader, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { connect, send, onRoundEvent } from '../../../../test/support/studio-server/frames.js';

/**
 * Bet behind at blackjack (issue 24, RAY-8.1) through the server: the one bet path takes `behind:N`
 * with the kernel's codes, the bettors behind follow the seated player's decisions and are settled with
 * the seat through the ledger (balances change by exactly the settled amounts, ledger balanced), and no
 * frame, view or bet list tells the seated player who bets behind, nor a bettor behind who holds the seat.
 */
const SEATED = 'seated-u1';
const BEHIND = 'behind-u2';
const OTHER = 'behind-u3';

describe('bet behind a blackjack seat through the server (BJB-1..BJB-5)', () => {
  let app: RoundsApp;
  let tableId = '';
  let roundId = '';
  const sockets = new Map<string, Socket>();
  const live = new Map<string, RoundEventFrame[]>();
  const card = shoeReader(() => app, () => tableId);
  const sock = (u: string): Socket => sockets.get(u) as Socket;

  beforeAll(async () => {
    app = await bootRoundsApp();
    const pit = app.token('pitboss1', 'pitboss');
    const limits = { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 50_000, spots: { behind: { minMinor: 100, maxMinor: 3_000 }, 'behind-total': { minMinor: 100, maxMinor: 4_000 } } };
    const t = await app.http('POST', '/tables', pit, { name: 'Behind BJ', game: 'blackjack', profileId: 'standard', limits, betWindowS: 60, devices: [{ deviceId: 'shoe-1', kind: 'shoe' }] });
    expect(t.status).toBe(201);
    tableId = String(t.body['tableId']);
    const pre = gameDefinition('blackjack')?.preOpen;
    if (pre) expect((await app.http('POST', `/tables/${tableId}/pre-open-check`, pit, { checks: [...pre.checks] })).status).toBe(201);
    expect((await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'bet behind test' })).status).toBe(201);
    for (const u of [SEATED, BEHIND, OTHER]) await app.deposit(u, 100_000);
    for (const [u, role] of [
      [SEATED, 'player'],
      [BEHIND, 'player'],
      [OTHER, 'player'],
      ['dealer1', 'dealer'],
    ] as const) {
      const s = await connect(app.url, app.token(u, role));
      sockets.set(u, s);
      const frames: RoundEventFrame[] = [];
      onRoundEvent(s, (f) => frames.push(f));
      live.set(u, frames);
      expect((await send(s, 'table.join', { tableId })).ok).toBe(true);
    }
    expect((await send(sock('dealer1'), 'round.open', { tableId })).ok).toBe(true);
    roundId = (await app.get(RoundsService).currentRound(tableId))?.roundId ?? '';
  });
  afterAll(async () => {
    for (const s of sockets.values()) s.disconnect();
    await app.close();
  });

  it('refuses a bet behind an empty seat, behind one’s own seat, and above the per-bet and per-seat limits, with codes', async () => {
    expect((await send(sock(SEATED), 'bet.place', { tableId, betId: 'bb_seat1', spot: 'seat:1', stakeMinor: 1_000 })).ok).toBe(true);
    const empty = await app.http('POST', `/tables/${tableId}/bets`, app.token(BEHIND, 'player'), { betId: 'bb_x1', spot: 'behind:2', stakeMinor: 500 });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ code: 'BEHIND_EMPTY_SEAT', ruleId: 'BJB-1' });
    expect(await send(sock(SEATED), 'bet.place', { tableId, betId: 'bb_x2', spot: 'behind:1', stakeMinor: 500 })).toMatchObject({ ok: false, error: { code: 'BEHIND_OWN_SEAT' } });
    expect(await send(sock(BEHIND), 'bet.place', { tableId, betId: 'bb_x3', spot: 'behind:1', stakeMinor: 3_100 })).toMatchObject({ ok: false, error: { code: 'ABOVE_MAX' } });
    expect((await send(sock(BEHIND), 'bet.place', { tableId, betId: 'bb_b2', spot: 'behind:1', stakeMinor: 2_000 })).ok).toBe(true);
    expect(await send(sock(OTHER), 'bet.place', { tableId, betId: 'bb_x4', spot: 'behind:1', stakeMinor: 2_500 })).toMatchObject({ ok: false, error: { code: 'BEHIND_SEAT_MAX' } });
    expect((await send(sock(OTHER), 'bet.place', { tableId, betId: 'bb_b3', spot: 'behind:1', stakeMinor: 1_000 })).ok).toBe(true);
  });

  it('the seated player’s view never shows who bets behind; a bettor behind sees the seat and their stake, never the seated player', async () => {
    const seatedView = await app.http('GET', `/tables/${tableId}/round`, app.token(SEATED, 'player'));
    const behindView = await app.http('GET', `/tables/${tableId}/round`, app.token(BEHIND, 'player'));
    const dealerView = await app.http('GET', `/tables/${tableId}/round`, app.token('dealer1', 'dealer'));
    expect(JSON.stringify(seatedView.body)).not.toMatch(/behind-u|bb_b/);
    expect(JSON.stringify(behindView.body)).not.toMatch(/seated-u|bb_seat|behind-u3|bb_b3/);
    const seat1 = (v: { body: Record<string, unknown> }) => ((v.body['view'] as { seats: { seat: number }[] }).seats ?? []).find((s) => s.seat === 1);
    expect(seat1(behindView)).toMatchObject({ seat: 1, mine: false, playerId: null, myBehindMinor: 2_000, behind: null });
    expect(seat1(seatedView)).toMatchObject({ seat: 1, mine: true, myBehindMinor: 0, behind: null });
    expect(seat1(dealerView)).toMatchObject({ behind: { bettors: 2, totalMinor: 3_000 } });
    const mine = await app.http('GET', `/tables/${tableId}/bets/mine`, app.token(SEATED, 'player'));
    expect(JSON.stringify(mine.body)).not.toContain('bb_b');
  });

  it('the bets behind follow the seat’s decisions and are settled with it; balances change by exactly the settled amount; the ledger balances', async () => {
    // seat 1: T, 6 (16) vs dealer 9 up, hole 7 (16); the seat hits a 4 → 20 and stands; the dealer draws a 2 → 18
    for (const c of ['TS', '9H', '6D', '7C']) await card(c);
    const hit = await send(sock(SEATED), 'player.decision', { tableId, command: { type: 'PlayerAction', seat: 1, hand: 0, action: 'hit' } });
    expect(hit.ok).toBe(true);
    const notOwner = await send(sock(BEHIND), 'player.decision', { tableId, command: { type: 'PlayerAction', seat: 1, hand: 0, action: 'stand' } });
    expect(notOwner).toMatchObject({ ok: false, error: { code: 'NOT_SEAT_OWNER' } });
    await card('4H');
    expect((await send(sock(SEATED), 'player.decision', { tableId, command: { type: 'PlayerAction', seat: 1, hand: 0, action: 'stand' } })).ok).toBe(true);
    await card('2S'); // dealer 18: the seat's 20 wins 1:1, and so does every bet behind it
    for (let i = 0; i < 200 && (await app.get(RoundsService).currentRound(tableId))?.state.phase !== 'settled'; i++) await new Promise((r) => setTimeout(r, 20));
    const round = await app.get(RoundsService).currentRound(tableId);
    expect(round?.roundId).toBe(roundId);
    expect(round?.state.phase).toBe('settled');
    expect(await app.balance(SEATED)).toBe(100_000 + 1_000);
    expect(await app.balance(BEHIND)).toBe(100_000 + 2_000);
    expect(await app.balance(OTHER)).toBe(100_000 + 1_000);
    expect(await app.invariants()).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(JSON.stringify(live.get(SEATED))).not.toMatch(/behind-u|bb_b/);
    expect(JSON.stringify(live.get(BEHIND))).not.toMatch(/seated-u|bb_seat|bb_b3/);
    expect(JSON.stringify(live.get(OTHER))).not.toMatch(/seated-u|bb_seat|bb_b2/);
  });

  it('a bet behind a seat whose owner cancelled is refunded exactly once through the ledger (early, at the first card)', async () => {
    expect((await send(sock('dealer1'), 'round.open', { tableId })).ok).toBe(true);
    const before = { seated: await app.balance(SEATED), behind: await app.balance(BEHIND), other: await app.balance(OTHER) };
    expect((await send(sock(SEATED), 'bet.place', { tableId, betId: 'bc_seat1', spot: 'seat:1', stakeMinor: 1_000 })).ok).toBe(true);
    expect((await send(sock(OTHER), 'bet.place', { tableId, betId: 'bc_seat3', spot: 'seat:3', stakeMinor: 1_000 })).ok).toBe(true);
    expect((await send(sock(BEHIND), 'bet.place', { tableId, betId: 'bc_b2', spot: 'behind:1', stakeMinor: 700 })).ok).toBe(true);
    expect(await app.balance(BEHIND)).toBe(before.behind - 700);
    expect((await send(sock(SEATED), 'bet.cancel', { tableId, betId: 'bc_seat1' })).ok).toBe(true);
    // seat 3: 10 + 9 = 19 vs dealer 8 + 9 = 17: seat 3 wins; the bet behind the empty seat 1 is refunded
    for (const c of ['TD', '8S', '9D', '9C']) await card(c);
    expect(await app.balance(BEHIND)).toBe(before.behind); // refunded at the first card, before the round ends
    expect((await send(sock(OTHER), 'player.decision', { tableId, command: { type: 'PlayerAction', seat: 3, hand: 0, action: 'stand' } })).ok).toBe(true);
    for (let i = 0; i < 200 && (await app.get(RoundsService).currentRound(tableId))?.state.phase !== 'settled'; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await app.get(RoundsService).currentRound(tableId))?.state.phase).toBe('settled');
    expect(await app.balance(BEHIND)).toBe(before.behind); // and not again at the settlement
    expect(await app.balance(SEATED)).toBe(before.seated);
    expect(await app.balance(OTHER)).toBe(before.other + 1_000);
    expect(await app.invariants()).toEqual([]);
  });
});
