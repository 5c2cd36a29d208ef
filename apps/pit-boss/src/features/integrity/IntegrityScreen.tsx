import type { ShoeIntegrity, Table, WheelIntegrity } from '@felt/client-sdk';
import { useLocale, useSession } from '@felt/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const AXIS = { stroke: '#a9b5ad', fontSize: 11 };
// light text on the dark tooltip (recharts colours an item's name like its bar: too dark on this background for axe)
const TOOLTIP = { background: '#1b2420', border: '1px solid #2f3d36' };
const TOOLTIP_TEXT = { color: '#e8efe9' };
export const integrityKeys = { wheels: ['pit', 'integrity', 'wheels'] as const, shoes: ['pit', 'integrity', 'shoes'] as const };

/** p-values as a person reads them: "< 0.0001" rather than 3.2e-7. */
export function formatP(p: number, locale: string): string {
  if (p < 0.0001) return `< ${new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(0.0001)}`;
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 2 }).format(p);
}

/**
 * Issue 23: the Integrity view — every wheel's bias monitor (the wheel is the reporting device, wherever
 * it stands), most suspicious first, with its evidence: each pocket's count against the band a fair
 * wheel's count falls in (99 %), and the five tests with their p-values. Loaded lazily (recharts).
 */
export default function IntegrityScreen({ tables }: { readonly tables: readonly Table[] }) {
  const { t } = useTranslation('pit');
  const { api } = useSession();
  const wheels = useQuery({ queryKey: integrityKeys.wheels, queryFn: () => api.integrityWheels(), refetchInterval: 10_000 });
  const shoes = useQuery({ queryKey: integrityKeys.shoes, queryFn: () => api.integrityShoes(), refetchInterval: 10_000 });
  const name = (id: string): string => tables.find((x) => x.tableId === id)?.name ?? id;
  return (
    <div className="pit-page pit-integrity">
      <h1 className="pit-title">{t('integrity.title')}</h1>
      <p className="felt-muted">{t('integrity.intro')}</p>
      {wheels.isError || shoes.isError ? <p role="alert">{t('integrity.error')}</p> : null}
      <h2 className="pit-subtitle">{t('integrity.wheels')}</h2>
      {wheels.data?.length === 0 ? <p className="felt-muted">{t('integrity.noWheels')}</p> : null}
      <div className="pit-integrity-grid">
        {(wheels.data ?? []).map((w) => (
          <WheelCard key={w.wheelId} wheel={w} tableName={name(w.tableId)} />
        ))}
      </div>
      <h2 className="pit-subtitle">{t('integrity.shoes')}</h2>
      {shoes.data?.length === 0 ? <p className="felt-muted">{t('integrity.noShoes')}</p> : null}
      <div className="pit-integrity-grid">
        {(shoes.data ?? []).map((x) => (
          <ShoeCard key={x.shoeId} shoe={x} tableName={name(x.tableId)} />
        ))}
      </div>
    </div>
  );
}

function WheelCard({ wheel, tableName }: { readonly wheel: WheelIntegrity; readonly tableName: string }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const r = wheel.report;
  const enough = r.tests.length > 0;
  const status = r.alarm ? 'alarm' : enough ? 'ok' : 'collecting';
  const band = r.frequencies[0];
  const suspects = new Set(r.suspects);
  return (
    <MonitorCard
      id={`wheel-${wheel.wheelId}`}
      title={t('integrity.wheel', { wheel: wheel.wheelId })}
      status={status}
      statusText={t(`integrity.status.${status}`)}
      stats={[
        [t('integrity.at'), tableName],
        [t('integrity.spins'), t('integrity.spinsValue', { window: r.window, total: r.spins })],
        [t('integrity.pValue'), enough ? formatP(r.pValue, locale) : '—'],
        [t('integrity.suspects'), r.suspects.length > 0 ? r.suspects.join(', ') : '—'],
      ]}
    >
      <figure className="pit-chart">
        <figcaption>{t('integrity.frequencies')}</figcaption>
        <div className="pit-chart-box" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={[...r.frequencies]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke="#2f3d36" strokeDasharray="3 3" />
              <XAxis dataKey="pocket" tick={AXIS} stroke="#2f3d36" interval={0} />
              <YAxis allowDecimals={false} tick={AXIS} stroke="#2f3d36" width={36} />
              {band !== undefined ? <ReferenceArea y1={band.low} y2={band.high} fill="#6fa4ff" fillOpacity={0.15} /> : null}
              <Tooltip contentStyle={TOOLTIP} itemStyle={TOOLTIP_TEXT} labelStyle={TOOLTIP_TEXT} />
              <Bar dataKey="count" name={t('integrity.count')} isAnimationActive={false}>
                {r.frequencies.map((f) => (
                  <Cell key={f.pocket} fill={suspects.has(f.pocket) ? '#ff7a80' : f.count > f.high ? '#f0a020' : '#3ccf7a'} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
        <p className="felt-muted pit-chart-note">{band !== undefined ? t('integrity.band', { low: Math.round(band.low), high: Math.round(band.high) }) : null}</p>
      </figure>
      {r.tests.length > 0 ? <table className="pit-table">
        <caption>{t('integrity.tests')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('integrity.test')}</th>
            <th scope="col">{t('integrity.pValue')}</th>
            <th scope="col">{t('integrity.pockets')}</th>
          </tr>
        </thead>
        <tbody>
          {r.tests.map((x) => (
            <tr key={x.name}>
              <th scope="row">{t(`integrity.testName.${x.name}`)}</th>
              <td>{formatP(x.pValue, locale)}</td>
              <td>{x.pockets.length > 0 ? x.pockets.join(', ') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table> : null}
    </MonitorCard>
  );
}

function ShoeCard({ shoe, tableName }: { readonly shoe: ShoeIntegrity; readonly tableName: string }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const r = shoe.report;
  const status = r.alarm ? 'alarm' : shoe.sessions > 0 ? 'ok' : 'collecting';
  const last = r.composition[r.composition.length - 1] ?? [];
  const suspects = new Set<string>(r.suspects);
  return (
    <MonitorCard
      id={`shoe-${shoe.shoeId}`}
      title={t('integrity.shoe', { shoe: shoe.shoeId })}
      status={status}
      statusText={t(`integrity.shoeStatus.${status}`)}
      stats={[
        [t('integrity.at'), tableName],
        [t('integrity.sessions'), t('integrity.sessionsValue', { sessions: shoe.sessions, decks: shoe.decks, current: shoe.currentCards })],
        [t('integrity.pValue'), shoe.sessions > 0 ? formatP(r.pValue, locale) : '—'],
        [t('integrity.suspectRanks'), r.suspects.length > 0 ? r.suspects.join(', ') : '—'],
      ]}
    >
      {last.length > 0 ? (
        <figure className="pit-chart">
          <figcaption>{t('integrity.ranks')}</figcaption>
          <div className="pit-chart-box" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={[...last]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="#2f3d36" strokeDasharray="3 3" />
                <XAxis dataKey="rank" tick={AXIS} stroke="#2f3d36" interval={0} />
                <YAxis allowDecimals={false} tick={AXIS} stroke="#2f3d36" width={36} />
                <Tooltip contentStyle={TOOLTIP} itemStyle={TOOLTIP_TEXT} labelStyle={TOOLTIP_TEXT} />
                <Bar dataKey="expected" name={t('integrity.expected')} fill="#6fa4ff" fillOpacity={0.35} isAnimationActive={false} />
                <Bar dataKey="count" name={t('integrity.seen')} isAnimationActive={false}>
                  {last.map((c) => (
                    <Cell key={c.rank} fill={suspects.has(c.rank) ? '#ff7a80' : '#3ccf7a'} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      ) : null}
      {r.findings.length > 0 ? (
        <ul className="pit-findings" aria-label={t('integrity.findings')}>
          {r.findings.map((f, i) => (
            <li key={i}>
              <strong>{t(`integrity.findingName.${f.test}`)}</strong> {f.session < 0 ? t('integrity.pooled') : t('integrity.session', { n: f.session + 1 })}: {f.detail}
            </li>
          ))}
        </ul>
      ) : null}
    </MonitorCard>
  );
}

/** One monitored wheel or shoe: its name, its status and its figures, then its evidence (children). */
function MonitorCard({ id, title, status, statusText, stats, children }: { readonly id: string; readonly title: string; readonly status: string; readonly statusText: string; readonly stats: readonly (readonly [string, string])[]; readonly children: ReactNode }) {
  return (
    <section className={`pit-panel pit-wheel is-${status}`} aria-labelledby={id}>
      <header className="pit-wheel-head">
        <h2 id={id}>{title}</h2>
        <span className={`pit-chip is-${status}`}>{statusText}</span>
      </header>
      <dl className="pit-stats">
        {stats.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
