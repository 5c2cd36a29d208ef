import { tournament as T } from '@felt-studio/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { AuditService } from '../audit/audit.service.js';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { TableHost } from '../shared/host/table-host.js';
import { ManualScheduler } from '../shared/host/scheduler.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { TournamentModule } from './tournament.module.js';
import { TournamentService } from './tournament.service.js';

class TestClock implements Clock {
  t = Date.UTC(2026, 10, 28, 18, 0, 0);
  now(): number {
    return this.t;
  }
}

const LEVEL_MS = 60_000;
const DEPOSIT = 5_000;

/**
 * Issue 24 "Tournaments" (docs/tournaments.md): a 30-player scheduled tournament with robots runs to its end on
 * an injected clock — registration through the wallet, levels on the server clock, a pause and added time by
 * the pit boss (audited), a restart in the middle (a fresh service folds the log and carries on), tables
 * balanced and broken, the prize pool paid by the published table; money conserved and the ledger balanced.
 */
describe('poker tournaments on the server (issue 24)', () => {
  let h: RoundsApp;
  const clock = new TestClock();
  const uow = (): UnitOfWork => h.get<UnitOfWork>(UNIT_OF_WORK);
  const account = (a: string) => uow().run((tx) => tx.ledger.balance(a, 'EUR'));
  const pit = () => h.token('pb1', 'pitboss');
  const terms = (over: Record<string, unknown> = {}) => ({
    name: 'Friday 30', kind: 'scheduled', currency: 'EUR', buyInMinor: 1_000, feeMinor: 100, startingStack: 1_500, seatsPerTable: 9, minPlayers: 2, maxPlayers: 30,
    startsAt: clock.t + 60_000, structure: T.turboStructure(LEVEL_MS), lateRegistrationLevels: 0, reEntry: null, ...over,
  });

  beforeAll(async () => {
    h = await bootRoundsApp({ clock, imports: [TournamentModule], config: { settings: { tournamentRoundMs: 0 } } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('a 30-player tournament with robots runs to its end: levels on the server clock, pause, restart, balancing, payouts by the table, money conserved', async () => {
    const created = await h.http('POST', '/tournaments', pit(), terms());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tid = String(created.body['tournamentId']);
    // only staff publish
    expect((await h.http('POST', '/tournaments', h.token('p1', 'player'), terms())).status).toBe(403);
    // unknown fields and bad terms are refused
    expect((await h.http('POST', '/tournaments', pit(), { ...terms(), ante: 5 })).body).toMatchObject({ code: 'INVALID_INPUT' });
    expect((await h.http('POST', '/tournaments', pit(), terms({ payoutTable: [{ minEntries: 2, maxEntries: 100, basisPoints: [9_000] }] }))).body).toMatchObject({ code: 'TOURNAMENT_INVALID_DEF', ruleId: 'TRN-DEF' });

    const players = Array.from({ length: 30 }, (_, i) => `bot_tp${i + 1}`); // robot accounts: robot entries (TRN-ABSENT)
    for (const p of players) await h.deposit(p, DEPOSIT);
    // a player who cannot pay: refused, nothing posted
    await h.deposit('poor', 500);
    const poor = await h.http('POST', `/tournaments/${tid}/entries`, h.token('poor', 'player'), { entryId: 'ent_poor' });
    expect(poor.body).toMatchObject({ code: 'TOURNAMENT_INSUFFICIENT_FUNDS', ruleId: 'GEN-4' });
    expect(await h.balance('poor')).toBe(500);
    for (const p of players) {
      const r = await h.http('POST', `/tournaments/${tid}/entries`, h.token(p, 'player'), { entryId: `ent_${p}` });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    // the same entry again answers the first (idempotent), a second entry is refused
    expect((await h.http('POST', `/tournaments/${tid}/entries`, h.token('bot_tp1', 'player'), { entryId: 'ent_bot_tp1' })).body).toMatchObject({ duplicate: true });
    expect((await h.http('POST', `/tournaments/${tid}/entries`, h.token('bot_tp1', 'player'), { entryId: 'ent_bot_tp1b' })).body).toMatchObject({ code: 'TOURNAMENT_ALREADY_REGISTERED' });
    expect(await account(`tournament:${tid}`)).toBe(30_000);
    expect(await h.balance('bot_tp1')).toBe(DEPOSIT - 1_100);

    const app = h.get(TournamentService);
    let svc = app;
    let freshRounds = 0;
    await svc.step(tid);
    expect(svc.stateOf(tid)?.status).toBe('registering'); // not yet time
    clock.t += 60_000;
    await svc.step(tid);
    let s = svc.stateOf(tid) as T.TournamentState;
    expect(s.status).toBe('running');
    expect(s.tables).toHaveLength(4);
    expect((await h.http('POST', `/tournaments/${tid}/entries`, h.token('late', 'player'), { entryId: 'ent_late' })).body).toMatchObject({ code: 'TOURNAMENT_REGISTRATION_CLOSED', ruleId: 'TRN-LATE' });

    let paused = false;
    let restarted = false;
    for (let i = 0; i < 5_000 && s.status !== 'finished'; i++) {
      clock.t += 5_000;
      await svc.step(tid);
      s = svc.stateOf(tid) as T.TournamentState;
      // (after a few steps, not at a given level: the deal's seed is random, and a fast field can finish within level 1)
      if (!paused && i >= 3 && s.status === 'running') {
        paused = true;
        // S1-PAUSE: the pit boss pauses (audited); the clock stops, no hands are dealt; time is added; resumed
        expect((await h.http('POST', `/tournaments/${tid}/control`, h.token('bot_tp1', 'player'), { action: 'pause', reason: 'x' })).status).toBe(403);
        const p = await h.http('POST', `/tournaments/${tid}/control`, pit(), { action: 'pause', reason: 'shoe fault at table 2' });
        expect(p.body).toMatchObject({ status: 'paused' });
        const hands = svc.stateOf(tid)?.handsPlayed;
        clock.t += 10 * LEVEL_MS;
        await svc.step(tid);
        expect(svc.stateOf(tid)?.handsPlayed).toBe(hands);
        expect(svc.stateOf(tid)?.level).toBe(s.level);
        expect((await h.http('POST', `/tournaments/${tid}/control`, pit(), { action: 'add-time', ms: 30_000, reason: 'make up for the fault' })).status).toBe(201);
        const left = svc.stateOf(tid)?.pausedRemainingMs as number;
        const r = await h.http('POST', `/tournaments/${tid}/control`, pit(), { action: 'resume', reason: 'shoe replaced' });
        expect(r.body).toMatchObject({ status: 'running', level: { endsAt: clock.t + left } });
        const audit = await h.get(AuditService).list(50);
        expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['tournament.pause', 'tournament.add-time', 'tournament.resume']));
      }
      if (svc !== app && ++freshRounds === 20) {
        // the app's own service restarts too: it drops its memory and folds the logs the fresh one wrote
        await app.restart();
        expect(app.stateOf(tid)).toEqual(s);
        svc = app;
      }
      if (paused && !restarted && T.playing(s).length < 25) {
        restarted = true;
        // a restart: a fresh service (new memory) over the same store folds the log back to the same tournament and the clock resumes
        const fresh = new TournamentService(uow(), h.get<Clock>(CLOCK), h.get<Ids>(IDS), h.get(AuditService), new TableHost(new ManualScheduler()), null, null);
        await fresh.ensureLoaded();
        expect(fresh.stateOf(tid)).toEqual(svc.stateOf(tid));
        svc = fresh;
      }
    }
    expect(paused && restarted).toBe(true);
    if (svc !== app) {
      // the routes are served by the app's own service: it folds what the fresh one wrote (one service per process in production)
      await app.restart();
      expect(app.stateOf(tid)).toEqual(s);
    }
    expect(s.status).toBe('finished');
    expect(s.tables).toHaveLength(1);

    // TRN-PAY: the whole pool is paid by the published table; the pool account is empty
    const prizes = T.prizesFor(T.STANDARD_PAYOUTS, 30, 30_000);
    expect(s.payouts.reduce((a, p) => a + p.amountMinor, 0)).toBe(30_000);
    expect(s.payouts.find((p) => p.place === 1 && p.placeTo === 1)?.amountMinor ?? 0).toBeGreaterThanOrEqual(prizes[0] as number);
    expect(await account(`tournament:${tid}`)).toBe(0);
    // money conserved: what the players hold + the fees = what they deposited; the ledger balanced
    const held = (await Promise.all(players.map((p) => h.balance(p)))).reduce((a, b) => a + b, 0);
    expect(held).toBe(30 * DEPOSIT - 30 * 100);
    for (const p of s.payouts) expect(await h.balance(p.playerId)).toBe(DEPOSIT - 1_100 + s.payouts.filter((x) => x.playerId === p.playerId).reduce((a, x) => a + x.amountMinor, 0));
    expect(await h.invariants()).toEqual([]);

    // the player's view: their own entry, no other player's id; the pit boss sees every entry
    const winner = s.payouts.find((p) => p.place === 1)?.playerId as string;
    const pv = await h.http('GET', `/tournaments/${tid}`, h.token(winner, 'player'));
    expect(pv.body['entriesView']).toEqual([expect.objectContaining({ status: 'won' })]);
    const seen = JSON.stringify(pv.body);
    for (const other of players.filter((p) => p !== winner)) expect(seen).not.toMatch(new RegExp(`[":_]${other}"`));
    expect((pv.body['payouts'] as { mine: boolean; place: number }[]).find((p) => p.mine)?.place).toBe(1);
    const sv = await h.http('GET', `/tournaments/${tid}`, pit());
    expect(sv.body['entriesView']).toHaveLength(30);
    // the lobby
    const lobby = await h.http('GET', '/tournaments', h.token('tp3', 'player'));
    expect(lobby.body).toEqual(expect.arrayContaining([expect.objectContaining({ tournamentId: tid, status: 'finished', entries: 30, remaining: 0 })]));
    // the log (staff) folds to the same tournament: what `felt tournament` replays
    expect((await h.http('GET', `/tournaments/${tid}/log`, h.token('tp3', 'player'))).status).toBe(403);
    const log = await h.http('GET', `/tournaments/${tid}/log`, pit());
    expect(T.foldEvents(log.body['events'] as T.TournamentEvent[])).toEqual(s);
  }, 60_000);

  it('cancel by the pit boss: before the start every buy-in and fee back; after it S1-FAIL-MTT (fees back to the remaining, the pool shared); audited; ledger balanced', async () => {
    const a = String((await h.http('POST', '/tournaments', pit(), terms({ name: 'Cancelled early' }))).body['tournamentId']);
    for (const p of ['c1', 'c2', 'c3']) {
      await h.deposit(p, 2_000);
      expect((await h.http('POST', `/tournaments/${a}/entries`, h.token(p, 'player'), { entryId: `ent_a_${p}` })).status).toBe(201);
    }
    expect((await h.http('POST', `/tournaments/${a}/control`, pit(), { action: 'cancel', reason: '' })).body).toMatchObject({ code: 'INVALID_INPUT' });
    const c = await h.http('POST', `/tournaments/${a}/control`, pit(), { action: 'cancel', reason: 'no dealers tonight' });
    expect(c.body).toMatchObject({ status: 'cancelled', endReason: 'no dealers tonight' });
    for (const p of ['c1', 'c2', 'c3']) expect(await h.balance(p)).toBe(2_000);
    expect(await account(`tournament:${a}`)).toBe(0);

    // a running multi-table tournament: S1-FAIL-MTT
    const b = String((await h.http('POST', '/tournaments', pit(), terms({ name: 'Fails', startsAt: clock.t + 1_000 }))).body['tournamentId']);
    const ps = Array.from({ length: 20 }, (_, i) => `f${i}`);
    for (const p of ps) {
      await h.deposit(p, 2_000);
      await h.http('POST', `/tournaments/${b}/entries`, h.token(p, 'player'), { entryId: `ent_b_${p}` });
    }
    const svc = h.get(TournamentService);
    clock.t += 1_000;
    for (let i = 0; i < 3; i++) {
      clock.t += 5_000;
      await svc.step(b);
    }
    const before = svc.stateOf(b) as T.TournamentState;
    expect(before.status).toBe('running');
    const x = await h.http('POST', `/tournaments/${b}/control`, pit(), { action: 'cancel', reason: 'system failure' });
    expect(x.status, JSON.stringify(x.body)).toBe(201);
    const after = svc.stateOf(b) as T.TournamentState;
    const rule = (after.payouts[0] as T.Payout).rule;
    expect(['S1-FAIL-MTT-A', 'S1-FAIL-MTT-B']).toContain(rule);
    expect(after.payouts.filter((p) => p.kind === 'fee-refund')).toHaveLength(T.playing(before).length);
    expect(await account(`tournament:${b}`)).toBe(0);
    expect((await Promise.all(ps.map((p) => h.balance(p)))).reduce((s, v) => s + v, 0)).toBe(20 * 2_000 - (20 - T.playing(before).length) * 100);
    const audit = await h.get(AuditService).list(200);
    expect(audit.filter((r) => r.action === 'tournament.cancel').map((r) => r.reason)).toEqual(expect.arrayContaining(['no dealers tonight', 'system failure']));
    expect(await h.invariants()).toEqual([]);
  }, 30_000);
});
