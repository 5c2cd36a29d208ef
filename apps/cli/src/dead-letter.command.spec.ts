import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, type CliIo } from './main.js';

async function felt(argv: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = { stdin: '', stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return { code: await run(argv, io), out, err };
  } finally {
    for (const k of Object.keys(env)) if (saved[k] === undefined) delete process.env[k];
  }
}

const dead = (uuid: string) => ({ transactionUuid: uuid, betId: uuid.slice(4), playerId: 'p1', kind: 'credit', amountMinor: 300, attempts: 50, lastError: 'RS_ERROR_UNKNOWN', day: '2026-11-26', at: 1 });

/** A stand-in for the server's admin API: login, the dead letters of op-a (op-b has none), the retry route. */
function fakeServer(): Promise<{ url: string; server: Server; retried: unknown[] }> {
  const retried: unknown[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const send = (status: number, v: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (req.url === '/auth/login') return send(200, { token: 't', refreshToken: 'r', expiresIn: 900, user: { userId: 'adm', role: 'admin', name: 'A' } });
      if (req.headers.authorization !== 'Bearer t') return send(401, { code: 'UNAUTHENTICATED', ruleId: null, message: 'no' });
      if (req.method === 'GET' && req.url === '/admin/operators/op-a/dead-letter') return send(200, [dead('crd_b1'), dead('crd_b2')]);
      if (req.method === 'GET' && req.url === '/admin/operators/op-b/dead-letter') return send(200, []);
      if (req.method === 'POST' && req.url === '/admin/operators/op-a/dead-letter/retry') {
        const b = JSON.parse(raw) as { transactionUuids?: string[] };
        retried.push(b);
        return send(200, { operatorId: 'op-a', requeued: b.transactionUuids ?? ['crd_b1', 'crd_b2'] });
      }
      return send(404, { code: 'OPERATOR_NOT_FOUND', ruleId: null, message: req.url });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, retried })));
}

describe('felt dead-letter (issue 12: seamless-wallet dead letters, list and re-queue)', () => {
  let fake: Awaited<ReturnType<typeof fakeServer>>;
  const env = { FELT_ADMIN_USER: 'admin', FELT_ADMIN_PASSWORD: 'admin-password-1' };
  beforeAll(async () => {
    fake = await fakeServer();
  });
  afterAll(() => {
    fake.server.close();
  });

  it('lists the dead letters; exit 1 when there are some, 0 when none', async () => {
    const a = await felt(['dead-letter', '--server-url', fake.url, '--operator', 'op-a'], env);
    expect(a.code).toBe(1);
    expect((JSON.parse(a.out) as { transactionUuid: string }[]).map((d) => d.transactionUuid)).toEqual(['crd_b1', 'crd_b2']);
    expect((await felt(['dead-letter', '--server-url', fake.url, '--operator', 'op-b'], env)).code).toBe(0);
  });

  it('--retry re-queues all or the given ones with the reason; a reason is required; an unknown operator fails with its code', async () => {
    const all = await felt(['dead-letter', '--server-url', fake.url, '--operator', 'op-a', '--retry', '--reason', 'operator fixed'], env);
    expect(all.code).toBe(0);
    expect(JSON.parse(all.out)).toEqual({ operatorId: 'op-a', requeued: ['crd_b1', 'crd_b2'] });
    const one = await felt(['dead-letter', '--server-url', fake.url, '--operator', 'op-a', '--retry', '--reason', 'just one', '--transactions', 'crd_b2'], env);
    expect(JSON.parse(one.out)).toEqual({ operatorId: 'op-a', requeued: ['crd_b2'] });
    expect(fake.retried).toEqual([{ reason: 'operator fixed' }, { reason: 'just one', transactionUuids: ['crd_b2'] }]);
    expect((await felt(['dead-letter', '--server-url', fake.url, '--operator', 'op-a', '--retry'], env)).code).toBe(2);
    expect(fake.retried).toHaveLength(2);
    const unknown = await felt(['dead-letter', '--server-url', fake.url, '--operator', 'nobody'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('OPERATOR_NOT_FOUND');
  });
});
