import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bounded, FUZZ_RUNS, protocolBytes, ss2Alphabet } from '../../test/fuzz.js';
import type { DeviceEventBody } from '../mqtt/events.schema.js';
import { deviceEventBodySchema } from '../mqtt/events.schema.js';
import { DeviceDecoder } from './decode.js';
import { parseSs2Line, type Ss2Command } from './ss2.codec.js';
import { wheelTracker, type WheelTrackerState } from './wheel.tracker.js';

/** Feed `[at, line]` pairs (or commands sent) through a fresh tracker; returns all emitted events. */
function run(script: ([number, string] | [number, { sent: Ss2Command }] | [number, 'tick'])[], init: WheelTrackerState = wheelTracker.init()) {
  let s = init;
  const emits: (DeviceEventBody & { at: number })[] = [];
  for (const [at, x] of script) {
    if (x === 'tick') {
      const r = wheelTracker.tick(s, at);
      s = r.state;
      emits.push(...r.emits.map((e) => ({ ...e, at })));
    } else if (typeof x === 'string') {
      const r = wheelTracker.step(s, parseSs2Line(x), at);
      s = r.state;
      emits.push(...r.emits.map((e) => ({ ...e, at })));
    } else s = wheelTracker.sent(s, x.sent, at);
  }
  for (const e of emits) expect(deviceEventBodySchema.safeParse(e).success).toBe(true);
  return { state: s, emits, types: emits.map((e) => e.type), of: <T extends DeviceEventBody['type']>(t: T) => emits.filter((e): e is Extract<typeof e, { type: T }> => e.type === t) };
}

/** One normal spin at 500 ms status intervals, spin 11, result 27, with `n5` repeated state-5 lines. */
function spin(n5: number, opts: { bare?: string | null; t0?: number; sensor1?: number } = {}): [number, string][] {
  const t0 = opts.t0 ?? 0;
  const out: [number, string][] = [
    [t0, '*X;1;011;34;0;157;0'],
    [t0 + 500, '*X;2;011;34;0;000;0'],
    [t0 + 1000, '*X;3;011;34;0;141;1'],
  ];
  let t = t0 + 1000;
  for (let i = 0; i < (opts.sensor1 ?? 0); i++) out.push([(t += 100), '*bs 1']);
  out.push([(t += 500), '*X;4;011;34;0;139;1']);
  if (opts.bare !== null) out.push([(t += 200), opts.bare ?? '27']);
  for (let i = 0; i < n5; i++) out.push([(t += 500), '*X;5;011;27;0;136;1']);
  out.push([(t += 500), '*X;2;012;27;0;137;1']);
  return out;
}

describe('W-1 edge-triggered wheel.state', () => {
  it('a dozen repeated state-5 lines give one state change and one result (W-1)', () => {
    const r = run(spin(12));
    expect(r.of('wheel.state').map((e) => e.payload.state)).toEqual([1, 2, 3, 4, 5, 2]);
    expect(r.of('wheel.result')).toHaveLength(1);
  });

  it('repeated identical status lines trigger nothing, even with the rotor speed changing (W-1)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [500, '*X;2;011;34;0;000;0'],
      [1000, '*X;3;011;34;0;141;1'],
      [1500, '*X;3;011;34;0;140;1'],
      [2000, '*X;3;011;34;0;139;1'],
    ]);
    expect(r.types).toEqual(['wheel.state', 'wheel.state']);
  });

  it('decodes flags and rpm into wheel.state', () => {
    const r = run([[0, '*X;3;011;34;A;141;1']]);
    expect(r.of('wheel.state')[0]?.payload).toEqual({ state: 3, spin: 11, lastResult: 34, flags: ['miss_spin', 'launch_failed'], rpm: 14.1, direction: 'ccw' });
  });
});

describe('W-2 result', () => {
  it('binds the result to the spin, cross-checked by the bare line and the next *X;5: 3 confirmations (W-2)', () => {
    const r = run(spin(3));
    expect(r.of('wheel.result')[0]?.payload).toEqual({ spin: 11, number: 27, revolutions: null, ballDirection: 'cw', wheelDirection: 'ccw', confirmations: 3 });
  });

  it('without a bare line (mode bit 16) the result has 2 confirmations (W-2)', () => {
    const r = run(spin(3, { bare: null }));
    expect(r.of('wheel.result')[0]?.payload.confirmations).toBe(2);
  });

  it('a disagreeing bare line is a wheel.fault, not a result (W-2)', () => {
    const r = run(spin(3, { bare: '26' }));
    expect(r.of('wheel.result')).toHaveLength(0);
    expect(r.of('wheel.fault').map((e) => e.payload.code)).toEqual(['result_mismatch']);
    expect(r.of('wheel.fault')[0]?.payload).toMatchObject({ spin: 11, ruleId: 'W-2', action: 'pit_boss' });
  });

  it('a next *X;5 showing another number is a fault, not a result (W-2)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [500, '*X;4;011;34;0;139;1'],
      [1000, '*X;5;011;27;0;136;1'],
      [1500, '*X;5;011;28;0;136;1'],
      [2000, '*X;5;011;28;0;136;1'],
    ]);
    expect(r.of('wheel.result')).toHaveLength(0);
    expect(r.of('wheel.fault').map((e) => e.payload.code)).toEqual(['result_mismatch']);
  });

  it('range-checks the winning number 0–36 (W-2)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [500, '*X;4;011;34;0;139;1'],
      [1000, '*X;5;011;37;0;136;1'],
      [1500, '*X;5;011;37;0;136;1'],
    ]);
    expect(r.of('wheel.result')).toHaveLength(0);
    expect(r.of('wheel.fault').map((e) => e.payload.code)).toEqual(['result_out_of_range']);
  });

  it('emits with 1 confirmation when no second *X;5 comes within the window (tick) (W-2)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [500, '*X;4;011;34;0;139;1'],
      [1000, '*X;5;011;0;0;136;1'.replace(';0;0;', '; 0;0;')],
      [2000, 'tick'],
      [2500, 'tick'],
    ]);
    expect(r.of('wheel.result').map((e) => [e.at, e.payload.number, e.payload.confirmations])).toEqual([[2500, 0, 1]]);
  });

  it('exactly one result per spin, and a new one for the next spin', () => {
    const r = run([...spin(4), ...spin(4, { t0: 10_000 }).map(([t, l]): [number, string] => [t, l.replace(/;011;/, ';012;').replace(/;012;27;0;137/, ';013;27;0;137')])]);
    expect(r.of('wheel.result').map((e) => e.payload.spin)).toEqual([11, 12]);
  });

  it('claims no result for a spin whose start it never saw (agent joined during state 5)', () => {
    const r = run([
      [0, '*X;5;011;27;0;136;1'],
      [500, '*X;5;011;27;0;136;1'],
      [1000, '*X;2;012;27;0;137;1'],
    ]);
    expect(r.of('wheel.result')).toHaveLength(0);
  });

  it('*R OK voids the game: the re-spin of the same spin number gets its own single result', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [500, '*X;3;011;34;2;141;0'],
      [600, '*R OK'],
      [1000, '*X;1;011;34;0;150;0'],
      [1500, '*X;2;011;34;0;000;0'],
      [2000, '*X;4;011;34;0;139;1'],
      [2500, '*X;5;011;9;0;136;1'.replace(';9;', '; 9;')],
      [3000, '*X;5;011; 9;0;136;1'],
    ]);
    expect(r.of('wheel.result').map((e) => [e.payload.spin, e.payload.number])).toEqual([[11, 9]]);
  });
});

describe('W-3 ball revolutions', () => {
  it('counts sensor-1 passes after launch and carries them in the result (W-3)', () => {
    const r = run(spin(2, { sensor1: 7 }));
    expect(r.of('wheel.ball').map((e) => e.payload.revolutions)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(r.of('wheel.ball')[0]?.payload).toEqual({ spin: 11, revolutions: 1, direction: 'cw' });
    expect(r.of('wheel.result')[0]?.payload.revolutions).toBe(7);
  });

  it('fewer than 3 revolutions are visible in the result so the server can void the spin (W-3, ROU-4)', () => {
    const r = run(spin(2, { sensor1: 2 }));
    expect(r.of('wheel.result')[0]?.payload.revolutions).toBe(2);
  });

  it('with *I 4 sent and no sensor-1 pass at all, revolutions is 0, not unknown (W-3)', () => {
    const r = run([[-1, { sent: { type: 'sensors', on: true } }], ...spin(2)]);
    expect(r.of('wheel.result')[0]?.payload.revolutions).toBe(0);
  });

  it('does not count passes of other sensors or after the ball dropped (*bn)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [100, '*bs 1'],
      [200, '*bs 2'],
      [300, '*bs 3'],
      [400, '*bs 1'],
      [500, '*bn 27'],
      [600, '*bs 1'],
      [1000, '*X;5;011;27;0;136;1'],
      [1500, '*X;5;011;27;0;136;1'],
    ]);
    expect(r.of('wheel.result')[0]?.payload.revolutions).toBe(2);
  });
});

describe('W-4 vendor exception rules', () => {
  it('flag 8 during launch is ignored for 3 s, then a launch_failed fault if it persists (W-4)', () => {
    const lines: [number, string][] = [0, 500, 1000, 1500, 2000, 2500].map((t) => [t, '*X;2;001;  ;8;163;0']);
    expect(run(lines).of('wheel.fault')).toHaveLength(0);
    const r = run([...lines, [3000, '*X;2;001;  ;8;163;0'], [3500, '*X;2;001;  ;8;163;0']]);
    expect(r.of('wheel.fault').map((e) => [e.at, e.payload.code, e.payload.flag, e.payload.action])).toEqual([[3000, 'launch_failed', 8, 'void_round']]);
  });

  it('flag 8 that clears within 3 s (launch fail then recover) raises nothing (W-4)', () => {
    const r = run([
      [0, '*X;2;001;  ;8;163;0'],
      [2000, '*X;2;001;  ;8;163;0'],
      [2500, '*X;3;001;  ;0;150;0'],
      [6000, 'tick'],
    ]);
    expect(r.of('wheel.fault')).toHaveLength(0);
  });

  it('flag 8 persisting fires from tick() without a new line (W-4)', () => {
    const r = run([
      [0, '*X;2;001;  ;8;163;0'],
      [2999, 'tick'],
      [3000, 'tick'],
      [9000, 'tick'],
    ]);
    expect(r.of('wheel.fault').map((e) => e.at)).toEqual([3000]);
  });

  it('state 3 + flag 2 is a miss_spin fault recommending *R and a re-spin, once per spin (W-4)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [500, '*X;3;011;34;2;141;1'],
      [1000, '*X;3;011;34;2;140;1'],
    ]);
    expect(r.of('wheel.fault').map((e) => e.payload)).toEqual([expect.objectContaining({ code: 'miss_spin', flag: 2, action: 'respin', spin: 11 })]);
  });

  it('a miss-spin nobody resets still reports its result, with the ball turning the same way as the wheel, for the server to void (W-3, W-4)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [500, '*X;3;011;34;2;141;1'],
      [1000, '*X;4;011;34;0;139;1'],
      [1500, '*X;5;011;27;0;136;1'],
      [2000, '*X;5;011;27;0;136;1'],
    ]);
    expect(r.of('wheel.fault').map((e) => e.payload.code)).toEqual(['miss_spin']);
    expect(r.of('wheel.result').map((e) => e.payload)).toEqual([expect.objectContaining({ number: 27, ballDirection: 'ccw', wheelDirection: 'ccw' })]);
  });

  it('a game with a void_round fault (no ball > 5 s) claims no result even if a number comes (W-4)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [500, '*X;4;011;34;1;139;1'],
      [6000, '*X;4;011;34;1;139;1'],
      [6500, '*X;5;011;27;0;136;1'],
      [7000, '*X;5;011;27;0;136;1'],
    ]);
    expect(r.of('wheel.fault').map((e) => e.payload.code)).toEqual(['no_ball']);
    expect(r.of('wheel.result')).toHaveLength(0);
  });

  it('a fault recommending void while the result awaits confirmation drops it (W-4)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [500, '*X;4;011;34;0;139;1'],
      [1000, '*X;5;011;27;0;136;1'],
      [1200, '*F 5'],
      [1500, '*X;5;011;27;0;136;1'],
      [5000, 'tick'],
    ]);
    expect(r.of('wheel.fault').map((e) => e.payload.code)).toEqual(['self_test']);
    expect(r.of('wheel.result')).toHaveLength(0);
  });

  it('flag 2 first seen in state 5 gives a result whose ball direction equals the wheel direction, for the server to void (W-3)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [500, '*X;4;011;34;0;139;1'],
      [1000, '*X;5;011;27;2;136;1'],
      [1500, '*X;5;011;27;2;136;1'],
    ]);
    expect(r.of('wheel.result')[0]?.payload).toMatchObject({ ballDirection: 'ccw', wheelDirection: 'ccw' });
  });

  it('state 4 + flag 1 for more than 5 s is a no_ball fault (W-4)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [1000, '*X;4;011;34;1;139;1'],
      [6000, '*X;4;011;34;1;139;1'],
      [6001, 'tick'],
      [7000, '*X;4;011;34;1;139;1'],
    ]);
    expect(r.of('wheel.fault').map((e) => [e.at, e.payload.code, e.payload.action])).toEqual([[6001, 'no_ball', 'void_round']]);
  });

  it('flag 1 for less than 5 s in state 4 raises nothing (W-4)', () => {
    const r = run([
      [1000, '*X;4;011;34;1;139;1'],
      [5500, '*X;4;011;34;0;139;1'],
      [9000, 'tick'],
    ]);
    expect(r.of('wheel.fault')).toHaveLength(0);
  });

  it('flag 4 plus an unexpected state 6 are maintenance faults with decoded reasons (W-4)', () => {
    const r = run([
      [0, '*X;2;001;  ;0;163;0'],
      [500, '*X;6;001;  ;4;000;0'],
      [1000, '*X;6;001;  ;4;000;0'],
    ]);
    expect(r.of('wheel.fault').map((e) => [e.payload.code, e.payload.maintenance, e.payload.action])).toEqual([
      ['hardware_fault', true, 'void_round'],
      ['powered_down', true, 'void_round'],
    ]);
  });

  it('state 6 after *P 0 or at power-on is not a fault', () => {
    expect(run([[0, '*X;6;001;  ;0;000;0']]).of('wheel.fault')).toHaveLength(0);
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [100, { sent: { type: 'power', on: false } }],
      [500, '*X;6;011;34;0;000;0'],
    ]);
    expect(r.of('wheel.fault')).toHaveLength(0);
  });

  it('*F <n> is a maintenance fault with the decoded reason, once per code; *F 0 is OK (W-4)', () => {
    const r = run([
      [0, '*X;2;011;34;0;000;0'],
      [100, '*F 0'],
      [200, '*F 6'],
      [300, '*F 6'],
      [400, '*F 22'],
    ]);
    expect(r.of('wheel.fault').map((e) => [e.payload.code, e.payload.selfTest, e.payload.text.includes(e.payload.selfTest === 6 ? 'encoder fault' : 'sensor 2 broken')])).toEqual([
      ['self_test', 6, true],
      ['self_test', 22, true],
    ]);
  });
});

describe('W-5 robustness', () => {
  it('counts and reports unparsable lines such as the torn "00;0", and keeps tracking', () => {
    const r = run([[0, '00;0'], [100, '*X;2;01'], ...spin(2, { t0: 1000 })]);
    expect(r.of('device.fault').map((e) => [e.payload.code, e.payload.count, e.payload.raw])).toEqual([
      ['unparsable', 1, '00;0'],
      ['unparsable', 2, '*X;2;01'],
    ]);
    expect(r.state.counters.unparsable).toBe(2);
    expect(r.of('wheel.result')).toHaveLength(1);
  });

  it('a burst of 200 lines after silence is processed in order through the decoder', () => {
    const dec = new DeviceDecoder('ss2');
    const lines = spin(12).map(([, l]) => l);
    const bytes = Array.from({ length: 200 }, (_, i) => lines[i % lines.length]).join('\r\n') + '\r\n';
    const out = dec.feed(bytes, 5000);
    expect(out.filter((e) => e.type === 'device.fault')).toHaveLength(0);
    expect(out.filter((e) => e.type === 'wheel.result').length).toBeGreaterThan(0);
  });

  it('1 MB of garbage without a line end is one overlong fault, handled quickly, memory bounded', () => {
    const dec = new DeviceDecoder('ss2');
    const junk = new Uint8Array(1 << 20).map((_, i) => 0x20 + ((i * 7919) % 90));
    const t0 = performance.now();
    const out = [...dec.feed(junk, 0), ...dec.feed('\r\n*X;2;011;34;0;000;0\r\n', 1)];
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(out.map((e) => (e.type === 'device.fault' ? e.payload.code : e.type))).toEqual(['overlong_line', 'wheel.state']);
  });

  it('fuzz: framer + codec + tracker never throw on random bytes and only emit schema-valid events', () => {
    fc.assert(
      fc.property(fc.array(protocolBytes(ss2Alphabet), { maxLength: 6 }), (chunks) => {
        const dec = new DeviceDecoder('ss2');
        let at = 0;
        for (const c of chunks) {
          for (const e of bounded(() => dec.feed(c, (at += 400)))) expect(deviceEventBodySchema.safeParse(e).success).toBe(true);
          dec.tick((at += 3000));
        }
        dec.end(at);
      }),
      { numRuns: FUZZ_RUNS },
    );
  });
});
