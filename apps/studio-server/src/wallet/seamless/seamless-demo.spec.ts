import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeltClient } from '@felt-studio/client-sdk';
import { bootRoundsApp, type RoundsApp } from '../../../../../test/support/studio-server/app-harness.js';
import { DEMO_OPERATOR_BALANCE_MINOR, DEMO_OPERATOR_ID, DEMO_SEAMLESS_PLAYER, SeamlessDemoSeeder } from './seamless-demo.seeder.js';
import { SeamlessService } from './seamless.service.js';

describe.each([['in-memory', { kind: 'memory' } as const], ['PGlite, the embedded store', { kind: 'pglite', dataDir: null } as const]])('demo: player3 plays through the simulated operator wallet (issue 12 point 1, `npm start`; %s)', (_name, database) => {
  let app: RoundsApp;
  let tableId = '';
  const bet = (betId: string) => app.http('POST', `/tables/${tableId}/bets`, app.token(DEMO_SEAMLESS_PLAYER, 'player'), { betId, spot: 'big', stakeMinor: 500 });

  beforeAll(async () => {
    app = await bootRoundsApp({ config: { demo: true, demoSeamless: true, database } });
    const pit = app.token('pitboss1', 'pitboss');
    const t = await app.http('POST', '/tables', pit, { name: 'Demo Sic Bo', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000 }, betWindowS: 300 });
    tableId = String(t.body['tableId']);
    await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'demo' });
    await app.http('POST', `/tables/${tableId}/rounds`, app.token('dealer1', 'dealer'));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  }, 60_000);

  it('op-demo is a seamless operator with player3; its bets are debited at the simulated wallet; an admin switches it to internal', async () => {
    const sim = app.get(SeamlessDemoSeeder).sim;
    expect(sim).not.toBeNull();
    expect(app.get(SeamlessService).linkOf(DEMO_SEAMLESS_PLAYER)).toMatchObject({ operatorId: DEMO_OPERATOR_ID, currency: 'EUR' });
    const internalBefore = await app.balance(DEMO_SEAMLESS_PLAYER);
    expect((await bet('demo-1')).status).toBe(200);
    expect(sim?.balances.get(`ext-${DEMO_SEAMLESS_PLAYER}`)).toBe(DEMO_OPERATOR_BALANCE_MINOR - 500);
    expect(await app.balance(DEMO_SEAMLESS_PLAYER)).toBe(internalBefore);
    // the SDK's admin calls (what `felt reconcile` uses) against the real routes
    const sdk = new FeltClient({ baseUrl: app.url });
    await sdk.login('admin1', 'demo');
    expect(await sdk.listOperators()).toEqual([expect.objectContaining({ operatorId: DEMO_OPERATOR_ID, walletMode: 'seamless' })]);
    expect(await sdk.operatorReconciliation(DEMO_OPERATOR_ID)).toMatchObject({ operatorId: DEMO_OPERATOR_ID, bets: 1, pending: 0, differences: [], balanced: true });
    const admin = app.token('admin1', 'admin');
    const ops = await app.http('GET', '/admin/operators', admin);
    expect(ops.body).toEqual([expect.objectContaining({ operatorId: DEMO_OPERATOR_ID, walletMode: 'seamless' })]);
    expect(JSON.stringify(ops.body)).not.toContain('secret');
    const cur = (ops.body as unknown as { baseUrl: string; currencies: string[] }[])[0];
    const sw = await app.http('PUT', `/admin/operators/${DEMO_OPERATOR_ID}`, admin, { walletMode: 'internal', baseUrl: cur?.baseUrl, secret: 'a-new-secret-of-enough-length', currencies: ['EUR'] });
    expect(sw.body).toMatchObject({ walletMode: 'internal', timeoutMs: 2_000 });
    expect((await bet('demo-2')).status).toBe(200);
    expect(await app.balance(DEMO_SEAMLESS_PLAYER)).toBe(internalBefore - 500); // the internal ledger again
    expect(sim?.balances.get(`ext-${DEMO_SEAMLESS_PLAYER}`)).toBe(DEMO_OPERATOR_BALANCE_MINOR - 500);
    expect((await app.http('PUT', `/admin/operators/${DEMO_OPERATOR_ID}`, app.token('pitboss1', 'pitboss'), { walletMode: 'seamless' })).status).toBe(403);
    expect((await app.http('PUT', `/admin/operators/${DEMO_OPERATOR_ID}`, admin, { walletMode: 'seamless', baseUrl: 'ftp://x', secret: 'short', currencies: [] })).body).toMatchObject({ code: 'INVALID_INPUT' });
  });
});
