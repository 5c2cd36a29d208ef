import { createRng, type Rng } from '@felt-studio/games';
import { deviceCommandSchema, toDeviceEvent, type DeviceAck, type DeviceEvent, type DeviceEventBody } from '@felt-studio/protocol';
import { deviceTopics, MqttDeviceSim, type MqttDeviceSimOptions } from './mqtt-device.sim.js';

/**
 * Dice shaker + result reader emulator over MQTT (devices.md §5, topics docs/architecture.md "Transports"):
 * subscribes to `.../commands` (`shaker.shake {durationMs, roundId}`), acks on `.../acks`, publishes
 * `shaker.state`, `dice.result` / `dice.fault` and `device.heartbeat` as canonical v1 events with a
 * monotonic seq on `.../events`, and a retained `.../status` with an `offline` Last-Will.
 */
export const SHAKER_TIMING = { acceptToShakeMs: 100, readMs: 400, noShakeTimeoutMs: 1500, heartbeatMs: 5000 } as const;

export const SHAKER_MODEL = 'felt-shaker-sim';
export const SHAKER_FIRMWARE = 'sim-1.0.0';

export type DiceFaultCode = 'no_shake' | 'unreadable' | 'motion_error';

/** One-shot or counted faults (devices.md §6 shaker scenarios). */
export type ShakerFault =
  /** The next shake never happens: `shaker.state error` + `dice.fault no_shake`. */
  | { readonly type: 'no-shake' }
  /** The reader misreads the next result, e.g. a 7 (dice must be 1–6). */
  | { readonly type: 'misread'; readonly dice: readonly [number, number, number] }
  /** The next `count` shakes each end in `dice.fault` (default `unreadable`). */
  | { readonly type: 'failed-shakes'; readonly count: number; readonly code?: DiceFaultCode };

/** The shaker over MQTT (its connection: MqttDeviceSimOptions; a broker is required). */
export interface ShakerSimOptions extends MqttDeviceSimOptions {
  readonly mqttUrl: string;
  readonly seed: number;
  /**
   * How many dice the reader reports: 3 (Sic Bo's shaker, the default) or 2 — Lucky Dice's two cups
   * (RAY 2011 (docs/rules) §5.3 A), reported as `{ dice: [red, green], colours: ['red', 'green'] }`.
   */
  readonly dice?: 2 | 3;
}

/** The shaker's four topics (built with @felt-studio/protocol's `deviceTopic`). */
export function shakerTopics(root: string, tableId: string, deviceId: string) {
  return deviceTopics(root, tableId, deviceId);
}

interface ShakeCommand {
  readonly id: string;
  readonly durationMs: number;
  readonly roundId: string;
}

type ParsedCommand = { readonly ok: true; readonly shake: ShakeCommand } | { readonly ok: false; readonly id: string | null; readonly error: string };

/** Validate a command at the edge with the v1 schema (STYLE.md habit 4); unknown types are rejected. */
function parseCommand(bytes: Buffer): ParsedCommand {
  let msg: unknown;
  try {
    msg = JSON.parse(bytes.toString('utf8'));
  } catch (_e) {
    return { ok: false, id: null, error: 'MALFORMED_JSON' };
  }
  const rawId = typeof msg === 'object' && msg !== null ? (msg as { id?: unknown }).id : undefined;
  const id = typeof rawId === 'string' && rawId.length > 0 && rawId.length <= 64 ? rawId : null;
  if (id === null) return { ok: false, id: null, error: 'SCHEMA_MISMATCH' };
  const parsed = deviceCommandSchema.safeParse(msg);
  if (!parsed.success) {
    const type = (msg as { type?: unknown }).type;
    const known = deviceCommandSchema.options.some((o) => o.shape.type.value === type);
    if (!known) return { ok: false, id, error: 'UNKNOWN_COMMAND' };
    const issue = parsed.error.issues[0];
    return { ok: false, id, error: `INVALID_PAYLOAD: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'schema mismatch'}` };
  }
  const cmd = parsed.data;
  if (cmd.type !== 'shaker.shake') return { ok: false, id, error: `UNSUPPORTED_COMMAND: ${cmd.type}` };
  return { ok: true, shake: { id, durationMs: cmd.payload.durationMs, roundId: cmd.payload.roundId } };
}

export class ShakerSim extends MqttDeviceSim {
  private readonly opts: ShakerSimOptions;
  private readonly rng: Rng;
  private seq = 0;
  private busy = false;
  private readonly faults: ShakerFault[] = [];
  private failedShakesLeft = 0;
  private failedShakeCode: DiceFaultCode = 'unreadable';
  readonly stats = { shakes: 0, rejected: 0, published: 0 };

  constructor(opts: ShakerSimOptions) {
    super(opts, { name: 'shaker-sim', model: SHAKER_MODEL, firmware: SHAKER_FIRMWARE, heartbeatMs: SHAKER_TIMING.heartbeatMs });
    this.opts = opts;
    this.rng = createRng(opts.seed);
  }

  protected heartbeat(uptimeS: number): void {
    this.event({ type: 'device.heartbeat', payload: { uptimeS } });
  }


  injectFault(fault: ShakerFault): void {
    if (fault.type === 'failed-shakes') {
      this.failedShakesLeft = fault.count;
      this.failedShakeCode = fault.code ?? 'unreadable';
      return;
    }
    this.faults.push(fault);
  }

  /** Publish a canonical v1 event with the next seq (envelope by @felt-studio/protocol's `toDeviceEvent`). */
  private event(body: DeviceEventBody): void {
    const env: DeviceEvent = toDeviceEvent({ tableId: this.opts.tableId, deviceId: this.opts.deviceId, seq: this.seq++, at: this.clock() }, body);
    this.publish(this.topics.events, env);
  }

  private ack(id: string, ok: boolean, error?: string): void {
    const ack: DeviceAck = error === undefined ? { id, ok } : { id, ok, error };
    this.publish(this.topics.acks, ack);
  }

  protected onCommand(bytes: Buffer): void {
    const cmd = parseCommand(bytes);
    if (!cmd.ok) {
      this.stats.rejected += 1;
      if (cmd.id !== null) this.ack(cmd.id, false, cmd.error);
      else this.event({ type: 'device.fault', payload: { code: 'unparsable', count: this.stats.rejected, text: `command rejected: ${cmd.error}`, raw: bytes.toString('utf8').slice(0, 200) } });
      return;
    }
    if (this.busy) {
      this.stats.rejected += 1;
      this.ack(cmd.shake.id, false, 'BUSY');
      return;
    }
    this.shake(cmd.shake);
  }

  /**
   * Lucky Dice method B (RAY 2011 (docs/rules) §5.3 B, LD-7): a player threw the two dice by hand; the
   * reader reads them after its read time and reports a red and a green die (no shake command, no ack).
   * Refused (false) on a three-dice shaker or while a shake is in progress.
   */
  readThrow(roundId: string): boolean {
    if (this.opts.dice !== 2 || this.busy || this.client === null) return false;
    this.busy = true;
    this.timer(() => {
      this.busy = false;
      const pair: [number, number] = [1 + this.rng.int(6), 1 + this.rng.int(6)];
      this.event({ type: 'dice.result', payload: { dice: pair, colours: ['red', 'green'], roundId } });
    }, SHAKER_TIMING.readMs);
    return true;
  }

  private shake(cmd: ShakeCommand): void {
    this.busy = true;
    this.stats.shakes += 1;
    const roundId = cmd.roundId;
    this.ack(cmd.id, true);
    this.event({ type: 'shaker.state', payload: { state: 'accepted', roundId } });
    const fault = this.faults.shift();
    if (fault?.type === 'no-shake') {
      this.timer(() => {
        this.event({ type: 'shaker.state', payload: { state: 'error', roundId } });
        this.event({ type: 'dice.fault', payload: { code: 'no_shake', roundId } });
        this.event({ type: 'shaker.state', payload: { state: 'idle' } });
        this.busy = false;
      }, SHAKER_TIMING.noShakeTimeoutMs);
      return;
    }
    this.timer(() => {
      this.event({ type: 'shaker.state', payload: { state: 'shaking', roundId } });
      this.timer(() => {
        this.event({ type: 'shaker.state', payload: { state: 'idle', roundId } });
        this.timer(() => {
          this.busy = false;
          if (this.failedShakesLeft > 0) {
            this.failedShakesLeft -= 1;
            this.event({ type: 'dice.fault', payload: { code: this.failedShakeCode, roundId } });
            return;
          }
          // a misread (e.g. a 7) goes out as read: the server must reject it (dice are 1–6, devices.md §5)
          if (this.opts.dice === 2) {
            const pair: [number, number] = fault?.type === 'misread' ? [fault.dice[0], fault.dice[1]] : [1 + this.rng.int(6), 1 + this.rng.int(6)];
            this.event({ type: 'dice.result', payload: { dice: pair, colours: ['red', 'green'], roundId } });
            return;
          }
          const dice: [number, number, number] = fault?.type === 'misread' ? [...fault.dice] : [1 + this.rng.int(6), 1 + this.rng.int(6), 1 + this.rng.int(6)];
          this.event({ type: 'dice.result', payload: { dice, roundId } });
        }, SHAKER_TIMING.readMs);
      }, cmd.durationMs);
    }, SHAKER_TIMING.acceptToShakeMs);
  }
}
