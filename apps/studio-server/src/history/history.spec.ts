import { FeltClient, newBetId } from '@felt-studio/client-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';

/** Player-facing history: GET /tables/:id/results and GET /me/rounds, through the SDK on the full app. */
describe('history: table results and a player’s rounds', () => {
  let app: TestApp;
  let tableId: string;
  const login = async (u: string): Promise<FeltClient> => {
    const c = new FeltClient({ baseUrl: app.url });
    await c.login(u, 'demo');
    return c;
  };
  const until = async (f: () => Promise<boolean>): Promise<void> => {
    for (let i = 0; i < 200; i++) {
      if (await f()) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('condition not met in 5 s');
  };

  beforeAll(async () => {
    app = await bootTestApp({ full: true, config: { database: { kind: 'pglite', dataDir: null }, demo: true } });
    const boss = await login('pitboss1');
    const dealer = await login('dealer1');
    const p1 = await login('player1');
    const t = await boss.createTable({ name: 'History Sic Bo', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000 }, betWindowS: 30 });
    tableId = t.tableId;
    await boss.setTableStatus(tableId, 'open', 'test');
    // Round 1: player1 bets big + total:10; dice 4-3-3 (10, big loses? 10 is small) settle.
    await dealer.openRound(tableId);
    await p1.placeBet(tableId, { betId: newBetId(), spot: 'small', stakeMinor: 500 });
    await p1.placeBet(tableId, { betId: newBetId(), spot: 'total:10', stakeMinor: 100 });
    await dealer.closeBetting(tableId);
    const req = await dealer.proposeManualEntry(tableId, { type: 'RecordDiceResult', dice: [4, 3, 3], reason: 'shaker test' });
    await boss.approveManualEntry(tableId, req.requestId, 'ok');
    await until(async () => (await boss.roundHistory(tableId, 5)).some((r) => r.phase === 'settled'));
  });
  afterAll(async () => {
    await app.close();
  });

  it('GET /tables/:id/results lists finished rounds with the public view (dice, no bets) for any role', async () => {
    const p2 = await login('player2');
    const results = await p2.tableResults(tableId, 10);
    expect(results).toHaveLength(1);
    const view = results[0]?.view as { dice: number[]; bets: unknown[]; phase: string };
    expect(view.dice).toEqual([4, 3, 3]);
    expect(view.bets).toEqual([]); // nobody's bets
    expect(results[0]?.phase).toBe('settled');
  });

  it('GET /me/rounds gives the player their round with the settlement per bet', async () => {
    const p1 = await login('player1');
    const [round] = await p1.myRounds();
    expect(round?.tableId).toBe(tableId);
    expect(round?.stakeMinor).toBe(600);
    const bySpot = Object.fromEntries((round?.bets ?? []).map((b) => [b.spot, b]));
    expect(bySpot['small']).toMatchObject({ status: 'settled', returnMinor: 1_000 });
    expect(bySpot['total:10']?.status).toBe('settled');
    expect(round?.returnMinor).toBe(1_000 + (bySpot['total:10']?.returnMinor ?? 0));
    expect(bySpot['total:10']?.returnMinor).toBeGreaterThan(100);
    const p2 = await login('player2');
    expect(await p2.myRounds()).toEqual([]); // only one's own
  });

  it('a dealer cannot read a player history; an unknown table is 404', async () => {
    const dealer = await login('dealer1');
    await expect(dealer.myRounds()).rejects.toMatchObject({ status: 403 });
    await expect(dealer.tableResults('tbl_nope')).rejects.toMatchObject({ status: 404 });
  });
});
