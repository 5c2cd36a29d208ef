import { createHmac, timingSafeEqual } from 'node:crypto';

/** Request signing of the seamless contract, both directions (our calls to the operator, the operator's calls to us). */
export const SIGNATURE_HEADER = 'x-felt-signature';
/** HMAC-SHA256 (hex) of the exact body bytes with the operator's secret. */
export const signBody = (secret: string, body: string): string => createHmac('sha256', secret).update(body).digest('hex');
/** Constant-time check of a signature header against the body. */
export function signatureValid(secret: string, body: string, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/.test(header)) return false;
  return timingSafeEqual(Buffer.from(signBody(secret, body), 'hex'), Buffer.from(header, 'hex'));
}
