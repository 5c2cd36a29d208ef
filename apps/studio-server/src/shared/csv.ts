/**
 * CSV exports (issue 22 §16: reconciliation, rounds, audit log) — RFC 4180: comma-separated, CRLF line ends,
 * a field with a comma, quote or line break quoted with its quotes doubled. Text that a spreadsheet would run
 * as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'` (OWASP "CSV
 * injection"): an audit reason or a player name is data, never a formula. Numbers are written as numbers.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const text = FORMULA.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** ISO-8601 UTC of a millisecond time (spreadsheets read it; the raw number is in its own column). */
export const isoOf = (ms: number): string => new Date(ms).toISOString();

/** The headers of a CSV download. */
export const csvHeaders = (filename: string): Record<string, string> => ({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"` });

/** The bit of Express's response a CSV download uses (`@Res()`). */
export interface CsvResponse {
  set(headers: Record<string, string>): CsvResponse;
  send(body: string): void;
}
