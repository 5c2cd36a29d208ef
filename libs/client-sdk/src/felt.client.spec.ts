import { describe, expect, it } from 'vitest';
import { FeltClient, type FetchLike } from './felt.client.js';
import { createIdFactory, newBetId } from './ids.js';
import { rejectionOf } from '../../../test/support/client-sdk/rejection.js';

interface Call {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

/** A fake fetch: records every call and answers from a queue of (status, body text). */
function fakeFetch(answers: { status: number; text: string }[]): { fetch: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, method: init.method, headers: init.headers, body: init.body === undefined ? undefined : JSON.parse(init.body) });
    const a = answers.shift();
    if (!a) throw new TypeError('fetch failed');
    return { status: a.status, ok: a.status >= 200 && a.status < 300, text: async () => a.text };
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown): { status: number; text: string } => ({ status, text: JSON.stringify(body) });

describe('FeltClient (REST)', () => {
  it('login stores the token and later calls send it as a Bearer header', async () => {
    const f = fakeFetch([json(200, { token: 'jwt-1', user: { userId: 'player1', role: 'player', name: 'P1' } }), json(200, { userId: 'player1', role: 'player', name: 'P1' })]);
    const c = new FeltClient({ baseUrl: 'http://studio.test/', fetch: f.fetch });
    await c.login('player1', 'demo');
    expect(c.token).toBe('jwt-1');
    expect(await c.me()).toEqual({ userId: 'player1', role: 'player', name: 'P1' });
    expect(f.calls[0]).toMatchObject({ url: 'http://studio.test/auth/login', method: 'POST', body: { username: 'player1', password: 'demo' } });
    expect(f.calls[0]?.headers['authorization']).toBeUndefined();
    expect(f.calls[1]).toMatchObject({ url: 'http://studio.test/auth/me', method: 'GET' });
    expect(f.calls[1]?.headers['authorization']).toBe('Bearer jwt-1');
  });

  it('a call that needs a token is refused before sending when there is none', async () => {
    const f = fakeFetch([]);
    const e = await rejectionOf(new FeltClient({ baseUrl: 'http://x', fetch: f.fetch }).myWallet());
    expect({ status: e.status, code: e.code }).toEqual({ status: 0, code: 'NO_TOKEN' });
    expect(f.calls).toHaveLength(0);
  });

  it('maps a rule rejection (422 {code, ruleId, message}) to FeltApiError with the spec rule id (RES-3)', async () => {
    const f = fakeFetch([json(422, { code: 'RESTRICTED_COMBINATION', ruleId: 'RES-3', message: 'big and small in one round' })]);
    const c = new FeltClient({ baseUrl: 'http://x', token: 't', fetch: f.fetch });
    const e = await rejectionOf(c.placeBet('tbl_1', { betId: 'bet_1', spot: 'small', stakeMinor: 500 }));
    expect({ status: e.status, code: e.code, ruleId: e.ruleId, message: e.message }).toEqual({ status: 422, code: 'RESTRICTED_COMBINATION', ruleId: 'RES-3', message: 'big and small in one round' });
    expect(e.rejection).toEqual({ code: 'RESTRICTED_COMBINATION', ruleId: 'RES-3', message: 'big and small in one round' });
    expect(f.calls[0]).toMatchObject({ url: 'http://x/tables/tbl_1/bets', method: 'POST', body: { betId: 'bet_1', spot: 'small', stakeMinor: 500 } });
  });

  it('keeps rejection details and maps 401/403/409 with their codes', async () => {
    const f = fakeFetch([
      json(401, { code: 'INVALID_CREDENTIALS', ruleId: null, message: 'unknown user or wrong password' }),
      json(409, { code: 'INSUFFICIENT_FUNDS', ruleId: null, message: 'insufficient funds', details: { neededMinor: 500 } }),
    ]);
    const c = new FeltClient({ baseUrl: 'http://x', fetch: f.fetch });
    const login = await rejectionOf(c.login('player1', 'wrong'));
    expect([login.status, login.code, login.ruleId]).toEqual([401, 'INVALID_CREDENTIALS', null]);
    expect(c.token).toBeNull();
    c.setToken('t');
    const funds = await rejectionOf(c.placeBet('tbl_1', { spot: 'big', stakeMinor: 500 }));
    expect([funds.status, funds.code, funds.details]).toEqual([409, 'INSUFFICIENT_FUNDS', { neededMinor: 500 }]);
  });

  it('pokerTables() reads GET /poker-tables and returns its tables (issue 11 lobby)', async () => {
    const entry = { tableId: 'ptb_1', name: "Hold'em 1", variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, seatCount: 6, seated: 2, waiting: 0, minBuyInMinor: 2000, maxBuyInMinor: 10000, currency: 'EUR', dealing: 'rng' };
    const f = fakeFetch([json(200, { tables: [entry] })]);
    const c = new FeltClient({ baseUrl: 'http://x', token: 't', fetch: f.fetch });
    expect(await c.pokerTables()).toEqual([entry]);
    expect(f.calls[0]).toMatchObject({ url: 'http://x/poker-tables', method: 'GET' });
  });

  it('pokerHandDecision() posts the pit boss decision on the hand in play (P4-IRR, S1-FAIL-RING)', async () => {
    const f = fakeFetch([json(200, { tableId: 'ptb_1', seq: 9 })]);
    const c = new FeltClient({ baseUrl: 'http://x', token: 't', fetch: f.fetch });
    expect(await c.pokerHandDecision('ptb_1', { type: 'misdeal', reason: 'two cards exposed' })).toEqual({ tableId: 'ptb_1', seq: 9 });
    expect(f.calls[0]).toMatchObject({ url: 'http://x/poker-tables/ptb_1/hand/decisions', method: 'POST', body: { type: 'misdeal', reason: 'two cards exposed' } });
  });

  it('pokerHands() lists the table\'s latest hands (GET /poker-tables/:id/hands)', async () => {
    const hands = [{ handId: 'hnd_2', startedAt: 5, endedAt: null, ending: null }, { handId: 'hnd_1', startedAt: 1, endedAt: 3, ending: 'void' }];
    const f = fakeFetch([json(200, { hands }), json(200, { hands: [] })]);
    const c = new FeltClient({ baseUrl: 'http://x', token: 't', fetch: f.fetch });
    expect(await c.pokerHands('ptb 1')).toEqual({ hands });
    await c.pokerHands('ptb_1', 5);
    expect(f.calls.map((x) => x.url)).toEqual(['http://x/poker-tables/ptb%201/hands', 'http://x/poker-tables/ptb_1/hands?limit=5']);
  });

  it('pokerHandEvents() reads a hand\'s redacted events (GET /poker-tables/:id/hands/:handId/events, GEN-8)', async () => {
    const events = [
      { seq: 4, type: 'hand-started', handId: 'hnd_1', buttonSeat: 1, seats: [{ seat: 1, stackMinor: 5000 }], deckCommit: null, at: 1 },
      { seq: 5, type: 'card-scanned', to: 1, up: false, at: 2 },
    ];
    const f = fakeFetch([json(200, { handId: 'hnd 1', events }), json(404, { code: 'POKER_HAND_NOT_FOUND', ruleId: null, message: 'no hand' })]);
    const c = new FeltClient({ baseUrl: 'http://x', token: 't', fetch: f.fetch });
    expect(await c.pokerHandEvents('ptb_1', 'hnd 1')).toEqual({ handId: 'hnd 1', events });
    expect(f.calls[0]).toMatchObject({ url: 'http://x/poker-tables/ptb_1/hands/hnd%201/events', method: 'GET' });
    const missing = await rejectionOf(c.pokerHandEvents('ptb_1', 'hnd_2'));
    expect([missing.status, missing.code]).toEqual([404, 'POKER_HAND_NOT_FOUND']);
  });

  it('a non-JSON error page becomes HTTP_<status>; a failed fetch becomes NETWORK_ERROR', async () => {
    const f = fakeFetch([{ status: 502, text: '<html>Bad Gateway</html>' }]);
    const c = new FeltClient({ baseUrl: 'http://x', token: 't', fetch: f.fetch });
    const gw = await rejectionOf(c.listTables());
    expect([gw.status, gw.code, gw.ruleId]).toEqual([502, 'HTTP_502', null]);
    expect(gw.message).toContain('Bad Gateway');
    const net = await rejectionOf(c.listTables());
    expect([net.status, net.code]).toEqual([0, 'NETWORK_ERROR']);
  });

  it('validates bodies with the protocol schemas before sending: an invalid bet or table never leaves the client', async () => {
    const f = fakeFetch([]);
    const c = new FeltClient({ baseUrl: 'http://x', token: 't', fetch: f.fetch });
    const badBet = await rejectionOf(c.placeBet('tbl_1', { betId: 'has spaces', spot: 'big', stakeMinor: 100 }));
    expect([badBet.status, badBet.code]).toEqual([0, 'INVALID_INPUT']);
    expect(badBet.message).toContain('betId');
    const badTable = await rejectionOf(c.createTable({ name: 'T', game: 'sicbo', profileId: 'standard', limits: { tableMinMinor: 500, tableMaxMinor: 100 }, betWindowS: 1 }));
    expect(badTable.code).toBe('INVALID_INPUT');
    expect(badTable.message).toContain('betWindowS');
    const badStatus = await rejectionOf(c.setTableStatus('tbl_1', 'open', ''));
    expect(badStatus.message).toContain('reason');
    const badDeposit = await rejectionOf(c.deposit({ playerId: 'player1', amountMinor: 12.5, reason: 'promo' }));
    expect(badDeposit.message).toContain('amountMinor');
    const badCommand = await rejectionOf(c.dealerCommand('tbl_1', { type: 'not-a-command' }));
    expect(badCommand.code).toBe('INVALID_INPUT');
    expect(f.calls).toHaveLength(0);
  });

  it('sends the validated body with schema defaults, and path parameters URL-encoded', async () => {
    const f = fakeFetch([json(200, { tableId: 'tbl_1' }), json(200, { roundId: 'r', seq: 3, phase: 'void', events: [], duplicate: false })]);
    const c = new FeltClient({ baseUrl: 'http://x', token: 't', fetch: f.fetch });
    await c.createTable({ name: 'Sic Bo 1', game: 'sicbo', profileId: 'standard', limits: { tableMinMinor: 100, tableMaxMinor: 50_000 }, betWindowS: 15 });
    expect(f.calls[0]?.body).toEqual({
      name: 'Sic Bo 1',
      game: 'sicbo',
      profileId: 'standard',
      limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 50_000, spots: {} },
      betWindowS: 15,
      cadence: { auto: false, pauseS: 5 },
      devices: [],
    });
    await c.approveVoid('tbl_1', 'req:1/2', 'camera down');
    expect(f.calls[1]).toMatchObject({ url: 'http://x/tables/tbl_1/round/void-requests/req%3A1%2F2/approve', method: 'POST', body: { reason: 'camera down' } });
  });

  it('placeBet without a betId generates a bet_ id; query parameters are only sent when given', async () => {
    const f = fakeFetch([json(200, { roundId: 'r', seq: 2, phase: 'betting', duplicate: false, bets: [] }), json(200, []), json(200, [])]);
    const c = new FeltClient({ baseUrl: 'http://x', token: 't', fetch: f.fetch });
    await c.placeBet('tbl_1', { spot: 'big', stakeMinor: 100 });
    expect((f.calls[0]?.body as { betId: string }).betId).toMatch(/^bet_[0-9A-Z]{26}$/);
    await c.alerts({ tableId: 'tbl_1', limit: 5 });
    await c.audit();
    expect(f.calls.map((x) => x.url).slice(1)).toEqual(['http://x/alerts?tableId=tbl_1&limit=5', 'http://x/audit']);
  });

  it('health returns the report also when the server answers 503 (a dependency is down)', async () => {
    const report = { status: 'error', db: 'up', broker: 'down', queue: 'up', details: { broker: 'ECONNREFUSED' } };
    const f = fakeFetch([json(503, report)]);
    expect(await new FeltClient({ baseUrl: 'http://x', fetch: f.fetch }).health()).toEqual(report);
  });
});

describe('server clock', () => {
  it('measureClockOffset takes the server time as the middle of the round trip (no token needed)', async () => {
    const f = fakeFetch([json(200, { now: 10_500 })]);
    const local = [1_000, 1_200];
    const r = await new FeltClient({ baseUrl: 'http://x', fetch: f.fetch }).measureClockOffset(() => local.shift() ?? 0);
    expect(r).toEqual({ offsetMs: 10_500 - 1_100, rttMs: 200 });
    expect(f.calls[0]).toMatchObject({ url: 'http://x/time', method: 'GET' });
    expect(f.calls[0]?.headers['authorization']).toBeUndefined();
  });
});

describe('bet ids (client-generated idempotency keys)', () => {
  it('are prefixed, valid protocol ids and sort in creation order, also within one millisecond and when the clock steps back', () => {
    const t = 1_700_000_000_000;
    const clock = [t, t, t, t - 5, t + 1];
    const ids = createIdFactory({ now: () => clock.shift() ?? t, random: (b) => b.fill(31) });
    const made = [ids.next('bet'), ids.next('bet'), ids.next('bet'), ids.next('bet'), ids.next('bet')];
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
    for (const id of made) expect(id).toMatch(/^bet_[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('newBetId gives distinct ids whose time part orders them', () => {
    const a = newBetId();
    const b = newBetId();
    expect(a).not.toBe(b);
    expect(a < b).toBe(true);
  });
});
