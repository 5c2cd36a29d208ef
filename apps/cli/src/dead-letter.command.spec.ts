import { describe, expect, it } from 'vitest';
import { FAKE_ADMIN_ENV, fakeApi, felt, useFakeApi } from '../../../test/support/cli.js';

const dead = (uuid: string) => ({ transactionUuid: uuid, betId: uuid.slice(4), playerId: 'p1', kind: 'credit', amountMinor: 300, attempts: 50, lastError: 'RS_ERROR_UNKNOWN', day: '2026-11-26', at: 1 });

/** A stand-in for the server's admin API: the dead letters of op-a (op-b has none), the retry route (what it was asked to re-queue in `retried`). */
async function fakeServer(): Promise<Awaited<ReturnType<typeof fakeApi>> & { retried: unknown[] }> {
  const retried: unknown[] = [];
  const api = await fakeApi(({ method, url, body }, send) => {
    if (method === 'GET' && url === '/admin/operators/op-a/dead-letter') return send(200, [dead('crd_b1'), dead('crd_b2')]);
    if (method === 'GET' && url === '/admin/operators/op-b/dead-letter') return send(200, []);
    if (method === 'POST' && url === '/admin/operators/op-a/dead-letter/retry') {
      const b = body as { transactionUuids?: string[] };
      retried.push(b);
      return send(200, { operatorId: 'op-a', requeued: b.transactionUuids ?? ['crd_b1', 'crd_b2'] });
    }
    return send(404, { code: 'OPERATOR_NOT_FOUND', ruleId: null, message: url });
  });
  return { ...api, retried };
}

describe('felt dead-letter (issue 12: seamless-wallet dead letters, list and re-queue)', () => {
  const fake = useFakeApi(fakeServer);
  const env = FAKE_ADMIN_ENV;

  it('lists the dead letters; exit 1 when there are some, 0 when none', async () => {
    const a = await felt(['dead-letter', '--server-url', fake().url, '--operator', 'op-a'], '', env);
    expect(a.code).toBe(1);
    expect((JSON.parse(a.out) as { transactionUuid: string }[]).map((d) => d.transactionUuid)).toEqual(['crd_b1', 'crd_b2']);
    expect((await felt(['dead-letter', '--server-url', fake().url, '--operator', 'op-b'], '', env)).code).toBe(0);
  });

  it('--retry re-queues all or the given ones with the reason; a reason is required; an unknown operator fails with its code', async () => {
    const all = await felt(['dead-letter', '--server-url', fake().url, '--operator', 'op-a', '--retry', '--reason', 'operator fixed'], '', env);
    expect(all.code).toBe(0);
    expect(JSON.parse(all.out)).toEqual({ operatorId: 'op-a', requeued: ['crd_b1', 'crd_b2'] });
    const one = await felt(['dead-letter', '--server-url', fake().url, '--operator', 'op-a', '--retry', '--reason', 'just one', '--transactions', 'crd_b2'], '', env);
    expect(JSON.parse(one.out)).toEqual({ operatorId: 'op-a', requeued: ['crd_b2'] });
    expect(fake().retried).toEqual([{ reason: 'operator fixed' }, { reason: 'just one', transactionUuids: ['crd_b2'] }]);
    expect((await felt(['dead-letter', '--server-url', fake().url, '--operator', 'op-a', '--retry'], '', env)).code).toBe(2);
    expect(fake().retried).toHaveLength(2);
    const unknown = await felt(['dead-letter', '--server-url', fake().url, '--operator', 'nobody'], '', env);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('OPERATOR_NOT_FOUND');
  });
});
