import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp } from '../../../../test/support/studio-server/test-app.js';
import { AuthService } from '../auth/auth.service.js';
import { BettingModule } from '../betting/betting.module.js';
import { IngestModule } from '../ingest/ingest.module.js';
import { RealtimeModule } from '../realtime/realtime.module.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { CommandsModule } from '../commands/commands.module.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { depositPosting } from '../shared/ledger.rules.js';
import { PitModule } from './pit.module.js';

type Res = { status: number; body: Record<string, unknown> & { code?: string } & unknown[] };

/** Pit-boss read side: day per table, round search, round detail, and denying a request (issue 7). */
describe.each([['in-memory', { kind: 'memory' } as const], ['PGlite', { kind: 'pglite', dataDir: null } as const]])('pit endpoints (%s)', (_name, database) => {
  let app: Awaited<ReturnType<typeof bootTestApp>>;
  let http: (method: string, path: string, role: string | null, body?: unknown) => Promise<Res>;
  let tableId = '';
  let settledRound = '';

  const until = async (fn: () => Promise<boolean>): Promise<void> => {
    for (let i = 0; i < 200; i++) {
      if (await fn()) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('condition not reached');
  };

  beforeAll(async () => {
    app = await bootTestApp({ config: { database }, imports: [CommandsModule.forRoot(), RoundsModule, BettingModule, IngestModule, RealtimeModule, PitModule] });
    const auth = app.get(AuthService);
    const tokens: Record<string, string> = {
      pitboss: auth.sign({ userId: 'pitboss1', role: 'pitboss', name: 'pitboss1' }),
      dealer: auth.sign({ userId: 'dealer1', role: 'dealer', name: 'dealer1' }),
      player: auth.sign({ userId: 'player1', role: 'player', name: 'player1' }),
    };
    http = async (method, path, role, body) => {
      const res = await fetch(`${app.url}${path}`, { method, headers: { 'content-type': 'application/json', ...(role ? { authorization: `Bearer ${tokens[role] ?? ''}` } : {}) }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {} } as Res;
    };
    const p = depositPosting('pit-spec-dep', 'player1', 100_000, 'EUR');
    await app.get<UnitOfWork>(UNIT_OF_WORK).run((tx) => tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at: Date.now() }))));
    const t = await http('POST', '/tables', 'pitboss', { name: 'Pit Sic Bo', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000 }, betWindowS: 30 });
    tableId = String(t.body['tableId']);
    await http('POST', `/tables/${tableId}/status`, 'pitboss', { status: 'open', reason: 'spec' });

    // Round 1: a 5.00 bet on big, dice 4-5-6 (15, big wins 1:1) entered by hand and signed off (S-3).
    const r1 = await http('POST', `/tables/${tableId}/rounds`, 'dealer');
    settledRound = String(r1.body['roundId']);
    expect((await http('POST', `/tables/${tableId}/bets`, 'player', { betId: 'bet_pit_1', spot: 'big', stakeMinor: 500 })).status).toBeLessThan(300);
    await http('POST', `/tables/${tableId}/round/close`, 'dealer');
    const m = await http('POST', `/tables/${tableId}/round/manual-entries`, 'dealer', { type: 'RecordDiceResult', dice: [4, 5, 6], reason: 'shaker camera down' });
    expect(m.status).toBe(201);
    expect((await http('POST', `/tables/${tableId}/round/manual-entries/${String(m.body['requestId'])}/approve`, 'pitboss', { reason: 'seen on camera 2' })).status).toBe(200);
    await until(async () => ((await http('GET', `/rounds/${settledRound}/detail`, 'pitboss')).body['bets'] as { status: string }[] | undefined)?.every((b) => b.status === 'settled') === true);
  }, 120_000); // PGlite boots and migrates in-process: slow on a loaded 2-core machine
  afterAll(async () => {
    await app.close();
  }, 60_000);

  it('round detail: the bets with their return and every stored event in seq order', async () => {
    const d = await http('GET', `/rounds/${settledRound}/detail`, 'pitboss');
    expect(d.status).toBe(200);
    const bets = d.body['bets'] as { betId: string; status: string; returnMinor: number }[];
    expect(bets).toEqual([expect.objectContaining({ betId: 'bet_pit_1', status: 'settled', returnMinor: 1000 })]);
    const events = d.body['events'] as { seq: number; type: string }[];
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events[0]?.type).toBe('RoundOpened');
    expect(events.map((e) => e.type)).toContain('BetAccepted');
    expect(d.body['round']).toEqual(expect.objectContaining({ roundId: settledRound, tableId, stakedMinor: 500, holdMinor: -500, bets: 1, players: 1 }));
  });

  it('round detail of an unknown round is 404 ROUND_NOT_FOUND', async () => {
    const d = await http('GET', '/rounds/rnd_nope/detail', 'pitboss');
    expect(d.status).toBe(404);
    expect(d.body.code).toBe('ROUND_NOT_FOUND');
  });

  it('day: rounds, stakes and hold of the table today, bucketed for charts', async () => {
    const d = await http('GET', '/rounds/day', 'pitboss');
    expect(d.status).toBe(200);
    const day = (d.body as unknown as { tableId: string; rounds: number; stakedMinor: number; holdMinor: number; currency: string; buckets: { rounds: number; holdMinor: number }[] }[]).find((x) => x.tableId === tableId);
    expect(day).toEqual(expect.objectContaining({ rounds: 1, stakedMinor: 500, holdMinor: -500, currency: 'EUR' }));
    expect(day?.buckets.reduce((s, b) => s + b.rounds, 0)).toBe(1);
    expect(day?.buckets.reduce((s, b) => s + b.holdMinor, 0)).toBe(-500);
  });

  it('day: a bad query is 400 INVALID_INPUT and changes nothing', async () => {
    expect((await http('GET', '/rounds/day?bucketMs=5', 'pitboss')).body.code).toBe('INVALID_INPUT');
    expect((await http('GET', '/rounds/day?from=10&to=5', 'pitboss')).body.code).toBe('INVALID_INPUT');
    expect((await http('GET', '/rounds/search?nope=1', 'pitboss')).body.code).toBe('INVALID_INPUT');
  });

  it('search by id, table, player and time', async () => {
    const byId = await http('GET', `/rounds/search?roundId=${settledRound}`, 'pitboss');
    expect((byId.body as unknown as { roundId: string }[]).map((r) => r.roundId)).toEqual([settledRound]);
    const byTable = await http('GET', `/rounds/search?tableId=${tableId}`, 'pitboss');
    expect((byTable.body as unknown as { roundId: string }[]).map((r) => r.roundId)).toContain(settledRound);
    const byPlayer = await http('GET', '/rounds/search?playerId=player1', 'pitboss');
    expect((byPlayer.body as unknown as { roundId: string; stakedMinor: number }[])[0]).toEqual(expect.objectContaining({ roundId: settledRound, stakedMinor: 500 }));
    expect((await http('GET', '/rounds/search?playerId=player9', 'pitboss')).body).toEqual([]);
    const future = Date.now() + 3_600_000;
    expect((await http('GET', `/rounds/search?tableId=${tableId}&from=${future}`, 'pitboss')).body).toEqual([]);
  });

  it('a limits change carries its reason into the audit log (applies from the next round, GEN-2)', async () => {
    const r = await http('PATCH', `/tables/${tableId}`, 'pitboss', { limits: { currency: 'EUR', tableMinMinor: 200, tableMaxMinor: 20_000 }, reason: 'high rollers tonight' });
    expect(r.status).toBe(200);
    expect(r.body['reason']).toBeUndefined();
    const audit = (await http('GET', `/audit?target=${tableId}`, 'pitboss')).body as unknown as { action: string; reason: string }[];
    expect(audit.find((a) => a.action === 'table.update')?.reason).toBe('high rollers tonight — update limits');
    expect((await http('PATCH', `/tables/${tableId}`, 'pitboss', { reason: '' })).body.code).toBe('INVALID_INPUT');
  });

  it('only pit bosses and admins read the pit endpoints', async () => {
    expect((await http('GET', '/rounds/day', 'player')).status).toBe(403);
    expect((await http('GET', '/rounds/search', 'dealer')).status).toBe(403);
    expect((await http('GET', `/rounds/${settledRound}/detail`, null)).status).toBe(401);
  });

  it('deny: a pit boss turns a void request down with a reason; it is gone, audited, and the round goes on', async () => {
    const r2 = await http('POST', `/tables/${tableId}/rounds`, 'dealer');
    expect(r2.status).toBe(201);
    const v = await http('POST', `/tables/${tableId}/round/void-requests`, 'dealer', { reason: 'ball jumped' });
    const requestId = String(v.body['requestId']);
    expect((await http('POST', `/tables/${tableId}/requests/${requestId}/deny`, 'dealer', { reason: 'x' })).status).toBe(403);
    expect((await http('POST', `/tables/${tableId}/requests/${requestId}/deny`, 'pitboss', {})).body.code).toBe('INVALID_INPUT');
    const d = await http('POST', `/tables/${tableId}/requests/${requestId}/deny`, 'pitboss', { reason: 'replayed on camera: fine' });
    expect(d.status).toBe(200);
    expect((await http('GET', `/tables/${tableId}/requests`, 'pitboss')).body).toEqual([]);
    expect((await http('POST', `/tables/${tableId}/requests/${requestId}/deny`, 'pitboss', { reason: 'again' })).body.code).toBe('REQUEST_NOT_FOUND');
    const audit = (await http('GET', `/audit?target=${String(r2.body['roundId'])}`, 'pitboss')).body as unknown as { action: string; reason: string }[];
    expect(audit.map((a) => a.action)).toContain('round.void-deny');
    expect((await http('GET', `/tables/${tableId}/round`, 'pitboss')).body['roundId']).toBe(r2.body['roundId']);
  });
});
