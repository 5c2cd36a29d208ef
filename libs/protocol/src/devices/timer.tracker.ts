/**
 * Pure timer/button box tracker (devices.md §4): `$BTN` → `button.pressed`, `$HB` → `device.heartbeat`.
 * Button bounce (the same press, i.e. the same seq, received twice) is de-duplicated: one `button.pressed`
 * per press, the bounce only counted. Seq gaps are reported; invalid lines are counted and reported.
 * The box only displays: nothing here decides when betting closes (the server's clock does).
 */
import type { DeviceEventBody } from '../mqtt/events.schema.js';
import { deviceFault, invalidLineFault, overlongFault, type FaultCounts, type OverlongLine } from './device-faults.js';
import { acceptSeq, faultStep, heartbeatEvent, type DeviceNames, type TrackerStep } from './sequenced-tracker.js';
import type { SeenFrame } from './seq.js';
import { BOX_BUTTON_TO_BUTTON, type TimerFrame } from './timer.codec.js';

export interface TimerTrackerState {
  readonly recent: readonly SeenFrame[];
  readonly firstAt: number | null;
  readonly faults: FaultCounts;
  /** Presses dropped as bounces (same seq twice). */
  readonly bounces: number;
  readonly lines: number;
}

export type TimerInput = TimerFrame | OverlongLine;
export type TimerStep = TrackerStep<TimerTrackerState>;

const TIMER_BOX: DeviceNames = { label: 'timer box', noun: 'the box' };

function init(): TimerTrackerState {
  return { recent: [], firstAt: null, faults: {}, bounces: 0, lines: 0 };
}

function step(state: TimerTrackerState, fr: TimerInput, at: number): TimerStep {
  const s = { ...state, lines: state.lines + 1 };
  switch (fr.type) {
    case 'invalid':
      return faultStep(s, invalidLineFault(s.faults, 'timer box', fr));
    case 'overlong':
      return faultStep(s, overlongFault(s.faults, 'timer box', fr));
    case 'tmr':
    case 'lamp':
      return faultStep(s, deviceFault(s.faults, 'unknown_frame', `timer box: host frame $${fr.type.toUpperCase()} received from the box`));
    case 'btn':
    case 'hb':
      break;
  }
  const key = fr.type === 'btn' ? `btn:${fr.button}` : 'hb';
  const emits: DeviceEventBody[] = [];
  const next = acceptSeq(s, fr.seq, key, at, TIMER_BOX, emits);
  // Bounce: the same press twice → one press.
  if (next === 'duplicate') return { state: { ...s, bounces: s.bounces + 1 }, emits };
  if (fr.type === 'btn') emits.push({ type: 'button.pressed', payload: { button: BOX_BUTTON_TO_BUTTON[fr.button] } });
  else emits.push(heartbeatEvent(at, next.firstAt));
  return { state: next, emits };
}

export const timerTracker = { init, step } as const;
