import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { LimitsModule } from './limits.module.js';
import { LimitsService } from './limits.service.js';

describe('responsible gambling over REST and on the bet path (issue 12 point 2)', () => {
  let app: RoundsApp;
  let tableId = '';
  const player = (): string => app.token('rg1', 'player');
  const bet = (betId: string, stakeMinor: number) => app.http('POST', `/tables/${tableId}/bets`, player(), { betId, spot: 'small', stakeMinor });

  beforeAll(async () => {
    app = await bootRoundsApp();
    const pit = app.token('pitboss1', 'pitboss');
    const t = await app.http('POST', '/tables', pit, { name: 'RG Sic Bo', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000 }, betWindowS: 60 });
    tableId = String(t.body['tableId']);
    await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'test' });
    await app.http('POST', `/tables/${tableId}/rounds`, app.token('dealer1', 'dealer'));
    await app.deposit('rg1', 100_000);
  });
  afterAll(async () => {
    await app.close();
  });

  it('the LimitsModule is part of the app (BettingModule imports it)', () => {
    expect(app.get(LimitsService)).toBeInstanceOf(LimitsService);
    expect(LimitsModule).toBeDefined();
  });

  it('a loss limit refuses the bet that would pass it with RG_LOSS_LIMIT (422) and debits nothing', async () => {
    expect((await app.http('POST', '/me/limits', player(), { kind: 'loss', period: 'day', value: 1_500 })).status).toBe(200);
    expect((await bet('rg-1', 1_000)).status).toBe(200);
    const before = await app.balance('rg1');
    const r = await bet('rg-2', 600);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'RG_LOSS_LIMIT', ruleId: 'RG-2.9', details: { period: 'day', limitMinor: 1_500 } });
    expect(await app.balance('rg1')).toBe(before);
    expect((await bet('rg-3', 500)).status).toBe(200); // exactly up to the limit
    const me = await app.http('GET', '/me/limits', player());
    expect(me.body).toMatchObject({ playerId: 'rg1', settings: { limits: { loss: { day: 1_500 } } }, usage: { lossMinor: { day: 1_500, session: 1_500 } }, excluded: false });
  });

  it('raising waits for the next period; daily above weekly is refused with RG_LIMIT_ORDER', async () => {
    const up = await app.http('POST', '/me/limits', player(), { kind: 'loss', period: 'day', value: 50_000 });
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ settings: { limits: { loss: { day: 1_500 } }, pending: [{ kind: 'loss', period: 'day', value: 50_000 }] } });
    expect((await bet('rg-4', 100)).body).toMatchObject({ code: 'RG_LOSS_LIMIT' });
    // double (and rebet) go through the same gate with their total stake
    expect((await app.http('POST', `/tables/${tableId}/bets/double`, player(), { requestId: 'rg-dbl' })).body).toMatchObject({ code: 'RG_LOSS_LIMIT' });
    const order = await app.http('POST', '/me/limits', player(), { kind: 'loss', period: 'week', value: 1_000 });
    expect(order.status).toBe(422);
    expect(order.body).toMatchObject({ code: 'RG_LIMIT_ORDER' });
    expect((await app.http('POST', '/me/limits', player(), { kind: 'loss', period: 'fortnight', value: 1 })).body).toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('self-exclusion refuses every bet (RG_SELF_EXCLUDED, 403), survives in the store, and cannot be shortened', async () => {
    const ex = await app.http('POST', '/me/self-exclusion', app.token('rg2', 'player'), { period: '1w' });
    expect(ex.status).toBe(200);
    const until = (ex.body['settings'] as { excludedUntil: number }).excludedUntil;
    await app.deposit('rg2', 10_000);
    const r = await app.http('POST', `/tables/${tableId}/bets`, app.token('rg2', 'player'), { betId: 'rg2-1', spot: 'small', stakeMinor: 100 });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'RG_SELF_EXCLUDED', details: { excludedUntil: until } });
    const shorter = await app.http('POST', '/me/self-exclusion', app.token('rg2', 'player'), { period: '12h' });
    expect((shorter.body['settings'] as { excludedUntil: number }).excludedUntil).toBe(until);
    // staff cannot reach the player endpoints
    expect((await app.http('POST', '/me/limits', app.token('pitboss1', 'pitboss'), { kind: 'loss', period: 'day', value: 1 })).status).toBe(403);
  });

  it('a reality check frame at the interval the player set, while a session runs', async () => {
    const svc = app.get(LimitsService);
    const frames: unknown[] = [];
    const sub = svc.realityChecks$.subscribe((f) => frames.push(f));
    expect((await app.http('POST', '/me/reality-check', player(), { intervalMinutes: 5 })).status).toBe(200);
    expect((await app.http('POST', '/me/reality-check', player(), { intervalMinutes: 1 })).body).toMatchObject({ code: 'INVALID_INPUT' }); // at least 5 minutes
    // drive the timer: the service's own firing path with the session in progress
    (svc as unknown as { fireRealityCheck(p: string): void }).fireRealityCheck('rg1');
    sub.unsubscribe();
    expect(frames).toEqual([expect.objectContaining({ playerId: 'rg1', intervalMinutes: 5, sessionLossMinor: 1_500 })]);
  });

  it("a voided round's refunds come off the player's loss, taken from the round's settlement lines (issue 13: no read of the round's bets)", async () => {
    const usage = async (): Promise<unknown> => (await app.http('GET', '/me/limits', player())).body['usage'];
    expect(await usage()).toMatchObject({ lossMinor: { day: 1_500 } });
    expect((await app.http('POST', `/tables/${tableId}/round/void`, app.token('pitboss1', 'pitboss'), { reason: 'test: refunds fold into RG usage' })).status).toBe(200);
    let u: unknown = null;
    for (let i = 0; i < 100; i++) {
      u = await usage();
      if ((u as { lossMinor: { day: number } }).lossMinor.day === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(u).toMatchObject({ lossMinor: { day: 0, session: 0 } });
  });
});
