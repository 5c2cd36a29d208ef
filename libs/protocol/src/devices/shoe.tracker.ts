/**
 * Pure shoe tracker (devices.md §3): shoe frames → canonical events (`shoe.*`, `device.heartbeat`, `device.fault`).
 * S-1 (edge part): the same physical frame seen twice (same seq, same content) is a `duplicate_frame` fault and
 * is not emitted again. Seq gaps (lost frames, wrap at 65535 is not a gap) are reported as `seq_gap`; the frame is
 * still accepted. Bad checksums and unknown frames are counted and reported, never accepted.
 * Composition checks (a 33rd ace of spades) are the server's job: it knows the shoe's decks.
 */
import type { DeviceEventBody } from '../mqtt/events.schema.js';
import { deviceFault, invalidLineFault, overlongFault, type FaultCounts, type OverlongLine } from './device-faults.js';
import { judgeSeq, rememberSeq, type SeenFrame } from './seq.js';
import type { ShoeFrame } from './shoe.codec.js';

export interface ShoeTrackerState {
  readonly recent: readonly SeenFrame[];
  /** Cards (read or unreadable) out of the shoe since it was inserted. */
  readonly shoeIndex: number;
  /** When the edge first heard the shoe (uptime base for heartbeats). */
  readonly firstAt: number | null;
  readonly faults: FaultCounts;
  readonly lines: number;
}

export type ShoeInput = ShoeFrame | OverlongLine;
export interface ShoeStep {
  readonly state: ShoeTrackerState;
  readonly emits: DeviceEventBody[];
}

function init(): ShoeTrackerState {
  return { recent: [], shoeIndex: 0, firstAt: null, faults: {}, lines: 0 };
}

function step(state: ShoeTrackerState, fr: ShoeInput, at: number): ShoeStep {
  const s = { ...state, lines: state.lines + 1 };
  const emits: DeviceEventBody[] = [];
  const fault = (f: { counts: FaultCounts; event: DeviceEventBody }): ShoeStep => {
    emits.push(f.event);
    return { state: { ...s, faults: f.counts }, emits };
  };
  switch (fr.type) {
    case 'invalid':
      return fault(invalidLineFault(s.faults, 'shoe', fr));
    case 'overlong':
      return fault(overlongFault(s.faults, 'shoe', fr));
    case 'ack':
    case 'stat':
      return fault(deviceFault(s.faults, 'unknown_frame', `shoe: host frame $${fr.type.toUpperCase()} received from the shoe`));
    case 'card':
    case 'miss':
    case 'cut':
    case 'shoe_in':
    case 'shoe_out':
    case 'hb':
    case 'err':
      break;
  }
  const key = fr.type === 'card' ? `card:${fr.card}` : fr.type === 'shoe_in' ? `in:${fr.decks}` : fr.type === 'err' ? `err:${fr.code}` : fr.type;
  const verdict = judgeSeq(s.recent, fr.seq, key);
  let faults = s.faults;
  switch (verdict.kind) {
    case 'duplicate': {
      const f = deviceFault(faults, 'duplicate_frame', `S-1: shoe frame seq ${fr.seq} (${key}) seen twice — not accepted again`, { ruleId: 'S-1', seq: fr.seq });
      emits.push(f.event);
      return { state: { ...s, faults: f.counts }, emits };
    }
    case 'gap': {
      const f = deviceFault(faults, 'seq_gap', `shoe: seq ${fr.seq} received, ${verdict.expected} expected — frames lost or the shoe restarted`, { expectedSeq: verdict.expected, seq: fr.seq });
      emits.push(f.event);
      faults = f.counts;
      break;
    }
    case 'first':
    case 'next':
      break;
  }
  const next: ShoeTrackerState = { ...s, faults, recent: rememberSeq(s.recent, fr.seq, key), firstAt: s.firstAt ?? at };
  switch (fr.type) {
    case 'card':
      emits.push({ type: 'shoe.card', payload: { card: fr.card, shoeIndex: next.shoeIndex } });
      return { state: { ...next, shoeIndex: next.shoeIndex + 1 }, emits };
    case 'miss':
      emits.push({ type: 'shoe.unreadable', payload: { shoeIndex: next.shoeIndex } });
      return { state: { ...next, shoeIndex: next.shoeIndex + 1 }, emits };
    case 'cut':
      emits.push({ type: 'shoe.cut_card', payload: { shoeIndex: next.shoeIndex } });
      return { state: next, emits };
    case 'shoe_in':
      emits.push({ type: 'shoe.inserted', payload: { decks: fr.decks } });
      return { state: { ...next, shoeIndex: 0 }, emits };
    case 'shoe_out':
      emits.push({ type: 'shoe.removed', payload: {} });
      return { state: next, emits };
    case 'hb':
      emits.push({ type: 'device.heartbeat', payload: { uptimeS: Math.max(0, Math.floor((at - (next.firstAt ?? at)) / 1000)) } });
      return { state: next, emits };
    case 'err': {
      const f = deviceFault(next.faults, 'device_error', `shoe reports ${fr.code}`, { deviceCode: fr.code, seq: fr.seq });
      emits.push(f.event);
      return { state: { ...next, faults: f.counts }, emits };
    }
  }
}

export const shoeTracker = { init, step } as const;
