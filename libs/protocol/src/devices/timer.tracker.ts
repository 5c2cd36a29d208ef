/**
 * Pure timer/button box tracker (devices.md §4): `$BTN` → `button.pressed`, `$HB` → `device.heartbeat`.
 * Button bounce (the same press, i.e. the same seq, received twice) is de-duplicated: one `button.pressed`
 * per press, the bounce only counted. Seq gaps are reported; invalid lines are counted and reported.
 * The box only displays: nothing here decides when betting closes (the server's clock does).
 */
import type { DeviceEventBody } from '../mqtt/events.schema.js';
import { deviceFault, invalidLineFault, overlongFault, type FaultCounts, type OverlongLine } from './device-faults.js';
import { judgeSeq, rememberSeq, type SeenFrame } from './seq.js';
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
export interface TimerStep {
  readonly state: TimerTrackerState;
  readonly emits: DeviceEventBody[];
}

function init(): TimerTrackerState {
  return { recent: [], firstAt: null, faults: {}, bounces: 0, lines: 0 };
}

function step(state: TimerTrackerState, fr: TimerInput, at: number): TimerStep {
  const s = { ...state, lines: state.lines + 1 };
  const emits: DeviceEventBody[] = [];
  const fault = (f: { counts: FaultCounts; event: DeviceEventBody }): TimerStep => {
    emits.push(f.event);
    return { state: { ...s, faults: f.counts }, emits };
  };
  switch (fr.type) {
    case 'invalid':
      return fault(invalidLineFault(s.faults, 'timer box', fr));
    case 'overlong':
      return fault(overlongFault(s.faults, 'timer box', fr));
    case 'tmr':
    case 'lamp':
      return fault(deviceFault(s.faults, 'unknown_frame', `timer box: host frame $${fr.type.toUpperCase()} received from the box`));
    case 'btn':
    case 'hb':
      break;
  }
  const key = fr.type === 'btn' ? `btn:${fr.button}` : 'hb';
  const verdict = judgeSeq(s.recent, fr.seq, key);
  let faults = s.faults;
  switch (verdict.kind) {
    case 'duplicate':
      // Bounce: the same press twice → one press.
      return { state: { ...s, bounces: s.bounces + 1 }, emits };
    case 'gap': {
      const f = deviceFault(faults, 'seq_gap', `timer box: seq ${fr.seq} received, ${verdict.expected} expected — frames lost or the box restarted`, { expectedSeq: verdict.expected, seq: fr.seq });
      emits.push(f.event);
      faults = f.counts;
      break;
    }
    case 'first':
    case 'next':
      break;
  }
  const next: TimerTrackerState = { ...s, faults, recent: rememberSeq(s.recent, fr.seq, key), firstAt: s.firstAt ?? at };
  if (fr.type === 'btn') emits.push({ type: 'button.pressed', payload: { button: BOX_BUTTON_TO_BUTTON[fr.button] } });
  else emits.push({ type: 'device.heartbeat', payload: { uptimeS: Math.max(0, Math.floor((at - (next.firstAt ?? at)) / 1000)) } });
  return { state: next, emits };
}

export const timerTracker = { init, step } as const;
