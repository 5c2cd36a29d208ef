/** Plain-text table with left-aligned text and right-aligned numeric columns. */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[], rightAlign: ReadonlySet<number> = new Set()): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const fmt = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (rightAlign.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [fmt(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(fmt)].join('\n');
}

export const pct = (x: number, digits = 3): string => `${(x * 100).toFixed(digits)}`;
