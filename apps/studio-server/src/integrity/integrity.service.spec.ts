import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createRng, integrity, type IntegritySpec } from '@felt-studio/games';
import type { AlertsService, RaiseAlert } from '../alerts/alerts.service.js';
import { InMemoryUnitOfWork } from '../persistence/in-memory.uow.js';
import type { RoundFrame } from '../rounds/round.model.js';
import type { RoundsService } from '../rounds/rounds.service.js';
import type { TablesService } from '../tables/tables.service.js';
import { IntegrityService } from './integrity.service.js';
import { integritySpecOf, type IntegritySpecOf } from './game-integrity.js';

/** Roulette's result event (ROU-4), as its definition declares it for the wheel monitors. */
const SPIN_RESULT = 'SpinResultRecorded';

function harness(tables: { tableId: string; game: string; name?: string }[], specOf: IntegritySpecOf = integritySpecOf) {
  const uow = new InMemoryUnitOfWork();
  const frames = new Subject<RoundFrame>();
  const raised: RaiseAlert[] = [];
  const service = new IntegrityService(
    { frames$: frames } as unknown as RoundsService,
    { list: async () => tables } as unknown as TablesService,
    { raise: async (a: RaiseAlert) => void raised.push(a) } as unknown as AlertsService,
    uow,
    specOf,
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

describe('the advantage-play monitor in the server (issue 23 §3)', () => {
  /** A blackjack table's log: fresh shoes, rounds opened at the count of the cards before them, the bettors' main bets, the cards. */
  async function playShoes(h: ReturnType<typeof harness>, tableId: string, shoes: number, seed: number, bettors: Record<string, integrity.SimBettor>, live: boolean, from = 0): Promise<void> {
    const rng = createRng(seed);
    let r = from * 1000;
    for (let s = from; s < from + shoes; s++) {
      const cards = integrity.shoeCards(8, seed * 100 + s);
      const count = new integrity.ShoeCount(8);
      let i = 0;
      const attach = await h.uow.run((tx) => tx.events.append(`rnd_${tableId}_a${s}`, tableId, 0, [{ type: 'ShoeAttached', at: 10 * r + 5, payload: { shoe: { decks: 8, dealt: 0 } } }], 'cmd_attach'));
      if (live) h.frames.next({ tableId, roundId: `rnd_${tableId}_a${s}`, game: 'blackjack', events: attach, state: {} as never, kernel: {} as never, previousPhase: 'x' });
      while (i < 208) {
        const roundId = `rnd_${tableId}_${++r}`;
        const state = { trueCount: count.trueCount, pairChance: count.pairChance, round: r, rng };
        const bets = Object.entries(bettors).flatMap(([playerId, bet], k) => {
          const stake = bet(state).stake;
          return stake > 0 ? [{ type: 'BetAccepted', at: 10 * r, payload: { bet: { betId: `${roundId}_${k}`, playerId, spot: `seat:${k + 1}`, stakeMinor: stake, acceptedAt: 10 * r, kind: 'main' } } }] : [];
        });
        const take = 12 + rng.int(9);
        const dealt = cards.slice(i, Math.min(i + take, cards.length));
        i += take;
        for (const c of dealt) count.see(c);
        // the command times order the log (every event here is recorded in the same millisecond)
        const evs = [{ type: 'RoundOpened', at: 10 * r, payload: { roundId, tableId } }, ...bets, ...dealt.map((card) => ({ type: 'CardRecorded', at: 10 * r + 1, payload: { card } }))];
        const stored = await h.uow.run((tx) => tx.events.append(roundId, tableId, 0, evs, `dev:shoe-bj:${r}`));
        if (live) h.frames.next({ tableId, roundId, game: 'blackjack', events: stored, state: {} as never, kernel: {} as never, previousPhase: 'x' });
      }
    }
  }

  it('reads the blackjack rounds from the log at boot and live, and alarms once on a 1–8 counter, not on a flat or a random bettor', async () => {
    const h = harness([{ tableId: 'tbl_bj', game: 'blackjack' }]);
    const bettors = { counter: integrity.simBettors.counter(), flat: integrity.simBettors.flat(), random: integrity.simBettors.random() };
    await playShoes(h, 'tbl_bj', 8, 5, bettors, false);
    await h.service.onApplicationBootstrap();
    const booted = h.service.playerReports();
    expect(booted.map((p) => p.playerId).sort()).toEqual(['counter', 'flat', 'random']);
    expect(booted.find((p) => p.playerId === 'flat')!.report).toMatchObject({ alarm: false, shoes: 8 });
    await playShoes(h, 'tbl_bj', 16, 6, bettors, true, 8);
    const [top, ...rest] = h.service.playerReports();
    expect(top).toMatchObject({ playerId: 'counter', tables: [{ tableId: 'tbl_bj', game: 'blackjack' }], report: { alarm: true } });
    expect(rest.map((p) => p.report.alarm)).toEqual([false, false]);
    const raised = h.raised.filter((a) => a.code === 'ADVANTAGE_PLAY_SUSPECTED');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ subject: 'counter', tableId: 'tbl_bj', severity: 'warning' });
    expect(raised[0]!.message).toContain('bet size rises with the true count');
  });
});

describe('the late-bettor monitor in the server (issue 23 §5)', () => {
  it('times each roulette bet against "no more bets", settles it on the result, and alarms once on a player whose last-second bets win too often', async () => {
    const h = harness([{ tableId: 'tbl_rou', game: 'roulette' }]);
    await h.service.onApplicationBootstrap();
    const rng = createRng(23);
    for (let i = 0; i < 150; i++) {
      const roundId = `rnd_late_${i}`;
      const closeAt = 100_000 * (i + 1);
      const result = rng.int(37);
      // 'eye' bets a straight-up 0.5 s before the close and is on the number one time in six (chance: one in 37)
      const eyeOn = rng.next() < 1 / 6 ? result : (result + 1 + rng.int(36)) % 37;
      const evs = [
        { type: 'RoundOpened', at: closeAt - 15_000, payload: { roundId, tableId: 'tbl_rou', profileId: 'european' } },
        { type: 'BetAccepted', at: closeAt - 9_000, payload: { bet: { betId: `${roundId}_f`, playerId: 'fair', spot: rng.next() < 0.5 ? 'red' : `straight:${rng.int(37)}`, stakeMinor: 100, acceptedAt: closeAt - 9_000, kind: 'red' } } },
        { type: 'BetAccepted', at: closeAt - 500, payload: { bet: { betId: `${roundId}_e`, playerId: 'eye', spot: `straight:${eyeOn}`, stakeMinor: 100, acceptedAt: closeAt - 500, kind: 'straight' } } },
        { type: 'BetAccepted', at: closeAt - 800, payload: { bet: { betId: `${roundId}_x`, playerId: 'late', spot: 'black', stakeMinor: 100, acceptedAt: closeAt - 800, kind: 'black' } } },
        { type: 'BettingClosed', at: closeAt, payload: { reason: 'deadline' } },
        { type: SPIN_RESULT, at: closeAt + 20_000, payload: { number: result, spin: 1 } },
      ];
      const stored = await h.uow.run((tx) => tx.events.append(roundId, 'tbl_rou', 0, evs, `dev:wheel-L:${i}`));
      h.frames.next({ tableId: 'tbl_rou', roundId, game: 'roulette', events: stored, state: {} as never, kernel: {} as never, previousPhase: 'x' });
    }
    await new Promise((r) => setTimeout(r, 0));
    const [top, ...rest] = h.service.lateBettors();
    expect(top).toMatchObject({ playerId: 'eye', tables: ['tbl_rou'], report: { bets: 150, late: 150, alarm: true } });
    expect(top!.report.lateWins).toBeGreaterThan(15);
    expect(rest.map((p) => [p.playerId, p.report.alarm]).sort()).toEqual([['fair', false], ['late', false]]);
    expect(rest.find((p) => p.playerId === 'fair')!.report.late).toBe(0);
    const raised = h.raised.filter((a) => a.code === 'LATE_BETTING_SUSPECTED');
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ subject: 'eye', tableId: 'tbl_rou', severity: 'warning' });
  });
});

describe('the shared-pattern monitor in the server (issue 23 §5)', () => {
  /** Simulated rounds (libs/games) as each table's events: a roulette table and a baccarat table, 20 fair players each and a group of 3 copying one signal at both. */
  const rounds = (rounds: number, seed: number) => {
    const tableOf: Record<string, string> = { 'table-0': 'tbl_rou', 'table-1': 'tbl_bac' };
    const byRound = new Map<string, integrity.PatternBet[]>();
    for (const b of integrity.simulatePatternBets({ tables: 2, rounds, playersPerTable: 20, seed, group: { size: 3, tables: 2, spreadMs: 200, presence: 0.9 } })) byRound.set(b.roundId, [...(byRound.get(b.roundId) ?? []), b]);
    return [...byRound.entries()].map(([roundId, bets]) => {
      const tableId = tableOf[bets[0]!.tableId]!;
      const closeAt = bets[0]!.acceptedAt + bets[0]!.msBeforeClose;
      const events = [
        { type: 'RoundOpened', at: closeAt - 15_000, payload: { roundId, tableId } },
        ...bets.map((b, i) => ({ type: 'BetAccepted', at: b.acceptedAt, payload: { bet: { betId: `${roundId}_${i}`, playerId: b.playerId, spot: b.spot, stakeMinor: b.amount, acceptedAt: b.acceptedAt } } })),
        { type: 'BettingClosed', at: closeAt, payload: { reason: 'deadline' } },
      ];
      return { roundId, tableId, game: tableId === 'tbl_rou' ? 'roulette' : 'baccarat', events };
    });
  };
  const tables = [{ tableId: 'tbl_rou', game: 'roulette', name: 'Roulette 1' }, { tableId: 'tbl_bac', game: 'baccarat', name: 'Baccarat 1' }];

  it('live: a group of 3 betting one spot within 200 ms at a wheel and a card table raises BET_PATTERN_SHARED once for the group, not every evaluation; fair players none', async () => {
    const h = harness(tables);
    await h.service.onApplicationBootstrap();
    const fold = async (list: ReturnType<typeof rounds>) => {
      for (const r of list) {
        const stored = await h.uow.run((tx) => tx.events.append(r.roundId, r.tableId, 0, r.events, 'cmd'));
        h.frames.next({ tableId: r.tableId, roundId: r.roundId, game: r.game, events: stored, state: {} as never, kernel: {} as never, previousPhase: 'x' });
      }
    };
    const all = rounds(100, 7);
    await fold(all.slice(0, 100));
    await new Promise((r) => setTimeout(r, 0));
    const raised = () => h.raised.filter((a) => a.code === 'BET_PATTERN_SHARED');
    const first = raised().length;
    expect(first).toBeGreaterThanOrEqual(1);
    await fold(all.slice(100));
    await new Promise((r) => setTimeout(r, 0));
    // four more evaluations: no new alert for the same group
    expect(raised()).toHaveLength(first);
    expect(raised().at(-1)).toMatchObject({ subject: 'grp1,grp2,grp3', severity: 'warning' });
    expect(raised().every((a) => a.subject!.split(',').every((p) => p.startsWith('grp')))).toBe(true);
    // the tables by their names, as the pit knows them, not by their ids (issue 20, the second screenshot review)
    expect(raised()[0]!.message).toMatch(/ at (Roulette 1|Baccarat 1), (Roulette 1|Baccarat 1)\b/);
    expect(raised()[0]!.message).not.toContain('tbl_');
    const { evaluatedAt, report } = h.service.betPatterns();
    expect(evaluatedAt).not.toBeNull();
    expect(report.groups.map((g) => g.players)).toEqual([['grp1', 'grp2', 'grp3']]);
    expect(report).toMatchObject({ rounds: 200, alarm: true });
  });

  it('at boot: reads each table\'s recent rounds and bets from the log and evaluates them together', async () => {
    const h = harness(tables);
    for (const r of rounds(30, 8)) await h.uow.run((tx) => tx.events.append(r.roundId, r.tableId, 0, r.events, 'cmd'));
    await h.service.onApplicationBootstrap();
    expect(h.service.betPatterns().report).toMatchObject({ rounds: 60, alarm: true });
    expect(h.raised.filter((a) => a.code === 'BET_PATTERN_SHARED').map((a) => a.subject)).toEqual(['grp1,grp2,grp3']);
  });
});

describe('the monitors come from the game definitions, not from game names (issue 19 §4)', () => {
  it('each shoe game, each wheel and each counted shoe is declared by the game itself (libs/games `integrity`)', () => {
    expect(integritySpecOf('roulette')?.wheel).toMatchObject({ resultEvent: 'SpinResultRecorded', pockets: 37 });
    expect(integritySpecOf('roulette')?.wheel?.coverage('red', 'european')?.size).toBe(18);
    expect(integritySpecOf('blackjack')?.shoe?.count?.mainKinds).toEqual(['main']);
    expect(integritySpecOf('baccarat')?.shoe?.count?.sideKinds).toEqual(['player-pair', 'banker-pair']);
    // the card duels carry a shoe (composition, repeats, the cut card) but follow no count
    for (const game of ['dragon-tiger', 'football-studio']) expect(integritySpecOf(game)).toEqual({ shoe: {} });
    // a fresh deck per round (or dice, or a money wheel with no pocket test) is no integrity subject yet
    for (const game of ['sicbo', 'money-wheel', 'lucky-dice', 'andar-bahar']) expect(integritySpecOf(game)).toBeNull();
  });

  it('a non-baccarat card game gets the shoe monitor from its manifest: a Dragon Tiger shoe short of tens is flagged', async () => {
    const h = harness([{ tableId: 'tbl_dt', game: 'dragon-tiger' }]);
    await h.service.onApplicationBootstrap();
    for (let r = 1; r <= 6; r++) {
      const roundId = `rnd_dt${r}`;
      const cards = integrity.shoeCards(8, 170 + r, { T: 16 }).slice(0, 312);
      const a = await h.uow.run((tx) => tx.events.append(roundId, 'tbl_dt', 0, [{ type: 'ShoeAttached', at: r, payload: { shoe: { decks: 8, dealt: 0 } } }], 'cmd_attach'));
      const b = await h.uow.run((tx) => tx.events.append(roundId, 'tbl_dt', 1, cards.map((card, i) => ({ type: 'CardRecorded', at: r, payload: { card, shoeIndex: i } })), `dev:shoe-dt:${r}`));
      h.frames.next({ tableId: 'tbl_dt', roundId, game: 'dragon-tiger', events: [...a, ...b], state: {} as never, kernel: {} as never, previousPhase: 'x' });
    }
    const [shoe] = h.service.shoeReports();
    expect(shoe).toMatchObject({ shoeId: 'shoe-dt', tableId: 'tbl_dt', sessions: 5, report: { alarm: true } });
    expect(h.raised.filter((a) => a.code === 'SHOE_INTEGRITY_SUSPECTED')).toHaveLength(1);
    // no count is followed at Dragon Tiger (its definition declares none): no advantage-play report
    expect(h.service.playerReports()).toEqual([]);
  });

  it('a non-roulette wheel game gets the wheel-bias and late-bettor monitors from its definition: a 12-pocket prize wheel with its own result event', async () => {
    const order = [0, 7, 2, 9, 4, 11, 6, 1, 8, 3, 10, 5];
    const prize: IntegritySpec = {
      wheel: { resultEvent: 'PrizeLanded', pockets: 12, order, coverage: (spot) => (/^p(\d+)$/.test(spot) ? new Set([Number(spot.slice(1))]) : null) },
    };
    const specOf: IntegritySpecOf = (game) => (game === 'prize-wheel' ? prize : integritySpecOf(game));
    const h = harness([{ tableId: 'tbl_pw', game: 'prize-wheel' }], specOf);
    await h.service.onApplicationBootstrap();
    const rng = createRng(12);
    for (let i = 0; i < 400; i++) {
      const roundId = `rnd_pw${i}`;
      const closeAt = 100_000 * (i + 1);
      // pocket 7 lands three times as often as it should; 'eye' bets on the landing pocket in the last second one time in three
      const landed = rng.next() < 3 / 14 ? 7 : rng.int(12);
      const eyeOn = rng.next() < 1 / 3 ? landed : (landed + 1 + rng.int(11)) % 12;
      const evs = [
        { type: 'RoundOpened', at: closeAt - 15_000, payload: { roundId, tableId: 'tbl_pw' } },
        { type: 'BetAccepted', at: closeAt - 400, payload: { bet: { betId: `${roundId}_e`, playerId: 'eye', spot: `p${eyeOn}`, stakeMinor: 100, acceptedAt: closeAt - 400, kind: 'pocket' } } },
        { type: 'BettingClosed', at: closeAt, payload: { reason: 'deadline' } },
        { type: 'PrizeLanded', at: closeAt + 10_000, payload: { number: landed } },
      ];
      const stored = await h.uow.run((tx) => tx.events.append(roundId, 'tbl_pw', 0, evs, `dev:prize-1:${i}`));
      h.frames.next({ tableId: 'tbl_pw', roundId, game: 'prize-wheel', events: stored, state: {} as never, kernel: {} as never, previousPhase: 'x' });
    }
    await new Promise((r) => setTimeout(r, 0));
    const w = h.service.wheel('prize-1');
    expect(w?.report.frequencies).toHaveLength(12);
    expect(w?.report).toMatchObject({ spins: 400, alarm: true });
    expect(w?.report.suspects).toContain(7);
    expect(h.raised.filter((a) => a.code === 'WHEEL_BIAS_SUSPECTED')).toMatchObject([{ subject: 'prize-1', tableId: 'tbl_pw' }]);
    const [eye] = h.service.lateBettors();
    expect(eye).toMatchObject({ playerId: 'eye', tables: ['tbl_pw'], report: { bets: 400, alarm: true } });
    expect(eye!.report.lateExpected).toBeCloseTo(400 / 12, 5);
  });
});
