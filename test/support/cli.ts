/**
 * The CLI specs' way to run `felt`: in process (apps/cli `run`), stdout and stderr captured, optional stdin and
 * environment (restored after); and a stand-in for the studio server's API that the admin commands call.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import { run } from '../../apps/cli/src/main.js';

export interface FeltRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** `felt <argv>` with `stdin` (a string: the piped input) and `env` set for the run. */
export async function felt(argv: readonly string[], stdin = '', env: Readonly<Record<string, string>> = {}): Promise<FeltRun> {
  let out = '';
  let err = '';
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const code = await run([...argv], { stdin, stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } });
    return { code, out, err };
  } finally {
    for (const k of Object.keys(env)) if (saved[k] === undefined) delete process.env[k];
  }
}

/** The admin account the stand-in server signs in (`FELT_ADMIN_USER` / `FELT_ADMIN_PASSWORD` of the commands). */
export const FAKE_ADMIN_ENV = { FELT_ADMIN_USER: 'admin', FELT_ADMIN_PASSWORD: 'admin-password-1' } as const;

export type FakeRoute = (req: { readonly method: string; readonly url: string; readonly body: unknown; readonly raw: IncomingMessage }, send: (status: number, body: unknown) => void) => boolean | void;

/**
 * A stand-in for the studio server: `POST /auth/login` gives token `t`; every other request without `Bearer t` is
 * 401; the rest go to `route` (JSON body parsed; it sends and returns, or returns false/undefined without sending: 404).
 * Every authorised request is kept in `seen`.
 */
export function fakeApi(route: FakeRoute): Promise<{ url: string; server: Server; seen: { method: string; url: string; body: unknown }[] }> {
  const seen: { method: string; url: string; body: unknown }[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      let sent = false;
      const send = (status: number, v: unknown): void => {
        sent = true;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (req.url === '/auth/login') return send(200, { token: 't', refreshToken: 'r', expiresIn: 900, user: { userId: 'adm', role: 'admin', name: 'A' } });
      if (req.headers.authorization !== 'Bearer t') return send(401, { code: 'UNAUTHENTICATED', ruleId: null, message: 'no' });
      const hit = { method: req.method ?? 'GET', url: req.url ?? '', body: raw === '' ? null : (JSON.parse(raw) as unknown) };
      seen.push(hit);
      route({ ...hit, raw: req }, send);
      if (!sent) send(404, { code: 'NOT_FOUND', ruleId: null, message: hit.url });
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen })));
}

/**
 * The stand-in server of one `describe` block: started before its tests, closed after them. Returns a getter
 * (the server exists only once `beforeAll` ran).
 */
export function useFakeApi<T extends { readonly server: Server }>(start: () => Promise<T>): () => T {
  let fake: T | undefined;
  beforeAll(async () => {
    fake = await start();
  });
  afterAll(() => {
    fake?.server.close();
  });
  return () => {
    if (fake === undefined) throw new Error('useFakeApi: the stand-in server starts in beforeAll');
    return fake;
  };
}
