import { SS2_TYPICAL_MODE } from '@felt-studio/protocol';
import { describe, expect, it } from 'vitest';
import { ManualScheduler } from './clock.js';
import { createDuplexPair } from './duplex.js';
import { HostRecorder } from './host-recorder.js';
import { hostFrame, readNmeaLine } from './nmea-test-support.js';
import { getScenario, listScenarios } from './scenarios.js';
import { startSerialSim, type SerialSimDevice, type StartSerialSimArgs } from './run-sim.js';

function rig(device: SerialSimDevice, scenario?: string, extra: Partial<StartSerialSimArgs> = {}) {
  const sched = new ManualScheduler();
  const { device: io, host } = createDuplexPair();
  const rec = new HostRecorder(host, () => sched.now());
  const handle = startSerialSim({ device, io, scheduler: sched, seed: 11, ...(scenario === undefined ? {} : { scenario }), ...extra });
  return { sched, rec, handle };
}

const STATUS_RE = /^\*X;([1-7]);(\d{3});( \d|\d\d| {2});([0-9A-F]);(\d{3});([01])$/;
const status = (l: string) => {
  const m = STATUS_RE.exec(l);
  return m ? { state: Number(m[1]), spin: m[2], flags: parseInt(m[4] ?? '0', 16) } : null;
};

/** Start the wheel's first game with the sensor stream on and run for `ms`. */
function wheelGame(scenario: string | undefined, ms = 40_000, extra: Partial<StartSerialSimArgs> = {}) {
  const r = rig('wheel', scenario, extra);
  r.sched.advance(4000);
  r.rec.send('*I 4');
  r.rec.send('*u 1');
  r.sched.advance(ms);
  const timed = r.rec.chunks.flatMap((c) => c.data.split('\r\n').filter((l) => l !== '').map((l) => ({ at: c.at, line: l, s: status(l) })));
  return { ...r, timed };
}

describe('scenario catalogue (devices.md §6)', () => {
  it('lists every required scenario by device and name', () => {
    const names = (d: Parameters<typeof listScenarios>[0]) => listScenarios(d).map((s) => s.name);
    expect(names('wheel')).toEqual(['launch-fail-recover', 'launch-fail-persist', 'miss-spin', 'short-spin', 'no-ball', 'sensor-fault-powerdown', 'torn-lines', 'silence-burst', 'repeated-state-5']);
    expect(names('shoe')).toEqual(['duplicate-frame', 'impossible-card', 'unreadable-card', 'extra-card', 'cut-card-mid-round', 'bad-checksum', 'shoe-removed']);
    expect(names('timer')).toEqual(['button-bounce', 'box-offline']);
    expect(names('shaker')).toEqual(['no-shake', 'reading-seven', 'three-failed-shakes']);
    expect(names('money-wheel')).toEqual(['short-spin', 'border-stop', 'sensor-fault']);
    expect(listScenarios()).toHaveLength(24);
  });

  it('rejects an unknown scenario name with the list of known ones', () => {
    expect(() => getScenario('wheel', 'nope')).toThrow(/unknown wheel scenario "nope"; known: launch-fail-recover/);
  });
});

describe('wheel scenarios produce their defining bytes (W-1…W-5)', () => {
  it('launch-fail-recover: flag 8 in state 2 for less than 3 s, then the ball goes (W-4)', () => {
    const { timed } = wheelGame('launch-fail-recover');
    const eights = timed.filter((x) => x.s !== null && (x.s.flags & 8) !== 0);
    expect(eights.length).toBeGreaterThanOrEqual(3);
    for (const x of eights) expect(x.line).toMatch(/^\*X;2;001; {2};8;\d{3};0$/);
    expect((eights.at(-1)?.at ?? 0) - (eights[0]?.at ?? 0)).toBeLessThan(3000);
    expect(timed.some((x) => x.s?.state === 5)).toBe(true);
  });

  it('launch-fail-persist: flag 8 for well over 3 s until *R, which voids to state 1 with flags cleared (W-4)', () => {
    const r = wheelGame('launch-fail-persist', 10_000);
    const eights = r.timed.filter((x) => x.s !== null && (x.s.flags & 8) !== 0);
    expect((eights.at(-1)?.at ?? 0) - (eights[0]?.at ?? 0)).toBeGreaterThan(9000);
    expect(r.timed.some((x) => (x.s?.state ?? 0) >= 3)).toBe(false);
    r.rec.clear();
    r.rec.send('*R');
    r.sched.advance(600);
    expect(r.rec.lines).toContain('*R OK');
    expect(r.rec.lines.filter((l) => l.startsWith('*X;')).at(-1)).toMatch(/^\*X;1;001; {2};0;/);
  });

  it('miss-spin: state 3 with flag 2 (W-4)', () => {
    const { timed } = wheelGame('miss-spin');
    expect(timed.some((x) => x.s?.state === 3 && x.s.flags === 2)).toBe(true);
  });

  it('short-spin: only 2 passes of sensor 1 before the ball drops (W-3, ROU-4)', () => {
    const { timed } = wheelGame('short-spin');
    const drop = timed.findIndex((x) => x.line.startsWith('*bn '));
    expect(drop).toBeGreaterThan(0);
    expect(timed.slice(0, drop).filter((x) => x.line === '*bs 1')).toHaveLength(2);
    expect(timed.some((x) => x.s?.state === 5)).toBe(true);
  });

  it('no-ball: state 4 with flag 1 for more than 5 s and no winning number (W-4)', () => {
    const { timed } = wheelGame('no-ball', 30_000);
    const lost = timed.filter((x) => x.s?.state === 4 && x.s.flags === 1);
    expect((lost.at(-1)?.at ?? 0) - (lost[0]?.at ?? 0)).toBeGreaterThan(5000);
    expect(timed.some((x) => /^\d{1,2}$/.test(x.line) || x.s?.state === 5)).toBe(false);
  });

  it('sensor-fault-powerdown: flag 4, `*F 21` with mode bit 256, then `*X;6;001;  ;4;000;0` (W-4)', () => {
    const { timed } = wheelGame('sensor-fault-powerdown', 30_000, { wheelMode: SS2_TYPICAL_MODE | 256 });
    expect(timed.some((x) => x.s?.state === 3 && x.s.flags === 4)).toBe(true);
    expect(timed.map((x) => x.line)).toContain('*F 21');
    expect(timed.at(-1)?.line).toBe('*X;6;001;  ;4;000;0');
  });

  it('torn-lines: a headless fragment `00;0`-style line and lines split across writes; the rest still parse (W-5)', () => {
    const r = rig('wheel', 'torn-lines');
    r.sched.advance(4000);
    const fragment = r.rec.lines.find((l) => !STATUS_RE.test(l));
    expect(fragment).toMatch(/^\d{2};[01]$/);
    const split = r.rec.chunks.filter((c) => !c.data.endsWith('\r\n'));
    expect(split.length).toBeGreaterThanOrEqual(10); // five lines, two partial chunks each
    expect(r.rec.lines.filter((l) => l !== fragment).every((l) => STATUS_RE.test(l))).toBe(true);
  });

  it('silence-burst: nothing for 99.5 s, then exactly 200 lines in one write, in order (W-5)', () => {
    const r = rig('wheel', 'silence-burst');
    r.sched.advance(99_999);
    expect(r.rec.bytes).toBe('');
    r.sched.advance(1);
    expect(r.rec.chunks).toHaveLength(1);
    const burst = (r.rec.chunks[0]?.data ?? '').split('\r\n').filter((l) => l !== '');
    expect(burst).toHaveLength(200);
    expect(burst.every((l) => STATUS_RE.test(l))).toBe(true);
    expect(burst[0]).toMatch(/^\*X;1;/);
    expect(burst.at(-1)).toMatch(/^\*X;2;/);
    r.sched.advance(1000);
    expect(r.rec.chunks).toHaveLength(3); // back to one line per 500 ms
  });

  it('repeated-state-5: the 500 ms stream repeats the same state-5 line a dozen times (W-1)', () => {
    const { timed } = wheelGame('repeated-state-5');
    const fives = timed.filter((x) => x.s?.state === 5).map((x) => x.line);
    expect(fives).toHaveLength(12);
    expect(new Set(fives).size).toBe(1);
  });
});

describe('shoe scenarios produce their defining bytes (S-1…S-4)', () => {
  /** Run the scripted dealer through the first round(s) and read the frames. */
  function shoeRun(scenario: string | undefined, ms = 6000) {
    const r = rig('shoe', scenario);
    r.sched.advance(ms);
    return { ...r, frames: r.rec.lines.map((l) => ({ line: l, f: readNmeaLine(l) })) };
  }
  const kinds = (fs: ReturnType<typeof shoeRun>['frames']) => fs.map((x) => x.f?.type).filter((t) => t !== 'HB');

  it('without a scenario the dealer deals rounds of four cards after `$SHOE,0,IN,8`', () => {
    const { frames } = shoeRun(undefined);
    expect(frames[0]?.line).toBe(hostFrame('SHOE', 0, 'IN', 8));
    expect(kinds(frames)).toEqual(['SHOE', 'CARD', 'CARD', 'CARD', 'CARD']);
  });

  it('duplicate-frame: the 2nd card frame arrives twice with the same seq (S-1)', () => {
    const { frames } = shoeRun('duplicate-frame');
    expect(frames[2]?.line).toBe(frames[3]?.line);
    expect(frames[2]?.f?.type).toBe('CARD');
  });

  it('impossible-card: a 9th copy of one card comes out of 8 decks (S-1)', () => {
    const { frames } = shoeRun('impossible-card', 40_000);
    const cards = frames.filter((x) => x.f?.type === 'CARD').map((x) => x.f?.fields[0]);
    expect(cards.slice(0, 9)).toEqual(Array(9).fill(cards[0]));
  });

  it('unreadable-card: the 3rd card is `$MISS` (S-3)', () => {
    expect(kinds(shoeRun('unreadable-card').frames)).toEqual(['SHOE', 'CARD', 'CARD', 'MISS', 'CARD']);
  });

  it('extra-card: a fifth `$CARD` in a four-card round (S-2 misdeal)', () => {
    expect(kinds(shoeRun('extra-card').frames)).toEqual(['SHOE', 'CARD', 'CARD', 'CARD', 'CARD', 'CARD']);
  });

  it('cut-card-mid-round: `$CUT` between the 2nd and 3rd card (S-4)', () => {
    expect(kinds(shoeRun('cut-card-mid-round').frames)).toEqual(['SHOE', 'CARD', 'CARD', 'CUT', 'CARD', 'CARD']);
  });

  it('bad-checksum: the 2nd card frame fails its checksum, all others pass', () => {
    const { frames } = shoeRun('bad-checksum');
    expect(frames.map((x) => x.f?.checksumOk)).toEqual([true, true, false, true, true, true]);
  });

  it('shoe-removed: `$SHOE,<seq>,OUT` after two cards, a new shoe 10 s later', () => {
    const { frames } = shoeRun('shoe-removed', 20_000);
    expect(kinds(frames).slice(0, 6)).toEqual(['SHOE', 'CARD', 'CARD', 'SHOE', 'SHOE', 'CARD']);
    expect(frames.filter((x) => x.f?.type === 'SHOE').map((x) => x.f?.fields)).toEqual([['IN', '8'], ['OUT'], ['IN', '8']]);
  });
});

describe('timer box scenarios produce their defining bytes (§4)', () => {
  it('button-bounce: the NMB press arrives as two `$BTN` frames', () => {
    const r = rig('timer', 'button-bounce');
    r.sched.advance(17_000);
    const btns = r.rec.lines.map((l) => readNmeaLine(l)).filter((f) => f?.type === 'BTN').map((f) => f?.fields[0]);
    expect(btns).toEqual(['START', 'NMB', 'NMB']);
  });

  it('box-offline: a heartbeat, then 30 s of nothing (START and NMB lost), then heartbeats again', () => {
    const r = rig('timer', 'box-offline');
    r.sched.advance(40_000);
    const seen = r.rec.chunks.map((c) => ({ at: c.at, f: readNmeaLine(c.data.trim()) }));
    expect(seen.map((x) => [x.at, x.f?.type, x.f?.fields[0]])).toEqual([
      [1000, 'BTN', 'START'],
      [5000, 'HB', undefined],
      [40_000, 'HB', undefined],
    ]);
  });
});
