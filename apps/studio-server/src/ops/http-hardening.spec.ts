import { describe, expect, it } from 'vitest';
import { bootTestApp } from '../../../../test/support/studio-server/test-app.js';

/** Issue 22 §9: bad requests get their code, quietly; no framework banner; CORS only for configured origins. */
describe('HTTP hardening (issue 22 §9)', () => {
  it('a body over the limit is 413 PAYLOAD_TOO_LARGE (not 500), unreadable JSON 400; no X-Powered-By; no CORS for an unknown origin', async () => {
    const t = await bootTestApp({ full: true });
    try {
      const big = await fetch(`${t.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: JSON.stringify({ username: 'x', password: 'y'.repeat(200_000) }) });
      expect(big.status).toBe(413);
      expect(await big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(big.headers.get('x-powered-by')).toBeNull();
      expect(big.headers.get('access-control-allow-origin')).toBeNull();
      const broken = await fetch(`${t.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username": ' });
      expect(broken.status).toBe(400);
      expect(await broken.json()).toMatchObject({ code: 'INVALID_INPUT' });
      const time = await fetch(`${t.url}/time`, { headers: { origin: 'https://evil.example' } });
      expect(time.headers.get('x-powered-by')).toBeNull();
      expect(time.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('a known path with another method is 405 METHOD_NOT_ALLOWED with Allow (DELETE /health was 404); an unknown path stays 404', async () => {
    const t = await bootTestApp();
    try {
      const del = await fetch(`${t.url}/health`, { method: 'DELETE' });
      expect(del.status).toBe(405);
      expect(del.headers.get('allow')).toBe('GET, HEAD');
      expect(await del.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
      const unknown = await fetch(`${t.url}/no-such-route`, { method: 'DELETE' });
      expect(unknown.status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('FELT_CORS_ORIGINS: a configured origin is allowed (and only it)', async () => {
    const t = await bootTestApp({ config: { corsOrigins: ['https://casino.example'] } });
    try {
      const ok = await fetch(`${t.url}/time`, { headers: { origin: 'https://casino.example' } });
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://casino.example');
      const other = await fetch(`${t.url}/time`, { headers: { origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await t.close();
    }
  });
});
