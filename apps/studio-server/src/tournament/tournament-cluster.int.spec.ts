/**
 * One owner per tournament across instances (issue 24; docs/tournaments.md "Several instances"): two studio-server
 * instances on one PostgreSQL and one Redis, both with their tournament clocks running. Only the instance holding
 * the tournament's lease (its id: a table of the one host, in the cluster's one lease space) appends to its log; registrations reaching
 * the other instance are forwarded to the owner; the owner dies (no release) and the other takes the lease over,
 * folds the log and plays the tournament on to its end. Money conserved: every buy-in and fee posted once, the pool
 * paid out to 0, the ledger balanced.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { tournament as T } from '@felt-studio/games';
import { createTestDatabase, requireEnv, type TestDatabase } from '../../../../test/support/studio-server/test-database.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { idsFor, sleep, until } from '../../../../test/support/studio-server/cluster-wait.js';
import { createSitAndGo } from '../../../../test/support/studio-server/tournaments.js';
import { ClusterModule } from '../cluster/cluster.module.js';
import { TABLE_LEASES, type TableLeases } from '../cluster/table-lease.js';
import { TableOwnershipService } from '../cluster/table-ownership.service.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { TournamentModule } from './tournament.module.js';
import { TournamentService } from './tournament.service.js';

// Both instances share this process's event loop (a boot blocks it for seconds on a loaded machine): a TTL well above that.
const TTL = 5_000;
const ROUND_MS = 150;
const PLAYERS = 9;

describe('one owner per tournament across instances (issue 24)', () => {
  let db: TestDatabase;
  const apps: RoundsApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close().catch(() => undefined);
    await db?.drop();
  });

  it('only the lease holder advances the clock; writes at the other instance reach it; a takeover continues from the log to the end, money conserved', { timeout: 180_000 }, async () => {
    db = await createTestDatabase();
    const redisUrl = requireEnv('REDIS_URL');
    const keyPrefix = `felt-test:${process.pid}:${Date.now()}:lease:`;
    const busPrefix = `felt-test:${process.pid}:${Date.now()}:`;
    const boot = async (instanceId: string, releaseOnShutdown: boolean): Promise<RoundsApp> => {
      const a = await bootRoundsApp({
        config: { database: { kind: 'postgres', url: db.url }, settings: { tournamentRoundMs: ROUND_MS } },
        ids: idsFor(instanceId),
        imports: [TournamentModule, ClusterModule.forRoot({ redisUrl, keyPrefix, busPrefix, instanceId, leaseTtlMs: TTL, releaseOnShutdown })],
      });
      apps.push(a);
      return a;
    };
    const a = await boot('a', false);
    const b = await boot('b', true);
    await a.get(TableOwnershipService).tick();
    await b.get(TableOwnershipService).tick(); // both advertise their address (forwarding)

    // What each instance appends to the tournament's log (its commits), counted per instance.
    const appended = { a: 0, b: 0 };
    for (const [name, app] of [['a', a], ['b', b]] as const) {
      const svc = app.get(TournamentService) as unknown as { commit: (tid: string, live: unknown, events: readonly unknown[], postings?: unknown) => Promise<void> };
      const orig = svc.commit.bind(svc);
      vi.spyOn(svc, 'commit').mockImplementation(async (tid, live, events, postings) => {
        await orig(tid, live, events, postings);
        appended[name] += events.length;
      });
    }

    // Published on A: A claims its lease at once.
    const pit = a.token('pitboss1', 'pitboss');
    const tid = await createSitAndGo(a, pit, { name: 'Cluster SNG', buyInMinor: 500, feeMinor: 50, seatsPerTable: 3, minPlayers: PLAYERS, maxPlayers: PLAYERS, levelMs: 1_000 });
    const key = tid; // a tournament is a table of the one host: its lease is its id (issue 19 §2)
    const leases = a.get<TableLeases>(TABLE_LEASES);
    expect(await leases.owner(key)).toBe('a');
    // B learns of it in its next pass (the index caught up) but does not take it
    await b.get(TableOwnershipService).tick();
    expect((await b.get(TournamentService).lobby()).map((x) => x.tournamentId)).toContain(tid);
    expect(b.get(TableOwnershipService).ownedTables()).not.toContain(key);
    expect(a.get(TableOwnershipService).ownedTables()).toContain(key);

    // Registrations through B are forwarded to the owner (A decides them, on its clock).
    // tp1 is a person; the others robot accounts (`bot_…`), their entries robots' (TRN-ABSENT)
    const pid = (i: number): string => (i === 1 ? 'tp1' : `bot_tp${i}`);
    for (let i = 1; i <= PLAYERS; i++) await a.deposit(pid(i), 1_000);
    for (let i = 1; i <= PLAYERS; i++) {
      const via = i % 2 === 0 ? a : b;
      const r = await via.http('POST', `/tournaments/${tid}/entries`, via.token(pid(i), 'player'), { entryId: `ce${i}` });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    expect(appended.b).toBe(0);
    // the same entry again through the other instance: idempotent (the first answer), nothing posted twice
    const again = await b.http('POST', `/tournaments/${tid}/entries`, b.token(pid(2), 'player'), { entryId: 'ce2' });
    expect(again.body).toMatchObject({ entryId: 'ce2', duplicate: true });
    await until('the sit-and-go to start (full)', () => a.get(TournamentService).stateOf(tid)?.status === 'running');

    // TRN-PLAY through B: tp1 takes their seat, reads their table and acts — each forwarded to A, the owner
    const tok1 = b.token('tp1', 'player');
    expect((await b.http('POST', `/tournaments/${tid}/seat`, tok1, { sitting: true })).body).toMatchObject({ tournament: { sittingIn: true } });
    let acted: Record<string, unknown> | null = null;
    await until('tp1 to act on their turn through B', async () => {
      const f = (await b.http('GET', `/tournaments/${tid}/table`, tok1)).body as { hand?: { handId: string; toAct: number | null; legal: { canCheck: boolean } | null } | null; tournament?: { seat: number | null; playing: boolean } };
      if (f.tournament?.playing === false) throw new Error('tp1 busted before their first turn: raise the starting stack');
      if (!f.hand?.legal || f.hand.toAct !== f.tournament?.seat) return false;
      const r = await b.http('POST', `/tournaments/${tid}/actions`, tok1, { handId: f.hand.handId, action: f.hand.legal.canCheck ? 'check' : 'fold' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      acted = r.body;
      return true;
    }, 30_000);
    expect(acted).not.toBeNull();
    expect((await b.http('POST', `/tournaments/${tid}/seat`, tok1, { sitting: false })).body).toMatchObject({ tournament: { sittingIn: false } }); // away: folded on their turns (TRN-ABSENT)
    const byPlayer = (await a.get<UnitOfWork>(UNIT_OF_WORK).run((tx) => tx.events.load(`tournament:${tid}`))).filter((e) => e.type === 'hand-action' && (e.payload as { by: string }).by === 'player');
    expect(byPlayer.map((e) => (e.payload as { entryId: string }).entryId)).toEqual(['ce1']);
    expect(appended.b).toBe(0); // B decided nothing itself

    // Both timers run every 150 ms; only A appends. B's copy follows the log (caught up on read).
    await until('some hands on the owner', () => (a.get(TournamentService).stateOf(tid)?.handsPlayed ?? 0) >= 3);
    await sleep(1_000);
    expect(appended.b).toBe(0);
    expect(appended.a).toBeGreaterThan(PLAYERS + 3);
    const seenOnB = await b.http('GET', `/tournaments/${tid}`, b.token('tp1', 'player'));
    expect(seenOnB.body['status']).not.toBe('registering');

    // A dies mid-tournament (no release: its lease just runs out).
    const uow = b.get<UnitOfWork>(UNIT_OF_WORK);
    if (a.get(TournamentService).stateOf(tid)?.status !== 'running') throw new Error('the tournament ended before the takeover: raise the structure or the players');
    await a.close();
    apps.splice(apps.indexOf(a), 1);
    const atDeath = (await uow.run((tx) => tx.events.load(`tournament:${tid}`))).length;
    const ownerB = b.get(TableOwnershipService);
    await until('B to take the tournament over', async () => {
      await ownerB.tick();
      return ownerB.ownedTables().includes(key);
    }, 30_000);
    expect(await b.get<TableLeases>(TABLE_LEASES).owner(key)).toBe('b');
    // B continues from the log: its state is the fold of what A wrote, then its own steps
    await until('the tournament to end on B', () => b.get(TournamentService).stateOf(tid)?.status === 'finished', 120_000);
    const log = (await uow.run((tx) => tx.events.load(`tournament:${tid}`))).map((e) => e.payload as T.TournamentEvent);
    expect(log.length).toBeGreaterThan(atDeath);
    expect(appended.b).toBe(log.length - atDeath); // everything after the death is B's
    const seqs = (await uow.run((tx) => tx.events.load(`tournament:${tid}`))).map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1)); // one writer: no gap, no duplicate
    const replay = T.replayTournament(log);
    expect(replay.ok && replay.value.mismatches).toEqual([]); // chips conserved at every hand, the prizes the table's
    expect(replay.ok && replay.value.state).toEqual(b.get(TournamentService).stateOf(tid));

    // Money: each entry's buy-in and fee posted once, the pool paid out by the table, the pool account back to 0.
    const s = b.get(TournamentService).stateOf(tid)!;
    expect(s.entries).toHaveLength(PLAYERS);
    expect(s.payouts.reduce((x, p) => x + p.amountMinor, 0)).toBe(PLAYERS * 500);
    let players = 0;
    for (let i = 1; i <= PLAYERS; i++) players += await b.balance(pid(i));
    expect(players).toBe(PLAYERS * 1_000 - PLAYERS * 50); // only the fees left the players
    expect(await uow.run((tx) => tx.ledger.balance(`tournament:${tid}`, 'EUR'))).toBe(0);
    expect(await b.invariants()).toEqual([]);
    expect(Object.values(await uow.run((tx) => tx.ledger.totals())).every((x) => x === 0)).toBe(true);

    // over: the next pass gives the lease up
    await ownerB.tick();
    expect(ownerB.ownedTables()).not.toContain(key);
    expect(await b.get<TableLeases>(TABLE_LEASES).owner(key)).toBeNull();
  });
});
