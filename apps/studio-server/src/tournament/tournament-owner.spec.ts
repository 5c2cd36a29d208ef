import { afterAll, describe, expect, it } from 'vitest';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { createSitAndGo } from '../../../../test/support/studio-server/tournaments.js';
import { ClusterModule } from '../cluster/cluster.module.js';
import { TABLE_LEASES, type TableLeases } from '../cluster/table-lease.js';
import { TableOwnershipService } from '../cluster/table-ownership.service.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { TournamentModule } from './tournament.module.js';
import { TournamentService } from './tournament.service.js';

/**
 * Issue 24, one owner per tournament (docs/tournaments.md "Several instances"), on the in-process leases: the
 * creator holds the tournament's lease; while another instance holds it this one advances nothing (a full sit-and-go
 * does not start here) but a registration that reaches it unforwarded is applied safely (decided on the log caught
 * up, seq-checked); when the lease is free again the next pass takes it and the clock runs here.
 */
describe('a tournament is advanced by its lease holder only (issue 24)', () => {
  let h: RoundsApp | null = null;
  afterAll(async () => {
    await h?.close();
  });

  it('the creator owns it; under another owner no step here, writes still safe; free again, taken and started', async () => {
    h = await bootRoundsApp({ imports: [TournamentModule, ClusterModule.forRoot({ redisUrl: null, instanceId: 'me', leaseTtlMs: 60_000 })], config: { settings: { tournamentRoundMs: 0 } } });
    const app = h;
    const svc = app.get(TournamentService);
    const own = app.get(TableOwnershipService);
    const leases = app.get<TableLeases>(TABLE_LEASES);
    const tid = await createSitAndGo(app, app.token('pb1', 'pitboss'), { name: 'Owned SNG', buyInMinor: 500, feeMinor: 50, seatsPerTable: 3, minPlayers: 3, maxPlayers: 3, levelMs: 60_000 });
    const key = tid; // a tournament is a table of the one host: its lease is its id (issue 19 §2)
    expect(own.ownedTables()).toContain(key);
    expect(svc.owns(tid)).toBe(true);

    // another instance holds the lease now: this one loses it at its next pass
    await leases.release(key, 'me');
    expect(await leases.acquire(key, 'other', 60_000)).toBe(true);
    await own.tick();
    expect(own.ownedTables()).not.toContain(key);
    expect(svc.owns(tid)).toBe(false);

    for (let i = 1; i <= 3; i++) {
      await app.deposit(`op${i}`, 1_000);
      const r = await app.http('POST', `/tournaments/${tid}/entries`, app.token(`op${i}`, 'player'), { entryId: `oe${i}` });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    await svc.stepAll();
    expect(svc.stateOf(tid)?.status).toBe('registering'); // full, but starting it is the owner's
    const log = await app.get<UnitOfWork>(UNIT_OF_WORK).run((tx) => tx.events.load(`tournament:${tid}`));
    expect(log.map((e) => e.type)).toEqual(['created', 'registered', 'registered', 'registered']);
    expect(await app.balance('op1')).toBe(450);

    // the other owner is gone and its lease free: the next pass takes it, folds the log, and the clock runs here
    await leases.release(key, 'other');
    await own.tick();
    expect(own.ownedTables()).toContain(key);
    await svc.stepAll();
    expect(svc.stateOf(tid)?.status).toBe('running');
    expect(svc.stateOf(tid)?.entries).toHaveLength(3);
  });
});
