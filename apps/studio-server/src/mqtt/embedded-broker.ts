import { createServer, type AddressInfo, type Server } from 'node:net';
import aedesModule from 'aedes';

type Aedes = ReturnType<typeof aedesModule.createBroker>;

/**
 * In-process MQTT broker (aedes over TCP) for the embedded default: the studio runs with no external
 * services. Default port 1885 — NOT 1883, where a real Mosquitto may run.
 */
export class EmbeddedBroker {
  private constructor(
    readonly aedes: Aedes,
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(port: number, host = '127.0.0.1'): Promise<EmbeddedBroker> {
    // CJS: the default import is aedes' module.exports (the constructor, also exposed as `.createBroker`).
    const aedes = aedesModule.createBroker();
    const server = createServer(aedes.handle);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return new EmbeddedBroker(aedes, server, (server.address() as AddressInfo).port);
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
    await new Promise<void>((resolve, reject) => this.server.close((err) => (err ? reject(err) : resolve())));
  }
}
