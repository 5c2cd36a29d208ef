import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Issue 21 §1: short-lived stream tokens, bound to one player and one table. A token is
 * `v1.<tableId>.<base64url playerId>.<expires, unix s>.<hex HMAC-SHA256 of the four before, with the stream secret>`.
 * Felt issues one to a player who asks for a table's stream (`GET /tables/:id/stream`) and appends it to every
 * source URL; a media endpoint (the studio's own, or a media server asking `GET /media-auth`) refuses a
 * missing, malformed, expired, forged or foreign (another table's) token. Pure.
 */
export const STREAM_TOKEN_TTL_S = 10 * 60;

export type StreamTokenCheck = { readonly ok: true; readonly playerId: string; readonly expiresAt: number } | { readonly ok: false; readonly reason: 'missing' | 'malformed' | 'expired' | 'forged' | 'foreign' };

const mac = (secret: string, payload: string): string => createHmac('sha256', secret).update(payload).digest('hex');

export function issueStreamToken(secret: string, p: { readonly playerId: string; readonly tableId: string; readonly nowMs: number; readonly ttlS?: number }): { readonly token: string; readonly expiresAt: number } {
  const exp = Math.floor(p.nowMs / 1000) + (p.ttlS ?? STREAM_TOKEN_TTL_S);
  const payload = `v1.${p.tableId}.${Buffer.from(p.playerId, 'utf8').toString('base64url')}.${exp}`;
  return { token: `${payload}.${mac(secret, payload)}`, expiresAt: exp * 1000 };
}

export function verifyStreamToken(secret: string, token: string | null | undefined, tableId: string, nowMs: number): StreamTokenCheck {
  if (token === null || token === undefined || token === '') return { ok: false, reason: 'missing' };
  const m = /^v1\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{1,200})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(token);
  if (m === null) return { ok: false, reason: 'malformed' };
  const [, table, player, exp, sig] = m as unknown as [string, string, string, string, string];
  const expected = mac(secret, `v1.${table}.${player}.${exp}`);
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(sig, 'hex'))) return { ok: false, reason: 'forged' };
  if (table !== tableId) return { ok: false, reason: 'foreign' };
  if (Number(exp) * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, playerId: Buffer.from(player, 'base64url').toString('utf8'), expiresAt: Number(exp) * 1000 };
}

/** The URL with the token as its `token` query parameter. */
/**
 * A source URL signed for one viewer. Where the URL holds `{token}` (in its path), the token goes there: a player
 * resolves the playlist's relative URIs (segments, init) against it, so a media server that serves an encoder's
 * unmodified playlist still gets the token on every request (`/live/{token}/<table>/index.m3u8`). Otherwise it
 * is the `token` query parameter (the demo camera puts it on every URI of the playlists it rewrites).
 */
export function withToken(url: string, token: string): string {
  for (const slot of ['{token}', '%7Btoken%7D']) if (url.includes(slot)) return url.split(slot).join(encodeURIComponent(token));
  const u = new URL(url);
  u.searchParams.set('token', token);
  return u.toString();
}
