import { describe, expect, it } from 'vitest';
import { FAKE_ADMIN_ENV, fakeApi, felt, useFakeApi } from '../../../test/support/cli.js';

const report = (operatorId: string, balanced: boolean, day: string) => ({ operatorId, day, acknowledged: { debitsMinor: 0, creditsMinor: 0, rollbacksMinor: 0, netMinor: 0 }, ledger: { inMinor: 0, outMinor: 0, netMinor: 0 }, bets: 0, pending: balanced ? 0 : 1, dead: 0, differences: [], balanced });

/** A stand-in for the server's admin API: the operators, their reports (the report URLs asked for in `asked`). */
async function fakeServer(): Promise<Awaited<ReturnType<typeof fakeApi>> & { asked: string[] }> {
  const asked: string[] = [];
  const api = await fakeApi(({ url }, send) => {
    if (url === '/admin/operators') return send(200, [{ operatorId: 'op-a', walletMode: 'seamless' }, { operatorId: 'op-b', walletMode: 'internal' }, { operatorId: 'op-c', walletMode: 'seamless' }]);
    const m = /^\/admin\/operators\/([^/]+)\/reconciliation(?:\?day=(.*))?$/.exec(url);
    if (m) {
      asked.push(url);
      return send(200, report(m[1] ?? '', m[1] !== 'op-c', m[2] ?? '2026-11-26'));
    }
  });
  return { ...api, asked };
}

describe('felt reconcile (issue 12: seamless-wallet reconciliation per operator and day)', () => {
  const fake = useFakeApi(fakeServer);
  const env = FAKE_ADMIN_ENV;

  it('one operator and day: prints its report and exits 0 when balanced', async () => {
    const r = await felt(['reconcile', '--server-url', fake().url, '--operator', 'op-a', '--day', '2026-11-25'], '', env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual([expect.objectContaining({ operatorId: 'op-a', day: '2026-11-25', balanced: true })]);
  });

  it('every seamless operator by default; exits 1 when one report is not balanced; bad usage exits 2', async () => {
    const r = await felt(['reconcile', '--server-url', fake().url], '', env);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.out) as { operatorId: string }[]).map((x) => x.operatorId)).toEqual(['op-a', 'op-c']);
    expect((await felt(['reconcile', '--server-url', fake().url, '--day', '25/11/2026'], '', env)).code).toBe(2);
    expect((await felt(['reconcile'], '', env)).code).toBe(2);
  });
});
