import { expect, it } from 'vitest';
import mqtt, { type IClientOptions } from 'mqtt';
import { MqttIngestLinks } from '../../../apps/studio-server/src/mqtt/ingest-links.js';

export interface LinkBroker {
  readonly url: string;
  /** Options for a publisher client (credentials on an authenticating broker). */
  readonly publisher: IClientOptions;
  readonly links: (clientIdBase: string) => MqttIngestLinks;
  /** A topic root unique to this run. */
  readonly root: string;
}

const waitFor = async (cond: () => boolean, ms = 10_000): Promise<void> => {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/**
 * Issue 9 finding 5, one suite for both brokers (the embedded aedes and Mosquitto): the ingest link's
 * session is persistent under a stable client id and a QoS 1 message is acknowledged only after the
 * handler committed it.
 */
export function ingestLinkContract(broker: () => LinkBroker): void {
  it('a message the handler could not commit is not acknowledged: the broker delivers it again after the reconnect', async () => {
    const b = broker();
    const links = b.links(`felt-server-test-${b.root.replace(/\W/g, '_')}-a`);
    const seen: string[] = [];
    let fail = 1;
    const topic = `${b.root}/tables/t1/devices/d1/events`;
    const link = await links.open('t-t1', [`${b.root}/tables/t1/devices/+/events`], async (_t, p) => {
      seen.push(p.toString());
      if (fail-- > 0) throw new Error('database away');
    });
    const pub = await mqtt.connectAsync(b.url, { ...b.publisher, reconnectPeriod: 0 });
    await pub.publishAsync(topic, 'm1', { qos: 1 });
    await pub.publishAsync(topic, 'm2', { qos: 1 });
    await waitFor(() => seen.filter((s) => s === 'm2').length >= 1);
    // m1 failed once, was redelivered and committed; m2 (refused while the link recovered) came after it.
    expect(seen[0]).toBe('m1');
    expect(seen.filter((s) => s === 'm1').length).toBeGreaterThanOrEqual(2);
    expect(seen.indexOf('m2')).toBeGreaterThan(seen.lastIndexOf('m1'));
    await pub.endAsync();
    await link.close();
  });

  it('a result published while the server was away or reconnecting is delivered after it comes back (persistent session, stable client id)', async () => {
    const b = broker();
    const base = `felt-server-test-${b.root.replace(/\W/g, '_')}-b`;
    const seen: string[] = [];
    const filters = [`${b.root}/tables/t2/devices/+/events`];
    const handler = async (_t: string, p: Buffer): Promise<void> => {
      seen.push(p.toString());
    };
    const first = await b.links(base).open('t-t2', filters, handler);
    await first.close(); // the server process ends (or its link drops); the broker keeps the session
    const pub = await mqtt.connectAsync(b.url, { ...b.publisher, reconnectPeriod: 0 });
    await pub.publishAsync(`${b.root}/tables/t2/devices/wheel-1/events`, 'result-17', { qos: 1 });
    await pub.publishAsync(`${b.root}/tables/t2/devices/wheel-1/events`, 'result-18', { qos: 1 });
    const again = await b.links(base).open('t-t2', filters, handler);
    await waitFor(() => seen.length >= 2);
    expect(seen).toEqual(['result-17', 'result-18']);
    await pub.endAsync();
    await again.close();
  });
}
