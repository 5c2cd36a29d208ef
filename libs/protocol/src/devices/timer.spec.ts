import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bounded, FUZZ_RUNS, nmeaAlphabet, protocolBytes } from '../../test/fuzz.js';
import { deviceEventBodySchema, type DeviceEventBody } from '../mqtt/events.schema.js';
import { encodeNmea, nmeaChecksum } from './nmea.js';
import { encodeTimerFrame, parseTimerLine, type TimerFrame } from './timer.codec.js';
import { timerTracker } from './timer.tracker.js';

const latin1 = (b: Uint8Array): string => String.fromCharCode(...b);

describe('timer box codec (devices.md §4)', () => {
  const golden: [string, TimerFrame][] = [
    ['BTN,1,START', { type: 'btn', seq: 1, button: 'START' }],
    ['BTN,2,NMB', { type: 'btn', seq: 2, button: 'NMB' }],
    ['BTN,3,VOID', { type: 'btn', seq: 3, button: 'VOID' }],
    ['BTN,4,PIT', { type: 'btn', seq: 4, button: 'PIT' }],
    ['HB,5', { type: 'hb', seq: 5 }],
    ['TMR,15', { type: 'tmr', seconds: 15 }],
    ['TMR,0', { type: 'tmr', seconds: 0 }],
    ['LAMP,GREEN', { type: 'lamp', lamp: 'GREEN' }],
    ['LAMP,AMBER', { type: 'lamp', lamp: 'AMBER' }],
    ['LAMP,RED', { type: 'lamp', lamp: 'RED' }],
  ];
  it.each(golden)('parses and encodes $%s*hh', (body, frame) => {
    const line = `$${body}*${nmeaChecksum(body)}`;
    expect(parseTimerLine(line)).toEqual(frame);
    expect(encodeTimerFrame(frame)).toBe(line);
  });

  it.each([
    ['$BTN,1,START*00', 'checksum'],
    [encodeNmea(['BTN', 1, 'PANIC']), 'bad_field'],
    [encodeNmea(['TMR', -1]), 'bad_field'],
    [encodeNmea(['TMR', 1000]), 'bad_field'],
    [encodeNmea(['LAMP', 'BLUE']), 'bad_field'],
    [encodeNmea(['CARD', 1, 'AS']), 'unknown_frame'],
  ])('%s → invalid %s', (line, error) => {
    expect(parseTimerLine(line)).toMatchObject({ type: 'invalid', error });
  });

  const frameArb: fc.Arbitrary<TimerFrame> = fc.oneof(
    fc.record({ type: fc.constant('btn' as const), seq: fc.integer({ min: 0, max: 65535 }), button: fc.constantFrom('START' as const, 'NMB' as const, 'VOID' as const, 'PIT' as const) }),
    fc.record({ type: fc.constant('hb' as const), seq: fc.integer({ min: 0, max: 65535 }) }),
    fc.record({ type: fc.constant('tmr' as const), seconds: fc.integer({ min: 0, max: 999 }) }),
    fc.record({ type: fc.constant('lamp' as const), lamp: fc.constantFrom('GREEN' as const, 'AMBER' as const, 'RED' as const) }),
  );
  it('round-trips every frame type: parse(encode(f)) = f', () => {
    fc.assert(
      fc.property(frameArb, (f) => {
        expect(parseTimerLine(encodeTimerFrame(f))).toEqual(f);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('fuzz: any byte string parses to a frame or a typed invalid frame, never throws', () => {
    fc.assert(
      fc.property(protocolBytes(nmeaAlphabet), (bytes) => {
        const line = latin1(bytes);
        const f = bounded(() => parseTimerLine(line));
        if (f.type === 'invalid') expect(f.raw).toBe(line);
        else expect(parseTimerLine(encodeTimerFrame(f))).toEqual(f);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});

describe('timer box tracker', () => {
  function run(lines: string[]) {
    let s = timerTracker.init();
    const emits: DeviceEventBody[] = [];
    lines.forEach((l, i) => {
      const r = timerTracker.step(s, parseTimerLine(l), i * 1000);
      s = r.state;
      emits.push(...r.emits);
    });
    for (const e of emits) expect(deviceEventBodySchema.safeParse(e).success).toBe(true);
    return { state: s, emits };
  }

  it('maps buttons to canonical button.pressed', () => {
    const { emits } = run([encodeNmea(['BTN', 1, 'START']), encodeNmea(['BTN', 2, 'NMB']), encodeNmea(['BTN', 3, 'VOID']), encodeNmea(['BTN', 4, 'PIT'])]);
    expect(emits.map((e) => e.type === 'button.pressed' && e.payload.button)).toEqual(['start', 'no_more_bets', 'void_request', 'call_pit_boss']);
  });

  it('button bounce (the same press twice) gives one button.pressed', () => {
    const press = encodeNmea(['BTN', 9, 'NMB']);
    const { emits, state } = run([press, press, encodeNmea(['BTN', 10, 'NMB'])]);
    expect(emits).toEqual([
      { type: 'button.pressed', payload: { button: 'no_more_bets' } },
      { type: 'button.pressed', payload: { button: 'no_more_bets' } },
    ]);
    expect(state.bounces).toBe(1);
  });

  it('reports bad checksums and seq gaps; heartbeats carry uptime', () => {
    const { emits } = run(['$BTN,1,START*00', encodeNmea(['HB', 1]), encodeNmea(['HB', 2]), encodeNmea(['HB', 7])]);
    expect(emits.map((e) => (e.type === 'device.fault' ? e.payload.code : e.type))).toEqual(['checksum', 'device.heartbeat', 'device.heartbeat', 'seq_gap', 'device.heartbeat']);
    expect(emits[2]).toEqual({ type: 'device.heartbeat', payload: { uptimeS: 1 } });
  });
});
