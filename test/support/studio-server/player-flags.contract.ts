import { afterEach, describe, expect, it } from 'vitest';
import { PlayerFlagsService, type PlayerFlagsRepository } from '../../../apps/studio-server/src/integrity/player-flags.service.js';
import type { RaiseAlert } from '../../../apps/studio-server/src/alerts/alerts.service.js';
import type { AuditEntry } from '../../../apps/studio-server/src/audit/audit.service.js';

/**
 * Issue 23, "flag a player": the flag's life on a repository — raised with a reason (audited, alerted), one
 * standing flag per player, lifted with a reason (audited), the lifted flag kept as history. One suite, run on
 * the in-memory repository (unit), TypeORM over PGlite (app tier) and over PostgreSQL (integration tier).
 */
export function playerFlagsSuite(name: string, makeRepo: () => Promise<{ repo: PlayerFlagsRepository; close: () => Promise<void> }>): void {
  describe(`player flags (issue 23): ${name}`, () => {
    let closers: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const c of closers) await c();
      closers = [];
    });
    const pit = { userId: 'pitboss1', name: 'Pit Boss One', role: 'pitboss' as const };
    const other = { userId: 'pitboss2', name: 'Pit Boss Two', role: 'pitboss' as const };
    async function setup() {
      const made = await makeRepo();
      closers.push(made.close);
      let now = 1_000_000;
      let n = 0;
      const audited: AuditEntry[] = [];
      const raised: RaiseAlert[] = [];
      const users = [
        { userId: 'p1', username: 'ann', name: 'Ann', role: 'player' as const, passwordHash: '', createdAt: 0 },
        { userId: 'd1', username: 'dan', name: 'Dan', role: 'dealer' as const, passwordHash: '', createdAt: 0 },
      ];
      const svc = new PlayerFlagsService(
        made.repo,
        { get: async (id) => users.find((u) => u.userId === id) ?? null, getMany: async (ids) => users.filter((u) => ids.includes(u.userId)) },
        { record: async (e) => (audited.push(e), { auditId: `a${audited.length}`, ...e }) },
        { raise: async (a) => (raised.push(a), {}) as never },
        { now: () => now },
        { next: (p) => `${p}_${String(++n).padStart(4, '0')}` },
      );
      return { svc, audited, raised, tick: (ms: number) => (now += ms) };
    }

    it('a flag is stored with who, when and why, audited, alerted; it shows in the standing list and gates the player', async () => {
      const { svc, audited, raised } = await setup();
      expect(await svc.flagged('p1')).toBe(false);
      const f = await svc.flag(pit, 'p1', '  chip dumping at Hold\'em 1 with pk3  ');
      expect(f).toMatchObject({ playerId: 'p1', name: 'Ann', reason: "chip dumping at Hold'em 1 with pk3", by: 'pitboss1', byName: 'Pit Boss One', at: 1_000_000, lifted: null });
      expect(await svc.flagged('p1')).toBe(true);
      expect(await svc.list()).toEqual([f]);
      expect(audited).toEqual([{ actor: 'pitboss1', role: 'pitboss', action: 'player.flag', reason: "chip dumping at Hold'em 1 with pk3", target: 'player:p1', at: 1_000_000 }]);
      expect(raised).toHaveLength(1);
      expect(raised[0]).toMatchObject({ code: 'PLAYER_FLAGGED', severity: 'warning', subject: 'p1' });
      expect(raised[0]!.message).toContain('Ann');
    });

    it('one standing flag per player (PLAYER_ALREADY_FLAGGED); only a player account (PLAYER_FLAG_UNKNOWN_PLAYER); a reason is required', async () => {
      const { svc } = await setup();
      await svc.flag(pit, 'p1', 'first');
      await expect(svc.flag(other, 'p1', 'second')).rejects.toMatchObject({ body: { code: 'PLAYER_ALREADY_FLAGGED' } });
      await expect(svc.flag(pit, 'd1', 'a dealer')).rejects.toMatchObject({ body: { code: 'PLAYER_FLAG_UNKNOWN_PLAYER' } });
      await expect(svc.flag(pit, 'nobody', 'gone')).rejects.toMatchObject({ body: { code: 'PLAYER_FLAG_UNKNOWN_PLAYER' } });
      await expect(svc.flag(pit, 'p1', '   ')).rejects.toMatchObject({ body: { code: 'REASON_REQUIRED' } });
      expect(await svc.list()).toHaveLength(1);
    });

    it('lifting takes a reason and is audited; the lifted flag stays in the history; the player can be flagged again', async () => {
      const { svc, audited, tick } = await setup();
      const first = await svc.flag(pit, 'p1', 'soft play');
      tick(60_000);
      await expect(svc.lift(other, 'p1', '')).rejects.toMatchObject({ body: { code: 'REASON_REQUIRED' } });
      const lifted = await svc.lift(other, 'p1', 'a household: two brothers');
      expect(lifted).toMatchObject({ flagId: first.flagId, lifted: { by: 'pitboss2', byName: 'Pit Boss Two', at: 1_060_000, reason: 'a household: two brothers' } });
      expect(await svc.flagged('p1')).toBe(false);
      expect(await svc.list()).toEqual([]);
      await expect(svc.lift(other, 'p1', 'again')).rejects.toMatchObject({ body: { code: 'PLAYER_FLAG_NOT_FOUND' } });
      expect(audited.map((a) => a.action)).toEqual(['player.flag', 'player.flag.lift']);
      tick(60_000);
      const again = await svc.flag(pit, 'p1', 'chip dumping again');
      expect(again.flagId).not.toBe(first.flagId);
      const all = await svc.list(true);
      expect(all.map((f) => [f.flagId, f.lifted === null])).toEqual([
        [again.flagId, true],
        [first.flagId, false],
      ]);
    });
  });
}
