import { gameDefinition } from '@felt-studio/games';
import { assertNever, type DeviceEvent } from '@felt-studio/protocol';
import type { KernelCommand } from '../kernels/kernel.registry.js';

/**
 * Canonical device event (devices.md §1) → what the server does with it. Pure: the ingest service
 * executes the result. `closesBetting` marks the first device signs that play started (ball launch,
 * first card, dice): betting closes first if it is still open (GEN-3, ROU-3).
 *
 * Generic (issue 8 §4): a game's definition maps the events of its device families
 * (`devices.map`); the server maps only what every table shares — the dealer's buttons and device
 * health (`button.*`, `device.*`). An event the table's game does not map is a fault (a device
 * assigned to the wrong table).
 */
export type DeviceAction =
  | { readonly kind: 'command'; readonly command: KernelCommand; readonly closesBetting: boolean; readonly forRoundId?: string }
  | { readonly kind: 'open-round' }
  | { readonly kind: 'close-betting' }
  | { readonly kind: 'void-request'; readonly reason: string }
  | { readonly kind: 'alert'; readonly severity: 'info' | 'warning' | 'critical'; readonly code: string; readonly message: string; readonly fault: boolean }
  | { readonly kind: 'track' };

export interface MappingContext {
  readonly game: string;
  /** What the game asked to remember from earlier device events (`devices.hint`; DeviceHints). */
  readonly hints?: Readonly<Record<string, unknown>>;
}

/** Device families every table shares: mapped here, never by a game. */
const COMMON_FAMILIES: ReadonlySet<string> = new Set(['button', 'device']);

export function mapDeviceEvent(ev: DeviceEvent, ctx: MappingContext, at: number): DeviceAction {
  if (COMMON_FAMILIES.has(ev.type.split('.')[0] ?? '')) return mapCommon(ev);
  const def = gameDefinition(ctx.game);
  if (!def) return { kind: 'alert', severity: 'critical', code: 'UNKNOWN_GAME', message: `${ev.deviceId} sent ${ev.type} to a table whose game ${ctx.game} has no definition.`, fault: true };
  // The game maps the events of its devices; one it does not consume is a device at the wrong table.
  const own = def.devices.map({ type: ev.type, deviceId: ev.deviceId, payload: ev.payload as Readonly<Record<string, unknown>> }, { hints: ctx.hints ?? {} }, at);
  if (!own) return { kind: 'alert', severity: 'warning', code: 'DEVICE_WRONG_TABLE', message: `${ev.deviceId} sent ${ev.type}, which a ${def.name} table does not use (device assignment?).`, fault: true };
  return own.kind === 'command' ? { kind: 'command', command: own.command as KernelCommand, closesBetting: own.closesBetting, ...(own.forRoundId !== undefined ? { forRoundId: own.forRoundId } : {}) } : own;
}

function mapCommon(ev: DeviceEvent): DeviceAction {
  switch (ev.type) {
    case 'button.pressed':
      switch (ev.payload.button) {
        case 'start':
          return { kind: 'open-round' };
        case 'no_more_bets':
          return { kind: 'close-betting' };
        case 'void_request':
          return { kind: 'void-request', reason: `void requested at the table (button on ${ev.deviceId})` };
        case 'call_pit_boss':
          return { kind: 'alert', severity: 'warning', code: 'PIT_BOSS_CALLED', message: `The dealer at this table calls the pit boss (${ev.deviceId}).`, fault: false };
      }
      return assertNever(ev.payload.button, 'button');
    case 'device.heartbeat':
      return { kind: 'track' };
    case 'device.fault':
      return { kind: 'alert', severity: ev.payload.code === 'device_error' ? 'critical' : 'warning', code: `DEVICE_${ev.payload.code.toUpperCase()}`, message: `${ev.deviceId}: ${ev.payload.text}${ev.payload.raw ? ` [${ev.payload.raw}]` : ''}`, fault: true };
    default:
      return { kind: 'track' };
  }
}
