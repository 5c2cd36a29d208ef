import { describe, expect, it, vi } from 'vitest';
import { ManualScheduler } from './scheduler.js';
import { TableHost, TableTimers } from './table-host.js';
import type { HostDeadline, TableProgram } from './table-program.js';

/** The one table host (issue 19 §2): its timers, its programs' recovery and release, its ownership hook. */
describe('TableTimers: one deadline scheduler for every kind of table', () => {
  it('arms by key: a key still wanted keeps its timer, one no longer wanted is cancelled, a past one fires at once', () => {
    const s = new ManualScheduler();
    const timers = new TableTimers(s);
    const fired: string[] = [];
    const fire = (d: HostDeadline): void => void fired.push(d.key);
    timers.arm('t1', [{ key: 'a', at: 100 }, { key: 'b', at: 200 }], fire);
    timers.arm('t1', [{ key: 'a', at: 150 }], fire); // 'a' kept as armed (its key), 'b' cancelled
    expect(s.pending()).toEqual([100]);
    timers.arm('t2', [{ key: 'c', at: 50 }], fire);
    s.runDue(100);
    expect(fired).toEqual(['c', 'a']);
    timers.arm('t1', [{ key: 'd', at: 10 }], fire); // already past: due at once
    s.runDue(100);
    expect(fired).toEqual(['c', 'a', 'd']);
  });

  it('disarm stops one table; dispose stops every table for good', () => {
    const s = new ManualScheduler();
    const timers = new TableTimers(s);
    const fire = vi.fn();
    timers.arm('t1', [{ key: 'a', at: 10 }], fire);
    timers.arm('t2', [{ key: 'b', at: 10 }], fire);
    timers.disarm('t1');
    expect(s.pending()).toEqual([10]);
    timers.dispose();
    expect(s.pending()).toEqual([]);
    timers.arm('t3', [{ key: 'c', at: 10 }], fire);
    s.runDue(10);
    expect(fire).not.toHaveBeenCalled();
  });
});

function program(kind: string, tables: string[]) {
  const state = new Map<string, number>(); // table → the deadline in its (recovered) state
  const p: TableProgram & { state: Map<string, number>; fired: string[]; released: string[] } = {
    kind,
    state,
    fired: [],
    released: [],
    tables: async () => tables,
    has: async (t) => tables.includes(t),
    recover: vi.fn(async (t: string) => void state.set(t, 1000)),
    release: (t) => void p.released.push(t),
    deadlines: (t) => (state.has(t) ? [{ key: `${t}|${state.get(t)}`, at: state.get(t) as number }] : []),
    fire: async (t) => void p.fired.push(t),
  };
  return p;
}

describe('TableHost: programs recovered, owned and released by the host', () => {
  it('recovers every program table at boot (or one at a takeover) and arms its deadlines from the recovered state', async () => {
    const s = new ManualScheduler();
    const host = new TableHost(s);
    const poker = program('poker', ['p1', 'p2']);
    host.register(poker);
    expect(() => host.register(program('poker', []))).toThrow(/registered twice/);
    expect(await host.recover()).toEqual(['poker:p1', 'poker:p2']);
    expect(await host.recover('p2')).toEqual(['poker:p2']);
    expect(await host.programOf('p1')).toBe(poker);
    expect(await host.programOf('rounds-table')).toBeNull();
    for (const t of ['p1', 'p2']) host.arm(poker, t);
    s.runDue(1000);
    await Promise.resolve();
    expect(poker.fired.sort()).toEqual(['p1', 'p2']);
  });

  it('a released table is forgotten by its program and its timers stop; a new table is claimed through the cluster (or runs here)', async () => {
    const s = new ManualScheduler();
    const host = new TableHost(s);
    const poker = program('poker', ['p1']);
    host.register(poker);
    await host.recover();
    host.arm(poker, 'p1');
    await host.release('p1');
    expect(poker.released).toEqual(['p1']);
    expect(s.pending()).toEqual([]);
    expect(host.clustered).toBe(false);
    expect(await host.claim('p9')).toBe(true);
    const claim = vi.fn(async (t: string) => t === 'mine');
    host.bindOwnership({ claim });
    expect(host.clustered).toBe(true);
    expect(await host.claim('theirs')).toBe(false);
    expect(await host.claim('mine')).toBe(true);
  });

  it('one writer per table: changes of one table never interleave, other tables run meanwhile', async () => {
    const host = new TableHost(new ManualScheduler());
    const log: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const a1 = host.writers.run('t1', async () => (log.push('a1 start'), await gate, log.push('a1 end')));
    const a2 = host.writers.run('t1', async () => void log.push('a2'));
    const b = host.writers.run('t2', async () => void log.push('b'));
    await b;
    expect(log).toEqual(['a1 start', 'b']);
    release();
    await Promise.all([a1, a2]);
    expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
  });
});
