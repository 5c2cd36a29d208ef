import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intRig, type IntRig } from '../../../../test/support/studio-server/int-rig.js';

/**
 * Bet ids are global idempotency keys: the same id sent to two tables at the same instant is accepted
 * once and refused once with 409 BET_ID_CONFLICT — never a 5xx from the unique key (PostgreSQL, where
 * two transactions race on the bet row).
 */
describe('the same bet id at two tables at once (PostgreSQL)', () => {
  let rig: IntRig;
  beforeAll(async () => {
    rig = await intRig();
  });
  afterAll(async () => {
    await rig.close();
  });

  it('60 ids × 2 tables concurrently: each id accepted exactly once, every other answer 409 BET_ID_CONFLICT', async () => {
    const pit = rig.app.token('pit-dup', 'pitboss');
    const dealer = rig.app.token('dealer-dup', 'dealer');
    const tables: string[] = [];
    for (const n of [1, 2]) {
      const t = await rig.app.http('POST', '/tables', pit, { name: `Dup ${n}`, game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 1_000_000 }, betWindowS: 120 });
      const tableId = String(t.body['tableId']);
      expect((await rig.app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'dup test' })).status).toBe(201);
      expect((await rig.app.http('POST', `/tables/${tableId}/rounds`, dealer)).status).toBe(201);
      tables.push(tableId);
    }
    const players = ['dup-a', 'dup-b', 'dup-c'];
    for (const p of players) await rig.app.deposit(p, 10_000_000);
    const calls: Promise<{ id: string; status: number; code?: string | undefined }>[] = [];
    for (let i = 0; i < 60; i++) {
      const id = `dup_${rig.queuePrefix}_${i}`;
      for (const [k, tableId] of tables.entries()) {
        const player = players[(i + k * (i % 2)) % players.length] as string;
        calls.push(rig.app.http('POST', `/tables/${tableId}/bets`, rig.app.token(player, 'player'), { betId: id, spot: 'big', stakeMinor: 100 }).then((r) => ({ id, status: r.status, code: r.body.code })));
      }
    }
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    for (let i = 0; i < 60; i++) {
      const mine = results.filter((r) => r.id === `dup_${rig.queuePrefix}_${i}`);
      expect(mine.filter((r) => r.status === 200)).toHaveLength(1);
      expect(mine.filter((r) => r.status !== 200).map((r) => [r.status, r.code])).toEqual([[409, 'BET_ID_CONFLICT']]);
    }
    expect(await rig.app.invariants()).toEqual([]);
  });
});
