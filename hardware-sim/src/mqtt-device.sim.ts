import { deviceTopic, type DeviceStatus } from '@felt-studio/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import { realScheduler, type Scheduler, type TimerHandle } from './clock.js';

/** How a simulated MQTT-native device reaches the studio (the money wheel, the dice shaker). */
export interface MqttDeviceSimOptions {
  /** The broker; without it the device runs in process only (listeners, for tests). */
  readonly mqttUrl?: string;
  readonly tableId: string;
  readonly deviceId: string;
  /** Topic root; default `felt/v1` (tests use a per-run prefix). */
  readonly topicRoot?: string;
  /** Device time; default a real scheduler at `speed`. */
  readonly scheduler?: Scheduler;
  readonly speed?: number;
  /** Epoch-ms clock for `at`; default Date.now. */
  readonly clock?: () => number;
  readonly clientId?: string;
  /** The device's MQTT credential issued by the server (username `{tableId}/{deviceId}`; issue 9 finding 1). */
  readonly username?: string;
  readonly password?: string;
}

/** A device's four topics (built with @felt-studio/protocol's `deviceTopic`). */
export function deviceTopics(root: string, tableId: string, deviceId: string): { readonly events: string; readonly status: string; readonly commands: string; readonly acks: string } {
  const t = (kind: 'events' | 'status' | 'commands' | 'acks'): string => deviceTopic(tableId, deviceId, kind, { root });
  return { events: t('events'), status: t('status'), commands: t('commands'), acks: t('acks') };
}

/**
 * What the MQTT-native simulated devices share: the connection (Last-Will = retained `offline` status, retained
 * `online`, commands subscribed), QoS-1 publishing in order with every transport error kept, the device's timers
 * on its scheduler, the heartbeat, and a clean stop or a crash. A device adds its commands and its events.
 */
export abstract class MqttDeviceSim {
  protected readonly sched: Scheduler & { dispose?: () => void };
  protected readonly clock: () => number;
  protected readonly topics: ReturnType<typeof deviceTopics>;
  protected readonly startedAt: number;
  protected client: MqttClient | null = null;
  private hb: TimerHandle | null = null;
  private readonly timers = new Set<TimerHandle>();
  private chain: Promise<unknown> = Promise.resolve();
  /** Publish/transport errors seen (never swallowed silently). */
  readonly errors: Error[] = [];
  abstract readonly stats: { published: number };

  protected constructor(
    private readonly conn: MqttDeviceSimOptions,
    private readonly identity: { readonly name: string; readonly model: string; readonly firmware: string; readonly heartbeatMs: number },
  ) {
    this.sched = conn.scheduler ?? realScheduler({ speed: conn.speed ?? 1 });
    this.clock = conn.clock ?? Date.now;
    this.topics = deviceTopics(conn.topicRoot ?? 'felt/v1', conn.tableId, conn.deviceId);
    this.startedAt = this.sched.now();
  }

  get topicNames(): ReturnType<typeof deviceTopics> {
    return this.topics;
  }

  /** A command arrived on the device's command topic. */
  protected abstract onCommand(bytes: Buffer): void;
  /** The device's `device.heartbeat` event. */
  protected abstract heartbeat(uptimeS: number): void;

  private statusPayload(state: 'online' | 'offline'): string {
    const status: DeviceStatus = { state, model: this.identity.model, firmware: this.identity.firmware, configHash: null, at: this.clock() };
    return JSON.stringify(status);
  }

  /** Connect (when it has a broker), publish retained `online`, subscribe to commands; the heartbeat starts. */
  async start(): Promise<void> {
    const url = this.conn.mqttUrl;
    if (url !== undefined) {
      if (this.client !== null) throw new Error(`${this.identity.name} already started`);
      const client = await mqtt.connectAsync(url, {
        protocolVersion: 4, // MQTT 3.1.1: the embedded aedes broker speaks no v5
        clientId: this.conn.clientId ?? `${this.identity.name}-${this.conn.tableId}-${this.conn.deviceId}-${process.pid}`,
        ...(this.conn.username !== undefined ? { username: this.conn.username, password: this.conn.password ?? '' } : {}),
        clean: true,
        reconnectPeriod: 1000,
        will: { topic: this.topics.status, payload: Buffer.from(this.statusPayload('offline')), qos: 1, retain: true },
      });
      this.client = client;
      client.on('error', (err) => this.errors.push(err));
      client.on('message', (topic, payload) => {
        if (topic === this.topics.commands) this.onCommand(payload);
      });
      await client.subscribeAsync(this.topics.commands, { qos: 1 });
      await client.publishAsync(this.topics.status, this.statusPayload('online'), { qos: 1, retain: true });
    }
    this.armHeartbeat();
  }

  /** Clean shutdown: the timers stop, what was published is handed over, retained `offline` status, then disconnect. */
  async stop(): Promise<void> {
    this.clearTimers();
    const client = this.client;
    if (client !== null) {
      await this.chain;
      await client.publishAsync(this.topics.status, this.statusPayload('offline'), { qos: 1, retain: true });
      await client.endAsync();
      this.client = null;
    }
    this.sched.dispose?.();
  }

  /** Drop off the network as if the box died (socket closed, no DISCONNECT): the broker publishes the Last-Will. */
  async crash(): Promise<void> {
    this.clearTimers();
    const client = this.client;
    if (client === null) return;
    this.client = null;
    await client.endAsync(true);
    this.sched.dispose?.();
  }

  /** Resolves when everything published so far has been handed to the broker (QoS 1). */
  flush(): Promise<void> {
    return this.chain.then(() => undefined);
  }

  protected clearTimers(): void {
    for (const h of this.timers) this.sched.clearTimer(h);
    this.timers.clear();
    if (this.hb) this.sched.clearTimer(this.hb);
    this.hb = null;
  }

  /** `fn` after `ms` of device time (cleared by stop and crash). */
  protected timer(fn: () => void, ms: number): void {
    const h = this.sched.setTimer(() => {
      this.timers.delete(h);
      fn();
    }, ms);
    this.timers.add(h);
  }

  private armHeartbeat(): void {
    this.hb = this.sched.setTimer(() => {
      this.heartbeat(Math.floor((this.sched.now() - this.startedAt) / 1000));
      this.armHeartbeat();
    }, this.identity.heartbeatMs);
  }

  /** Publishes `body` as JSON on `topic` (QoS 1, in order); without a broker only counted as not sent. */
  protected publish(topic: string, body: unknown): void {
    const client = this.client;
    if (client === null) return;
    const payload = JSON.stringify(body);
    this.stats.published += 1;
    this.chain = this.chain
      .then(() => client.publishAsync(topic, payload, { qos: 1 }))
      .catch((err: unknown) => {
        this.errors.push(err instanceof Error ? err : new Error(String(err)));
      });
  }
}
