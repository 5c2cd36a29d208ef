import { join } from 'node:path';
import type { IClientOptions } from 'mqtt';
import { assertNever } from '@felt-studio/protocol';
import type { SerialAdapter } from './adapter.js';
import type { AgentConfig, DeviceConfig } from './config.js';
import { DeviceLink } from './device-link.js';
import { silentLogger, type Logger } from './logger.js';
import { SerialLink, type PortOpenOptions } from './serial-link.js';
import { ShoeAdapter } from './shoe.adapter.js';
import { TimerAdapter } from './timer.adapter.js';
import { WheelAdapter } from './wheel.adapter.js';
import type { SerialPortStream } from '@serialport/stream';

/**
 * The edge agent: config → one (serial link, adapter, MQTT device link) per device. It owns the
 * serial ports, turns device bytes into canonical events, publishes them, and executes commands. It
 * never decides a game outcome (docs/architecture.md "edge-agent").
 */
export interface AgentOptions {
  readonly config: AgentConfig;
  readonly log?: Logger;
  readonly now?: () => number;
  /** Serial port factory (tests inject serialport's SerialPortMock); default: the real OS port. */
  readonly createPort?: (device: DeviceConfig, opts: PortOpenOptions) => SerialPortStream;
  /** How often a missing serial path is retried. Default 500 ms. */
  readonly serialRetryMs?: number;
  /** Extra MQTT client options (tests: faster reconnects). */
  readonly mqtt?: Partial<IClientOptions>;
  /** Outbox bound per device (oldest dropped and counted beyond it). */
  readonly maxBuffered?: number;
}

export interface AgentDevice {
  readonly config: DeviceConfig;
  readonly link: DeviceLink;
  readonly serial: SerialLink;
  readonly adapter: SerialAdapter;
}

function makeAdapter(d: DeviceConfig, link: DeviceLink, log: Logger, now: () => number): SerialAdapter {
  const base = { sink: link, log, now, ...(d.silenceMs !== undefined ? { silenceMs: d.silenceMs } : {}) };
  switch (d.model) {
    case 'ss2-wheel':
      return new WheelAdapter({ ...base, desired: d.desired, ...(d.tracker ? { tracker: d.tracker } : {}), ...(d.replyTimeoutMs ? { replyTimeoutMs: d.replyTimeoutMs } : {}), ...(d.tickMs ? { tickMs: d.tickMs } : {}), ...(d.autoReset !== undefined ? { autoReset: d.autoReset } : {}) });
    case 'felt-shoe':
      return new ShoeAdapter(base);
    case 'felt-timer':
      return new TimerAdapter({ ...base, ...(d.debounceMs !== undefined ? { debounceMs: d.debounceMs } : {}) });
  }
  return assertNever(d, 'device model');
}

export class Agent {
  readonly devices = new Map<string, AgentDevice>();
  private readonly log: Logger;
  private started = false;

  constructor(private readonly opts: AgentOptions) {
    this.log = opts.log ?? silentLogger;
    const { config } = opts;
    const now = opts.now ?? Date.now;
    for (const d of config.devices) {
      const log = this.log.child({ tableId: config.tableId, deviceId: d.deviceId, model: d.model });
      const link = new DeviceLink({
        url: config.mqtt.url,
        identity: { tableId: config.tableId, deviceId: d.deviceId, model: d.model },
        dataDir: join(config.dataDir, config.tableId, d.deviceId),
        now,
        log,
        ...(config.mqtt.topicRoot ? { topics: { root: config.mqtt.topicRoot } } : {}),
        ...(opts.maxBuffered ? { maxBuffered: opts.maxBuffered } : {}),
        mqtt: {
          ...(config.mqtt.username ? { username: config.mqtt.username } : {}),
          ...(config.mqtt.password ? { password: config.mqtt.password } : {}),
          ...(d.credentials ? { username: d.credentials.username, password: d.credentials.password } : {}),
          ...opts.mqtt,
        },
      });
      const adapter = makeAdapter(d, link, log, now);
      const createPort = opts.createPort;
      const serial = new SerialLink(
        { path: d.path, baudRate: d.baudRate, retryMs: opts.serialRetryMs ?? 500, ...(createPort ? { createPort: (o: PortOpenOptions) => createPort(d, o) } : {}) },
        (chunk) => adapter.onData(chunk),
        (e) => {
          switch (e.type) {
            case 'open':
              log.log('info', 'serial port open', { path: d.path });
              adapter.onOpen(serial);
              return;
            case 'close':
              adapter.onClose(e.reason);
              return;
            case 'error':
              log.log('debug', 'serial port error', { path: d.path, error: e.message });
              return;
          }
        },
      );
      this.devices.set(d.deviceId, { config: d, link, serial, adapter });
    }
  }

  device(deviceId: string): AgentDevice {
    const d = this.devices.get(deviceId);
    if (!d) throw new Error(`no device ${deviceId} in this agent`);
    return d;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const d of this.devices.values()) {
      d.link.start((cmd) => d.adapter.handle(cmd));
      d.adapter.start();
      d.serial.start();
    }
    this.log.log('info', 'edge agent started', { tableId: this.opts.config.tableId, devices: [...this.devices.keys()] });
  }

  /** Graceful stop: close ports, hand on queued events to the outbox, publish `offline`, disconnect. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const d of this.devices.values()) {
      d.adapter.stop();
      await d.serial.stop();
    }
    await Promise.all([...this.devices.values()].map((d) => d.link.stop()));
    for (const d of this.devices.values()) d.link.close();
    this.log.log('info', 'edge agent stopped');
  }

  /** Simulate a crash (tests): connections dropped without goodbye, so the brokers fire the Last-Wills. */
  async kill(): Promise<void> {
    this.started = false;
    for (const d of this.devices.values()) {
      d.link.kill();
      d.adapter.stop({ flush: false }); // what was only in memory is lost, as in a real crash
      await d.serial.stop();
      d.link.close();
    }
  }

  stats(): Record<string, { adapter: SerialAdapter['stats']; link: DeviceLink['stats']; unacked: number; seq: number }> {
    return Object.fromEntries([...this.devices].map(([id, d]) => [id, { adapter: d.adapter.stats, link: d.link.stats, unacked: d.link.buffer.size, seq: d.link.seq.current }]));
  }
}
