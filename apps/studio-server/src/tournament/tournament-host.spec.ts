import { tournament as T } from '@felt-studio/games';
import { afterAll, describe, expect, it } from 'vitest';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { until } from '../../../../test/support/studio-server/cluster-wait.js';
import { createSitAndGo } from '../../../../test/support/studio-server/tournaments.js';
import { TABLE_HOST, type TableHost } from '../shared/host/table-host.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { TournamentModule } from './tournament.module.js';
import { TournamentService } from './tournament.service.js';

const ROUND_MS = 25;

/**
 * Issue 24 ("tournaments build on the one table host; do not grow the second stack") and issue 19 §2: a tournament is a
 * table program of the one host — its clock is the host's deadline scheduler (no timer of its own), its writes go
 * through the host's writer, it is recovered by the host's recovery and given up by the host's release. Nothing here
 * calls `step`: every hand is dealt because the host fired the tournament's deadline.
 */
describe('a tournament runs on the one table host (issue 24, issue 19 §2)', () => {
  let h: RoundsApp | null = null;
  afterAll(async () => {
    await h?.close();
  });

  it('the host’s scheduler steps it; released it stands still; recovered it carries on from its log to the end, money conserved', { timeout: 120_000 }, async () => {
    h = await bootRoundsApp({ imports: [TournamentModule], config: { settings: { tournamentRoundMs: ROUND_MS } } });
    const app = h;
    const host = app.get<TableHost>(TABLE_HOST);
    const svc = app.get(TournamentService);
    expect(host.list().map((p) => p.kind)).toEqual(expect.arrayContaining(['tournament']));

    const tid = await createSitAndGo(app, app.token('pb1', 'pitboss'), { name: 'Host SNG', buyInMinor: 500, feeMinor: 50, seatsPerTable: 3, minPlayers: 6, maxPlayers: 6, levelMs: 400 });
    expect((await host.programOf(tid))?.kind).toBe('tournament');
    expect(await svc.tables()).toContain(tid); // needs an owner: the host's one lease space lists it
    // six robots on two tables: many hands to its end (three could bust in the first two hands, before the release below)
    for (let i = 1; i <= 6; i++) {
      await app.deposit(`bot_h${i}`, 1_000); // robot accounts: robot entries (TRN-ABSENT)
      expect((await app.http('POST', `/tournaments/${tid}/entries`, app.token(`bot_h${i}`, 'player'), { entryId: `he${i}` })).status).toBe(201);
    }
    // full: it started, and the host's deadlines deal the hands (nothing here steps it)
    await until('a hand dealt by the host', () => (svc.stateOf(tid)?.handsPlayed ?? 0) >= 1, 20_000);
    expect(svc.deadlines(tid)).toHaveLength(1);

    // the lease lost (host.release, as the ownership pass does): no deadline, nothing advances
    await host.release(tid);
    // one step may have been inside the writer when the release came: let it land, then nothing more
    await host.writers.run(tid, () => Promise.resolve());
    const frozen = svc.stateOf(tid) as T.TournamentState;
    if (frozen.status === 'finished') throw new Error('the sit-and-go ended before the release: lengthen the levels');
    await new Promise((r) => setTimeout(r, 20 * ROUND_MS));
    expect(svc.stateOf(tid)).toBe(frozen);

    // recovered (boot, or the lease won back): folded from the log and the clock armed again, to the end
    await host.recover(tid);
    expect(svc.stateOf(tid)).toEqual(frozen);
    await until('the sit-and-go to end on the host’s clock', () => svc.stateOf(tid)?.status === 'finished', 90_000);
    expect(svc.deadlines(tid)).toEqual([]); // over: no clock
    expect(await svc.tables()).not.toContain(tid); // over: no owner wanted (the ownership pass gives its lease up)

    const s = svc.stateOf(tid) as T.TournamentState;
    expect(s.payouts.reduce((a, p) => a + p.amountMinor, 0)).toBe(3_000);
    const log = (await app.get<UnitOfWork>(UNIT_OF_WORK).run((tx) => tx.events.load(`tournament:${tid}`))).map((e) => e.payload as T.TournamentEvent);
    const replay = T.replayTournament(log);
    expect(replay.ok && replay.value.mismatches).toEqual([]);
    let held = 0;
    for (let i = 1; i <= 6; i++) held += await app.balance(`bot_h${i}`);
    expect(held).toBe(6 * 1_000 - 6 * 50);
    expect(await app.invariants()).toEqual([]);
  });
});
