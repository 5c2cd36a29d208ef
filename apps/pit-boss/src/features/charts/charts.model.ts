import type { Alert, TableDay } from '@felt-studio/client-sdk';
import { isDeviceFault } from '../../data/alerts.model';

/** One chart row per bucket: `{at, <tableId>: value, …}` (what a multi-series chart draws). */
export type SeriesRow = { readonly at: number } & Readonly<Record<string, number>>;

/** Day buckets of every table → rows keyed by table id (values in MAJOR units for the axis). */
export function seriesOf(days: readonly TableDay[], pick: 'holdMinor' | 'stakedMinor', toMajor: (minor: number, currency: string) => number): SeriesRow[] {
  const rows = new Map<number, Record<string, number>>();
  for (const d of days)
    for (const b of d.buckets) {
      const row = rows.get(b.at) ?? { at: b.at };
      row[d.tableId] = toMajor(b[pick], d.currency);
      rows.set(b.at, row);
    }
  return [...rows.values()].sort((a, b) => (a['at'] ?? 0) - (b['at'] ?? 0)) as SeriesRow[];
}

/** Drops the quiet hours before the first activity (keeping one), so today's play fills the chart. */
export function fromFirstActivity<T extends { readonly at: number }>(rows: readonly T[], active: (row: T) => boolean): T[] {
  const first = rows.findIndex(active);
  return first <= 0 ? [...rows] : rows.slice(first - 1);
}

/** Device-fault alerts per bucket since `from` (empty buckets included, so the axis is the whole day). */
export function faultsOf(alerts: readonly Alert[], from: number, to: number, bucketMs: number): { at: number; faults: number }[] {
  const start = from - (from % bucketMs);
  const out: { at: number; faults: number }[] = [];
  for (let at = start; at < to; at += bucketMs) out.push({ at, faults: 0 });
  for (const a of alerts) {
    if (!isDeviceFault(a) || a.at < start || a.at >= to) continue;
    const i = Math.floor((a.at - start) / bucketMs);
    const slot = out[i];
    if (slot) slot.faults += 1;
  }
  return out;
}
