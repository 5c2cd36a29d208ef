import { createRng, moneyWheel, type Rng } from '@felt-studio/games';
import type { DeviceAck } from '@felt-studio/protocol';
import type { TimerHandle } from './clock.js';
import { MqttDeviceSim, type MqttDeviceSimOptions } from './mqtt-device.sim.js';

/**
 * Money wheel emulator (docs/rules MW-1..MW-4): a vertical wheel with the profile's segments,
 * spun by the host (or a motor) on `spin()` or on the MQTT command `moneywheel.spin`, with a pointer
 * sensor that reports where the wheel stopped as canonical v1 events (`moneywheel.state`,
 * `moneywheel.result`, `moneywheel.fault`, `device.heartbeat`; shapes in @felt-studio/games
 * `moneyWheel.MONEY_WHEEL_EVENT_TYPES`) with a monotonic seq. The device never judges a spin: a short
 * spin is reported with its few turns and the rules void it (MW-4); a border stop is reported as a
 * border and the rules pick the segment being entered (MW-3).
 *
 * Seeded (same seed + same commands → same events), time-scaled through a Scheduler, over MQTT
 * (`mqttUrl`) or in-process only (listeners, for tests).
 */
export const MONEY_WHEEL_TIMING = { msPerTurn: 1500, stoppedToIdleMs: 2000, heartbeatMs: 5000 } as const;
export const MONEY_WHEEL_MODEL = 'felt-money-wheel-sim';
export const MONEY_WHEEL_FIRMWARE = 'sim-1.0.0';

/** Scripted faults (devices.md §6 style): each acts on the next spin. */
export type MoneyWheelFault =
  /** The host's spin is too weak: fewer full turns than the profile's minimum (MW-4). */
  | { readonly type: 'short-spin'; readonly turns?: number }
  /** The pointer comes to rest exactly on a border between two segments (MW-3). */
  | { readonly type: 'border-stop' }
  /** The pointer sensor fails on the next spin: `moneywheel.fault sensor_fault` instead of a result. */
  | { readonly type: 'sensor-fault' };

/** The wheel (its connection: MqttDeviceSimOptions; without `mqttUrl` it runs in process only, events to `onEvent` listeners). */
export interface MoneyWheelSimOptions extends MqttDeviceSimOptions {
  readonly seed: number;
  /** The wheel's layout comes from this Money Wheel profile (default `standard`). */
  readonly profileId?: string;
  /** Probability that a normal spin stops on a border (default 1/40). */
  readonly borderChance?: number;
}

/** A canonical v1 event as published (envelope of devices.md §1). */
export interface MoneyWheelEnvelope {
  readonly v: 1;
  readonly tableId: string;
  readonly deviceId: string;
  readonly seq: number;
  readonly at: number;
  readonly type: moneyWheel.MoneyWheelEventBody['type'];
  readonly payload: moneyWheel.MoneyWheelEventBody['payload'];
}

type SpinCommand = { readonly ok: true; readonly id: string; readonly roundId: string } | { readonly ok: false; readonly id: string | null; readonly error: string };

/** Validate a command at the edge; unknown types are rejected (STYLE.md habit 4). */
export function parseMoneyWheelCommand(bytes: Buffer | string): SpinCommand {
  let msg: unknown;
  try {
    msg = JSON.parse(typeof bytes === 'string' ? bytes : bytes.toString('utf8'));
  } catch (_e) {
    return { ok: false, id: null, error: 'MALFORMED_JSON' };
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return { ok: false, id: null, error: 'SCHEMA_MISMATCH' };
  const m = msg as { id?: unknown; type?: unknown; payload?: unknown };
  const id = typeof m.id === 'string' && m.id.length > 0 && m.id.length <= 64 ? m.id : null;
  if (id === null) return { ok: false, id: null, error: 'SCHEMA_MISMATCH' };
  if (m.type !== moneyWheel.MONEY_WHEEL_SPIN_COMMAND) return { ok: false, id, error: 'UNKNOWN_COMMAND' };
  const p = m.payload as { roundId?: unknown } | null | undefined;
  if (typeof p !== 'object' || p === null || typeof p.roundId !== 'string' || p.roundId === '' || p.roundId.length > 64) return { ok: false, id, error: 'INVALID_PAYLOAD: payload.roundId must be a non-empty string' };
  return { ok: true, id, roundId: p.roundId };
}

export class MoneyWheelSim extends MqttDeviceSim {
  private readonly opts: MoneyWheelSimOptions;
  private readonly rng: Rng;
  private readonly layout: readonly string[];
  private readonly listeners: ((e: MoneyWheelEnvelope) => void)[] = [];
  private readonly faults: MoneyWheelFault[] = [];
  private idleTimer: TimerHandle | null = null;
  private seq = 0;
  private spinNo = 0;
  private busy = false;
  readonly stats = { spins: 0, rejected: 0, published: 0 };

  constructor(opts: MoneyWheelSimOptions) {
    super(opts, { name: 'money-wheel-sim', model: MONEY_WHEEL_MODEL, firmware: MONEY_WHEEL_FIRMWARE, heartbeatMs: MONEY_WHEEL_TIMING.heartbeatMs });
    const profile = moneyWheel.moneyWheelProfiles[opts.profileId ?? 'standard'];
    if (!profile) throw new Error(`unknown money wheel profile "${opts.profileId}"; known: ${Object.keys(moneyWheel.moneyWheelProfiles).join(', ')}`);
    this.opts = opts;
    this.layout = profile.layout;
    this.rng = createRng(opts.seed);
  }

  protected heartbeat(uptimeS: number): void {
    this.event({ type: 'device.heartbeat', payload: { uptimeS } });
  }


  /** Every event published (in-process listeners see them whether or not MQTT is used). */
  onEvent(listener: (e: MoneyWheelEnvelope) => void): void {
    this.listeners.push(listener);
  }

  override async stop(): Promise<void> {
    if (this.idleTimer) this.sched.clearTimer(this.idleTimer);
    this.idleTimer = null;
    await super.stop();
  }


  injectFault(fault: MoneyWheelFault): void {
    this.faults.push(fault);
  }

  get spinning(): boolean {
    return this.busy;
  }

  /** The host spins the wheel. Returns false (and does nothing) while the wheel is still turning. */
  spin(roundId?: string): boolean {
    if (this.busy) return false;
    this.busy = true;
    if (this.idleTimer) this.sched.clearTimer(this.idleTimer);
    this.idleTimer = null;
    this.stats.spins += 1;
    const spin = ++this.spinNo;
    const fault = this.faults.shift();
    const n = this.layout.length;
    const direction: 'cw' | 'ccw' = this.rng.int(2) === 0 ? 'cw' : 'ccw';
    const turns = fault?.type === 'short-spin' ? (fault.turns ?? 0.2 + 0.6 * this.rng.next()) : 2 + 3 * this.rng.next();
    const onBorder = fault?.type === 'border-stop' || this.rng.next() < (this.opts.borderChance ?? 1 / 40);
    const index = this.rng.int(n);
    this.event({ type: 'moneywheel.state', payload: { state: 'spinning', spin } });
    this.timer(() => {
      const rounded = Math.round(turns * 100) / 100;
      if (fault?.type === 'sensor-fault') {
        this.event({ type: 'moneywheel.fault', payload: { code: 'sensor_fault', text: 'pointer sensor did not report a position', spin } });
      } else {
        const where = onBorder ? { border: index } : { segment: index, label: this.layout[index] as string };
        this.event({ type: 'moneywheel.result', payload: { spin, ...where, direction, turns: rounded, ...(roundId === undefined ? {} : { roundId }) } });
      }
      this.event({ type: 'moneywheel.state', payload: { state: 'stopped', spin } });
      // the wheel can be spun again as soon as it has stopped (a multiplier or a void spin: MW-2, MW-4)
      this.busy = false;
      this.idleTimer = this.sched.setTimer(() => {
        this.idleTimer = null;
        this.event({ type: 'moneywheel.state', payload: { state: 'idle', spin } });
      }, MONEY_WHEEL_TIMING.stoppedToIdleMs);
    }, Math.max(200, turns * MONEY_WHEEL_TIMING.msPerTurn));
    return true;
  }

  private event(body: moneyWheel.MoneyWheelEventBody): void {
    const env = { v: 1, tableId: this.opts.tableId, deviceId: this.opts.deviceId, seq: this.seq++, at: this.clock(), type: body.type, payload: body.payload } as MoneyWheelEnvelope;
    for (const l of this.listeners) l(env);
    this.publish(this.topics.events, env);
  }

  private ack(id: string, ok: boolean, error?: string): void {
    const ack: DeviceAck = error === undefined ? { id, ok } : { id, ok, error };
    this.publish(this.topics.acks, ack);
  }

  protected onCommand(bytes: Buffer): void {
    const cmd = parseMoneyWheelCommand(bytes);
    if (!cmd.ok) {
      this.stats.rejected += 1;
      if (cmd.id !== null) this.ack(cmd.id, false, cmd.error);
      else this.event({ type: 'moneywheel.fault', payload: { code: 'command_rejected', text: `command rejected: ${cmd.error}` } });
      return;
    }
    if (!this.spin(cmd.roundId)) {
      this.stats.rejected += 1;
      this.ack(cmd.id, false, 'BUSY');
      return;
    }
    this.ack(cmd.id, true);
  }
}
