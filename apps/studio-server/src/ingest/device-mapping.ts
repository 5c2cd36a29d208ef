import { gameDefinition } from '@felt/games';
import { assertNever, type DeviceEvent } from '@felt/protocol';
import type { KernelCommand } from '../rounds/kernel.registry.js';

/**
 * Canonical device event (devices.md §1) → what the server does with it. Pure: the ingest service
 * executes the result. `closesBetting` marks the first device signs that play started (ball launch,
 * first card, dice): betting closes first if it is still open (GEN-3, ROU-3).
 */
export type DeviceAction =
  | { readonly kind: 'command'; readonly command: KernelCommand; readonly closesBetting: boolean; readonly forRoundId?: string }
  | { readonly kind: 'open-round' }
  | { readonly kind: 'close-betting' }
  | { readonly kind: 'void-request'; readonly reason: string }
  | { readonly kind: 'alert'; readonly severity: 'info' | 'warning' | 'critical'; readonly code: string; readonly message: string; readonly fault: boolean }
  | { readonly kind: 'track' };

/**
 * Which device families a game's table takes events from (a wheel on a baccarat table is a fault), for
 * the games not yet declared with `defineGame` (a definition names its own `devices.families`).
 */
const FAMILY_GAMES: Readonly<Record<string, readonly string[]>> = {
  wheel: ['roulette'],
  shoe: ['baccarat', 'blackjack', 'dragon-tiger', 'football-studio'],
  dice: ['sicbo'],
  shaker: ['sicbo'],
};

export interface MappingContext {
  readonly game: string;
  /** Ball revolutions last reported by `wheel.ball` for the spin (when `wheel.result` carries null, W-3). */
  readonly ballRevolutions?: { readonly spin: number; readonly revolutions: number };
}

const GAME_FAMILIES = new Set(Object.keys(FAMILY_GAMES));

export function mapDeviceEvent(ev: DeviceEvent, ctx: MappingContext, at: number): DeviceAction {
  const family = ev.type.split('.')[0] ?? '';
  const def = gameDefinition(ctx.game);
  const wrongTable = def ? GAME_FAMILIES.has(family) && !def.devices.families.includes(family) : (FAMILY_GAMES[family] ?? [ctx.game]).includes(ctx.game) === false;
  if (wrongTable) {
    return { kind: 'alert', severity: 'warning', code: 'DEVICE_WRONG_TABLE', message: `${ev.deviceId} sent ${ev.type}, which a ${ctx.game} table does not use (device assignment?).`, fault: true };
  }
  // A game declared with defineGame maps its own device events; null = the common mapping below.
  const own = def?.devices.map({ type: ev.type, deviceId: ev.deviceId, payload: ev.payload as Readonly<Record<string, unknown>> }, { hints: ctx.ballRevolutions ? { ballRevolutions: ctx.ballRevolutions } : {} }, at);
  if (own) return own.kind === 'command' ? { kind: 'command', command: own.command as KernelCommand, closesBetting: own.closesBetting, ...(own.forRoundId !== undefined ? { forRoundId: own.forRoundId } : {}) } : own;
  switch (ev.type) {
    case 'wheel.state':
      // SS2 state 3: the ball is in the rim — the ball was launched (ROU-3 closes betting).
      if (ev.payload.state === 3) return { kind: 'command', command: { type: 'RecordBallLaunched', at, spin: ev.payload.spin }, closesBetting: true };
      if (ev.payload.state === 6) return { kind: 'alert', severity: 'info', code: 'WHEEL_POWERED_DOWN', message: `Wheel ${ev.deviceId} reports table closed / powered down.`, fault: false };
      return { kind: 'track' };
    case 'wheel.ball':
      return { kind: 'track' };
    case 'wheel.result': {
      const p = ev.payload;
      const revs = p.revolutions ?? (ctx.ballRevolutions && ctx.ballRevolutions.spin === p.spin ? ctx.ballRevolutions.revolutions : null);
      if (revs === null) {
        // ROU-4 cannot be checked without a revolution count: the pit boss decides (never silently accepted).
        return { kind: 'alert', severity: 'warning', code: 'SPIN_REVOLUTIONS_UNKNOWN', message: `Spin ${p.spin} result ${p.number} arrived without a ball revolution count (ROU-4 needs 3); enter it as a correction after checking the camera.`, fault: true };
      }
      return { kind: 'command', command: { type: 'RecordSpinResult', at, spin: p.spin, number: p.number, revolutions: revs, ballDirection: p.ballDirection, wheelDirection: p.wheelDirection }, closesBetting: true };
    }
    case 'wheel.fault': {
      const p = ev.payload;
      switch (p.action) {
        case 'void_round':
          return { kind: 'command', command: { type: 'RecordWheelFault', at, reason: `${p.code}: ${p.text}` }, closesBetting: false };
        case 'respin':
          return { kind: 'command', command: { type: 'DeclareNoSpin', at, reason: `${p.code}: ${p.text}`, by: ev.deviceId }, closesBetting: false };
        case 'pit_boss':
          return { kind: 'alert', severity: 'critical', code: `WHEEL_${p.code.toUpperCase()}`, message: `Wheel ${ev.deviceId}: ${p.text}${p.maintenance ? ' (maintenance needed)' : ''}`, fault: true };
        case 'none':
          return { kind: 'alert', severity: 'info', code: `WHEEL_${p.code.toUpperCase()}`, message: `Wheel ${ev.deviceId}: ${p.text}`, fault: true };
      }
      return assertNever(p.action, 'wheel fault action');
    }
    case 'shoe.card':
      return { kind: 'command', command: { type: 'RecordCard', at, card: ev.payload.card, shoeIndex: ev.payload.shoeIndex }, closesBetting: true };
    case 'shoe.unreadable':
      // S-3: the round halts until the dealer enters the card and a pit boss confirms.
      return { kind: 'command', command: { type: 'RecordUnreadableCard', at, shoeIndex: ev.payload.shoeIndex }, closesBetting: true };
    case 'shoe.cut_card':
      return { kind: 'command', command: { type: 'RecordCutCard', at, shoeIndex: ev.payload.shoeIndex }, closesBetting: false };
    case 'shoe.inserted':
    case 'shoe.removed':
      return { kind: 'alert', severity: 'info', code: ev.type === 'shoe.inserted' ? 'SHOE_INSERTED' : 'SHOE_REMOVED', message: `Shoe ${ev.deviceId} ${ev.type === 'shoe.inserted' ? `inserted${ev.payload.decks ? ` (${ev.payload.decks} decks)` : ''}` : 'removed'} (S-4 shoe session).`, fault: false };
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
    case 'dice.result':
      return { kind: 'command', command: { type: 'RecordDiceResult', at, dice: ev.payload.dice }, closesBetting: true, forRoundId: ev.payload.roundId };
    case 'dice.fault':
      return { kind: 'command', command: { type: 'RecordDiceFault', at, code: ev.payload.code }, closesBetting: false, ...(ev.payload.roundId ? { forRoundId: ev.payload.roundId } : {}) };
    case 'shaker.state':
      if (ev.payload.state === 'error') return { kind: 'alert', severity: 'warning', code: 'SHAKER_ERROR', message: `Dice shaker ${ev.deviceId} reports an error.`, fault: true };
      return { kind: 'track' };
    case 'device.heartbeat':
      return { kind: 'track' };
    case 'device.fault':
      return { kind: 'alert', severity: ev.payload.code === 'device_error' ? 'critical' : 'warning', code: `DEVICE_${ev.payload.code.toUpperCase()}`, message: `${ev.deviceId}: ${ev.payload.text}${ev.payload.raw ? ` [${ev.payload.raw}]` : ''}`, fault: true };
  }
  return assertNever(ev, 'device event');
}
