import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { MockSerialWiring, type ByteDuplex } from '@felt-studio/hardware-sim';
import { parseDeviceMessage, type DeviceAck, type DeviceCommand, type DeviceEvent, type DeviceStatus } from '@felt-studio/protocol';
import { Agent, type AgentConfigInput, agentConfigSchema, silentLogger, type Logger } from '@felt-studio/edge-agent';

/** Integration suites need the real broker: FAIL (never skip) without MQTT_URL. */
export function requireMqttUrl(): string {
  const url = process.env.MQTT_URL;
  if (!url) throw new Error('MQTT_URL is not set (e.g. mqtt://127.0.0.1:1883): the edge-agent integration suite needs the real Mosquitto');
  return url;
}

export const runTag = (): string => randomBytes(4).toString('hex');

export async function until(pred: () => boolean, what: string, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function tempDir(prefix = 'felt-edge-'): { readonly dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Received<T> {
  readonly topic: string;
  readonly value: T;
  readonly retained: boolean;
}

/**
 * The "server side" of the tests: a subscriber on the real broker that validates every message with
 * the protocol's own parser (`parseDeviceMessage`) — a message that does not validate fails the test.
 */
export class Observer {
  readonly events: Received<DeviceEvent>[] = [];
  readonly statuses: (Received<DeviceStatus> & { readonly deviceId: string })[] = [];
  readonly acks: (Received<DeviceAck> & { readonly deviceId: string })[] = [];
  readonly invalid: { topic: string; error: string }[] = [];
  private client: MqttClient | null = null;
  private nextId = 0;

  constructor(
    readonly url: string,
    readonly root: string,
  ) {}

  async start(): Promise<void> {
    const client = await mqtt.connectAsync(this.url, { clientId: `obs-${runTag()}`, reconnectPeriod: 200, connectTimeout: 3000, clean: true });
    this.client = client;
    client.on('message', (topic, payload, packet) => {
      if (payload.length === 0) return; // a cleared retained message
      const r = parseDeviceMessage(topic, payload, { root: this.root });
      if (!r.ok) {
        this.invalid.push({ topic, error: `${r.error.code}: ${r.error.message} ${JSON.stringify(r.error.issues ?? [])}` });
        return;
      }
      const m = r.value;
      switch (m.kind) {
        case 'events':
          this.events.push({ topic, value: m.event, retained: packet.retain });
          return;
        case 'status':
          this.statuses.push({ topic, value: m.status, retained: packet.retain, deviceId: m.deviceId });
          return;
        case 'acks':
          this.acks.push({ topic, value: m.ack, retained: packet.retain, deviceId: m.deviceId });
          return;
        case 'commands':
          return;
      }
    });
    await client.subscribeAsync(`${this.root}/#`, { qos: 1 });
  }

  /** Events of one device, de-duplicated on seq (as the server does) and in arrival order. */
  of(deviceId: string): DeviceEvent[] {
    const seen = new Set<number>();
    const out: DeviceEvent[] = [];
    for (const e of this.events) {
      if (e.value.deviceId !== deviceId || seen.has(e.value.seq)) continue;
      seen.add(e.value.seq);
      out.push(e.value);
    }
    return out;
  }

  /** Raw arrivals (with duplicates) of one device. */
  raw(deviceId: string): DeviceEvent[] {
    return this.events.filter((e) => e.value.deviceId === deviceId).map((e) => e.value);
  }

  ofType<T extends DeviceEvent['type']>(deviceId: string, type: T): Extract<DeviceEvent, { type: T }>[] {
    return this.of(deviceId).filter((e): e is Extract<DeviceEvent, { type: T }> => e.type === type);
  }

  statusOf(deviceId: string): DeviceStatus[] {
    return this.statuses.filter((s) => s.deviceId === deviceId).map((s) => s.value);
  }

  /** Publish a command (QoS 1) and wait for its ack. */
  async command(tableId: string, deviceId: string, type: DeviceCommand['type'], payload: unknown, id = `cmd-${++this.nextId}-${runTag()}`, timeoutMs = 5000): Promise<DeviceAck> {
    await this.publishRaw(`${this.root}/tables/${tableId}/devices/${deviceId}/commands`, JSON.stringify({ id, type, payload }));
    await until(() => this.acks.some((a) => a.value.id === id), `ack of ${type} ${id}`, timeoutMs);
    const a = this.acks.find((x) => x.value.id === id);
    if (!a) throw new Error('unreachable');
    return a.value;
  }

  async publishRaw(topic: string, payload: string): Promise<void> {
    if (!this.client) throw new Error('observer not started');
    await this.client.publishAsync(topic, payload, { qos: 1 });
  }

  /** Clear this run's retained statuses, then disconnect. */
  async stop(): Promise<void> {
    const c = this.client;
    if (!c) return;
    this.client = null;
    await c.unsubscribeAsync(`${this.root}/#`);
    for (const t of new Set(this.statuses.map((s) => s.topic))) await c.publishAsync(t, '', { qos: 1, retain: true });
    await c.endAsync();
  }
}

/** Serial ports through serialport's mock binding (hardware-sim's MockSerialWiring), each at a path unique to this run. */
export class MockWires extends MockSerialWiring {
  /** A unique mock path; `onOpen` gets the device side (synchronously) each time the agent opens it. */
  path(name: string, onOpen: (device: ByteDuplex) => void): string {
    return this.wire(`/dev/felt-mock-${name}-${runTag()}`, onOpen);
  }
}

/** A TCP proxy in front of the broker: stop() cuts every connection (the "broker went away"). */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = this.port): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.sockets.add(client);
      this.sockets.add(upstream);
      const drop = (): void => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('error', drop);
      upstream.on('error', drop);
      client.on('close', drop);
      upstream.on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    const addr = server.address();
    if (addr === null || typeof addr === 'string') throw new Error('proxy has no port');
    this.port = addr.port;
    return this.port;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    for (const sock of this.sockets) sock.destroy();
    this.sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

export function brokerHostPort(url: string): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || 1883) };
}

/** Build and start an agent from a config literal (validated by the real schema). */
export function startAgent(input: AgentConfigInput, opts: { wires?: MockWires; log?: Logger; serialRetryMs?: number } = {}): Agent {
  const config = agentConfigSchema.parse(input);
  const agent = new Agent({
    config,
    log: opts.log ?? silentLogger,
    mqtt: { reconnectPeriod: 100, connectTimeout: 2000 },
    serialRetryMs: opts.serialRetryMs ?? 100,
    ...(opts.wires ? { createPort: opts.wires.createPort } : {}),
  });
  agent.start();
  return agent;
}

/** Wheel tracker timeouts for a simulator running `speed` times faster than real time. */
export function scaledTracker(speed: number): { launchFailGraceMs: number; noBallMs: number; confirmWindowMs: number } {
  return { launchFailGraceMs: Math.round(3000 / speed), noBallMs: Math.round(5000 / speed), confirmWindowMs: Math.max(100, Math.round(1500 / speed)) };
}

/** seqs strictly increasing by one (no gap, no reorder) — what the server's gap detector wants. */
export function contiguous(seqs: readonly number[]): boolean {
  return seqs.every((s, i) => i === 0 || s === (seqs[i - 1] as number) + 1);
}

/** A spec's side of the shared Mosquitto (observedBroker). */
export interface ObservedBroker {
  /** This run's tag (unique table and device ids). */
  readonly run: string;
  /** The spec's own topic root, `felt-test-<run>/felt/v1`. */
  readonly root: string;
  /** What each test leaves to stop; run after it. */
  readonly cleanups: (() => Promise<void> | void)[];
  /** The broker URL (MQTT_URL), once the file has started. */
  readonly url: string;
  /** The observer under `root`, once the file has started. */
  readonly obs: Observer;
}

/**
 * A spec's side of the shared Mosquitto under its own topic root: the observer is started before the file and
 * stopped after it; after each test the test's `cleanups` run and every message seen must have validated against
 * the v1 schemas.
 */
export function observedBroker(): ObservedBroker {
  const run = runTag();
  const root = `felt-test-${run}/felt/v1`;
  const cleanups: (() => Promise<void> | void)[] = [];
  let started: { url: string; obs: Observer } | null = null;
  const get = (): { url: string; obs: Observer } => {
    if (started === null) throw new Error('the broker observer starts before the file (beforeAll)');
    return started;
  };
  beforeAll(async () => {
    const url = requireMqttUrl();
    const obs = new Observer(url, root);
    await obs.start();
    started = { url, obs };
  });
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
    expect(started?.obs.invalid, 'every message validates against the v1 protocol schemas').toEqual([]);
  });
  afterAll(async () => {
    await started?.obs.stop();
  });
  return {
    run,
    root,
    cleanups,
    get url() {
      return get().url;
    },
    get obs() {
      return get().obs;
    },
  };
}
