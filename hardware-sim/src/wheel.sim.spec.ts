import { SS2_MODE, SS2_TYPICAL_MODE } from '@felt-studio/protocol';
import { describe, expect, it } from 'vitest';
import { ManualScheduler } from './clock.js';
import { createDuplexPair } from './duplex.js';
import { HostRecorder } from './host-recorder.js';
import { WheelSim, type WheelSimOptions } from './wheel.sim.js';

const STATUS_RE = /^\*X;([1-7]);(\d{3});( \d|\d\d| {2});([0-9A-F]);(\d{3});([01])$/;

function rig(opts: Partial<WheelSimOptions> = {}) {
  const sched = new ManualScheduler();
  const { device, host } = createDuplexPair();
  const rec = new HostRecorder(host, () => sched.now());
  const wheel = new WheelSim({ scheduler: sched, seed: 42, ...opts });
  wheel.start(device);
  return { sched, rec, wheel };
}

const statusLines = (lines: readonly string[]) => lines.filter((l) => l.startsWith('*X;'));
const field = (line: string, i: number) => line.split(';')[i];

/** Send a command, let the reply arrive (max latency 130 ms) and return the lines it produced. */
function command(r: ReturnType<typeof rig>, line: string, waitMs = 140): string[] {
  const before = r.rec.lines.length;
  r.rec.send(line);
  r.sched.advance(waitMs);
  return r.rec.lines.slice(before).filter((l) => !l.startsWith('*X;'));
}

describe('SS2 wheel emulator (devices.md §2)', () => {
  it('streams a status line every 500 ms in the exact `*X;state;spin;win;flags;speed;dir` shape, win blank before the first result', () => {
    const r = rig();
    r.sched.advance(5000);
    const lines = statusLines(r.rec.lines);
    expect(lines).toHaveLength(10);
    for (const l of lines) expect(l).toMatch(STATUS_RE);
    expect(lines[0]).toMatch(/^\*X;1;001; {2};0;\d{3};0$/);
    expect(lines.at(-1)).toMatch(/^\*X;2;001; {2};0;1[5-6]\d;0$/);
    expect(r.rec.bytes.endsWith('\r\n')).toBe(true);
    const times = r.rec.chunks.map((c) => c.at);
    expect(times.slice(1).map((t, i) => t - (times[i] ?? 0))).toEqual(Array(9).fill(500));
  });

  it('sends no status stream when operating-mode bit 128 is off, but answers the *X poll', () => {
    const r = rig({ mode: SS2_MODE.USER_START });
    r.sched.advance(4000);
    expect(r.rec.lines).toEqual([]);
    expect(command(r, '*X')).toEqual([]);
    expect(r.rec.lines).toHaveLength(1);
    expect(r.rec.lines[0]).toMatch(/^\*X;2;001; {2};0;\d{3};0$/);
  });

  it('in user-start mode waits in state 2 for `*u 1`, then runs 3 → 4 → bare number → 5 (held ~2 s) → spin 002', () => {
    const r = rig();
    r.sched.advance(60_000);
    expect(new Set(statusLines(r.rec.lines).map((l) => field(l, 1)))).toEqual(new Set(['1', '2']));
    r.rec.clear();
    expect(command(r, '*u 1')).toEqual(['*u OK']);
    r.sched.advance(40_000);
    const lines = r.rec.lines;
    const states = statusLines(lines).map((l) => Number(field(l, 1)));
    const order = states.filter((s, i) => s !== states[i - 1]);
    expect(order).toEqual([2, 3, 4, 5, 1, 2]); // 1159 has bit 1024: the games-per-hour delay sits in 5 → 1
    const firstFive = lines.findIndex((l) => l.startsWith('*X;5;'));
    const bare = lines.findIndex((l) => /^\d{1,2}$/.test(l));
    expect(bare).toBeGreaterThanOrEqual(0);
    expect(bare).toBeLessThan(firstFive);
    const win = Number(lines[bare]);
    expect(win).toBeGreaterThanOrEqual(0);
    expect(win).toBeLessThanOrEqual(36);
    const fives = statusLines(lines).filter((l) => field(l, 1) === '5');
    expect(fives.length).toBeGreaterThanOrEqual(3);
    expect(fives.length).toBeLessThanOrEqual(5);
    for (const l of fives) expect(l).toMatch(new RegExp(`^\\*X;5;001;${String(win).padStart(2, ' ')};0;`));
    const after = statusLines(lines).filter((l) => field(l, 1) === '2').at(-1) ?? '';
    expect(after).toMatch(new RegExp(`^\\*X;2;002;${String(win).padStart(2, ' ')};0;\\d{3};1$`)); // bit 1: direction reverses each game
  });

  it('streams `*bs n` sensor passes and `*bn nn` with `*I 4`, and stops with `*I 0`', () => {
    const r = rig();
    r.sched.advance(4000);
    expect(command(r, '*I 4')).toEqual(['*I OK']);
    command(r, '*u 1');
    r.sched.advance(40_000);
    const lines = r.rec.lines;
    const revolutions = lines.filter((l) => l === '*bs 1').length;
    expect(revolutions).toBeGreaterThanOrEqual(8);
    expect(revolutions).toBeLessThanOrEqual(14);
    const bn = lines.find((l) => l.startsWith('*bn '));
    const bare = lines.find((l) => /^\d{1,2}$/.test(l));
    expect(bn).toMatch(/^\*bn \d\d$/);
    expect(Number(bn?.slice(4))).toBe(Number(bare));
    expect(command(r, '*I 0')).toEqual(['*I OK']);
    r.rec.clear();
    command(r, '*u 3');
    r.sched.advance(40_000);
    expect(r.rec.lines.filter((l) => l.startsWith('*b'))).toEqual([]);
  });

  it('suppresses the bare number line with operating-mode bit 16', () => {
    const r = rig({ mode: SS2_MODE.USER_START | SS2_MODE.STATUS_EVERY_500MS | SS2_MODE.SUPPRESS_BARE_NUMBER });
    r.sched.advance(4000);
    command(r, '*u 1');
    r.sched.advance(40_000);
    expect(r.rec.lines.some((l) => l.startsWith('*X;5;'))).toBe(true);
    expect(r.rec.lines.filter((l) => /^\d{1,2}$/.test(l))).toEqual([]);
  });

  it('counts spins 001–256 and wraps to 001, incrementing on 5 → 2', () => {
    const r = rig({ mode: SS2_MODE.STATUS_EVERY_500MS }); // automatic start
    r.sched.advance(4000);
    expect(command(r, '*tb 1')).toEqual(['*T OK']); // 1 s bet time keeps the test short
    r.sched.advance(256 * 25_000);
    const spins = statusLines(r.rec.lines).map((l) => field(l, 2));
    const changes = spins.filter((s, i) => s !== spins[i - 1]);
    expect(changes.slice(0, 3)).toEqual(['001', '002', '003']);
    const wrap = changes.indexOf('256');
    expect(wrap).toBe(255);
    expect(changes[wrap + 1]).toBe('001');
    // the spin number changes only on the way out of state 5 into state 2
    const lines = statusLines(r.rec.lines);
    for (let i = 1; i < lines.length; i++) {
      const prev = lines[i - 1] ?? '';
      const cur = lines[i] ?? '';
      if (field(prev, 2) !== field(cur, 2)) expect([field(prev, 1), field(cur, 1)]).toEqual(['5', '2']);
    }
  });

  it('answers every command: X, P (OK/NO), o (echo/BUSY/NO), O, S, V, I, T get/set/store, F, u, R and unknown → NO', () => {
    const r = rig();
    r.sched.advance(4000);
    expect(command(r, '*P 1')).toEqual(['*P NO']); // already on
    expect(command(r, '*o 1159')).toEqual(['*o 1159']);
    expect(command(r, '*O')).toEqual(['*o 1159']); // read back as the *o echo (W-6)
    expect(command(r, '*o x')).toEqual(['*o NO']);
    expect(command(r, '*S')).toEqual(['*S SS2SIM 3.12']);
    expect(command(r, '*V')).toEqual(['*V SS2SIM 3.12']);
    expect(command(r, '*I 9')).toEqual(['*I NO']);
    expect(command(r, '*TB')).toEqual(['*TB 15']);
    expect(command(r, '*tb 20')).toEqual(['*T OK']);
    expect(command(r, '*TB')).toEqual(['*TB 20']);
    expect(command(r, '*TZ')).toEqual(['*T NO']);
    expect(command(r, '*T f')).toEqual(['*T OK']);
    expect(command(r, '*F', 2000)).toEqual(['*F 0']);
    expect(command(r, '*Q')).toEqual(['*Q NO']);
    expect(command(r, '*u 2')).toEqual(['*u NO']);
    expect(command(r, '*u 1')).toEqual(['*u OK']);
    r.sched.advance(2000);
    expect(command(r, '*u 1')).toEqual(['*u BUSY']); // ball already in play
    expect(command(r, '*o 1159')).toEqual(['*o BUSY']);
    expect(command(r, '*F')).toEqual(['*F BUSY']);
    expect(command(r, '*T f')).toEqual(['*T BUSY']);
    expect(command(r, '*R')).toEqual(['*R OK']); // void: back to state 1, same spin
    expect(r.wheel.status).toMatchObject({ state: 1, spin: 1, win: null });
    expect(command(r, '*P 0')).toEqual(['*P OK']);
    expect(r.wheel.status).toMatchObject({ state: 6, speed: 0 });
    expect(command(r, '*P 0')).toEqual(['*P NO']);
    expect(command(r, '*R')).toEqual(['*R BUSY']);
    expect(command(r, '*P 1')).toEqual(['*P OK']);
    expect(r.wheel.status.state).toBe(1);
    expect(command(r, '*TB')).toEqual(['*TB 20']); // stored to flash survives the power cycle
    const polled = command(r, '*X');
    expect(polled).toEqual([]);
    expect(r.rec.lines.at(-1)).toMatch(STATUS_RE);
  });

  it('loses RAM-only parameters on a power cycle unless stored with `*T f`', () => {
    const r = rig();
    r.sched.advance(4000);
    command(r, '*tb 5');
    command(r, '*P 0');
    command(r, '*P 1');
    expect(command(r, '*TB')).toEqual(['*TB 15']);
  });

  it('replies 30–130 ms after each command, in command order', () => {
    const r = rig({ mode: SS2_MODE.USER_START });
    r.sched.advance(4000);
    const latencies: number[] = [];
    for (let i = 0; i < 40; i++) {
      const sentAt = r.sched.now();
      r.rec.clear();
      r.rec.send('*O');
      r.sched.advance(200);
      latencies.push((r.rec.chunks[0]?.at ?? Infinity) - sentAt);
    }
    expect(Math.min(...latencies)).toBeGreaterThanOrEqual(30);
    expect(Math.max(...latencies)).toBeLessThanOrEqual(130);
    expect(new Set(latencies).size).toBeGreaterThan(5);
    r.rec.clear();
    r.rec.send('*S');
    r.rec.send('*O');
    r.rec.send('*Q');
    r.sched.advance(500);
    expect(r.rec.lines).toEqual(['*S SS2SIM 3.12', `*o ${SS2_MODE.USER_START}`, '*Q NO']);
  });

  it('a peek draws the next spin\'s pocket ahead, and that spin lands there (the planted late bettor\'s leak, issue 23 §5)', () => {
    const r = rig({ seed: 5, mode: SS2_TYPICAL_MODE });
    r.sched.advance(4000);
    const landed: number[] = [];
    const peeked: number[] = [];
    for (let i = 0; i < 6; i++) {
      peeked.push(r.wheel.peekNextPocket());
      expect(r.wheel.peekNextPocket()).toBe(peeked[i]); // the same until the spin
      const before = r.rec.lines.length;
      r.rec.send(i % 2 === 0 ? '*u 1' : '*u 3');
      r.sched.advance(30_000);
      landed.push(...r.rec.lines.slice(before).filter((l) => /^\d{1,2}$/.test(l)).map(Number));
    }
    expect(landed).toEqual(peeked);
    expect(new Set(landed).size).toBeGreaterThan(1);
  });

  it('is deterministic by seed: same seed and commands → identical bytes; another seed → other numbers', () => {
    const run = (seed: number) => {
      const r = rig({ seed, mode: SS2_TYPICAL_MODE });
      r.sched.advance(4000);
      for (let i = 0; i < 5; i++) {
        r.rec.send(i % 2 === 0 ? '*u 1' : '*u 3');
        r.sched.advance(30_000);
      }
      return r.rec.bytes;
    };
    const a = run(7);
    expect(run(7)).toBe(a);
    const numbers = (bytes: string) => bytes.split('\r\n').filter((l) => /^\d{1,2}$/.test(l));
    expect(numbers(a)).toHaveLength(5);
    expect(numbers(run(8))).not.toEqual(numbers(a));
  });

  it('leaves no timers behind when stopped', () => {
    const r = rig();
    r.sched.advance(4000);
    r.rec.send('*u 1');
    r.sched.advance(3000);
    r.wheel.stop();
    expect(r.sched.pending).toBe(0);
  });
});
