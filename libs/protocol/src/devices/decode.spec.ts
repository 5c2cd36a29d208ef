import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bounded, FUZZ_RUNS, nmeaAlphabet, protocolBytes, ss2Alphabet } from '../../test/fuzz.js';
import { deviceEventBodySchema } from '../mqtt/events.schema.js';
import { decodeCapture, SERIAL_DEVICE_KINDS } from './decode.js';
import { encodeNmea } from './nmea.js';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('decodeCapture (felt decode core)', () => {
  const wheelCapture = [
    '*X;1;011;34;0;157;0',
    '*X;2;011;34;0;000;0',
    '*X;3;011;34;0;141;1',
    '*X;4;011;34;0;139;1',
    '27',
    ...Array.from({ length: 12 }, () => '*X;5;011;27;0;136;1'),
    '*X;2;012;27;0;137;1',
    '00;0',
  ].join('\r\n');

  it('decodes the devices.md §2 example stream: one state per change, one result, the torn line reported', () => {
    const out = decodeCapture('ss2', bytes(wheelCapture));
    expect(out.map((e) => e.type)).toEqual(['wheel.state', 'wheel.state', 'wheel.state', 'wheel.state', 'wheel.state', 'wheel.result', 'wheel.state', 'device.fault']);
    expect(out.find((e) => e.type === 'wheel.result')).toMatchObject({ payload: { spin: 11, number: 27, confirmations: 3 }, line: 7, at: 600 });
  });

  it('uses a synthetic clock of 100 ms per line from startAt when the capture has no timestamps', () => {
    const out = decodeCapture('ss2', bytes('*X;1;011;34;0;157;0\n*X;2;011;34;0;000;0\n'), { startAt: 1000 });
    expect(out.map((e) => e.at)).toEqual([1000, 1100]);
  });

  it('uses [seconds] line timestamps when present, so W-4 timeouts are judged on real time', () => {
    const cap = ['[0.000] *X;2;001;  ;8;163;0', '[2.000] *X;2;001;  ;8;163;0', '[3.500] *X;2;001;  ;8;163;0'].join('\n');
    const out = decodeCapture('ss2', bytes(cap));
    expect(out.filter((e) => e.type === 'wheel.fault').map((e) => [e.at, e.line])).toEqual([[3500, 3]]);
    // Without timestamps the same three lines span only 200 ms: no fault.
    expect(decodeCapture('ss2', bytes(cap.replace(/\[[^\]]*\] /g, ''))).filter((e) => e.type === 'wheel.fault')).toHaveLength(0);
  });

  it('decodes shoe and timer captures', () => {
    const shoe = decodeCapture('shoe', bytes([encodeNmea(['SHOE', 0, 'IN', 8]), encodeNmea(['CARD', 1, '10s']), '$CARD,2,AS*00', ''].join('\r\n')));
    expect(shoe.map((e) => (e.type === 'device.fault' ? e.payload.code : e.type))).toEqual(['shoe.inserted', 'shoe.card', 'checksum']);
    const timer = decodeCapture('timer', bytes(encodeNmea(['BTN', 1, 'NMB']) + '\r\n' + encodeNmea(['BTN', 1, 'NMB']) + '\r\n'));
    expect(timer.map((e) => e.type)).toEqual(['button.pressed']);
  });

  it('fuzz: any capture of any kind decodes to schema-valid events without throwing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SERIAL_DEVICE_KINDS), fc.oneof(protocolBytes(ss2Alphabet), protocolBytes(nmeaAlphabet)), (kind, b) => {
        for (const e of bounded(() => decodeCapture(kind, b))) expect(deviceEventBodySchema.safeParse(e).success).toBe(true);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});
