import { ok, violation, type Result } from '../common/result.js';
import type { Direction, SpinReport } from './money-wheel.rules.js';

/**
 * The money wheel's canonical device events (devices.md §1 envelope `{ v: 1, tableId, deviceId, seq,
 * at, type, payload }` on `felt/v1/tables/{tableId}/devices/{deviceId}/events`, QoS 1). The wheel's
 * sensor reports what it saw; it never judges a spin — the rules do (MW-3 border, MW-4 turns).
 *
 * | type | payload |
 * |---|---|
 * | `moneywheel.state` | `{ state: idle\|spinning\|stopped, spin }` — once per change |
 * | `moneywheel.result` | `{ spin, segment? , border?, direction: cw\|ccw, turns, label?, roundId? }` — exactly one of `segment` (pointer on a segment) or `border` (pointer on the border after segment `border`); `turns` = full wheel turns counted; `label` = what the camera read (cross-checked, MW-1) |
 * | `moneywheel.fault` | `{ code: sensor_fault\|no_stop\|command_rejected, text, spin? }` |
 * | `device.heartbeat` | `{ uptimeS }` |
 *
 * Commands on `.../commands`: `{ id, type: 'moneywheel.spin', payload: { roundId } }` (a motorised wheel,
 * or the studio's robot host), acknowledged on `.../acks` as `{ id, ok, error? }`.
 */
export const MONEY_WHEEL_EVENT_TYPES = ['moneywheel.state', 'moneywheel.result', 'moneywheel.fault'] as const;
export type MoneyWheelEventType = (typeof MONEY_WHEEL_EVENT_TYPES)[number];

export const MONEY_WHEEL_STATES = ['idle', 'spinning', 'stopped'] as const;
export const MONEY_WHEEL_FAULT_CODES = ['sensor_fault', 'no_stop', 'command_rejected'] as const;
export const MONEY_WHEEL_SPIN_COMMAND = 'moneywheel.spin';

export interface MoneyWheelResultPayload {
  readonly spin: number;
  readonly segment?: number;
  readonly border?: number;
  readonly direction: Direction;
  readonly turns: number;
  readonly label?: string;
  readonly roundId?: string;
}

export type MoneyWheelEventBody =
  | { readonly type: 'moneywheel.state'; readonly payload: { readonly state: (typeof MONEY_WHEEL_STATES)[number]; readonly spin: number } }
  | { readonly type: 'moneywheel.result'; readonly payload: MoneyWheelResultPayload }
  | { readonly type: 'moneywheel.fault'; readonly payload: { readonly code: (typeof MONEY_WHEEL_FAULT_CODES)[number]; readonly text: string; readonly spin?: number } }
  | { readonly type: 'device.heartbeat'; readonly payload: { readonly uptimeS: number } };

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/**
 * Validate an untrusted `moneywheel.result` payload (the edge of the rules: a malformed report is a
 * coded violation, never a throw) and turn it into the rules' SpinReport. Range checks against the
 * wheel (index < N, label, turns ≥ minTurns) are the rules' job (`judgeSpin`).
 */
export function parseResultPayload(payload: unknown): Result<{ readonly spin: number; readonly roundId: string | null; readonly report: SpinReport }> {
  const bad = (message: string) => violation('INVALID_RESULT', 'MW-1', `moneywheel.result: ${message}`);
  if (!isRecord(payload)) return bad('the payload must be an object.');
  const allowed = ['spin', 'segment', 'border', 'direction', 'turns', 'label', 'roundId'];
  const extra = Object.keys(payload).find((k) => !allowed.includes(k));
  if (extra !== undefined) return bad(`unknown field "${extra}".`);
  if (!isWhole(payload.spin)) return bad('spin must be a whole number ≥ 0.');
  if ((payload.segment === undefined) === (payload.border === undefined)) return bad('exactly one of segment or border is required (MW-3).');
  const at = payload.segment ?? payload.border;
  if (!isWhole(at)) return bad('segment/border must be a whole number ≥ 0.');
  if (payload.direction !== 'cw' && payload.direction !== 'ccw') return bad('direction must be "cw" or "ccw".');
  if (typeof payload.turns !== 'number' || !Number.isFinite(payload.turns) || payload.turns < 0) return bad('turns must be a number ≥ 0 (MW-4).');
  if (payload.label !== undefined && (typeof payload.label !== 'string' || payload.label.length > 8)) return bad('label must be a short string.');
  if (payload.roundId !== undefined && (typeof payload.roundId !== 'string' || payload.roundId === '' || payload.roundId.length > 64)) return bad('roundId must be a non-empty string.');
  const stop = payload.segment !== undefined ? { segment: at } : { border: at };
  const report: SpinReport = typeof payload.label === 'string' ? { stop, direction: payload.direction, turns: payload.turns, label: payload.label } : { stop, direction: payload.direction, turns: payload.turns };
  return ok({ spin: payload.spin, roundId: typeof payload.roundId === 'string' ? payload.roundId : null, report });
}
