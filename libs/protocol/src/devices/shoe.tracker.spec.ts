import { describe, expect, it } from 'vitest';
import { deviceEventBodySchema, type DeviceEventBody } from '../mqtt/events.schema.js';
import { encodeNmea } from './nmea.js';
import { parseShoeLine } from './shoe.codec.js';
import { shoeTracker } from './shoe.tracker.js';

function run(lines: string[], stepMs = 1000) {
  let s = shoeTracker.init();
  const emits: DeviceEventBody[] = [];
  lines.forEach((l, i) => {
    const r = shoeTracker.step(s, parseShoeLine(l), i * stepMs);
    s = r.state;
    emits.push(...r.emits);
  });
  for (const e of emits) expect(deviceEventBodySchema.safeParse(e).success).toBe(true);
  return { state: s, emits };
}
const L = (...f: (string | number)[]): string => encodeNmea(f);

describe('shoe tracker (devices.md §3)', () => {
  it('maps frames to canonical events with the shoe position', () => {
    const { emits } = run([L('SHOE', 0, 'IN', 8), L('CARD', 1, '10h'), L('MISS', 2), L('CUT', 3), L('CARD', 4, 'KS'), L('HB', 5), L('SHOE', 6, 'OUT')]);
    expect(emits).toEqual([
      { type: 'shoe.inserted', payload: { decks: 8 } },
      { type: 'shoe.card', payload: { card: 'TH', shoeIndex: 0 } },
      { type: 'shoe.unreadable', payload: { shoeIndex: 1 } },
      { type: 'shoe.cut_card', payload: { shoeIndex: 2 } },
      { type: 'shoe.card', payload: { card: 'KS', shoeIndex: 2 } },
      { type: 'device.heartbeat', payload: { uptimeS: 5 } },
      { type: 'shoe.removed', payload: {} },
    ]);
  });

  it('the same physical frame seen twice is a duplicate_frame fault and not a second card (S-1)', () => {
    const { emits, state } = run([L('CARD', 40, 'AS'), L('CARD', 40, 'AS'), L('CARD', 41, '2S')]);
    expect(emits.map((e) => e.type)).toEqual(['shoe.card', 'device.fault', 'shoe.card']);
    expect(emits[1]).toMatchObject({ payload: { code: 'duplicate_frame', ruleId: 'S-1', seq: 40, count: 1 } });
    expect(state.shoeIndex).toBe(2);
  });

  it('a bad checksum is counted and reported, never accepted as a card', () => {
    const bad = '$CARD,7,AS*00';
    const { emits, state } = run([bad, bad]);
    expect(emits).toEqual([
      { type: 'device.fault', payload: expect.objectContaining({ code: 'checksum', count: 1, raw: bad }) },
      { type: 'device.fault', payload: expect.objectContaining({ code: 'checksum', count: 2 }) },
    ]);
    expect(state.faults.checksum).toBe(2);
  });

  it('unknown frames and host frames from the shoe are reported', () => {
    const { emits } = run([L('FOO', 1), L('STAT')]);
    expect(emits.map((e) => e.type === 'device.fault' && e.payload.code)).toEqual(['unknown_frame', 'unknown_frame']);
  });

  it('wraps seq at 65535 without a gap, and reports real gaps (frames lost)', () => {
    const { emits } = run([L('CARD', 65534, 'AS'), L('CARD', 65535, 'AD'), L('CARD', 0, 'AH'), L('CARD', 5, 'AC')]);
    expect(emits.map((e) => e.type)).toEqual(['shoe.card', 'shoe.card', 'shoe.card', 'device.fault', 'shoe.card']);
    expect(emits[3]).toMatchObject({ payload: { code: 'seq_gap', expectedSeq: 1, seq: 5 } });
  });

  it('a device error ($ERR) becomes a device fault with the device code', () => {
    const { emits } = run([L('ERR', 1, 'JAM')]);
    expect(emits).toEqual([{ type: 'device.fault', payload: expect.objectContaining({ code: 'device_error', deviceCode: 'JAM' }) }]);
  });

  it('a restarted shoe reusing a seq with different content is a gap, not a duplicate', () => {
    const { emits } = run([L('SHOE', 0, 'IN', 8), L('CARD', 1, 'AS'), L('SHOE', 0, 'IN', 6)]);
    expect(emits.map((e) => e.type)).toEqual(['shoe.inserted', 'shoe.card', 'device.fault', 'shoe.inserted']);
  });
});
