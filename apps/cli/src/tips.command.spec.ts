import { describe, expect, it } from 'vitest';
import { FAKE_ADMIN_ENV, fakeApi, felt, useFakeApi } from '../../../test/support/cli.js';

/** A stand-in for the server: the tips report, the payout route (every request in `seen`). */
function fakeServer(): ReturnType<typeof fakeApi> {
  return fakeApi(({ method, url }, send) => {
    if (method === 'GET' && url.startsWith('/tips/shifts')) return send(200, { from: 1, to: 2, shifts: [{ tableId: 't1', dealerId: 'd1', totalMinor: 800 }] });
    if (method === 'POST' && url === '/tips/payouts') return send(201, { payoutId: 'tip-payout:t1:d1:1000', amountMinor: 800, duplicate: false });
  });
}

describe('felt tips (issue 24: tips per dealer and shift, payout)', () => {
  const fake = useFakeApi(fakeServer);
  const env = FAKE_ADMIN_ENV;

  it('prints the report; ISO dates become ms, the table and dealer filter it', async () => {
    const r = await felt(['tips', '--server-url', fake().url, '--from', '2026-11-27', '--to', '1795900000000', '--table', 't1', '--dealer', 'd1'], '', env);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ shifts: [{ dealerId: 'd1', totalMinor: 800 }] });
    expect(fake().seen.at(-1)?.url).toBe(`/tips/shifts?from=${Date.parse('2026-11-27')}&to=1795900000000&tableId=t1&dealerId=d1`);
  });

  it('--pay sends the shift and the reason; without them it is a usage error', async () => {
    const r = await felt(['tips', '--server-url', fake().url, '--pay', '--table', 't1', '--dealer', 'd1', '--shift-start', '1000', '--reason', 'payroll'], '', env);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ amountMinor: 800, duplicate: false });
    expect(fake().seen.at(-1)?.body).toEqual({ tableId: 't1', dealerId: 'd1', shiftStart: 1000, reason: 'payroll' });
    expect((await felt(['tips', '--server-url', fake().url, '--pay', '--table', 't1', '--dealer', 'd1'], '', env)).code).toBe(2);
    expect((await felt(['tips', '--server-url', fake().url, '--from', 'yesterday-ish'], '', env)).code).toBe(2);
  });
});
