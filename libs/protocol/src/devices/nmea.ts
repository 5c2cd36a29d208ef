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
