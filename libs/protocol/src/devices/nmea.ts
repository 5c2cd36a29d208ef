/**
 * NMEA-style framing shared by the Felt shoe protocol (devices.md §3) and the timer box (§4):
 * `$<TYPE>,<fields…>*<hh>` where hh = XOR of every byte between `$` and `*`, two upper-case hex digits.
 */
export function nmeaChecksum(body: string): string {
  let x = 0;
  for (let i = 0; i < body.length; i++) x ^= body.charCodeAt(i) & 0xff;
  return x.toString(16).toUpperCase().padStart(2, '0');
}

/** Encode one frame (without line ending): encodeNmea(['CARD', 12, 'AS']) → `$CARD,12,AS*hh`. */
export function encodeNmea(fields: readonly (string | number)[]): string {
  const body = fields.join(',');
  return `$${body}*${nmeaChecksum(body)}`;
}

export type NmeaParse =
  | { readonly ok: true; readonly fields: readonly string[] }
  | { readonly ok: false; readonly error: 'framing' | 'checksum'; readonly reason: string };

const NMEA_RE = /^\$([\x20-\x29\x2b-\x7e]*)\*([0-9A-Fa-f]{2})$/;

/**
 * Split and verify one `$<fields…>*hh` line (without line ending; surrounding whitespace ignored).
 * The checksum is verified on the raw bytes (hex digits accepted in either case). Never throws.
 */
export function parseNmea(input: string): NmeaParse {
  const line = input.trim();
  const m = NMEA_RE.exec(line);
  if (!m) {
    return { ok: false, error: 'framing', reason: line.startsWith('$') ? 'not a $…*hh frame (missing/extra "*", bad checksum digits or non-printable bytes)' : 'not a $…*hh frame' };
  }
  const body = m[1] as string;
  const want = nmeaChecksum(body);
  const got = (m[2] as string).toUpperCase();
  if (want !== got) return { ok: false, error: 'checksum', reason: `checksum ${got} does not match ${want}` };
  return { ok: true, fields: body.split(',') };
}
