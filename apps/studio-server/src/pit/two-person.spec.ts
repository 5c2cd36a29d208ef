import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../audit/audit.service.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';

/**
 * Issue 9 finding 3: one pit boss alone set `RecordSpinResult 17` during betting and paid an accomplice.
 * Corrections and manual outcomes now need a second person (another pit boss or an admin, never the
 * requester), are refused while betting is open (GEN-3), and both people and reasons are audited.
 */
describe('corrections and manual outcomes: two people, never during betting (issue 9 finding 3)', () => {
  let app: RoundsApp;
  let tableId = '';
  const boss1 = (): string => app.token('pitboss1', 'pitboss');
  const boss2 = (): string => app.token('pitboss2', 'pitboss');
  beforeAll(async () => {
    app = await bootRoundsApp();
    const t = await app.http('POST', '/tables', boss1(), { name: 'Four eyes', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 60, devices: [{ deviceId: 'dice-1', kind: 'dice' }] });
    tableId = String(t.body['tableId']);
    await app.http('POST', `/tables/${tableId}/status`, boss1(), { status: 'open', reason: 'test' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a correction while betting is open is refused for everyone (409 CORRECTION_WHILE_BETTING, GEN-3), and the refusal is audited', async () => {
    await app.deposit('accomplice', 10_000);
    await app.http('POST', `/tables/${tableId}/rounds`, app.token('dealer1', 'dealer'));
    expect((await app.http('POST', `/tables/${tableId}/bets`, app.token('accomplice', 'player'), { betId: 'tp-1', spot: 'triple:6', stakeMinor: 1_000 })).status).toBe(200);
    const r = await app.http('POST', `/tables/${tableId}/round/corrections`, boss1(), { type: 'RecordDiceResult', dice: [6, 6, 6], reason: 'the camera saw 6-6-6' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'CORRECTION_WHILE_BETTING', ruleId: 'GEN-3' });
    const manual = await app.http('POST', `/tables/${tableId}/round/manual-entries`, app.token('dealer1', 'dealer'), { type: 'RecordDiceResult', dice: [6, 6, 6], reason: 'dice unreadable' });
    expect(manual.body).toMatchObject({ code: 'CORRECTION_WHILE_BETTING' });
    expect((await app.get(RoundsService).currentRound(tableId))?.state.phase).toBe('betting');
    const audit = await app.get(AuditService).list(50);
    expect(audit.some((a) => a.action === 'round.correction.rejected' && a.actor === 'pitboss1')).toBe(true);
  });

  it('after betting closed a correction is only a request: the requester cannot approve it, a dealer cannot, a second pit boss can — both audited', async () => {
    await app.http('POST', `/tables/${tableId}/round/close`, app.token('dealer1', 'dealer'));
    const req = await app.http('POST', `/tables/${tableId}/round/corrections`, boss1(), { type: 'RecordDiceResult', dice: [1, 2, 3], reason: 'the shaker misread' });
    expect(req.status).toBe(201);
    const requestId = String(req.body['requestId']);
    expect((await app.get(RoundsService).currentRound(tableId))?.state.phase).toBe('closed');
    const self = await app.http('POST', `/tables/${tableId}/round/manual-entries/${requestId}/approve`, boss1(), { reason: 'I am sure' });
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({ code: 'SELF_APPROVAL' });
    expect((await app.http('POST', `/tables/${tableId}/round/manual-entries/${requestId}/approve`, app.token('dealer1', 'dealer'), { reason: 'x' })).status).toBe(403);
    expect((await app.get(RoundsService).currentRound(tableId))?.state.phase).toBe('closed');
    const ok = await app.http('POST', `/tables/${tableId}/round/manual-entries/${requestId}/approve`, boss2(), { reason: 'checked the video' });
    expect(ok.status).toBe(200);
    const round = await app.get(RoundsService).currentRound(tableId);
    expect(['resolved', 'settled']).toContain(round?.state.phase);
    const audit = await app.get(AuditService).list(50);
    const proposed = audit.find((a) => a.action === 'round.manual-entry' && a.actor === 'pitboss1');
    const approved = audit.find((a) => a.action === 'round.manual-approve' && a.actor === 'pitboss2');
    expect(proposed?.reason).toContain('the shaker misread');
    expect(approved?.reason).toContain('checked the video');
    expect(approved?.reason).toContain('pitboss1');
    expect(await app.invariants()).toEqual([]);
  });

  it('an admin may be the second person', async () => {
    for (let i = 0; i < 100 && (await app.get(RoundsService).currentRound(tableId))?.state.phase !== 'settled'; i++) await new Promise((r) => setTimeout(r, 20));
    await app.http('POST', `/tables/${tableId}/rounds`, app.token('dealer1', 'dealer'));
    await app.http('POST', `/tables/${tableId}/round/close`, app.token('dealer1', 'dealer'));
    const req = await app.http('POST', `/tables/${tableId}/round/corrections`, boss1(), { type: 'RecordDiceResult', dice: [2, 2, 3], reason: 'misread' });
    const ok = await app.http('POST', `/tables/${tableId}/round/manual-entries/${String(req.body['requestId'])}/approve`, app.token('admin1', 'admin'), { reason: 'confirmed' });
    expect(ok.status).toBe(200);
  });
});
