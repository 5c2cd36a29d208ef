import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertsService, type Alert } from '../alerts/alerts.service.js';
import { AuditService } from '../audit/audit.service.js';
import { AuthService } from '../auth/auth.service.js';
import type { Role } from '../auth/auth.types.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { CommandsModule } from '../commands/commands.module.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { DealerModule } from './dealer.module.js';
import { PIT_BOSS_CALLED } from './dealer.controller.js';

describe('POST /tables/:id/pit-boss-calls (dealer console "call the pit boss")', () => {
  let app: TestApp & { token(userId: string, role: Role): string; http(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> };
  let tableId: string;

  beforeAll(async () => {
    const base = await bootTestApp({ imports: [CommandsModule.forRoot(), RoundsModule, DealerModule] });
    app = {
      ...base,
      token: (userId, role) => base.get(AuthService).sign({ userId, role, name: userId }),
      async http(method, path, token, body) {
        const res = await fetch(`${base.url}${path}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
        const text = await res.text();
        return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
      },
    };
    const pit = app.token('pitboss1', 'pitboss');
    const t = await app.http('POST', '/tables', pit, { name: 'Call 1', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000 }, betWindowS: 30 });
    tableId = String(t.body['tableId']);
    await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'test' });
  });

  afterAll(async () => {
    await app.close();
  });

  it('raises a warning alert for the table and its round, pushed live, and audits the reason', async () => {
    const dealer = app.token('dealer1', 'dealer');
    await app.http('POST', `/tables/${tableId}/rounds`, dealer);
    const pushed: Alert[] = [];
    const sub = app.get(AlertsService).alerts$.subscribe((a) => pushed.push(a));
    const r = await app.http('POST', `/tables/${tableId}/pit-boss-calls`, dealer, { reason: 'player dispute at the table' });
    sub.unsubscribe();
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ tableId, severity: 'warning', code: PIT_BOSS_CALLED });
    expect(r.body['roundId']).toEqual(expect.any(String));
    expect(String(r.body['message'])).toContain('player dispute at the table');
    expect(pushed.map((a) => a.alertId)).toEqual([r.body['alertId']]);
    const audit = await app.get(AuditService).list(10, tableId);
    expect(audit.map((a) => [a.actor, a.action, a.reason])).toContainEqual(['dealer1', 'table.pit-boss-call', 'player dispute at the table']);
  });

  it('needs a reason, a known table and the dealer role; a refused call raises nothing', async () => {
    const dealer = app.token('dealer1', 'dealer');
    const before = (await app.get(AlertsService).list(1000)).length;
    const noReason = await app.http('POST', `/tables/${tableId}/pit-boss-calls`, dealer, { reason: '' });
    expect([noReason.status, noReason.body['code']]).toEqual([400, 'INVALID_INPUT']);
    const unknown = await app.http('POST', '/tables/tbl_nope/pit-boss-calls', dealer, { reason: 'help' });
    expect(unknown.status).toBe(404);
    const player = await app.http('POST', `/tables/${tableId}/pit-boss-calls`, app.token('p1', 'player'), { reason: 'help' });
    expect(player.status).toBe(403);
    const anonymous = await app.http('POST', `/tables/${tableId}/pit-boss-calls`, null, { reason: 'help' });
    expect(anonymous.status).toBe(401);
    expect((await app.get(AlertsService).list(1000)).length).toBe(before);
  });

  it('a no spin declared from the console keeps the dealer\'s reason in the round record (ROU-4)', async () => {
    const pit = app.token('pitboss1', 'pitboss');
    const dealer = app.token('dealer1', 'dealer');
    const t = await app.http('POST', '/tables', pit, { name: 'Wheel 1', game: 'roulette', profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000 }, betWindowS: 30 });
    const wheel = String(t.body['tableId']);
    await app.http('POST', `/tables/${wheel}/pre-open-check`, pit, { checks: ['table', 'wheel-level', 'free-running', 'ball'] });
    expect((await app.http('POST', `/tables/${wheel}/status`, pit, { status: 'open', reason: 'test' })).status).toBe(201);
    await app.http('POST', `/tables/${wheel}/rounds`, dealer);
    await app.http('POST', `/tables/${wheel}/round/close`, dealer);
    const rounds = app.get(RoundsService);
    const launched = await rounds.execute(wheel, { type: 'RecordBallLaunched', at: Date.now(), spin: 1 } as never, { userId: 'wheel-1', role: 'device' } as never);
    expect(launched.ok).toBe(true);
    const r = await app.http('POST', `/tables/${wheel}/round/dealer-commands`, dealer, { type: 'DeclareNoSpin', reason: 'ball left the wheel' });
    expect(r.status).toBe(200);
    const roundId = String(r.body['roundId']);
    const events = (await rounds.loadEvents(roundId)) as { type: string; payload: { detail?: string; by?: string } }[];
    const noSpin = events.find((e) => e.type === 'NoSpinDeclared');
    expect(noSpin?.payload).toMatchObject({ detail: 'ball left the wheel', by: 'dealer1' });
  });
});

describe('POST /tables/:id/pit-boss-calls at a live poker table (issue 11)', () => {
  it('a poker table is known too: the call raises the alert with the table name (no round)', async () => {
    process.env['FELT_POKER_ROBOTS'] = '0';
    process.env['FELT_POKER_NEXT_HAND_MS'] = String(3_600_000);
    const { bootRoundsApp } = await import('../../../../test/support/studio-server/app-harness.js');
    const { PokerModule } = await import('../poker/poker.module.js');
    const { PokerTablesService } = await import('../poker/poker-tables.service.js');
    const app = await bootRoundsApp({ imports: [PokerModule, DealerModule] });
    try {
      const made = await app.get(PokerTablesService).createTable({ tableId: 'pk-call-1', name: "Hold'em Call", dealing: 'rng', config: { variant: 'holdem', structure: 'no-limit' }, seats: { seatCount: 6, minBuyInMinor: 2_000, maxBuyInMinor: 10_000 } });
      expect(made.ok).toBe(true);
      const r = await app.http('POST', '/tables/pk-call-1/pit-boss-calls', app.token('dealer1', 'dealer'), { reason: 'exposed card at seat 3' });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ tableId: 'pk-call-1', severity: 'warning', code: PIT_BOSS_CALLED });
      expect(r.body['roundId'] ?? null).toBeNull();
      expect(String(r.body['message'])).toContain("Hold'em Call: exposed card at seat 3");
      const unknown = await app.http('POST', '/tables/pk-nope/pit-boss-calls', app.token('dealer1', 'dealer'), { reason: 'help' });
      expect(unknown.status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
