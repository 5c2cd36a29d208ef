import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bounded, FUZZ_RUNS, protocolBytes, ss2Alphabet } from '../../test/fuzz.js';
import { encodeSs2Command, encodeSs2Frame, parseSs2Command, parseSs2Line, ss2FaultText, type Ss2Command, type Ss2Frame } from './ss2.codec.js';

const latin1 = (b: Uint8Array): string => String.fromCharCode(...b);

describe('SS2 codec — golden lines from devices.md §2', () => {
  const golden: [string, Ss2Frame][] = [
    ['*X;1;011;34;0;157;0', { type: 'status', state: 1, spin: 11, win: 34, flags: 0, speed: 157, direction: 'cw' }],
    ['*X;2;011;34;0;000;0', { type: 'status', state: 2, spin: 11, win: 34, flags: 0, speed: 0, direction: 'cw' }],
    ['*X;3;011;34;0;141;1', { type: 'status', state: 3, spin: 11, win: 34, flags: 0, speed: 141, direction: 'ccw' }],
    ['*X;4;011;34;0;139;1', { type: 'status', state: 4, spin: 11, win: 34, flags: 0, speed: 139, direction: 'ccw' }],
    ['27', { type: 'number', number: 27 }],
    ['0', { type: 'number', number: 0 }],
    ['*X;5;011;27;0;136;1', { type: 'status', state: 5, spin: 11, win: 27, flags: 0, speed: 136, direction: 'ccw' }],
    ['*X;2;012;27;0;137;1', { type: 'status', state: 2, spin: 12, win: 27, flags: 0, speed: 137, direction: 'ccw' }],
    ['*X;2;001;  ;8;163;0', { type: 'status', state: 2, spin: 1, win: null, flags: 8, speed: 163, direction: 'cw' }],
    ['*X;6;001;  ;4;000;0', { type: 'status', state: 6, spin: 1, win: null, flags: 4, speed: 0, direction: 'cw' }],
    ['*X;3;011;34;A;141;1', { type: 'status', state: 3, spin: 11, win: 34, flags: 10, speed: 141, direction: 'ccw' }],
    ['*X;5;011; 7;0;136;1', { type: 'status', state: 5, spin: 11, win: 7, flags: 0, speed: 136, direction: 'ccw' }],
    ['*u OK', { type: 'ok', command: 'u' }],
    ['*R OK', { type: 'ok', command: 'R' }],
    ['*P OK', { type: 'ok', command: 'P' }],
    ['*P NO', { type: 'no', command: 'P' }],
    ['*T OK', { type: 'ok', command: 'T' }],
    ['*o 1159', { type: 'mode', sum: 1159 }],
    ['*o BUSY', { type: 'busy', command: 'o' }],
    ['*u BUSY', { type: 'busy', command: 'u' }],
    ['*Q NO', { type: 'no', command: 'Q' }],
    ['*S SS2 v4.21', { type: 'firmware', command: 'S', text: 'SS2 v4.21' }],
    ['*V 4.21.0', { type: 'firmware', command: 'V', text: '4.21.0' }],
    ['*TA 25', { type: 'param', name: 'A', value: '25' }],
    ['*F 0', { type: 'fault', code: 0 }],
    ['*F 6', { type: 'fault', code: 6 }],
    ['*F 100', { type: 'fault', code: 100 }],
    ['*bs 1', { type: 'sensor', sensor: 1 }],
    ['*bn 27', { type: 'pocket', pocket: 27 }],
  ];
  it.each(golden)('parses %j', (line, frame) => {
    expect(parseSs2Line(line)).toEqual(frame);
  });
  it.each(golden)('re-encodes %j to a line that parses to the same frame', (line, frame) => {
    expect(parseSs2Line(encodeSs2Frame(frame))).toEqual(frame);
    if (line !== '*X;5;011; 7;0;136;1') expect(encodeSs2Frame(frame)).toBe(line);
  });

  it('reports the torn fragment "00;0" as unparsable, keeping the raw line (W-5)', () => {
    const f = parseSs2Line('00;0');
    expect(f).toMatchObject({ type: 'unparsable', raw: '00;0' });
  });

  it.each([
    ['*X;8;011;34;0;157;0', 'state'],
    ['*X;1;000;34;0;157;0', 'spin'],
    ['*X;1;257;34;0;157;0', 'spin'],
    ['*X;1;011;3x;0;157;0', 'win'],
    ['*X;1;011;34;G;157;0', 'flags'],
    ['*X;1;011;34;10;157;0', 'flags'],
    ['*X;1;011;34;0;15;0', 'speed'],
    ['*X;1;011;34;0;157;2', 'direction'],
    ['*X;1;011;34;0;157', 'fields'],
    ['*X;5;011;34;0;1', 'fields'],
  ])('range-checks status %j (%s) → unparsable', (line) => {
    expect(parseSs2Line(line).type).toBe('unparsable');
  });

  it('does not read "00" as zero: a single-zero wheel has no 00 pocket', () => {
    expect(parseSs2Line('00').type).toBe('unparsable');
    expect(parseSs2Line('*X;5;011;00;0;136;1').type).toBe('unparsable');
  });

  it('tolerates trailing whitespace/CR left on a line', () => {
    expect(parseSs2Line('*X;4;011;34;0;139;1 \r')).toMatchObject({ type: 'status', state: 4 });
  });

  it('decodes *F codes to text (W-4 maintenance reason)', () => {
    expect(ss2FaultText(2)).toBe('no ball');
    expect(ss2FaultText(12)).toBe('sensor 2 stuck on');
    expect(ss2FaultText(22)).toBe('sensor 2 broken (stuck off)');
    expect(ss2FaultText(42)).toBe('unknown fault code 42');
  });
});

describe('SS2 host commands', () => {
  const golden: [string, Ss2Command][] = [
    ['*X', { type: 'poll' }],
    ['*u 1', { type: 'start', direction: 'cw' }],
    ['*u 3', { type: 'start', direction: 'ccw' }],
    ['*R', { type: 'reset' }],
    ['*P 1', { type: 'power', on: true }],
    ['*P 0', { type: 'power', on: false }],
    ['*o 1159', { type: 'set_mode', sum: 1159 }],
    ['*O', { type: 'get_mode' }],
    ['*S', { type: 'firmware', which: 'S' }],
    ['*V', { type: 'firmware', which: 'V' }],
    ['*I 4', { type: 'sensors', on: true }],
    ['*I 0', { type: 'sensors', on: false }],
    ['*TA', { type: 'get_param', name: 'A' }],
    ['*ta 25', { type: 'set_param', name: 'A', value: '25' }],
    ['*T f', { type: 'store_params' }],
    ['*F', { type: 'self_test' }],
  ];
  it.each(golden)('encodes and parses %j', (line, cmd) => {
    expect(encodeSs2Command(cmd)).toBe(line);
    expect(parseSs2Command(line)).toEqual(cmd);
  });
  it('an unknown command is typed unknown (the wheel answers *<c> NO)', () => {
    expect(parseSs2Command('*Z 9')).toEqual({ type: 'unknown', raw: '*Z 9' });
  });
});

const frameArb: fc.Arbitrary<Ss2Frame> = fc.oneof(
  fc.record({
    type: fc.constant('status' as const),
    state: fc.integer({ min: 1, max: 7 }),
    spin: fc.integer({ min: 1, max: 256 }),
    win: fc.option(fc.integer({ min: 0, max: 99 }), { nil: null }),
    flags: fc.integer({ min: 0, max: 15 }),
    speed: fc.integer({ min: 0, max: 999 }),
    direction: fc.constantFrom('cw' as const, 'ccw' as const),
  }),
  fc.record({ type: fc.constant('number' as const), number: fc.integer({ min: 0, max: 99 }) }),
  fc.record({ type: fc.constantFrom('ok' as const, 'no' as const, 'busy' as const), command: fc.constantFrom(...'uRPTXoOSVIFQ'.split('')) }),
  fc.record({ type: fc.constant('mode' as const), sum: fc.integer({ min: 0, max: 0xffff }) }),
  // `*S OK` is the wire's own ambiguity (a firmware text "OK"/"NO"/"BUSY" reads as a reply): not a firmware text.
  fc.record({ type: fc.constant('firmware' as const), command: fc.constantFrom('S' as const, 'V' as const), text: fc.stringMatching(/^[!-~]([ -~]{0,20}[!-~])?$/).filter((t) => !['OK', 'NO', 'BUSY'].includes(t)) }),
  fc.record({ type: fc.constant('param' as const), name: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')), value: fc.stringMatching(/^([!-~]([ -~]{0,10}[!-~])?)?$/) }),
  fc.record({ type: fc.constant('fault' as const), code: fc.integer({ min: 0, max: 999 }) }),
  fc.record({ type: fc.constant('sensor' as const), sensor: fc.integer({ min: 0, max: 99 }) }),
  fc.record({ type: fc.constant('pocket' as const), pocket: fc.integer({ min: 0, max: 99 }) }),
);

describe('SS2 codec properties', () => {
  it('round-trips every wheel → host frame: parse(encode(f)) = f', () => {
    fc.assert(
      fc.property(frameArb, (f) => {
        expect(parseSs2Line(encodeSs2Frame(f))).toEqual(f);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('round-trips every host → wheel command', () => {
    const cmdArb: fc.Arbitrary<Ss2Command> = fc.oneof(
      fc.constantFrom<Ss2Command>({ type: 'poll' }, { type: 'reset' }, { type: 'get_mode' }, { type: 'store_params' }, { type: 'self_test' }),
      fc.record({ type: fc.constant('start' as const), direction: fc.constantFrom('cw' as const, 'ccw' as const) }),
      fc.record({ type: fc.constantFrom('power' as const, 'sensors' as const), on: fc.boolean() }),
      fc.record({ type: fc.constant('set_mode' as const), sum: fc.integer({ min: 0, max: 0xffff }) }),
      fc.record({ type: fc.constant('firmware' as const), which: fc.constantFrom('S' as const, 'V' as const) }),
      fc.record({ type: fc.constant('get_param' as const), name: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')) }),
      fc.record({ type: fc.constant('set_param' as const), name: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('')), value: fc.stringMatching(/^[!-~]([ -~]{0,10}[!-~])?$/) }),
    );
    fc.assert(
      fc.property(cmdArb, (c) => {
        expect(parseSs2Command(encodeSs2Command(c))).toEqual(c);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it('fuzz: any byte string parses to a frame or a typed unparsable, never throws (W-5)', () => {
    fc.assert(
      fc.property(protocolBytes(ss2Alphabet), (bytes) => {
        const line = latin1(bytes);
        const f = bounded(() => parseSs2Line(line));
        if (f.type === 'unparsable') expect(f.raw).toBe(line);
        else expect(parseSs2Line(encodeSs2Frame(f))).toEqual(f);
        expect(parseSs2Command(line).type).toBeTypeOf('string');
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});
