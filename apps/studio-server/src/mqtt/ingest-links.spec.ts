import { afterAll, beforeAll, describe } from 'vitest';
import { EmbeddedBroker } from './embedded-broker.js';
import { MqttIngestLinks } from './ingest-links.js';
import { ingestLinkContract } from '../../../../test/support/studio-server/ingest-links.contract.js';

describe('ingest links on the embedded aedes broker (issue 9 finding 5)', () => {
  let broker: EmbeddedBroker;
  const server = { username: 'felt-server', password: 'server-secret-for-the-test' };
  beforeAll(async () => {
    broker = await EmbeddedBroker.start(0, { server, authenticateDevice: async () => null, root: 'felt-links' });
  });
  afterAll(async () => {
    await broker.close();
  });
  ingestLinkContract(() => ({
    url: broker.url,
    publisher: { username: server.username, password: server.password },
    links: (base) => new MqttIngestLinks({ url: broker.url, clientIdBase: base, username: server.username, password: server.password, retryMs: 200 }),
    root: 'felt-links',
  }));
});
