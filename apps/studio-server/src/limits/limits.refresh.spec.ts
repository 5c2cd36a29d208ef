import { Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoundFrame, RoundsService } from '../rounds/rounds.service.js';
import { EMPTY_SETTINGS, selfExclude, type RgSettings } from './limits.rules.js';
import type { BetTrace, LimitsRepository } from './limits.repository.js';
import { LimitsService } from './limits.service.js';
import { LateBound, type PlayerPush } from '../shared/ports/late-bound.js';

/** The store shared by every instance: settings rows and the bet table (what another instance wrote). */
class SharedStore implements LimitsRepository {
  readonly settings = new Map<string, RgSettings>();
  readonly bets: BetTrace[] = [];
  async all(): Promise<Map<string, RgSettings>> {
    return new Map(this.settings);
  }
  async save(playerId: string, s: RgSettings): Promise<void> {
    this.settings.set(playerId, s);
  }
  async betsSince(since: number, players?: readonly string[]): Promise<BetTrace[]> {
    const only = players === undefined ? null : new Set(players);
    return this.bets.filter((b) => b.placedAt >= since && (only === null || only.has(b.playerId)));
  }
  async playersActiveSince(since: number): Promise<string[]> {
    return [...new Set(this.bets.filter((b) => b.placedAt >= since || (b.settledAt ?? -1) >= since).map((b) => b.playerId))];
  }
}

describe('RG usage and settings come from the store, not one process (issue 12 point 2)', () => {
  let svc: LimitsService | null = null;
  afterEach(() => svc?.onModuleDestroy());

  function instance(store: SharedStore, now: () => number): { svc: LimitsService; frames: Subject<RoundFrame> } {
    const frames = new Subject<RoundFrame>();
    const rounds = { frames$: frames, round: () => Promise.resolve(null) } as unknown as RoundsService;
    svc = new LimitsService(store, rounds, { now }, new LateBound<PlayerPush>());
    return { svc, frames };
  }

  it("a loss limit counts bets another instance accepted, and a limit or self-exclusion pushed through another instance applies here after a refresh", async () => {
    const store = new SharedStore();
    let t = Date.UTC(2026, 10, 25, 12);
    const { svc: a } = instance(store, () => t);
    store.settings.set('p1', { ...EMPTY_SETTINGS, limits: { loss: { day: 1_000 }, time: {} } });
    await a.onApplicationBootstrap();
    expect(a.refuse('p1', 900, t)).toBeNull();
    // another instance accepts a 600 stake of p1 and stores it
    t += 1_000;
    store.bets.push({ betId: 'b-other', playerId: 'p1', placedAt: t, stakeMinor: 600, returnMinor: null, settledAt: null, cancelled: false });
    t += 1_000;
    await a.refresh();
    expect(a.refuse('p1', 500, t)).toMatchObject({ code: 'RG_LOSS_LIMIT', ruleId: 'RG-2.9' });
    expect(a.refuse('p1', 400, t)).toBeNull();
    // it wins 1 200 back (settled there): the net loss falls
    store.bets[0] = { ...store.bets[0]!, returnMinor: 1_200, settledAt: t };
    t += 1_000;
    await a.refresh();
    expect(a.view('p1').usage.lossMinor.day).toBe(-600);
    // an operator pushes a self-exclusion through the other instance
    store.settings.set('p1', selfExclude(store.settings.get('p1')!, '1w', t));
    await a.refresh();
    expect(a.refuse('p1', 100, t)).toMatchObject({ code: 'RG_SELF_EXCLUDED' });
  });

  it('a bet this instance folded from its own frame is not lost when the store does not show it yet, and not counted twice once it does', async () => {
    const store = new SharedStore();
    let t = Date.UTC(2026, 10, 25, 12);
    const { svc: a, frames } = instance(store, () => t);
    store.settings.set('p2', { ...EMPTY_SETTINGS, limits: { loss: { day: 1_000 }, time: {} } });
    await a.onApplicationBootstrap();
    frames.next({ tableId: 'tbl', roundId: 'rnd', events: [{ type: 'BetAccepted', at: t, payload: { type: 'BetAccepted', at: t, bet: { betId: 'b-local', playerId: 'p2', stakeMinor: 700 } } }] } as unknown as RoundFrame);
    store.bets.push({ betId: 'b-x', playerId: 'p2', placedAt: t, stakeMinor: 100, returnMinor: null, settledAt: null, cancelled: false });
    t += 1_000;
    await a.refresh(); // the store shows b-x but not yet b-local
    expect(a.view('p2').usage.lossMinor.day).toBe(800);
    store.bets.push({ betId: 'b-local', playerId: 'p2', placedAt: t - 1_000, stakeMinor: 700, returnMinor: null, settledAt: null, cancelled: false });
    t += 1_000;
    await a.refresh();
    expect(a.view('p2').usage.lossMinor.day).toBe(800);
  });

  it("a refresh that merges another instance's later bet keeps the session running until that bet: a session time limit still refuses (RG-2.9)", async () => {
    const store = new SharedStore();
    const t0 = Date.UTC(2026, 10, 25, 12);
    let t = t0 - 1_000;
    const { svc: a, frames } = instance(store, () => t);
    store.settings.set('p3', { ...EMPTY_SETTINGS, limits: { loss: {}, time: { session: 20 } } });
    await a.onApplicationBootstrap();
    // p3 bets here at t0 (stored too) and 30 s later through another instance
    t = t0;
    frames.next({ tableId: 'tbl', roundId: 'rnd', events: [{ type: 'BetAccepted', at: t0, payload: { type: 'BetAccepted', at: t0, bet: { betId: 'b-here', playerId: 'p3', stakeMinor: 100 } } }] } as unknown as RoundFrame);
    store.bets.push({ betId: 'b-here', playerId: 'p3', placedAt: t0, stakeMinor: 100, returnMinor: null, settledAt: null, cancelled: false });
    store.bets.push({ betId: 'b-there', playerId: 'p3', placedAt: t0 + 30_000, stakeMinor: 100, returnMinor: null, settledAt: null, cancelled: false });
    t = t0 + 40_000;
    await a.refresh(); // the snapshot's bet times, then this instance's recent one (older than the snapshot's last)
    t = t0 + 20 * 60_000 + 10_000; // 19 min 40 s after the last bet: the session still runs, 20 min 10 s long
    expect(a.view('p3').usage.session).toEqual({ start: t0, last: t0 + 30_000 });
    expect(a.refuse('p3', 100, t)).toMatchObject({ code: 'RG_TIME_LIMIT', ruleId: 'RG-2.9', details: { period: 'session', limitMinutes: 20 } });
  });

  it('a refresh over 20 000 active players lets the loop read between slices, and a frame folded meanwhile is kept (the closing burst)', async () => {
    const store = new SharedStore();
    let t = Date.UTC(2026, 10, 25, 12);
    const { svc: a, frames } = instance(store, () => t);
    await a.onApplicationBootstrap();
    t += 1_000;
    for (let i = 0; i < 20_000; i++) store.bets.push({ betId: `b${i}`, playerId: `p${i}`, placedAt: t, stakeMinor: 100, returnMinor: null, settledAt: null, cancelled: false });
    t += 1_000;
    // the loop's turns while the refresh runs; in one of them a bet of p7 arrives (a frame this instance folds)
    let turns = 0;
    let running = true;
    const tick = (): void => {
      if (!running) return;
      turns++;
      if (turns === 2) frames.next({ tableId: 'tbl', roundId: 'rnd', events: [{ type: 'BetAccepted', at: t, payload: { type: 'BetAccepted', at: t, bet: { betId: 'b-mid', playerId: 'p7', stakeMinor: 300 } } }] } as unknown as RoundFrame);
      setImmediate(tick);
    };
    setImmediate(tick);
    await a.refresh();
    running = false;
    await a.settled();
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(a.view('p7').usage.lossMinor.day).toBe(400);
    expect(a.view('p19999').usage.lossMinor.day).toBe(100);
  });
});
