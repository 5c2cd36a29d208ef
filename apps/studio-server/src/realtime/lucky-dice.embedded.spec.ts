import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { acksTopic, commandsTopic, eventsTopic } from '@felt-studio/protocol';
import type { EmbeddedBroker } from '../mqtt/embedded-broker.js';
import { DeviceCredentialsService } from '../mqtt/device-credentials.js';
import { MQTT_BROKER } from '../shared/ports/mqtt.tokens.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';

/**
 * Lucky Dice (RAY 2011 (docs/rules) §5, method A) on the embedded studio: the server orders the dealer's
 * cups shaken when betting closes (the definition's device reaction), the simulated two-dice reader
 * answers the command with `dice.result { dice: [red, green], colours, roundId }` over MQTT, the
 * round resolves and settles, and the ledger balances.
 */
describe('Lucky Dice on the embedded studio: device events to settlement', () => {
  let app: RoundsApp;
  let device: MqttClient | undefined;
  beforeAll(async () => {
    app = await bootRoundsApp({ config: { database: { kind: 'pglite', dataDir: null } } });
  });
  afterAll(async () => {
    await device?.endAsync();
    await app.close();
  });

  it('plays one round from the cups command to settlement: plein 16 and sum 7 win on red 3 green 4, under 7 loses; the ledger balances', async () => {
    const pit = app.token('pitboss1', 'pitboss');
    const t = await app.http('POST', '/tables', pit, { name: 'Lucky Dice E', game: 'lucky-dice', profileId: 'ray-a', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000 }, betWindowS: 30, devices: [{ deviceId: 'dice-1', kind: 'shaker' }] });
    expect(t.status).toBe(201);
    const tableId = String(t.body['tableId']);
    await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'test' });
    await app.deposit('p1', 10_000);
    await app.deposit('p2', 10_000);

    // the simulated cups + reader: answers shaker.shake with a red 3 and a green 4, correlated by round id
    const cred = await app.get(DeviceCredentialsService).issue(tableId, 'dice-1');
    device = await mqtt.connectAsync(app.get<EmbeddedBroker>(MQTT_BROKER).url, { username: cred.username, password: cred.password, reconnectPeriod: 0 });
    const d = device;
    let seq = 0;
    const shakes: string[] = [];
    d.on('message', (_topic, bytes) => {
      const cmd = JSON.parse(bytes.toString('utf8')) as { id: string; type: string; payload: { roundId: string } };
      shakes.push(cmd.type);
      void d.publishAsync(acksTopic(tableId, 'dice-1'), JSON.stringify({ id: cmd.id, ok: true }), { qos: 1 });
      void d.publishAsync(eventsTopic(tableId, 'dice-1'), JSON.stringify({ v: 1, tableId, deviceId: 'dice-1', seq: ++seq, at: Date.now(), type: 'dice.result', payload: { dice: [3, 4], colours: ['red', 'green'], roundId: cmd.payload.roundId } }), { qos: 1 });
    });
    await d.subscribeAsync(commandsTopic(tableId, 'dice-1'), { qos: 1 });

    const dealer = app.token('dealer1', 'dealer');
    await app.http('POST', `/tables/${tableId}/rounds`, dealer);
    const bet = (who: string, betId: string, spot: string, stakeMinor: number) => app.http('POST', `/tables/${tableId}/bets`, app.token(who, 'player'), { betId, spot, stakeMinor });
    expect((await bet('p1', 'ld-1', 'plein:16', 100)).status).toBe(200);
    expect((await bet('p1', 'ld-2', 'under-7', 1_000)).status).toBe(200);
    expect((await bet('p2', 'ld-3', 'sum:7', 500)).status).toBe(200);
    const lost = await bet('p2', 'ld-4', 'sum:11', 500);
    expect([lost.status, lost.body['code'], lost.body['ruleId']]).toEqual([422, 'SPOT_NOT_OFFERED', 'LD-3']);
    expect((await app.http('POST', `/tables/${tableId}/round/close`, dealer)).status).toBe(200);

    for (let i = 0; i < 400 && (await app.get(RoundsService).currentRound(tableId))?.state.phase !== 'settled'; i++) await new Promise((r) => setTimeout(r, 25));
    const round = await app.get(RoundsService).currentRound(tableId);
    expect(round?.state.phase).toBe('settled');
    expect(shakes).toEqual(['shaker.shake']);
    expect((round?.state as unknown as { dice: unknown }).dice).toEqual({ red: 3, green: 4 });
    // p1: plein 16 (square of red 3 green 4) pays 30 x insatsen net → 3 100; under 7 loses 1 000
    expect(await app.balance('p1')).toBe(10_000 - 1_100 + 3_100);
    // p2: sum 7 pays 4 x insatsen net → 2 500
    expect(await app.balance('p2')).toBe(10_000 - 500 + 2_500);
    expect(await app.invariants()).toEqual([]);
  });
});
