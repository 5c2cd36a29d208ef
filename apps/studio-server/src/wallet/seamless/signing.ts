import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Request signing of the seamless contract, both directions (our calls to the operator, the operator's calls
 * to us): `X-Felt-Timestamp` (Unix milliseconds) and `X-Felt-Signature` = HMAC-SHA256 (hex) of
 * `<timestamp>.<exact body bytes>` with the operator's secret. The timestamp is inside the signature, so a
 * captured request cannot be re-dated; a receiver refuses a timestamp outside ±REPLAY_WINDOW_MS of its clock
 * and a signature it has already seen within the window (a replay).
 */
export const SIGNATURE_HEADER = 'x-felt-signature';
export const TIMESTAMP_HEADER = 'x-felt-timestamp';
export const REPLAY_WINDOW_MS = 5 * 60_000;

export const signBody = (secret: string, timestamp: number, body: string): string => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** Both headers of a signed request. */
export const signedHeaders = (secret: string, timestamp: number, body: string): Record<string, string> => ({ [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signBody(secret, timestamp, body) });

export type SignatureCheck = { readonly ok: true } | { readonly ok: false; readonly reason: 'bad' | 'stale' | 'replayed'; readonly message: string };

/**
 * Verifies a signed request (pure but for `seen`): `bad` — missing/malformed headers or not the HMAC (say
 * nothing more to an unauthenticated caller); `stale` — a valid signature whose timestamp is outside the window;
 * `replayed` — a valid, fresh signature already accepted once.
 */
export function checkSignature(secret: string, body: string, headers: Readonly<Record<string, unknown>>, now: number, seen: ReplayGuard | null = null): SignatureCheck {
  const ts = headers[TIMESTAMP_HEADER];
  const sig = headers[SIGNATURE_HEADER];
  if (typeof ts !== 'string' || !/^\d{1,16}$/.test(ts) || typeof sig !== 'string' || !/^[0-9a-f]{64}$/.test(sig)) return { ok: false, reason: 'bad', message: `missing or malformed ${TIMESTAMP_HEADER} / ${SIGNATURE_HEADER}` };
  const timestamp = Number(ts);
  if (!timingSafeEqual(Buffer.from(signBody(secret, timestamp, body), 'hex'), Buffer.from(sig, 'hex'))) return { ok: false, reason: 'bad', message: `${SIGNATURE_HEADER} is not the HMAC-SHA256 of "<timestamp>.<body>" with the operator secret` };
  if (Math.abs(now - timestamp) > REPLAY_WINDOW_MS) return { ok: false, reason: 'stale', message: `${TIMESTAMP_HEADER} ${timestamp} is more than ${REPLAY_WINDOW_MS / 60_000} min from the server clock (${now})` };
  if (seen !== null && !seen.first(sig, timestamp, now)) return { ok: false, reason: 'replayed', message: 'this signature was already used (a replayed request)' };
  return { ok: true };
}

/** Signatures accepted within the replay window (older ones are refused as stale anyway, so they are forgotten). */
export class ReplayGuard {
  private readonly seen = new Map<string, number>();

  /** True the first time a signature is presented; false on a replay. */
  first(signature: string, timestamp: number, now: number): boolean {
    if (this.seen.size > 1_000) for (const [s, t] of this.seen) if (Math.abs(now - t) > REPLAY_WINDOW_MS) this.seen.delete(s);
    if (this.seen.has(signature)) return false;
    this.seen.set(signature, timestamp);
    return true;
  }
}
