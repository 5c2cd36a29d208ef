import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditService } from '../audit/audit.service.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { issueStreamToken, verifyStreamToken } from './stream-tokens.js';
import { StreamsModule } from './streams.module.js';

describe('stream tokens (pure)', () => {
  const secret = 'stream-secret-stream-secret-000001';
  const now = 1_800_000_000_000;
  it('bound to the player and the table, valid until they expire, unforgeable', () => {
    const { token, expiresAt } = issueStreamToken(secret, { playerId: 'player1', tableId: 'tbl_1', nowMs: now });
    expect(expiresAt).toBe(now + 600_000);
    expect(verifyStreamToken(secret, token, 'tbl_1', now + 1_000)).toEqual({ ok: true, playerId: 'player1', expiresAt });
    expect(verifyStreamToken(secret, token, 'tbl_2', now)).toEqual({ ok: false, reason: 'foreign' });
    expect(verifyStreamToken(secret, token, 'tbl_1', expiresAt)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyStreamToken('another-secret-another-secret-0002', token, 'tbl_1', now)).toEqual({ ok: false, reason: 'forged' });
    expect(verifyStreamToken(secret, token.replace('.cGxheWVyMQ.', '.cGxheWVyMg.'), 'tbl_1', now)).toEqual({ ok: false, reason: 'forged' }); // player1 → player2
    expect(verifyStreamToken(secret, undefined, 'tbl_1', now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyStreamToken(secret, 'v1.garbage', 'tbl_1', now)).toEqual({ ok: false, reason: 'malformed' });
  });
});

/** Issue 21 §1: a stream per table, registered by an admin (audited) and handed to viewers as signed URLs. */
describe('table streams through the API', () => {
  let app: RoundsApp;
  let tableId = '';
  beforeAll(async () => {
    app = await bootRoundsApp({ imports: [StreamsModule] });
    const t = await app.http('POST', '/tables', app.token('pitboss1', 'pitboss'), { name: 'Video Roulette', game: 'roulette', profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 15 });
    tableId = String(t.body['tableId']);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('an admin sets the sources (audited); a viewer gets each URL with a token for them and the table; the media check refuses anything else', async () => {
    const admin = app.token('admin1', 'admin');
    const player = app.token('player1', 'player');
    expect(await app.http('GET', `/tables/${tableId}/stream`, player)).toMatchObject({ status: 404, body: { code: 'NO_STREAM' } });
    const sources = [
      { kind: 'll-hls', url: 'https://cdn.example/live/roulette-1/index.m3u8', label: '360p', height: 360, bitrateKbps: 800 },
      { kind: 'whep', url: 'https://media.example/whep/roulette-1', label: 'low latency' },
    ];
    expect((await app.http('PUT', `/tables/${tableId}/streams`, app.token('pitboss1', 'pitboss'), { sources, reason: 'camera 1' })).status).toBe(403);
    expect(await app.http('PUT', `/tables/${tableId}/streams`, admin, { sources: [{ kind: 'rtmp', url: 'rtmp://x', label: 'x' }], reason: 'camera 1' })).toMatchObject({ status: 400 });
    expect(await app.http('PUT', `/tables/${tableId}/streams`, admin, { sources })).toMatchObject({ status: 400 }); // a reason is required
    expect(await app.http('PUT', `/tables/nope/streams`, admin, { sources, reason: 'camera 1' })).toMatchObject({ status: 404, body: { code: 'TABLE_NOT_FOUND' } });
    expect(await app.http('PUT', `/tables/${tableId}/streams`, admin, { sources, reason: 'camera 1 installed' })).toMatchObject({ status: 200, body: { tableId, sources, updatedBy: 'admin1' } });
    expect((await app.get(AuditService).list(10)).map((a) => a.action)).toContain('table.streams.set');

    const got = await app.http('GET', `/tables/${tableId}/stream`, player);
    expect(got.status).toBe(200);
    const urls = (got.body['sources'] as { url: string; kind: string }[]).map((s) => new URL(s.url));
    expect(urls.map((u) => `${u.origin}${u.pathname}`)).toEqual(['https://cdn.example/live/roulette-1/index.m3u8', 'https://media.example/whep/roulette-1']);
    const token = urls[0]!.searchParams.get('token') ?? '';
    expect(urls[1]!.searchParams.get('token')).toBe(token);

    const auth = async (table: string, t?: string): Promise<{ status: number; body: Record<string, unknown> }> => {
      const res = await fetch(`${app.url}/media-auth?table=${table}${t !== undefined ? `&token=${encodeURIComponent(t)}` : ''}`);
      const text = await res.text();
      return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    };
    expect((await auth(tableId, token)).status).toBe(204);
    expect(await auth(tableId)).toMatchObject({ status: 403, body: { code: 'STREAM_TOKEN_REFUSED', details: { reason: 'missing' } } });
    expect(await auth('tbl_other', token)).toMatchObject({ status: 403, body: { details: { reason: 'foreign' } } });
    expect(await auth(tableId, `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`)).toMatchObject({ status: 403, body: { details: { reason: 'forged' } } });
    expect((await app.http('GET', `/tables/${tableId}/stream`, null)).status).toBe(401);
  });
});
