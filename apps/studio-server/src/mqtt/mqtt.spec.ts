import { createServer } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { describe, expect, it } from 'vitest';
import { bootTestApp } from '../ops/test-app.js';
import { EmbeddedBroker } from './embedded-broker.js';
import { MQTT_BROKER, MQTT_CLIENT } from './mqtt.tokens.js';

const portIsFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

describe('MQTT: embedded aedes broker + shared client', () => {
  it('without MQTT_URL the server runs its own broker: a device publishing QoS 1 reaches the server client', async () => {
    const t = await bootTestApp();
    try {
      const broker = t.get<EmbeddedBroker>(MQTT_BROKER);
      const server = t.get<MqttClient>(MQTT_CLIENT);
      expect(server.connected).toBe(true);
      const topic = 'felt/v1/tables/tbl_1/devices/wheel-1/events';
      const got = new Promise<string>((resolve) => server.on('message', (tp, payload) => tp === topic && resolve(payload.toString())));
      await server.subscribeAsync(topic, { qos: 1 });
      const device = await mqtt.connectAsync(broker.url, { clientId: 'wheel-1' });
      await device.publishAsync(topic, JSON.stringify({ seq: 1, type: 'wheel.result' }), { qos: 1 });
      expect(JSON.parse(await got)).toEqual({ seq: 1, type: 'wheel.result' });
      await device.endAsync();
    } finally {
      await t.close();
    }
  });

  it('closes broker and client on shutdown (the port is free again, the process can exit)', async () => {
    const t = await bootTestApp();
    const broker = t.get<EmbeddedBroker>(MQTT_BROKER);
    const client = t.get<MqttClient>(MQTT_CLIENT);
    await t.close();
    expect(client.connected).toBe(false);
    expect(await portIsFree(broker.port)).toBe(true);
  });
});
