/**
 * Bet timer / dealer button box codec (devices.md §4), same `$…*hh` framing as the shoe.
 * box → host: `$BTN,<seq>,<START|NMB|VOID|PIT>*hh`, `$HB,<seq>*hh`;
 * host → box: `$TMR,<seconds>*hh` (0 clears), `$LAMP,<GREEN|AMBER|RED>*hh`. Pure and total.
 */
import type { Button } from '../mqtt/events.schema.js';
import { assertNever } from '../common/result.js';
import { encodeNmea, parseNmea } from './nmea.js';
import { invalidFrame, parseSeq, type InvalidFrame } from './shoe.codec.js';

export const BOX_BUTTONS = ['START', 'NMB', 'VOID', 'PIT'] as const;
export type BoxButton = (typeof BOX_BUTTONS)[number];
export const BOX_LAMPS = ['GREEN', 'AMBER', 'RED'] as const;
export type BoxLamp = (typeof BOX_LAMPS)[number];
/** Longest countdown the display shows. */
export const TIMER_MAX_SECONDS = 999;

/** Wire button → canonical `button.pressed` button. */
export const BOX_BUTTON_TO_BUTTON: Readonly<Record<BoxButton, Button>> = {
  START: 'start',
  NMB: 'no_more_bets',
  VOID: 'void_request',
  PIT: 'call_pit_boss',
};

export type TimerFrame =
  // box → host
  | { readonly type: 'btn'; readonly seq: number; readonly button: BoxButton }
  | { readonly type: 'hb'; readonly seq: number }
  // host → box
  | { readonly type: 'tmr'; readonly seconds: number }
  | { readonly type: 'lamp'; readonly lamp: BoxLamp }
  | InvalidFrame;
export type TimerFrameType = TimerFrame['type'];

export function parseTimerLine(raw: string): TimerFrame {
  const p = parseNmea(raw);
  if (!p.ok) return invalidFrame(raw, p.error, p.reason);
  const f = p.fields.map((x) => x.trim().toUpperCase());
  const bad = (reason: string): TimerFrame => invalidFrame(raw, 'bad_field', reason);
  switch (f[0]) {
    case 'BTN': {
      const seq = parseSeq(f[1]);
      if (seq === null || f.length !== 3 || !(BOX_BUTTONS as readonly string[]).includes(f[2] as string)) return bad('$BTN takes seq and START, NMB, VOID or PIT');
      return { type: 'btn', seq, button: f[2] as BoxButton };
    }
    case 'HB': {
      const seq = parseSeq(f[1]);
      return seq !== null && f.length === 2 ? { type: 'hb', seq } : bad('$HB takes only seq');
    }
    case 'TMR': {
      const s = f[1];
      if (f.length === 2 && s !== undefined && /^\d{1,3}$/.test(s)) return { type: 'tmr', seconds: Number(s) };
      return bad(`$TMR takes seconds 0–${TIMER_MAX_SECONDS}`);
    }
    case 'LAMP':
      return f.length === 2 && (BOX_LAMPS as readonly string[]).includes(f[1] as string) ? { type: 'lamp', lamp: f[1] as BoxLamp } : bad('$LAMP takes GREEN, AMBER or RED');
    default:
      return invalidFrame(raw, 'unknown_frame', `unknown timer box frame type "${(f[0] ?? '').slice(0, 16)}"`);
  }
}

export function encodeTimerFrame(fr: TimerFrame): string {
  switch (fr.type) {
    case 'btn':
      return encodeNmea(['BTN', fr.seq, fr.button]);
    case 'hb':
      return encodeNmea(['HB', fr.seq]);
    case 'tmr':
      return encodeNmea(['TMR', fr.seconds]);
    case 'lamp':
      return encodeNmea(['LAMP', fr.lamp]);
    case 'invalid':
      return fr.raw;
  }
  return assertNever(fr, 'timer box frame');
}
