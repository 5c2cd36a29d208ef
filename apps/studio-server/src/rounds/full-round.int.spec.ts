import { gameDefinition } from '@felt-studio/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDevice } from '@felt-studio/protocol';
import { RoundsService } from './rounds.service.js';
import { intRig, type IntRig } from '../../../../test/support/studio-server/int-rig.js';

/**
 * A full round of roulette, baccarat and blackjack driven by canonical device events published to
 * the real broker (MQTT_URL), on PostgreSQL with BullMQ settlement (REDIS_URL); the ledger is
 * asserted at the end of each (issue "Tests").
 */
describe('full rounds over real PostgreSQL + Redis + Mosquitto', () => {
  let rig: IntRig;
  const pit = (): string => rig.app.token('pitboss-int', 'pitboss');
  const dealer = (): string => rig.app.token('dealer-int', 'dealer');

  beforeAll(async () => {
    rig = await intRig();
  });
  afterAll(async () => {
    await rig.close();
  });

  async function openTable(game: string, profileId: string, devices: TableDevice[]): Promise<string> {
    const t = await rig.app.http('POST', '/tables', pit(), { name: `${game} int`, game, profileId, limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 30, devices });
    expect(t.status).toBe(201);
    const tableId = String(t.body['tableId']);
    const pre = gameDefinition(game)?.preOpen;
    if (pre) expect((await rig.app.http('POST', `/tables/${tableId}/pre-open-check`, pit(), { checks: [...pre.checks] })).status).toBe(201);
    expect((await rig.app.http('POST', `/tables/${tableId}/status`, pit(), { status: 'open', reason: 'integration' })).status).toBe(201);
    return tableId;
  }

  const settled = (tableId: string): Promise<string> => rig.waitFor(`round of ${tableId} settled`, async () => ((await rig.phase(tableId)) === 'settled' ? 'settled' : null));

  it('roulette: bets over REST, ball launch + result from the wheel over MQTT, settled through BullMQ (ROU-3..5)', async () => {
    const tableId = await openTable('roulette', 'european', [{ deviceId: 'wheel-1', kind: 'wheel' }]);
    const player = `rp-${rig.queuePrefix}`;
    await rig.app.deposit(player, 50_000);
    expect((await rig.app.http('POST', `/tables/${tableId}/rounds`, dealer())).status).toBe(201);
    const tok = rig.app.token(player, 'player');
    expect((await rig.app.http('POST', `/tables/${tableId}/bets`, tok, { betId: `${player}-s17`, spot: 'straight:17', stakeMinor: 1_000 })).status).toBe(200);
    expect((await rig.app.http('POST', `/tables/${tableId}/bets`, tok, { betId: `${player}-red`, spot: 'red', stakeMinor: 2_000 })).status).toBe(200);
    await rig.publish(tableId, 'wheel-1', 'wheel.state', { state: 3, spin: 21, lastResult: null, flags: [], rpm: 24, direction: 'cw' });
    await rig.waitFor('betting closed by the launch', async () => ((await rig.phase(tableId)) === 'play' ? true : null));
    const late = await rig.app.http('POST', `/tables/${tableId}/bets`, tok, { betId: `${player}-late`, spot: 'black', stakeMinor: 100 });
    expect(late.body.code).toBe('BETTING_CLOSED');
    await rig.publish(tableId, 'wheel-1', 'wheel.ball', { spin: 21, revolutions: 7, direction: 'ccw' });
    await rig.publish(tableId, 'wheel-1', 'wheel.result', { spin: 21, number: 17, revolutions: 7, ballDirection: 'ccw', wheelDirection: 'cw', confirmations: 3 });
    await settled(tableId);
    // 17 is black: straight wins 35:1 (36 000 back), red loses.
    expect(await rig.app.balance(player)).toBe(50_000 - 3_000 + 36_000);
    expect(await rig.app.invariants()).toEqual([]);
  });

  it('baccarat: first card closes betting, the tableau resolves from shoe events, Player natural pays 1:1', async () => {
    const tableId = await openTable('baccarat', 'punto-banco', [{ deviceId: 'shoe-1', kind: 'shoe' }]);
    const player = `bp-${rig.queuePrefix}`;
    await rig.app.deposit(player, 50_000);
    expect((await rig.app.http('POST', `/tables/${tableId}/rounds`, dealer())).status).toBe(201);
    expect((await rig.app.http('POST', `/tables/${tableId}/bets`, rig.app.token(player, 'player'), { betId: `${player}-p`, spot: 'player', stakeMinor: 5_000 })).status).toBe(200);
    const both = await rig.app.http('POST', `/tables/${tableId}/bets`, rig.app.token(player, 'player'), { betId: `${player}-b`, spot: 'banker', stakeMinor: 1_000 });
    expect(both.body.ruleId).toBe('RES-2');
    const cards = ['9S', '2H', 'KD', '3C'];
    for (const [i, card] of cards.entries()) await rig.publish(tableId, 'shoe-1', 'shoe.card', { card, shoeIndex: 100 + i });
    await settled(tableId);
    expect(await rig.app.balance(player)).toBe(50_000 + 5_000);
    const round = await rig.app.get(RoundsService).currentRound(tableId);
    const types = (await rig.app.get(RoundsService).loadEvents(round?.roundId ?? '')).map((e) => e.type);
    expect(types.slice(0, 4)).toEqual(['RoundOpened', 'BetAccepted', 'BettingClosed', 'CardRecorded']);
    expect(await rig.app.invariants()).toEqual([]);
  });

  it('blackjack: seat bet, deal from the shoe, the player stands by REST, the dealer draws to 17 (BJ-13), hole card hidden from the player view', async () => {
    const tableId = await openTable('blackjack', 'standard', [{ deviceId: 'shoe-2', kind: 'shoe' }]);
    const player = `jp-${rig.queuePrefix}`;
    await rig.app.deposit(player, 50_000);
    const tok = rig.app.token(player, 'player');
    expect((await rig.app.http('POST', `/tables/${tableId}/rounds`, dealer())).status).toBe(201);
    expect((await rig.app.http('POST', `/tables/${tableId}/bets`, tok, { betId: `${player}-main`, spot: 'seat:1', stakeMinor: 2_000 })).status).toBe(200);
    // Deal order (BJ-5): seat 1, dealer up, seat 1, dealer hole.
    for (const [i, card] of ['TS', '6H', '8D', '5C'].entries()) await rig.publish(tableId, 'shoe-2', 'shoe.card', { card, shoeIndex: i });
    await rig.waitFor('the seat to decide', async () => {
      const r = await rig.app.get(RoundsService).currentRound(tableId);
      return r && r.kernel.deadlines(r.state).some((d) => d.command.type === 'DecisionTimeout') ? true : null;
    });
    const playerView = await rig.app.http('GET', `/tables/${tableId}/round`, tok);
    expect(JSON.stringify(playerView.body)).not.toContain('5C');
    expect(JSON.stringify(playerView.body)).toContain('hidden');
    // Before the reveal the pit boss's replay hides the hole card too (BJ-5a: one redactor for every payload).
    const replay = await rig.app.http('GET', `/rounds/${String(playerView.body['roundId'])}/events`, pit());
    expect(JSON.stringify(replay.body)).not.toContain('5C');
    const stand = await rig.app.http('POST', `/tables/${tableId}/round/decisions`, tok, { type: 'PlayerAction', seat: 1, hand: 0, action: 'stand' });
    expect(stand.status).toBe(200);
    await rig.publish(tableId, 'shoe-2', 'shoe.card', { card: '6D', shoeIndex: 4 });
    await settled(tableId);
    // Player 18 beats dealer 17: 1:1.
    expect(await rig.app.balance(player)).toBe(50_000 + 2_000);
    // The append-only record keeps the hole card (GEN-8): once the round is over the replay shows it.
    const audit = await rig.app.http('GET', `/rounds/${String(playerView.body['roundId'])}/events`, pit());
    expect(JSON.stringify(audit.body)).toContain('5C');
    expect(await rig.app.invariants()).toEqual([]);
  });
});
