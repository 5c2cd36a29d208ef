import { createPrivateKey, createPublicKey, sign as rsaSign, timingSafeEqual, verify as rsaVerify, type KeyObject } from 'node:crypto';

/**
 * Request signing of the seamless contract, both directions (our calls to the operator, the operator's calls
 * to us): `X-Felt-Timestamp` (Unix milliseconds) and `X-Felt-Signature` = HMAC-SHA256 (hex) of
 * `<timestamp>.<exact body bytes>` with the operator's secret. The timestamp is inside the signature, so a
 * captured request cannot be re-dated; a receiver refuses a timestamp outside ±REPLAY_WINDOW_MS of its clock
 * and a signature it has already seen within the window (a replay).
 */
import { signBody, signedHeaders, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../shared/signing.js';
import { SIGNATURE_SCHEMES, type SignatureScheme } from '@felt-studio/protocol';

export { signBody, signedHeaders, SIGNATURE_HEADER, TIMESTAMP_HEADER };
export const REPLAY_WINDOW_MS = 5 * 60_000;

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

/**
 * Issue 22 §16: RSA-SHA256 as an option beside HMAC, per operator. With `rsa`, each side signs
 * `<timestamp>.<exact body>` with its own private key (RSASSA-PKCS1-v1_5, SHA-256) and `X-Felt-Signature` is the
 * signature in base64; the other side verifies with the signer's public key — the operator's public key is in
 * its configuration, Felt's is served at `GET /operator/v1/signing-key` (FELT_OPERATOR_RSA_KEY). Timestamps,
 * the ±5 min window and replay refusal are the same as for HMAC.
 */
export { SIGNATURE_SCHEMES, type SignatureScheme };

/** How calls to and from one operator are signed. */
export interface OperatorSigning {
  readonly signature?: SignatureScheme;
  /** HMAC: the shared secret. */
  readonly secret: string;
  /** RSA: the operator's public key (PEM), verifying its calls to Felt. */
  readonly publicKey?: string | null;
}

const keyCache = new Map<string, KeyObject>();
const privateKeyOf = (pem: string): KeyObject => keyCache.get(pem) ?? keyCache.set(pem, createPrivateKey(pem)).get(pem)!;
const publicKeyOf = (pem: string): KeyObject => keyCache.get(pem) ?? keyCache.set(pem, createPublicKey(pem)).get(pem)!;

export const rsaSignBody = (privateKeyPem: string, timestamp: number, body: string): string => rsaSign('sha256', Buffer.from(`${timestamp}.${body}`), privateKeyOf(privateKeyPem)).toString('base64');

/** Both headers of a request to an operator, signed its way (RSA needs Felt's private key). */
export function signedHeadersFor(op: OperatorSigning, feltPrivateKey: string | null, timestamp: number, body: string): Record<string, string> {
  if (op.signature !== 'rsa') return signedHeaders(op.secret, timestamp, body);
  if (feltPrivateKey === null) throw new Error('operator signs with RSA but FELT_OPERATOR_RSA_KEY is not set');
  return { [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: rsaSignBody(feltPrivateKey, timestamp, body) };
}

/** checkSignature for an RSA signer: `publicKeyPem` is the signer's. */
export function checkRsaSignature(publicKeyPem: string, body: string, headers: Readonly<Record<string, unknown>>, now: number, seen: ReplayGuard | null = null): SignatureCheck {
  const ts = headers[TIMESTAMP_HEADER];
  const sig = headers[SIGNATURE_HEADER];
  if (typeof ts !== 'string' || !/^\d{1,16}$/.test(ts) || typeof sig !== 'string' || sig.length > 1_400 || !/^[A-Za-z0-9+/]+={0,2}$/.test(sig)) return { ok: false, reason: 'bad', message: `missing or malformed ${TIMESTAMP_HEADER} / ${SIGNATURE_HEADER}` };
  const timestamp = Number(ts);
  let valid = false;
  try {
    valid = rsaVerify('sha256', Buffer.from(`${timestamp}.${body}`), publicKeyOf(publicKeyPem), Buffer.from(sig, 'base64'));
  } catch (_bad) {
    valid = false; // a malformed signature is simply not valid
  }
  if (!valid) return { ok: false, reason: 'bad', message: `${SIGNATURE_HEADER} is not the RSA-SHA256 signature of "<timestamp>.<body>" with the operator's key` };
  if (Math.abs(now - timestamp) > REPLAY_WINDOW_MS) return { ok: false, reason: 'stale', message: `${TIMESTAMP_HEADER} ${timestamp} is more than ${REPLAY_WINDOW_MS / 60_000} min from the server clock (${now})` };
  if (seen !== null && !seen.first(sig, timestamp, now)) return { ok: false, reason: 'replayed', message: 'this signature was already used (a replayed request)' };
  return { ok: true };
}

/** Verifies an operator's request its way (HMAC with the secret, or RSA with its public key). */
export function checkOperatorSignature(op: OperatorSigning, body: string, headers: Readonly<Record<string, unknown>>, now: number): SignatureCheck {
  if (op.signature !== 'rsa') return checkSignature(op.secret, body, headers, now);
  if (op.publicKey === null || op.publicKey === undefined) return { ok: false, reason: 'bad', message: 'operator has no public key' };
  return checkRsaSignature(op.publicKey, body, headers, now);
}

/** The public half of a private key (PEM), for `GET /operator/v1/signing-key`. */
export const publicPemOf = (privateKeyPem: string): string => createPublicKey(privateKeyOf(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();
