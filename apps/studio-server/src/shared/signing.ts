import { createHmac } from 'node:crypto';

/**
 * Signed HTTP requests Felt sends (operator wallet calls, the alert webhook): `X-Felt-Timestamp` (Unix ms) and
 * `X-Felt-Signature` = hex HMAC-SHA256 of `<timestamp>.<exact body bytes>` with the receiver's secret. The
 * timestamp is inside the signature, so a captured request cannot be re-dated.
 */
export const SIGNATURE_HEADER = 'x-felt-signature';
export const TIMESTAMP_HEADER = 'x-felt-timestamp';

export const signBody = (secret: string, timestamp: number, body: string): string => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** Both headers of a signed request. */
export const signedHeaders = (secret: string, timestamp: number, body: string): Record<string, string> => ({ [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signBody(secret, timestamp, body) });
