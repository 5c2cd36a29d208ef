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
