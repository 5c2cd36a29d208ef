import { createHmac } from 'node:crypto';

/**
 * A player's connection as the integrity monitors keep it (issue 23 §4, shared connections at live poker):
 * never the raw address or device id — a salted hash of each (HMAC-SHA-256 under a key derived from the
 * server's JWT secret, so every instance of one studio hashes alike; 16 hex characters). Two players from one
 * address or one device have equal hashes, and nobody reading a report, a log or a view learns the address.
 */
export interface SeatConnection {
  /** the client's address (behind trusted proxies: FELT_TRUST_PROXY, the rate limits' rule), hashed. */
  readonly address: string;
  /** the device id the client sent at connect (`auth.device`, kept by the SDK in the browser's storage) with its user agent, hashed; null when the client sent none. */
  readonly device: string | null;
}

/** A device id the client may send: 8–128 visible characters (anything else is ignored). */
const DEVICE_ID = /^[\x21-\x7e]{8,128}$/;

/**
 * The hasher of one studio (its secret). A user agent alone is no device: thousands of people share one
 * browser build, and two players on the same version at one table would look like one device. So the device
 * hash needs the client's own id; the user agent only refines it.
 */
export function connectionHasher(secret: string): (raw: { readonly address: string; readonly deviceId?: unknown; readonly userAgent?: string | null }) => SeatConnection {
  const key = createHmac('sha256', secret).update('felt/seat-connection/v1').digest();
  const hash = (kind: string, v: string): string => createHmac('sha256', key).update(`${kind}\n${v}`).digest('hex').slice(0, 16);
  return (raw) => ({
    address: hash('address', raw.address),
    device: typeof raw.deviceId === 'string' && DEVICE_ID.test(raw.deviceId) ? hash('device', `${raw.deviceId}\n${raw.userAgent ?? ''}`) : null,
  });
}
