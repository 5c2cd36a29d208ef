import type { Table, TipShiftRow, TipsReport } from '@felt-studio/protocol';
import { formatMoney, useLocale, useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollArea } from '../../components/ScrollArea';
import { formatDateTime } from '../../lib/format';

/** The report's ranges, in days back from now. */
const RANGES = [1, 7, 30] as const;
type Range = (typeof RANGES)[number];

interface DealerGroup {
  readonly key: string;
  readonly dealerId: string | null;
  readonly name: string | null;
  readonly shifts: readonly TipShiftRow[];
  /** Totals per currency (a studio may run tables in several). */
  readonly totals: ReadonlyMap<string, number>;
}

/** The report's rows per dealer (the tips with no dealer at the console last), each dealer's shifts by start. */
export function byDealer(shifts: readonly TipShiftRow[]): DealerGroup[] {
  const groups = new Map<string, { dealerId: string | null; name: string | null; shifts: TipShiftRow[]; totals: Map<string, number> }>();
  for (const s of shifts) {
    const key = s.dealerId ?? '';
    const g = groups.get(key) ?? { dealerId: s.dealerId, name: s.dealerName, shifts: [], totals: new Map<string, number>() };
    g.shifts.push(s);
    g.totals.set(s.currency, (g.totals.get(s.currency) ?? 0) + s.totalMinor);
    groups.set(key, g);
  }
  const last = Number.MAX_SAFE_INTEGER;
  return [...groups.entries()]
    .map(([key, g]) => ({ key, ...g, shifts: [...g.shifts].sort((a, b) => (a.shiftStart ?? last) - (b.shiftStart ?? last) || a.tableId.localeCompare(b.tableId)) }))
    .sort((a, b) => (a.dealerId === null ? 1 : b.dealerId === null ? -1 : (a.name ?? a.key).localeCompare(b.name ?? b.key)));
}

const sumByCurrency = (shifts: readonly TipShiftRow[]): Map<string, number> => {
  const m = new Map<string, number>();
  for (const s of shifts) m.set(s.currency, (m.get(s.currency) ?? 0) + s.totalMinor);
  return m;
};

/**
 * Tips per dealer and shift (issue 24, TIP-4): each tip counts for the dealer who was at the table's console
 * when it came; a shift is one console session. Each dealer's shifts with the tips' count and total, whether
 * the shift is still open, ended or paid out (TIP-5: the admin pays an ended shift), the dealer's total and the
 * total of all. Never who tipped.
 */
export function TipsScreen({ tables }: { readonly tables: readonly Table[] }) {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const { api } = useSession();
  const [days, setDays] = useState<Range>(7);
  const rangeId = useId();
  const q = useQuery({ queryKey: ['pit', 'tips', days], queryFn: (): Promise<TipsReport> => api.tipsReport({ from: Date.now() - days * 86_400_000 }), refetchInterval: 30_000 });
  const tableName = (id: string): string => tables.find((x) => x.tableId === id)?.name ?? id;
  const money = (m: ReadonlyMap<string, number>): string => [...m.entries()].map(([c, v]) => formatMoney(v, c, locale)).join(' + ');
  const status = (s: TipShiftRow): string => {
    if (s.paid !== null) return t('tips.paid', { amount: formatMoney(s.paid.amountMinor, s.currency, locale), by: s.paid.by, at: formatDateTime(s.paid.at, locale) });
    if (s.dealerId === null) return t('tips.unassigned');
    return s.open ? t('tips.open') : t('tips.ended');
  };
  const groups = byDealer(q.data?.shifts ?? []);
  return (
    <div className="pit-page">
      <h1 className="pit-title">{t('tips.title')}</h1>
      <p className="felt-muted">{t('tips.help')}</p>
      <p>
        <label htmlFor={rangeId}>{t('tips.range')}</label>{' '}
        <select id={rangeId} value={days} onChange={(e) => setDays(Number(e.target.value) as Range)}>
          {RANGES.map((d) => (
            <option key={d} value={d}>
              {t('tips.lastDays', { count: d })}
            </option>
          ))}
        </select>
      </p>
      {q.isLoading ? <p className="felt-muted">{tc('loading')}</p> : null}
      {q.isError ? <p role="alert">{t('errors.load', { message: (q.error as Error).message })}</p> : null}
      {q.data && groups.length === 0 ? <p className="felt-muted">{t('tips.none')}</p> : null}
      {groups.length > 0 ? (
        <div className="pit-panel">
          <ScrollArea label={t('tips.title')}>
            <table className="pit-table">
              <caption className="felt-visually-hidden">{t('tips.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('tips.dealer')}</th>
                  <th scope="col">{t('tips.table')}</th>
                  <th scope="col">{t('tips.shift')}</th>
                  <th scope="col">{t('tips.count')}</th>
                  <th scope="col">{t('tips.total')}</th>
                  <th scope="col">{t('tips.status')}</th>
                </tr>
              </thead>
              {groups.map((g) => {
                const who = g.dealerId === null ? t('tips.noDealer') : (g.name ?? g.dealerId);
                return (
                  <tbody key={g.key}>
                    {g.shifts.map((s, i) => (
                      <tr key={`${s.tableId}-${s.shiftStart ?? 'none'}-${s.currency}`}>
                        {i === 0 ? (
                          <th scope="rowgroup" rowSpan={g.shifts.length + 1}>
                            {who}
                          </th>
                        ) : null}
                        <td>{tableName(s.tableId)}</td>
                        <td>{s.shiftStart === null ? '—' : formatDateTime(s.shiftStart, locale)}</td>
                        <td className="felt-mono">{s.count}</td>
                        <td className="felt-mono">{formatMoney(s.totalMinor, s.currency, locale)}</td>
                        <td>{status(s)}</td>
                      </tr>
                    ))}
                    <tr>
                      <th scope="row" colSpan={3}>
                        {t('tips.dealerTotal', { dealer: who })}
                      </th>
                      <td className="felt-mono">{money(g.totals)}</td>
                      <td />
                    </tr>
                  </tbody>
                );
              })}
              <tfoot>
                <tr>
                  <th scope="row" colSpan={4}>
                    {t('tips.grandTotal')}
                  </th>
                  <td className="felt-mono">{money(sumByCurrency(q.data?.shifts ?? []))}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </ScrollArea>
        </div>
      ) : null}
    </div>
  );
}
