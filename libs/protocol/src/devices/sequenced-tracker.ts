/**
 * What the shoe and timer box trackers share (devices.md §3/§4): both read `$…*hh` frames with a seq that
 * wraps at 65535, report a lost frame as `seq_gap` (the frame is still accepted), and time heartbeats from
 * when the edge first heard the device. Pure: time is an input.
 */
import type { DeviceEventBody } from '../mqtt/events.schema.js';
import { deviceFault, type FaultCounts } from './device-faults.js';
import { judgeSeq, rememberSeq, type SeenFrame } from './seq.js';

/** The part of a tracker's state this module reads and writes. */
export interface SequencedState {
  readonly recent: readonly SeenFrame[];
  readonly firstAt: number | null;
  readonly faults: FaultCounts;
}

export interface TrackerStep<S> {
  readonly state: S;
  readonly emits: DeviceEventBody[];
}

/** A line that ends in one device.fault: counted in the state, emitted alone. */
export function faultStep<S extends SequencedState>(s: S, f: { counts: FaultCounts; event: DeviceEventBody }): TrackerStep<S> {
  return { state: { ...s, faults: f.counts }, emits: [f.event] };
}

/** How a device is named in fault texts: `shoe` / `the shoe`, `timer box` / `the box`. */
export interface DeviceNames {
  readonly label: string;
  readonly noun: string;
}

/**
 * Judge a device frame's seq: `duplicate` (the same frame again: the caller decides what that means), or the
 * state with the frame remembered and `firstAt` set; a gap pushes a `seq_gap` fault onto `emits`.
 */
export function acceptSeq<S extends SequencedState>(s: S, seq: number, key: string, at: number, names: DeviceNames, emits: DeviceEventBody[]): S | 'duplicate' {
  const verdict = judgeSeq(s.recent, seq, key);
  let faults = s.faults;
  switch (verdict.kind) {
    case 'duplicate':
      return 'duplicate';
    case 'gap': {
      const f = deviceFault(faults, 'seq_gap', `${names.label}: seq ${seq} received, ${verdict.expected} expected — frames lost or ${names.noun} restarted`, { expectedSeq: verdict.expected, seq });
      emits.push(f.event);
      faults = f.counts;
      break;
    }
    case 'first':
    case 'next':
      break;
  }
  return { ...s, faults, recent: rememberSeq(s.recent, seq, key), firstAt: s.firstAt ?? at };
}

/** device.heartbeat: whole seconds since the edge first heard the device. */
export function heartbeatEvent(at: number, firstAt: number | null): DeviceEventBody {
  return { type: 'device.heartbeat', payload: { uptimeS: Math.max(0, Math.floor((at - (firstAt ?? at)) / 1000)) } };
}
