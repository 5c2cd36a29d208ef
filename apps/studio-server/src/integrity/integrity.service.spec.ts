import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { integrity } from '@felt/games';
import type { AlertsService, RaiseAlert } from '../alerts/alerts.service.js';
import { InMemoryUnitOfWork } from '../persistence/in-memory.uow.js';
import type { RoundFrame } from '../rounds/round.model.js';
import type { RoundsService } from '../rounds/rounds.service.js';
import type { TablesService } from '../tables/tables.service.js';
import { IntegrityService, SPIN_RESULT } from './integrity.service.js';

function harness(tables: { tableId: string; game: string }[]) {
  const uow = new InMemoryUnitOfWork();
  const frames = new Subject<RoundFrame>();
  const raised: RaiseAlert[] = [];
  const service = new IntegrityService(
    { frames$: frames } as unknown as RoundsService,
    { list: async () => tables } as unknown as TablesService,
    { raise: async (a: RaiseAlert) => void raised.push(a) } as unknown as AlertsService,
    uow,
  );
  let n = 0;
  const spin = async (tableId: string, number: number, wheel: string | null): Promise<void> => {
    n++;
    const roundId = `rnd_${n}`;
    const events = await uow.run((tx) => tx.events.append(roundId, tableId, 0, [{ type: SPIN_RESULT, at: n, payload: { number, spin: 1 } }], wheel === null ? `manual:${n}` : `dev:${wheel}:${n}`));
    frames.next({ tableId, roundId, game: 'roulette', events, state: {} as never, kernel: {} as never, previousPhase: 'spinning' });
  };
  return { uow, frames, raised, service, spin };
}

describe('the wheel-bias monitor in the server (issue 23 §1)', () => {
  it('reads each roulette table\'s history from the event log at boot, per wheel (the reporting device), and alarms on a biased one', async () => {
    const h = harness([{ tableId: 'tbl_rou', game: 'roulette' }, { tableId: 'tbl_bac', game: 'baccarat' }]);
    const biased = integrity.wheelSpins(4000, 37, 3, { pocket: 17, factor: 2 });
    const fair = integrity.wheelSpins(1000, 37, 4);
    for (const [i, s] of biased.entries()) await h.uow.run((tx) => tx.events.append(`r_b${i}`, 'tbl_rou', 0, [{ type: SPIN_RESULT, at: i, payload: { number: s } }], `dev:wheel-A:${i}`));
    for (const [i, s] of fair.entries()) await h.uow.run((tx) => tx.events.append(`r_f${i}`, 'tbl_rou', 0, [{ type: SPIN_RESULT, at: 5000 + i, payload: { number: s } }], `dev:wheel-B:${i}`));
    await h.service.onApplicationBootstrap();
    const reports = h.service.wheelReports();
    expect(reports.map((w) => w.wheelId)).toEqual(['wheel-A', 'wheel-B']); // most suspicious first
    expect(reports[0]!.report).toMatchObject({ spins: 4000, alarm: true });
    expect(reports[0]!.report.suspects).toContain(17);
    expect(reports[1]!.report).toMatchObject({ spins: 1000, alarm: false });
    expect(h.raised).toHaveLength(1);
    expect(h.raised[0]).toMatchObject({ code: 'WHEEL_BIAS_SUSPECTED', severity: 'warning', tableId: 'tbl_rou', subject: 'wheel-A' });
    expect(h.raised[0]!.message).toContain('17');
  });

  it('folds live results as they commit, evaluates every 100 spins, raises once per episode, and keeps manual results apart', async () => {
    const h = harness([{ tableId: 'tbl_rou', game: 'roulette' }]);
    await h.service.onApplicationBootstrap();
    expect(h.service.wheelReports()).toEqual([]);
    for (const s of integrity.wheelSpins(3000, 37, 8, { pocket: 5, factor: 2.5 })) await h.spin('tbl_rou', s, 'wheel-C');
    await h.spin('tbl_rou', 12, null);
    await new Promise((r) => setTimeout(r, 0));
    const c = h.service.wheel('wheel-C');
    expect(c?.report.alarm).toBe(true);
    expect(c?.report.suspects).toContain(5);
    expect(h.raised.filter((a) => a.subject === 'wheel-C')).toHaveLength(1);
    expect(h.service.wheel('manual:tbl_rou')?.report.spins).toBe(1);
    expect(h.service.wheel('nope')).toBeNull();
  });
});

describe('the shoe monitor in the server (issue 23 §2)', () => {
  it('folds shoe sessions per scanning device from the log at boot and live, and alarms once on shoes short of tens', async () => {
    const h = harness([{ tableId: 'tbl_bac', game: 'baccarat' }]);
    let r = 0;
    const session = async (cards: readonly string[], live: boolean): Promise<void> => {
      const roundId = `rnd_s${++r}`;
      const evs = [
        { type: 'ShoeAttached', at: r, payload: { shoe: { decks: 8, dealt: 0 } } },
        ...cards.map((card, i) => ({ type: 'CardRecorded', at: r, payload: { card, shoeIndex: i } })),
        { type: 'CutCardRecorded', at: r, payload: {} },
      ];
      // the shoe's device reports the cards; attaching a shoe is the dealer's command
      const a = await h.uow.run((tx) => tx.events.append(roundId, 'tbl_bac', 0, evs.slice(0, 1), 'cmd_attach'));
      const b = await h.uow.run((tx) => tx.events.append(roundId, 'tbl_bac', 1, evs.slice(1), `dev:shoe-7:${r}`));
      if (live) h.frames.next({ tableId: 'tbl_bac', roundId, game: 'baccarat', events: [...a, ...b], state: {} as never, kernel: {} as never, previousPhase: 'x' });
    };
    for (let i = 0; i < 3; i++) await session(integrity.shoeCards(8, 70 + i, { T: 16 }).slice(0, 312), false);
    await h.service.onApplicationBootstrap();
    // two finished sessions (the third is still the current one until the next fresh shoe)
    expect(h.service.shoeReports()).toMatchObject([{ shoeId: 'shoe-7', tableId: 'tbl_bac', sessions: 2, currentCards: 312 }]);
    for (let i = 3; i < 6; i++) await session(integrity.shoeCards(8, 70 + i, { T: 16 }).slice(0, 312), true);
    const [shoe] = h.service.shoeReports();
    expect(shoe!.report.alarm).toBe(true);
    expect(shoe!.report.suspects).toContain('T');
    expect(h.raised.filter((a) => a.code === 'SHOE_INTEGRITY_SUSPECTED')).toHaveLength(1);
    expect(h.raised[0]).toMatchObject({ subject: 'shoe-7', tableId: 'tbl_bac', severity: 'warning' });
  });
});
