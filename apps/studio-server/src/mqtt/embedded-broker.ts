import { timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { deviceTopic, TOPIC_ROOT } from '@felt-studio/protocol';
import aedesModule from 'aedes';
import type { BrokerPrincipal } from './device-credentials.js';

type Aedes = ReturnType<typeof aedesModule.createBroker>;
type AedesClient = Parameters<NonNullable<Parameters<typeof aedesModule.createBroker>[0]>['authenticate'] & object>[0];

/**
 * Who may connect and what each client may do (issue 9 finding 1). Every client authenticates; anonymous
 * clients are refused. The server's own client may do everything; a device publishes only its own
 * `…/tables/{t}/devices/{d}/{events|status|acks}` and subscribes only to its own `…/commands`.
 */
export interface BrokerAuth {
  /** The server's own client: username + secret (per process in the embedded mode). */
  readonly server: { readonly username: string; readonly password: string };
  /** A device's username + secret → its table/device, or null. */
  readonly authenticateDevice: (username: string, password: string) => Promise<BrokerPrincipal | null>;
  /** Topic root (FELT_MQTT_ROOT, default `felt/v1`). */
  readonly root?: string;
}

/** Refusal counters (tests and metrics read them). */
export interface BrokerAuthStats {
  refusedConnects: number;
  refusedPublishes: number;
  refusedSubscribes: number;
  /** Device events refused because the device's kind may not report them (DEV-AUTH-1). */
  refusedEvents: number;
}

/**
 * DEV-AUTH-1: asked before a device's event is accepted — null when the device's kind may report `type`
 * at its table, else why not (the asker raises the alert). Set by ingest, which knows the tables.
 */
export type EventAuthority = (tableId: string, deviceId: string, type: string) => Promise<string | null>;

/** The `type` of an event payload, or null when it is not JSON with a string type (ingest then reports it malformed). */
const eventType = (payload: Buffer | string): string | null => {
  try {
    const v = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8')) as unknown;
    return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string' ? (v as { type: string }).type : null;
  } catch {
    return null;
  }
};

const PRINCIPAL = Symbol('felt.principal');
type WithPrincipal = { [PRINCIPAL]?: BrokerPrincipal };

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const authError = (returnCode: 4 | 5, message: string): Error & { returnCode: number } => Object.assign(new Error(message), { returnCode });

/**
 * In-process MQTT broker (aedes over TCP) for the embedded default: the studio runs with no external
 * services. Default port 1885 — NOT 1883, where a real Mosquitto may run.
 */
export class EmbeddedBroker {
  private constructor(
    readonly aedes: Aedes,
    private readonly server: Server,
    readonly port: number,
    readonly stats: Readonly<BrokerAuthStats>,
    private readonly authority: { current: EventAuthority | null },
  ) {}

  /** Who may report which device events (DEV-AUTH-1): every device event is checked before it is accepted. */
  setEventAuthority(fn: EventAuthority | null): void {
    this.authority.current = fn;
  }

  static async start(port: number, auth: BrokerAuth, host = '127.0.0.1'): Promise<EmbeddedBroker> {
    const root = auth.root ?? TOPIC_ROOT;
    const stats: BrokerAuthStats = { refusedConnects: 0, refusedPublishes: 0, refusedSubscribes: 0, refusedEvents: 0 };
    const authority: { current: EventAuthority | null } = { current: null };
    const principalOf = (client: AedesClient | null): BrokerPrincipal | undefined => (client as unknown as WithPrincipal | null)?.[PRINCIPAL];
    const mayPublish = (p: BrokerPrincipal | undefined, topic: string): boolean => {
      if (p === undefined) return false;
      if (p.kind === 'server') return true;
      return (['events', 'status', 'acks'] as const).some((k) => deviceTopic(p.tableId, p.deviceId, k, { root }) === topic);
    };
    const maySubscribe = (p: BrokerPrincipal | undefined, topic: string): boolean => {
      if (p === undefined) return false;
      if (p.kind === 'server') return true;
      return deviceTopic(p.tableId, p.deviceId, 'commands', { root }) === topic;
    };
    // CJS: the default import is aedes' module.exports (the constructor, also exposed as `.createBroker`).
    const aedes = aedesModule.createBroker({
      authenticate: (client, username, password, done) => {
        const secret = password?.toString('utf8') ?? '';
        if (username === undefined || username === '' || secret === '') {
          stats.refusedConnects += 1;
          done(authError(5, 'anonymous clients are refused'), false);
          return;
        }
        const grant = (p: BrokerPrincipal | null): void => {
          if (p === null) {
            stats.refusedConnects += 1;
            done(authError(4, 'bad username or password'), false);
            return;
          }
          // A device never takes a server client id: it would take over the server's persistent session.
          if (p.kind === 'device' && client.id.startsWith('felt-server')) {
            stats.refusedConnects += 1;
            done(authError(5, 'client id reserved for the server'), false);
            return;
          }
          (client as unknown as WithPrincipal)[PRINCIPAL] = p;
          done(null, true);
        };
        if (username === auth.server.username) {
          grant(sameSecret(secret, auth.server.password) ? { kind: 'server' } : null);
          return;
        }
        auth.authenticateDevice(username, secret).then(grant, () => grant(null));
      },
      authorizePublish: (client, packet, done) => {
        // `client` is null for messages the broker itself publishes ($SYS); a Last-Will is checked with its client.
        const p = principalOf(client);
        if (client === null || mayPublish(p, packet.topic)) {
          const ask = authority.current;
          const type = p?.kind === 'device' && ask !== null && packet.topic === deviceTopic(p.tableId, p.deviceId, 'events', { root }) ? eventType(packet.payload) : null;
          if (p?.kind !== 'device' || type === null || ask === null) {
            done(null);
            return;
          }
          // DEV-AUTH-1: the device's kind must be one that may report this event at its table.
          ask(p.tableId, p.deviceId, type).then(
            (refused) => {
              if (refused === null) done(null);
              else {
                stats.refusedEvents += 1;
                stats.refusedPublishes += 1;
                done(new Error(refused));
              }
            },
            () => done(null), // the authority could not decide (store away): ingest decides again
          );
          return;
        }
        stats.refusedPublishes += 1;
        done(new Error(`publish to ${packet.topic} not allowed`));
      },
      authorizeSubscribe: (client, sub, done) => {
        if (maySubscribe(principalOf(client), sub.topic)) {
          done(null, sub);
          return;
        }
        stats.refusedSubscribes += 1;
        done(null, null); // SUBACK 0x80: refused, the client stays connected
      },
    });
    const server = createServer(aedes.handle);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return new EmbeddedBroker(aedes, server, (server.address() as AddressInfo).port, stats, authority);
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  /** Drops the live sessions of a device whose credential was rotated or revoked (it must reconnect with the new secret). */
  disconnectDevice(tableId: string, deviceId: string): number {
    let n = 0;
    const clients = (this.aedes as unknown as { clients: Record<string, AedesClient & WithPrincipal & { close(): void }> }).clients;
    for (const c of Object.values(clients)) {
      const p = c[PRINCIPAL];
      if (p?.kind === 'device' && p.tableId === tableId && p.deviceId === deviceId) {
        c.close();
        n += 1;
      }
    }
    return n;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
    await new Promise<void>((resolve, reject) => this.server.close((err) => (err ? reject(err) : resolve())));
  }
}
