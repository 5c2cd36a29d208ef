import { describe } from 'vitest';
import { randomBytes } from 'node:crypto';
import { requireEnv } from '../../../../test/support/studio-server/test-database.js';
import { MqttIngestLinks } from './ingest-links.js';
import { ingestLinkContract } from '../../../../test/support/studio-server/ingest-links.contract.js';

describe('ingest links on Mosquitto (MQTT_URL; issue 9 finding 5)', () => {
  const url = requireEnv('MQTT_URL');
  const root = `felt-it-${randomBytes(5).toString('hex')}`;
  ingestLinkContract(() => ({
    url,
    publisher: {},
    links: (base) => new MqttIngestLinks({ url, clientIdBase: base, retryMs: 200 }),
    root,
  }));
});
