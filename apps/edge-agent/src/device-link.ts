import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { deviceCommandSchema, deviceTopic, type DeviceCommand, type DeviceEventBody, type TopicOptions } from '@felt-studio/protocol';
import { silentLogger, type Logger } from './logger.js';
import { OfflineBuffer, type BufferedEntry } from './offline-buffer.js';
import { SeqCounter } from './seq-counter.js';

/**
 * One device's link to the broker (docs/architecture.md "Transports", devices.md §1): its own MQTT
 * connection (so its Last-Will marks exactly this device `offline`, and credentials can be per device),
 * canonical events stamped with a durable monotonic seq and published with QoS 1 from a durable outbox
 * in seq order, a retained status, and commands with correlation ids answered on `.../acks`.
 */
export type DeviceState = 'online' | 'offline' | 'fault';

export interface DeviceIdentity {
  readonly tableId: string;
  readonly deviceId: string;
  readonly model: string;
}

export interface DeviceLinkOptions {
  readonly url: string;
  readonly identity: DeviceIdentity;
  /** This device's own directory (outbox + seq counter survive restarts here). */
  readonly dataDir: string;
  readonly mqtt?: Partial<IClientOptions>;
  /** Max QoS-1 publishes in flight at once (order is preserved by the single connection). */
  readonly window?: number;
  readonly now?: () => number;
  readonly maxBuffered?: number;
  /** Topic root override (integration tests use a per-run prefix). */
  readonly topics?: TopicOptions;
  readonly log?: Logger;
}

export type CommandResult = { readonly ok: true } | { readonly ok: false; readonly error: string };
export type CommandHandler = (cmd: DeviceCommand) => Promise<CommandResult>;

/** Acks remembered for repeated command ids (QoS 1 delivers at least once). */
const SEEN_COMMANDS = 1000;

export class DeviceLink {
  readonly buffer: OfflineBuffer;
  readonly seq: SeqCounter;
  private client: MqttClient | null = null;
  private generation = 0;
  private inFlight = 0;
  private sentThrough = -1;
  /** Indexes the broker acknowledged ahead of an older, still unacknowledged one. */
  private readonly ackedAhead = new Set<number>();
  private pumping = false;
  private closed = false;
  private status: DeviceState = 'offline';
  private firmware: string | null = null;
  private configHash: string | null = null;
  private handler: CommandHandler | null = null;
  private readonly seenCommands = new Map<string, Promise<CommandResult>>();
  private readonly now: () => number;
  private readonly window: number;
  private readonly log: Logger;
  /** Counters for the agent's own metrics/logs. */
  readonly stats = { emitted: 0, published: 0, acked: 0, connects: 0, reconnects: 0, badCommands: 0, duplicateCommands: 0 };

  constructor(private readonly opts: DeviceLinkOptions) {
    this.buffer = new OfflineBuffer({ dir: `${opts.dataDir}/outbox`, ...(opts.maxBuffered ? { maxEntries: opts.maxBuffered } : {}) });
    this.seq = new SeqCounter(opts.dataDir);
    this.now = opts.now ?? Date.now;
    this.window = opts.window ?? 64;
    this.log = opts.log ?? silentLogger;
  }

  topic(leaf: 'events' | 'status' | 'commands' | 'acks'): string {
    return deviceTopic(this.opts.identity.tableId, this.opts.identity.deviceId, leaf, this.opts.topics);
  }

  private statusPayload(state: DeviceState): string {
    return JSON.stringify({ state, model: this.opts.identity.model, firmware: this.firmware, configHash: this.configHash, at: this.now() });
  }

  /** Connect (returns at once; the link keeps reconnecting in the background). */
  start(onCommand?: CommandHandler): void {
    this.handler = onCommand ?? null;
    this.closed = false;
    const { identity } = this.opts;
    const client = mqtt.connect(this.opts.url, {
      clientId: `edge-${identity.tableId}-${identity.deviceId}`,
      // A fresh session on every connect: commands queued by the broker while we were away would be stale
      // (a "launch ball" 30 s late); the outbox, not the broker session, carries our own events across.
      clean: true,
      reconnectPeriod: 500,
      connectTimeout: 5000,
      keepalive: 10,
      will: { topic: this.topic('status'), payload: Buffer.from(this.statusPayload('offline')), qos: 1, retain: true },
      ...this.opts.mqtt,
    });
    this.client = client;
    client.on('connect', () => {
      this.stats.connects += 1;
      this.generation += 1;
      // Everything not acknowledged is offered again, in order (at-least-once; the server dedupes on seq).
      this.sentThrough = -1;
      this.inFlight = 0;
      this.ackedAhead.clear();
      this.log.log('info', 'mqtt connected', { unacked: this.buffer.size });
      client.publish(this.topic('status'), this.statusPayload(this.status), { qos: 1, retain: true });
      client.subscribe(this.topic('commands'), { qos: 1 });
      this.pump();
    });
    client.on('reconnect', () => {
      this.stats.reconnects += 1;
    });
    client.on('close', () => this.log.log('debug', 'mqtt connection closed'));
    client.on('message', (topic, payload) => {
      if (topic === this.topic('commands')) this.onCommand(payload);
    });
    // mqtt.js emits 'error' for connection problems and reconnects by itself; log, never throw.
    client.on('error', (err) => this.log.log('warn', 'mqtt error', { error: err.message }));
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  get state(): DeviceState {
    return this.status;
  }

  /** Stamp with the next seq, durably buffer and publish one canonical event. Returns its seq. */
  emit(ev: DeviceEventBody, at: number = this.now()): number {
    const seq = this.seq.next();
    const { tableId, deviceId } = this.opts.identity;
    const envelope = { v: 1, tableId, deviceId, seq, at: Math.max(0, Math.round(at)), type: ev.type, payload: ev.payload };
    this.buffer.append(this.topic('events'), JSON.stringify(envelope));
    this.stats.emitted += 1;
    this.pump();
    return seq;
  }

  /** Retained status (devices.md §1). `firmware`/`configHash` stay as last set when omitted. */
  setStatus(state: DeviceState, info: { firmware?: string | null; configHash?: string | null } = {}): void {
    const changed = state !== this.status || (info.firmware !== undefined && info.firmware !== this.firmware) || (info.configHash !== undefined && info.configHash !== this.configHash);
    this.status = state;
    if (info.firmware !== undefined) this.firmware = info.firmware;
    if (info.configHash !== undefined) this.configHash = info.configHash;
    if (changed && this.client?.connected) this.client.publish(this.topic('status'), this.statusPayload(state), { qos: 1, retain: true });
  }

  private pump(): void {
    const client = this.client;
    if (!client || !client.connected || this.pumping || this.closed) return;
    this.pumping = true;
    try {
      const room = this.window - this.inFlight;
      if (room > 0) for (const entry of this.buffer.after(this.sentThrough, room)) this.send(client, entry);
    } finally {
      this.pumping = false;
    }
  }

  private send(client: MqttClient, entry: BufferedEntry): void {
    const gen = this.generation;
    this.inFlight += 1;
    this.sentThrough = entry.index;
    this.stats.published += 1;
    client.publish(entry.topic, entry.payload, { qos: 1 }, (err) => {
      if (gen === this.generation) this.inFlight = Math.max(0, this.inFlight - 1);
      if (err || this.closed) return; // stays in the outbox; offered again after the reconnect
      this.stats.acked += 1;
      this.onPuback(entry.index);
      this.pump();
    });
  }

  /** The outbox is acknowledged only through a contiguous prefix: a PUBACK never skips an older entry. */
  private onPuback(index: number): void {
    const first = this.buffer.first();
    if (first === undefined || index < first.index) return;
    if (index !== first.index) {
      this.ackedAhead.add(index);
      return;
    }
    let through = index;
    while (this.ackedAhead.delete(through + 1)) through += 1;
    this.buffer.ack(through);
  }

  private onCommand(raw: Buffer): void {
    let data: unknown;
    try {
      data = JSON.parse(raw.toString('utf8'));
    } catch (e) {
      this.stats.badCommands += 1;
      this.log.log('warn', 'command is not JSON; ignored (no id to ack)', { error: (e as Error).message });
      return;
    }
    const id = typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'string' ? (data as { id: string }).id : null;
    const parsed = deviceCommandSchema.safeParse(data);
    if (!parsed.success) {
      this.stats.badCommands += 1;
      const error = `invalid command: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`.slice(0, 300);
      this.log.log('warn', 'invalid command rejected', { id, error });
      // Bad input gets a clear error and changes nothing (docs/architecture.md non-negotiable 5).
      if (id !== null && id.length > 0 && id.length <= 64) this.ack(id, { ok: false, error });
      return;
    }
    const cmd = parsed.data;
    // Commands arrive at least once: a repeated id gets the first answer and is never executed twice,
    // even while the first execution is still waiting for the device.
    const prior = this.seenCommands.get(cmd.id);
    if (prior) {
      this.stats.duplicateCommands += 1;
      void prior.then((r) => this.ack(cmd.id, r));
      return;
    }
    const run = (async (): Promise<CommandResult> => {
      if (!this.handler) return { ok: false, error: `no handler for ${cmd.type}` };
      try {
        return await this.handler(cmd);
      } catch (e) {
        return { ok: false, error: (e as Error).message };
      }
    })();
    this.seenCommands.set(cmd.id, run);
    if (this.seenCommands.size > SEEN_COMMANDS) {
      const oldest = this.seenCommands.keys().next().value;
      if (oldest !== undefined) this.seenCommands.delete(oldest);
    }
    void run.then((r) => {
      this.log.log(r.ok ? 'info' : 'warn', 'command done', { id: cmd.id, type: cmd.type, ok: r.ok, ...(r.ok ? {} : { error: r.error }) });
      this.ack(cmd.id, r);
    });
  }

  private ack(id: string, r: CommandResult): void {
    const body = r.ok ? { id, ok: true } : { id, ok: false, error: r.error };
    this.client?.publish(this.topic('acks'), JSON.stringify(body), { qos: 1 });
  }

  /** Graceful stop: status offline (retained), then disconnect cleanly (no Last-Will). Bounded by `timeoutMs`. */
  async stop(timeoutMs = 2000): Promise<void> {
    this.closed = true;
    const c = this.client;
    this.client = null;
    if (!c) return;
    if (!c.connected) {
      // Broker away: nothing to say goodbye to (the Last-Will already spoke); stop reconnecting now.
      c.end(true);
      return;
    }
    this.status = 'offline';
    const goodbye = (async (): Promise<void> => {
      await c.publishAsync(this.topic('status'), this.statusPayload('offline'), { qos: 1, retain: true });
      await c.endAsync();
    })();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const r = await Promise.race([goodbye.then(() => 'done' as const), timedOut]).catch((e: Error) => {
      this.log.log('warn', 'could not publish offline status', { error: e.message });
      return 'error' as const;
    });
    clearTimeout(timer);
    if (r !== 'done') c.end(true);
  }

  /** Release the outbox and seq files (after stop/kill; the link cannot emit afterwards). */
  close(): void {
    this.closed = true;
    this.buffer.close();
    this.seq.close();
  }

  /** Simulate a crash: drop the connection without a DISCONNECT (the broker publishes the Last-Will). */
  kill(): void {
    this.closed = true;
    const c = this.client;
    this.client = null;
    c?.end(true);
  }
}
