import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tournament as T } from '@felt-studio/games';
import { afterAll, describe, expect, it } from 'vitest';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { createSitAndGo } from '../../../../test/support/studio-server/tournaments.js';
import { TournamentModule } from './tournament.module.js';
import { TournamentService } from './tournament.service.js';

class TestClock {
  t = Date.UTC(2026, 10, 28, 21, 0, 0);
  now(): number {
    return this.t;
  }
}

/** Issue 24 "levels on the server's clock (surviving restarts)": the same tournament across a real server restart on PGlite (SQL, jsonb events). */
describe('a tournament survives a server restart (PGlite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'felt-trn-'));
  const clock = new TestClock();
  const boot = (): Promise<RoundsApp> => bootRoundsApp({ clock, imports: [TournamentModule], config: { database: { kind: 'pglite', dataDir: dir }, settings: { tournamentRoundMs: 0 } } });
  let h: RoundsApp | null = null;
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a sit-and-go half played, the server stopped and started again: the same state, the level clock where it was, then played to its end with the ledger balanced', async () => {
    h = await boot();
    const pit = h.token('pb1', 'pitboss');
    const tid = await createSitAndGo(h, pit, { name: 'Restart SNG', buyInMinor: 500, feeMinor: 50, seatsPerTable: 3, minPlayers: 6, maxPlayers: 6, levelMs: 15_000 });
    for (let i = 1; i <= 6; i++) {
      await h.deposit(`bot_r${i}`, 1_000); // robot accounts: robot entries (TRN-ABSENT)
      expect((await h.http('POST', `/tournaments/${tid}/entries`, h.token(`bot_r${i}`, 'player'), { entryId: `e${i}` })).status).toBe(201);
    }
    let svc = h.get(TournamentService);
    // into the second level, and no further: the hands are dealt from a fresh CSPRNG deck each (TRN-DECK), so 100 s of
    // play (the fixed 20 steps before) could end the sit-and-go before the restart it is here to test (a CI run did)
    for (let i = 0; i < 20 && ((svc.stateOf(tid) as T.TournamentState | undefined)?.level ?? 0) === 0; i++) {
      clock.t += 5_000;
      await svc.step(tid);
    }
    const before = svc.stateOf(tid) as T.TournamentState;
    expect(before.status).toBe('running');
    expect(before.level).toBeGreaterThan(0);
    await h.close();
    h = null;
    clock.t += 30_000; // down for half a minute: the level clock runs on the server's clock (TRN-CLOCK)
    h = await boot();
    svc = h.get(TournamentService);
    await svc.ensureLoaded();
    expect(svc.stateOf(tid)).toEqual(before);
    expect((await h.http('GET', '/tournaments', pit)).body).toEqual([expect.objectContaining({ tournamentId: tid, status: 'running', level: expect.objectContaining({ endsAt: before.levelEndsAt }) })]);
    for (let i = 0; i < 3_000 && svc.stateOf(tid)?.status === 'running'; i++) {
      clock.t += 5_000;
      await svc.step(tid);
    }
    const s = svc.stateOf(tid) as T.TournamentState;
    expect(s.status).toBe('finished');
    expect(s.payouts.reduce((a, p) => a + p.amountMinor, 0)).toBe(3_000);
    const held = (await Promise.all([1, 2, 3, 4, 5, 6].map((i) => (h as RoundsApp).balance(`bot_r${i}`)))).reduce((a, b) => a + b, 0);
    expect(held).toBe(6 * 1_000 - 6 * 50);
    expect(await h.invariants()).toEqual([]);
  }, 180_000);
});
