import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test owns, to simulate outages of a shared service (PostgreSQL, Redis, MQTT) without
 * ever touching the service itself. `down()` cuts every live connection and refuses new ones (the
 * port stays ours: a connection attempt is accepted and closed at once); `up()` forwards again.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private isUp = true;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    let self: TcpProxy | null = null;
    const server = createServer((client) => {
      const proxy = self;
      if (proxy === null || !proxy.isUp) {
        client.destroy();
        return;
      }
      const upstream = connect(target.port, target.host);
      proxy.track(client);
      proxy.track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      const end = (): void => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', end);
      upstream.on('error', end);
      client.on('close', end);
      upstream.on('close', end);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    self = new TcpProxy(server, (server.address() as AddressInfo).port);
    return self;
  }

  /** `url` with its host:port replaced by the proxy's. */
  static rewrite(url: string, port: number): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  }

  private track(s: Socket): void {
    this.sockets.add(s);
    s.once('close', () => this.sockets.delete(s));
  }

  down(): void {
    this.isUp = false;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }

  up(): void {
    this.isUp = true;
  }

  async close(): Promise<void> {
    this.down();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: u.port === '' ? defaultPort : Number(u.port) };
}
