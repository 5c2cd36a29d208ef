import { describe, expect, it } from 'vitest';
import { FeltApiError } from './errors.js';
import { FeltClient, type FetchLike } from './felt.client.js';

describe('FeltClient — dealer console calls', () => {
  it('tableDevices GETs /tables/:id/devices; callPitBoss POSTs the reason to /tables/:id/pit-boss-calls', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    const answers = [[{ tableId: 't/1', deviceId: 'shoe-1', status: null, lastSeq: null, lastEventAt: null }], { alertId: 'alr_1', code: 'PIT_BOSS_CALLED' }];
    const fetch: FetchLike = async (url, init) => {
      calls.push({ url, method: init.method, body: init.body === undefined ? undefined : JSON.parse(init.body) });
      return { status: 200, ok: true, text: async () => JSON.stringify(answers.shift()) };
    };
    const c = new FeltClient({ baseUrl: 'http://x', token: 't', fetch });
    expect(await c.tableDevices('t/1')).toEqual([{ tableId: 't/1', deviceId: 'shoe-1', status: null, lastSeq: null, lastEventAt: null }]);
    expect(await c.callPitBoss('t/1', 'player dispute')).toMatchObject({ code: 'PIT_BOSS_CALLED' });
    expect(calls).toEqual([
      { url: 'http://x/tables/t%2F1/devices', method: 'GET', body: undefined },
      { url: 'http://x/tables/t%2F1/pit-boss-calls', method: 'POST', body: { reason: 'player dispute' } },
    ]);
  });

  it('a call without a reason never leaves the client (INVALID_INPUT)', async () => {
    const fetch: FetchLike = async () => {
      throw new Error('must not be called');
    };
    const e = await new FeltClient({ baseUrl: 'http://x', token: 't', fetch }).callPitBoss('t1', '').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(FeltApiError);
    expect((e as FeltApiError).code).toBe('INVALID_INPUT');
  });
});
