import { gameDefinition } from '@felt-studio/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDevice } from '@felt-studio/protocol';
import { AlertsService } from '../alerts/alerts.service.js';
import { RoundsService } from './rounds.service.js';
import { intRig, type IntRig } from '../../../../test/support/studio-server/int-rig.js';

/**
 * Kill the server mid-round (betting open; mid-deal; mid-spin), start a new instance on the same
 * PostgreSQL database, and check the round resumes — or is voided with refunds and an alert — with
 * the ledger invariant intact (issue §10, non-negotiables 2 and 4).
 */
describe('crash recovery on real PostgreSQL + Redis + Mosquitto', () => {
  let rig: IntRig;
  const pit = (): string => rig.app.token('pitboss-crash', 'pitboss');
  const dealer = (): string => rig.app.token('dealer-crash', 'dealer');

  beforeAll(async () => {
    process.env['FELT_RECOVERY_STALL_MS'] = '1500';
    rig = await intRig();
  });
  afterAll(async () => {
    delete process.env['FELT_RECOVERY_STALL_MS'];
    await rig.close();
  });

  async function openTable(game: string, profileId: string, devices: TableDevice[], betWindowS: number): Promise<string> {
    const t = await rig.app.http('POST', '/tables', pit(), { name: `${game} crash`, game, profileId, limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS, devices });
    const tableId = String(t.body['tableId']);
    const pre = gameDefinition(game)?.preOpen;
    if (pre) expect((await rig.app.http('POST', `/tables/${tableId}/pre-open-check`, pit(), { checks: [...pre.checks] })).status).toBe(201);
    await rig.app.http('POST', `/tables/${tableId}/status`, pit(), { status: 'open', reason: 'crash test' });
    return tableId;
  }

  it('killed while betting is open: the same round resumes, its deadline closes betting, and it settles after the restart', async () => {
    const tableId = await openTable('roulette', 'european', [{ deviceId: 'wheel-c1', kind: 'wheel' }], 3);
    const player = `c1-${rig.queuePrefix}`;
    await rig.app.deposit(player, 20_000);
    await rig.app.http('POST', `/tables/${tableId}/rounds`, dealer());
    const roundId = (await rig.app.get(RoundsService).currentRound(tableId))?.roundId;
    expect((await rig.app.http('POST', `/tables/${tableId}/bets`, rig.app.token(player, 'player'), { betId: `${player}-a`, spot: 'red', stakeMinor: 1_000 })).status).toBe(200);

    const app2 = await rig.crashAndRestart();
    const resumed = await app2.get(RoundsService).currentRound(tableId);
    expect(resumed?.roundId).toBe(roundId);
    expect(resumed?.state.phase).toBe('betting');
    expect(Object.keys(resumed?.state.bets ?? {})).toEqual([`${player}-a`]);
    await rig.waitFor('the re-armed deadline', async () => ((await rig.phase(tableId)) === 'closed' ? true : null), 10_000);
    await rig.publish(tableId, 'wheel-c1', 'wheel.state', { state: 3, spin: 5, lastResult: null, flags: [], rpm: 24, direction: 'cw' });
    await rig.publish(tableId, 'wheel-c1', 'wheel.result', { spin: 5, number: 1, revolutions: 6, ballDirection: 'ccw', wheelDirection: 'cw', confirmations: 3 });
    await rig.waitFor('settled', async () => ((await rig.phase(tableId)) === 'settled' ? true : null));
    expect(await app2.balance(player)).toBe(21_000);
    expect(await app2.invariants()).toEqual([]);
  });

  it('killed mid-deal (baccarat, two cards out): the round resumes from its events and the remaining cards resolve it', async () => {
    const tableId = await openTable('baccarat', 'punto-banco', [{ deviceId: 'shoe-c2', kind: 'shoe' }], 30);
    const player = `c2-${rig.queuePrefix}`;
    await rig.app.deposit(player, 20_000);
    await rig.app.http('POST', `/tables/${tableId}/rounds`, dealer());
    await rig.app.http('POST', `/tables/${tableId}/bets`, rig.app.token(player, 'player'), { betId: `${player}-b`, spot: 'banker', stakeMinor: 2_000 });
    await rig.publish(tableId, 'shoe-c2', 'shoe.card', { card: '2S', shoeIndex: 10 });
    await rig.publish(tableId, 'shoe-c2', 'shoe.card', { card: '8H', shoeIndex: 11 });
    await rig.waitFor('two cards recorded', async () => ((await rig.app.get(RoundsService).currentRound(tableId))?.state.seq === 5 ? true : null));

    const app2 = await rig.crashAndRestart();
    const mid = await app2.get(RoundsService).currentRound(tableId);
    expect(mid?.state.seq).toBe(5);
    expect(['closed', 'play']).toContain(mid?.state.phase);
    // Player 2+K = 2, Banker 8+1 = 9: banker natural; banker pays 0.95:1 (BAC-11).
    await rig.publish(tableId, 'shoe-c2', 'shoe.card', { card: 'KD', shoeIndex: 12 });
    await rig.publish(tableId, 'shoe-c2', 'shoe.card', { card: 'AC', shoeIndex: 13 });
    await rig.waitFor('settled', async () => ((await rig.phase(tableId)) === 'settled' ? true : null));
    expect(await app2.balance(player)).toBe(20_000 + 1_900);
    expect(await app2.invariants()).toEqual([]);
  });

  it('killed mid-spin and the result never arrives: resumed with its play deadline (alert, issue 9 §5); the pit boss voids it and every bet is refunded', async () => {
    const tableId = await openTable('roulette', 'european', [{ deviceId: 'wheel-c3', kind: 'wheel' }], 30);
    const player = `c3-${rig.queuePrefix}`;
    await rig.app.deposit(player, 20_000);
    await rig.app.http('POST', `/tables/${tableId}/rounds`, dealer());
    await rig.app.http('POST', `/tables/${tableId}/bets`, rig.app.token(player, 'player'), { betId: `${player}-c`, spot: 'straight:0', stakeMinor: 500 });
    await rig.publish(tableId, 'wheel-c3', 'wheel.state', { state: 3, spin: 9, lastResult: null, flags: [], rpm: 24, direction: 'cw' });
    await rig.waitFor('spin in progress', async () => ((await rig.phase(tableId)) === 'play' ? true : null));
    expect(await rig.app.balance(player)).toBe(19_500);

    const app2 = await rig.crashAndRestart();
    const alerts = app2.get(AlertsService);
    // The spin owes its result within its deadline (ROU-6): re-armed at boot, the pit boss is told.
    await rig.waitFor('the resume alert', async () => ((await alerts.list(100, tableId)).some((a) => a.code === 'ROUND_RESUMED') ? true : null), 10_000);
    const round = await app2.get(RoundsService).currentRound(tableId);
    expect(round?.state.phase).toBe('play');
    expect(round?.kernel.deadlines(round.state).length).toBeGreaterThan(0);
    // The pit boss's choice (also offered when the deadline passes and the round stalls): void with refunds.
    await rig.app.http('POST', `/tables/${tableId}/round/void`, pit(), { reason: 'no result after a restart' });
    await rig.waitFor('the void', async () => (['void', 'settled'].includes((await rig.phase(tableId)) ?? '') ? true : null), 10_000);
    expect((await app2.get(RoundsService).currentRound(tableId))?.state.voidReason).toContain('after a restart');
    await rig.waitFor('the refund', async () => ((await app2.balance(player)) === 20_000 ? true : null));
    expect(await app2.invariants()).toEqual([]);
  });
});
