import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../auth/auth.types.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';

/**
 * The authorization matrix (issue §9): every rounds-side endpoint × every role. A role outside the
 * allowed set gets 403 FORBIDDEN, no token gets 401; an allowed role is never refused for its role
 * (it may still get a domain rejection such as BETTING_CLOSED).
 */
const ROLES: readonly Role[] = ['player', 'dealer', 'pitboss', 'admin'];

interface Row {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly path: (t: string) => string;
  readonly body?: unknown;
  readonly allowed: readonly Role[];
}

const createBody = { name: 'Matrix', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 10_000 }, betWindowS: 30 };

const MATRIX: readonly Row[] = [
  { name: 'create table', method: 'POST', path: () => '/tables', body: createBody, allowed: ['pitboss', 'admin'] },
  { name: 'list tables', method: 'GET', path: () => '/tables', allowed: ['player', 'dealer', 'pitboss', 'admin'] },
  { name: 'get table', method: 'GET', path: (t) => `/tables/${t}`, allowed: ['player', 'dealer', 'pitboss', 'admin'] },
  { name: 'update table', method: 'PATCH', path: (t) => `/tables/${t}`, body: { betWindowS: 30 }, allowed: ['pitboss', 'admin'] },
  { name: 'record pre-open check (ROU-7)', method: 'POST', path: (t) => `/tables/${t}/pre-open-check`, body: { checks: ['table'] }, allowed: ['pitboss'] },
  { name: 'open/close table', method: 'POST', path: (t) => `/tables/${t}/status`, body: { status: 'open', reason: 'matrix' }, allowed: ['pitboss', 'admin'] },
  { name: 'current round view', method: 'GET', path: (t) => `/tables/${t}/round`, allowed: ['player', 'dealer', 'pitboss', 'admin'] },
  { name: 'round history', method: 'GET', path: (t) => `/tables/${t}/rounds`, allowed: ['dealer', 'pitboss', 'admin'] },
  { name: 'open round', method: 'POST', path: (t) => `/tables/${t}/rounds`, allowed: ['dealer', 'pitboss'] },
  { name: 'no more bets', method: 'POST', path: (t) => `/tables/${t}/round/close`, allowed: ['dealer', 'pitboss'] },
  { name: 'request void', method: 'POST', path: (t) => `/tables/${t}/round/void-requests`, body: { reason: 'matrix' }, allowed: ['dealer', 'pitboss'] },
  { name: 'approve void', method: 'POST', path: (t) => `/tables/${t}/round/void-requests/vrq_none/approve`, body: { reason: 'matrix' }, allowed: ['pitboss'] },
  { name: 'void round', method: 'POST', path: (t) => `/tables/${t}/round/void`, body: { reason: 'matrix' }, allowed: ['pitboss'] },
  { name: 'manual entry', method: 'POST', path: (t) => `/tables/${t}/round/manual-entries`, body: { type: 'RecordDiceResult', dice: [1, 2, 3], reason: 'matrix' }, allowed: ['dealer'] },
  { name: 'approve manual entry', method: 'POST', path: (t) => `/tables/${t}/round/manual-entries/mrq_none/approve`, body: { reason: 'matrix' }, allowed: ['pitboss', 'admin'] },
  { name: 'result correction', method: 'POST', path: (t) => `/tables/${t}/round/corrections`, body: { type: 'RecordDiceResult', dice: [1, 2, 3], reason: 'matrix' }, allowed: ['pitboss'] },
  { name: 'dealer command', method: 'POST', path: (t) => `/tables/${t}/round/dealer-commands`, body: { type: 'DeclareNoSpin', reason: 'matrix' }, allowed: ['dealer'] },
  { name: 'player decision', method: 'POST', path: (t) => `/tables/${t}/round/decisions`, body: { type: 'PlayerAction', seat: 1, hand: 0, action: 'stand' }, allowed: ['player'] },
  { name: 'pending requests', method: 'GET', path: (t) => `/tables/${t}/requests`, allowed: ['dealer', 'pitboss'] },
  { name: 'round events (replay)', method: 'GET', path: () => `/rounds/rnd_none/events`, allowed: ['pitboss', 'admin'] },
  { name: 'place bet', method: 'POST', path: (t) => `/tables/${t}/bets`, body: { betId: 'bet_matrix', spot: 'big', stakeMinor: 100 }, allowed: ['player'] },
  { name: 'cancel bet', method: 'DELETE', path: (t) => `/tables/${t}/bets/bet_matrix`, allowed: ['player'] },
  { name: 'rebet', method: 'POST', path: (t) => `/tables/${t}/bets/rebet`, body: { requestId: 'req_matrix' }, allowed: ['player'] },
  { name: 'double', method: 'POST', path: (t) => `/tables/${t}/bets/double`, body: { requestId: 'req_matrix2' }, allowed: ['player'] },
  { name: 'device health', method: 'GET', path: (t) => `/tables/${t}/devices`, allowed: ['dealer', 'pitboss', 'admin'] },
  { name: 'my bets', method: 'GET', path: (t) => `/tables/${t}/bets/mine`, allowed: ['player'] },
];

describe('authorization matrix: every rounds endpoint × role (issue §9)', () => {
  let app: RoundsApp;
  let tableId = '';
  beforeAll(async () => {
    app = await bootRoundsApp();
    const t = await app.http('POST', '/tables', app.token('pitboss1', 'pitboss'), createBody);
    tableId = String(t.body['tableId']);
    await app.http('POST', `/tables/${tableId}/status`, app.token('pitboss1', 'pitboss'), { status: 'open', reason: 'matrix' });
  });
  afterAll(async () => {
    await app.close();
  });

  for (const row of MATRIX) {
    for (const role of ROLES) {
      const allowed = row.allowed.includes(role);
      it(`${row.name}: ${role} is ${allowed ? 'allowed' : 'refused 403'}`, async () => {
        const res = await app.http(row.method, row.path(tableId), app.token(`${role}-m`, role), row.body);
        if (allowed) {
          expect(res.status).not.toBe(401);
          expect(res.body.code).not.toBe('FORBIDDEN');
          expect(res.status).toBeLessThan(500);
        } else {
          expect(res.status).toBe(403);
          expect(res.body.code).toBe('FORBIDDEN');
        }
      });
    }
    it(`${row.name}: no token is 401`, async () => {
      const res = await app.http(row.method, row.path(tableId), null, row.body);
      expect(res.status).toBe(401);
    });
  }

  it('a dealer cannot approve their own void request, and a pit boss approving it voids the round (audited)', async () => {
    const dealer = app.token('dealer-7', 'dealer');
    const pit = app.token('pitboss-7', 'pitboss');
    await app.http('POST', `/tables/${tableId}/round/void`, pit, { reason: 'reset' });
    const opened = await app.http('POST', `/tables/${tableId}/rounds`, dealer);
    expect(opened.status).toBe(201);
    const req = await app.http('POST', `/tables/${tableId}/round/void-requests`, dealer, { reason: 'camera lost' });
    const requestId = String(req.body['requestId']);
    expect((await app.http('POST', `/tables/${tableId}/round/void-requests/${requestId}/approve`, dealer, { reason: 'self' })).status).toBe(403);
    const selfPit = await app.http('POST', `/tables/${tableId}/round/void-requests`, pit, { reason: 'pit asks' });
    const own = await app.http('POST', `/tables/${tableId}/round/void-requests/${String(selfPit.body['requestId'])}/approve`, pit, { reason: 'self' });
    expect(own.body.code).toBe('SELF_APPROVAL');
    const ok = await app.http('POST', `/tables/${tableId}/round/void-requests/${requestId}/approve`, pit, { reason: 'confirmed on camera' });
    expect(ok.status).toBe(200);
    expect(ok.body['phase']).toBe('void');
    const audit = await app.http('GET', '/audit', pit);
    const actions = JSON.stringify(audit.body);
    expect(actions).toContain('round.void-approve');
  });

  it('a rejected REST bet carries {code, ruleId, message}', async () => {
    const res = await app.http('POST', `/tables/${tableId}/bets`, app.token('player-9', 'player'), { betId: 'bet_x', spot: 'big', stakeMinor: 100 });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(Object.keys(res.body).sort()).toEqual(expect.arrayContaining(['code', 'message', 'ruleId']));
    const bad = await app.http('POST', `/tables/${tableId}/bets`, app.token('player-9', 'player'), { betId: 'bet y', spot: 'big' });
    expect(bad.status).toBe(400);
    const metrics = await (await fetch(`${app.url}/metrics`)).text();
    expect(metrics).toMatch(/felt_bets_rejected_total\{code="INVALID_INPUT"\} [1-9]/);
    expect(metrics).toMatch(new RegExp(`felt_bets_rejected_total\\{code="${String(res.body.code)}"\\} [1-9]`));
  });
});
