/**
 * An in-process MQTT broker (aedes on a free local port, no external service) for the device specs: started
 * before the tests of the file or `describe` block that calls it, closed after them.
 */
import { createServer, type Server } from 'node:net';
import { createBroker } from 'aedes';
import { afterAll, beforeAll } from 'vitest';

/** Starts the broker in `beforeAll`; `url()` is its `mqtt://127.0.0.1:<port>` once started. */
export function useInProcessBroker(): { readonly url: () => string } {
  let server: Server | undefined;
  let url = '';
  const broker = createBroker();
  beforeAll(async () => {
    const s = createServer(broker.handle);
    server = s;
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const addr = s.address();
    url = `mqtt://127.0.0.1:${typeof addr === 'object' && addr !== null ? addr.port : 0}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });
  return {
    url: () => {
      if (url === '') throw new Error('useInProcessBroker: the broker starts in beforeAll');
      return url;
    },
  };
}
