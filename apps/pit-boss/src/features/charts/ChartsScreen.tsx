import type { Alert, Table } from '@felt-studio/client-sdk';
import { formatMoney, minorDigits, toMajor, useLocale } from '@felt-studio/ui';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useDay } from '../../data/usePitData';
import { faultsOf, fromFirstActivity, seriesOf } from './charts.model';

const HOUR = 3_600_000;
const COLORS = ['#d4af37', '#3ccf7a', '#6fa4ff', '#ff7a80', '#f0a020', '#c39bff', '#5ad1d1', '#f1d27a'];
const AXIS = { stroke: '#a9b5ad', fontSize: 12 };
const LINE = '#2f3d36';
const MARGIN = { top: 8, right: 16, bottom: 0, left: 8 };
const TOOLTIP = { background: '#1b2420', border: `1px solid ${LINE}` };

/**
 * Charts where a pit boss would rather look than read: hold and stakes per table by hour, device
 * faults by hour. Recharts (SVG, declarative React components), loaded lazily with this screen.
 * Each chart has its numbers as a table for screen readers.
 */
export default function ChartsScreen({ tables, alerts }: { readonly tables: readonly Table[]; readonly alerts: readonly Alert[] }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const day = useDay();
  const days = day.data ?? [];
  const hour = (at: number): string => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(at);
  const name = (id: string): string => tables.find((x) => x.tableId === id)?.name ?? id;
  const rounds = new Map<number, number>();
  for (const d of days) for (const b of d.buckets) rounds.set(b.at, (rounds.get(b.at) ?? 0) + b.rounds);
  const active = (r: { at: number }): boolean => (rounds.get(r.at) ?? 0) > 0;
  const hold = fromFirstActivity(seriesOf(days, 'holdMinor', toMajor), active);
  const staked = fromFirstActivity(seriesOf(days, 'stakedMinor', toMajor), active);
  const from = hold[0]?.at ?? Date.now() - (Date.now() % 86_400_000);
  const faults = faultsOf(alerts, from, Date.now() + 1, HOUR);
  const currency = days[0]?.currency ?? 'EUR';
  const money = (v: number): string => formatMoney(Math.round(v * 10 ** minorDigits(currency)), currency, locale);
  const lines = days.map((d, i) => ({ id: d.tableId, color: COLORS[i % COLORS.length] as string }));
  const sum = (pick: 'holdMinor' | 'stakedMinor'): string => days.map((d) => formatMoney(d[pick], d.currency, locale)).join(' · ');
  const totalHold = days.reduce((s, d) => s + d.holdMinor, 0);

  // the parts every chart shares (Recharts finds them by type among the chart's children: elements, not components)
  const grid = <CartesianGrid key="grid" stroke={LINE} strokeDasharray="3 3" />;
  const timeAxis = <XAxis key="x" dataKey="at" tickFormatter={hour} tick={AXIS} stroke={LINE} />;
  const moneyTooltip = <Tooltip key="tooltip" labelFormatter={(v) => hour(Number(v))} formatter={(v, n) => [money(Number(v)), name(String(n))]} contentStyle={TOOLTIP} />;
  const legend = <Legend key="legend" formatter={(v) => <span className="pit-legend">{name(String(v))}</span>} />;
  // the hold and stakes charts: money per table by hour
  const moneyByTable = [grid, timeAxis, <YAxis key="y" tickFormatter={money} tick={AXIS} stroke={LINE} width={80} />, moneyTooltip, legend];

  return (
    <div className="pit-page pit-charts">
      <h1 className="pit-title">{t('charts.title')}</h1>
      <dl className="pit-stats pit-kpis">
        <div>
          <dt>{t('charts.holdTotal')}</dt>
          <dd className={totalHold < 0 ? 'is-negative' : undefined}>{days.length ? formatMoney(totalHold, currency, locale) : '—'}</dd>
        </div>
        <div>
          <dt>{t('charts.stakesTotal')}</dt>
          <dd>{days.length ? formatMoney(days.reduce((s, d) => s + d.stakedMinor, 0), currency, locale) : '—'}</dd>
        </div>
        <div>
          <dt>{t('charts.rounds')}</dt>
          <dd>{days.reduce((s, d) => s + d.rounds, 0)}</dd>
        </div>
        <div>
          <dt>{t('charts.voided')}</dt>
          <dd>{days.reduce((s, d) => s + d.voided, 0)}</dd>
        </div>
      </dl>
      <div className="pit-chart-grid">
        <ChartFigure caption={t('charts.hold')} summary={sum('holdMinor')}>
          <LineChart accessibilityLayer={false} data={hold} margin={MARGIN}>
            {moneyByTable}
            {lines.map((l) => (
              <Line key={l.id} type="linear" dataKey={l.id} stroke={l.color} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
            ))}
          </LineChart>
        </ChartFigure>
        <ChartFigure caption={t('charts.bets')} summary={sum('stakedMinor')}>
          <BarChart accessibilityLayer={false} data={staked} margin={MARGIN}>
            {moneyByTable}
            {lines.map((l) => (
              <Bar key={l.id} dataKey={l.id} stackId="s" fill={l.color} isAnimationActive={false} />
            ))}
          </BarChart>
        </ChartFigure>
        <ChartFigure caption={t('charts.faults')} summary={faults.filter((f) => f.faults > 0).map((f) => `${hour(f.at)}: ${f.faults}`).join(' · ') || '0'}>
          <BarChart accessibilityLayer={false} data={faults} margin={MARGIN}>
            {grid}
            {timeAxis}
            <YAxis allowDecimals={false} tick={AXIS} stroke={LINE} width={40} />
            <Tooltip labelFormatter={(v) => hour(Number(v))} contentStyle={TOOLTIP} />
            <Bar dataKey="faults" name={t('charts.faults')} fill="#ff7a80" isAnimationActive={false} />
          </BarChart>
        </ChartFigure>
      </div>
      {days.every((d) => d.rounds === 0) ? <p className="felt-muted">{t('charts.noData')}</p> : null}
    </div>
  );
}

/** One chart: its caption, the picture (hidden from screen readers) and its numbers as text for them. */
function ChartFigure({ caption, summary, children }: { readonly caption: string; readonly summary: string; readonly children: ReactElement }) {
  const { t } = useTranslation('pit');
  return (
    <figure className="pit-panel pit-chart">
      <figcaption>{caption}</figcaption>
      <div className="pit-chart-box" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <DataTable label={`${caption} — ${t('charts.tableLabel')}`} summary={summary} />
    </figure>
  );
}

function DataTable({ label, summary }: { readonly label: string; readonly summary: string }) {
  return (
    <p className="felt-visually-hidden" aria-label={label}>
      {summary}
    </p>
  );
}
