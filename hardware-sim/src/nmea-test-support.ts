/**
 * Test support for `$…*hh` lines, written independently of the encoder under test: checks a line's
 * checksum by XOR-ing its body and splits it into type, seq and fields.
 */
export interface NmeaLine {
  readonly type: string;
  readonly seq: number;
  readonly fields: readonly string[];
  readonly checksumOk: boolean;
}

export function readNmeaLine(line: string): NmeaLine | null {
  const m = /^\$([A-Z]+),(\d+)((?:,[^,*]*)*)\*([0-9A-F]{2})$/.exec(line);
  if (!m) return null;
  const body = line.slice(1, line.indexOf('*'));
  let x = 0;
  for (const ch of body) x ^= ch.charCodeAt(0);
  return {
    type: m[1] ?? '',
    seq: Number(m[2]),
    fields: (m[3] ?? '').split(',').slice(1),
    checksumOk: x === parseInt(m[4] ?? '', 16),
  };
}

/** A host → device frame with a correct checksum, e.g. hostFrame('TMR', 15) → `$TMR,15*hh`. */
export function hostFrame(...fields: (string | number)[]): string {
  const body = fields.join(',');
  let x = 0;
  for (const ch of body) x ^= ch.charCodeAt(0);
  return `$${body}*${x.toString(16).toUpperCase().padStart(2, '0')}`;
}
