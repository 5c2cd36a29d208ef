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

const report = (operatorId: string, balanced: boolean, day: string) => ({ operatorId, day, acknowledged: { debitsMinor: 0, creditsMinor: 0, rollbacksMinor: 0, netMinor: 0 }, ledger: { inMinor: 0, outMinor: 0, netMinor: 0 }, bets: 0, pending: balanced ? 0 : 1, dead: 0, differences: [], balanced });

/** A stand-in for the server's admin API: login, the operators, their reports. */
function fakeServer(): Promise<{ url: string; server: Server; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const send = (status: number, v: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (req.url === '/auth/login') return send(200, { token: 't', refreshToken: 'r', expiresIn: 900, user: { userId: 'adm', role: 'admin', name: 'A' } });
      if (req.headers.authorization !== 'Bearer t') return send(401, { code: 'UNAUTHENTICATED', ruleId: null, message: 'no' });
      if (req.url === '/admin/operators') return send(200, [{ operatorId: 'op-a', walletMode: 'seamless' }, { operatorId: 'op-b', walletMode: 'internal' }, { operatorId: 'op-c', walletMode: 'seamless' }]);
      const m = /^\/admin\/operators\/([^/]+)\/reconciliation(?:\?day=(.*))?$/.exec(req.url ?? '');
      if (m) {
        asked.push(req.url ?? '');
        return send(200, report(m[1] ?? '', m[1] !== 'op-c', m[2] ?? '2026-11-26'));
      }
      return send(404, { code: 'NOT_FOUND', ruleId: null, message: req.url });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, asked })));
}

describe('felt reconcile (issue 12: seamless-wallet reconciliation per operator and day)', () => {
  let fake: Awaited<ReturnType<typeof fakeServer>>;
  const env = { FELT_ADMIN_USER: 'admin', FELT_ADMIN_PASSWORD: 'admin-password-1' };
  beforeAll(async () => {
    fake = await fakeServer();
  });
  afterAll(() => {
    fake.server.close();
  });

  it('one operator and day: prints its report and exits 0 when balanced', async () => {
    const r = await felt(['reconcile', '--server-url', fake.url, '--operator', 'op-a', '--day', '2026-11-25'], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual([expect.objectContaining({ operatorId: 'op-a', day: '2026-11-25', balanced: true })]);
  });

  it('every seamless operator by default; exits 1 when one report is not balanced; bad usage exits 2', async () => {
    const r = await felt(['reconcile', '--server-url', fake.url], env);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.out) as { operatorId: string }[]).map((x) => x.operatorId)).toEqual(['op-a', 'op-c']);
    expect((await felt(['reconcile', '--server-url', fake.url, '--day', '25/11/2026'], env)).code).toBe(2);
    expect((await felt(['reconcile'], env)).code).toBe(2);
  });
});
