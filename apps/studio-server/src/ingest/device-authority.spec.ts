import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { AlertsService } from '../alerts/alerts.service.js';
import { EmbeddedBroker } from '../mqtt/embedded-broker.js';
import { DeviceCredentialsService } from '../mqtt/device-credentials.js';
import { MQTT_BROKER } from '../shared/ports/mqtt.tokens.js';
import { bootTestApp } from '../../../../test/support/studio-server/test-app.js';
import { TablesService } from '../tables/tables.service.js';
import { PITBOSS } from '../../../../test/support/studio-server/harness.js';

const topic = (t: string, d: string, k: string): string => `felt/v1/tables/${t}/devices/${d}/${k}`;
const event = (tableId: string, deviceId: string, seq: number, type: string, payload: unknown): string => JSON.stringify({ v: 1, tableId, deviceId, seq, at: Date.now(), type, payload });

describe('DEV-AUTH-1 at the broker (issue 22 §1): a device publishes only the events its kind may report at its table', () => {
  it("a table's timer box, with its own valid credential, publishing wheel.result on its own topic is refused by the broker (disconnected, alert naming it); the wheel's and the timer's own events pass", async () => {
    const t = await bootTestApp({ full: true });
    try {
      const tables = t.get(TablesService);
      const created = await tables.create({ name: 'Roulette A', game: 'roulette', profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000, spots: {} }, betWindowS: 15, cadence: { auto: false, pauseS: 5 }, devices: [{ deviceId: 'wheel-1', kind: 'wheel' }, { deviceId: 'timer-1', kind: 'timer' }] }, PITBOSS);
      if (!created.ok) throw new Error(created.violation.message);
      const tableId = created.value.tableId;
      const broker = t.get<EmbeddedBroker>(MQTT_BROKER);
      const creds = t.get(DeviceCredentialsService);
      const timerCred = await creds.issue(tableId, 'timer-1');
      const wheelCred = await creds.issue(tableId, 'wheel-1');

      // The forgery: a valid timer credential, its own events topic, a wheel result.
      const timer = await mqtt.connectAsync(broker.url, { username: timerCred.username, password: timerCred.password, reconnectPeriod: 0 });
      const closed = new Promise<void>((r) => timer.once('close', () => r()));
      timer.publish(topic(tableId, 'timer-1', 'events'), event(tableId, 'timer-1', 1, 'wheel.result', { spin: 1, number: 0, revolutions: 6, ballDirection: 'ccw', wheelDirection: 'cw', confirmations: 3 }), { qos: 1 });
      await closed;
      timer.end(true);
      expect(broker.stats.refusedEvents).toBe(1);
      const alerts = await t.get(AlertsService).list(100, tableId);
      const refused = alerts.filter((a) => a.code === 'DEVICE_KIND_REFUSED');
      expect(refused).toHaveLength(1);
      expect(refused[0]?.severity).toBe('critical');
      expect(refused[0]?.message).toMatch(/timer-1 \(kind timer\) may not report wheel\.result/);

      // The same timer's own button and the wheel's result are accepted by the broker.
      const timer2 = await mqtt.connectAsync(broker.url, { username: timerCred.username, password: timerCred.password, reconnectPeriod: 0 });
      await timer2.publishAsync(topic(tableId, 'timer-1', 'events'), event(tableId, 'timer-1', 2, 'button.pressed', { button: 'call_pit_boss' }), { qos: 1 });
      const wheel = await mqtt.connectAsync(broker.url, { username: wheelCred.username, password: wheelCred.password, reconnectPeriod: 0 });
      await wheel.publishAsync(topic(tableId, 'wheel-1', 'events'), event(tableId, 'wheel-1', 1, 'device.heartbeat', { uptimeS: 3 }), { qos: 1 });
      expect(timer2.connected && wheel.connected).toBe(true);
      expect(broker.stats.refusedEvents).toBe(1);
      await timer2.endAsync();
      await wheel.endAsync();
    } finally {
      await t.close();
    }
  });
});
