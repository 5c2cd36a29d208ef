/**
 * Pure shoe tracker (devices.md §3): shoe frames → canonical events (`shoe.*`, `device.heartbeat`, `device.fault`).
 * S-1 (edge part): the same physical frame seen twice (same seq, same content) is a `duplicate_frame` fault and
 * is not emitted again. Seq gaps (lost frames, wrap at 65535 is not a gap) are reported as `seq_gap`; the frame is
 * still accepted. Bad checksums and unknown frames are counted and reported, never accepted.
 * Composition checks (a 33rd ace of spades) are the server's job: it knows the shoe's decks.
 */
import type { DeviceEventBody } from '../mqtt/events.schema.js';
import { deviceFault, invalidLineFault, overlongFault, type FaultCounts, type OverlongLine } from './device-faults.js';
import { acceptSeq, faultStep, heartbeatEvent, type DeviceNames, type TrackerStep } from './sequenced-tracker.js';
import type { SeenFrame } from './seq.js';
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
export type ShoeStep = TrackerStep<ShoeTrackerState>;

const SHOE: DeviceNames = { label: 'shoe', noun: 'the shoe' };

function init(): ShoeTrackerState {
  return { recent: [], shoeIndex: 0, firstAt: null, faults: {}, lines: 0 };
}

function step(state: ShoeTrackerState, fr: ShoeInput, at: number): ShoeStep {
  const s = { ...state, lines: state.lines + 1 };
  switch (fr.type) {
    case 'invalid':
      return faultStep(s, invalidLineFault(s.faults, 'shoe', fr));
    case 'overlong':
      return faultStep(s, overlongFault(s.faults, 'shoe', fr));
    case 'ack':
    case 'stat':
      return faultStep(s, deviceFault(s.faults, 'unknown_frame', `shoe: host frame $${fr.type.toUpperCase()} received from the shoe`));
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
  const emits: DeviceEventBody[] = [];
  const next = acceptSeq(s, fr.seq, key, at, SHOE, emits);
  if (next === 'duplicate') return faultStep(s, deviceFault(s.faults, 'duplicate_frame', `S-1: shoe frame seq ${fr.seq} (${key}) seen twice — not accepted again`, { ruleId: 'S-1', seq: fr.seq }));
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
      emits.push(heartbeatEvent(at, next.firstAt));
      return { state: next, emits };
    case 'err': {
      const f = deviceFault(next.faults, 'device_error', `shoe reports ${fr.code}`, { deviceCode: fr.code, seq: fr.seq });
      emits.push(f.event);
      return { state: { ...next, faults: f.counts }, emits };
    }
  }
}

export const shoeTracker = { init, step } as const;
