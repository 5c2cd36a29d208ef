import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { eventsTopic } from '@felt-studio/protocol';
import type { EmbeddedBroker } from '../mqtt/embedded-broker.js';
import { DeviceCredentialsService } from '../mqtt/device-credentials.js';
import { MQTT_BROKER } from '../shared/ports/mqtt.tokens.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';

/**
 * The embedded default (no services): PGlite through TypeORM + the in-process aedes broker + in-process
 * settlement. A Sic Bo round runs from a dice event published by a device client to the embedded broker.
 */
describe('embedded default: PGlite + aedes + in-process settlement', () => {
  let app: RoundsApp;
  let device: MqttClient;
  beforeAll(async () => {
    app = await bootRoundsApp({ config: { database: { kind: 'pglite', dataDir: null } } });
  });
  afterAll(async () => {
    await device.endAsync();
    await app.close();
  });

  it('a full Sic Bo round from a device event, settled, ledger invariant holds', async () => {
    const pit = app.token('pitboss1', 'pitboss');
    const t = await app.http('POST', '/tables', pit, { name: 'Embedded', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000 }, betWindowS: 30, devices: [{ deviceId: 'dice-1', kind: 'dice' }] });
    const tableId = String(t.body['tableId']);
    await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'test' });
    await app.deposit('p1', 10_000);
    await app.http('POST', `/tables/${tableId}/rounds`, app.token('dealer1', 'dealer'));
    expect((await app.http('POST', `/tables/${tableId}/bets`, app.token('p1', 'player'), { betId: 'emb-1', spot: 'small', stakeMinor: 1_000 })).status).toBe(200);
    const roundId = (await app.get(RoundsService).currentRound(tableId))?.roundId;
    const url = app.get<EmbeddedBroker>(MQTT_BROKER).url;
    // Issue 9 finding 1: an anonymous client is refused; a device of another table forging this table's dice is dropped.
    await expect(mqtt.connectAsync(url, { reconnectPeriod: 0 })).rejects.toThrow(/Not authorized/);
    const intruderCred = await app.get(DeviceCredentialsService).issue('tbl_other', 'dice-1');
    const intruder = await mqtt.connectAsync(url, { username: intruderCred.username, password: intruderCred.password, reconnectPeriod: 0 });
    const dropped = new Promise<void>((r) => intruder.once('close', () => r()));
    intruder.publish(eventsTopic(tableId, 'dice-1'), JSON.stringify({ v: 1, tableId, deviceId: 'dice-1', seq: 1, at: Date.now(), type: 'dice.result', payload: { dice: [6, 6, 6], roundId } }), { qos: 1 });
    await dropped;
    intruder.end(true);
    // "no more bets" before the shake: dice read while betting is open are a fault, never an outcome (issue 9 §2)
    expect((await app.http('POST', `/tables/${tableId}/round/close`, app.token('dealer1', 'dealer'))).status).toBe(200);
    const cred = await app.get(DeviceCredentialsService).issue(tableId, 'dice-1');
    device = await mqtt.connectAsync(url, { username: cred.username, password: cred.password, reconnectPeriod: 0 });
    await device.publishAsync(eventsTopic(tableId, 'dice-1'), JSON.stringify({ v: 1, tableId, deviceId: 'dice-1', seq: 1, at: Date.now(), type: 'dice.result', payload: { dice: [1, 2, 4], roundId } }), { qos: 1 });
    for (let i = 0; i < 200 && (await app.get(RoundsService).currentRound(tableId))?.state.phase !== 'settled'; i++) await new Promise((r) => setTimeout(r, 25));
    expect((await app.get(RoundsService).currentRound(tableId))?.state.phase).toBe('settled');
    expect(await app.balance('p1')).toBe(11_000);
    expect(await app.invariants()).toEqual([]);
  });
});
