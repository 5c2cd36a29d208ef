import { Logger } from '@nestjs/common';
import mqtt, { type MqttClient } from 'mqtt';
import type { CommitHandler, IngestLink, IngestLinks } from '../shared/ports/mqtt.port.js';

export interface MqttIngestLinksOptions {
  readonly url: string;
  /** Stable per server instance (FELT_MQTT_CLIENT_ID, default `felt-server-<host>[-<root>]`): the session survives a restart. */
  readonly clientIdBase: string;
  readonly username?: string;
  readonly password?: string;
  /** After a message could not be handled: reconnect after this long so the broker delivers it again. */
  readonly retryMs?: number;
}

/**
 * Ingest's broker connections (issue 9 findings 4 and 5), one per table: `clean: false` with a stable
 * client id, so QoS 1 messages published while the server was away or reconnecting are queued by the
 * broker and delivered after the reconnect; each QoS 1 message is acknowledged only after the ingest
 * handler committed it, through MQTT.js's `handleMessage` hook (see `start`). When the handler fails (database away), the message is NOT acknowledged, every following
 * message is refused too, and the link reconnects after `retryMs`: the broker then redelivers the
 * unacknowledged messages in order (the rounds side de-duplicates by device seq / causation id).
 */
export class MqttIngestLinks implements IngestLinks {
  private readonly log = new Logger('IngestLinks');
  private readonly open_ = new Set<MqttIngestLink>();

  constructor(private readonly opts: MqttIngestLinksOptions) {}

  async open(name: string, filters: readonly string[], onMessage: CommitHandler, opts: { readonly clientId?: string } = {}): Promise<IngestLink> {
    const link = new MqttIngestLink(this.opts, opts.clientId ?? `${this.opts.clientIdBase}-${name}`, filters, onMessage, this.log, () => this.open_.delete(link));
    this.open_.add(link);
    await link.start();
    return link;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open_].map((l) => l.close()));
  }
}

class MqttIngestLink implements IngestLink {
  private client: MqttClient | null = null;
  private failing = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly opts: MqttIngestLinksOptions,
    readonly clientId: string,
    private readonly filters: readonly string[],
    private readonly onMessage: CommitHandler,
    private readonly log: Logger,
    private readonly onClose: () => void,
  ) {}

  async start(): Promise<void> {
    const client = mqtt.connect(this.opts.url, {
      clientId: this.clientId,
      clean: false,
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      resubscribe: true,
      ...(this.opts.username !== undefined ? { username: this.opts.username, password: this.opts.password ?? '' } : {}),
    });
    // MQTT.js calls `handleMessage(packet, callback)` for every incoming PUBLISH (after the `message`
    // event) and sends the QoS 1 PUBACK only from that callback; it handles no further packet of this
    // connection until the callback ran. An error passed to it sends no PUBACK. (`customHandleAcks` would
    // be the other hook, but MQTT.js honours it only with MQTT 5, which aedes does not speak.)
    client.handleMessage = (packet, callback) => {
      if (this.failing) {
        callback(new Error('ingest link is recovering: message left unacknowledged for redelivery'));
        return;
      }
      const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      this.onMessage(packet.topic, payload).then(
        () => callback(),
        (e: unknown) => {
          this.fail(packet.topic, e);
          callback(e as Error);
        },
      );
    };
    this.client = client;
    client.on('error', (err) => this.log.warn({ msg: 'ingest link error', clientId: this.clientId, error: err.message }));
    client.on('connect', () => {
      this.failing = false;
    });
    await new Promise<void>((resolve, reject) => {
      const onErr = (e: Error): void => {
        client.removeListener('connect', onOk);
        reject(e);
      };
      const onOk = (): void => {
        client.removeListener('error', onErr);
        resolve();
      };
      client.once('connect', onOk);
      client.once('error', onErr);
    });
    // Resubscribing is harmless on a resumed session; the subscription itself is part of the session.
    await client.subscribeAsync([...this.filters], { qos: 1 });
  }

  private fail(topic: string, e: unknown): void {
    this.log.warn({ msg: 'device message not handled, will be redelivered', clientId: this.clientId, topic, error: (e as Error).message });
    if (this.failing) return;
    this.failing = true;
    this.retry = setTimeout(() => {
      this.retry = null;
      // Dropping the connection makes the broker resend every unacknowledged message of the session.
      this.client?.stream?.destroy();
    }, this.opts.retryMs ?? 1000);
  }

  async close(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    const c = this.client;
    this.client = null;
    this.onClose();
    if (c) await c.endAsync(true);
  }
}
