import type { LateBettorRead, PlayerIntegrityRead, ShoeIntegrity, Table, WheelIntegrity } from '@felt-studio/client-sdk';
import { useLocale, useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IntegrityAction } from './IntegrityActions.js';
import { Evidence, EvidenceTable, formatP, MonitorCard } from './parts.js';
import { PokerIntegritySection } from './PokerIntegrity.js';
import { BetPatternsSection } from './BetPatterns.js';
import { FlagAction, FlaggedPlayersSection } from './PlayerFlags.js';
import { PlayerId } from '../../components/PlayerId';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const AXIS = { stroke: '#a9b5ad', fontSize: 11 };
// light text on the dark tooltip (recharts colours an item's name like its bar: too dark on this background for axe)
const TOOLTIP = { background: '#1b2420', border: '1px solid #2f3d36' };
const TOOLTIP_TEXT = { color: '#e8efe9' };
export const integrityKeys = { wheels: ['pit', 'integrity', 'wheels'] as const, shoes: ['pit', 'integrity', 'shoes'] as const, players: ['pit', 'integrity', 'players'] as const, late: ['pit', 'integrity', 'late'] as const };

export { formatP } from './parts.js';

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
  const players = useQuery({ queryKey: integrityKeys.players, queryFn: () => api.integrityPlayers(), refetchInterval: 10_000 });
  const late = useQuery({ queryKey: integrityKeys.late, queryFn: () => api.integrityLateBettors(), refetchInterval: 10_000 });
  const name = (id: string): string => tables.find((x) => x.tableId === id)?.name ?? id;
  return (
    <div className="pit-page pit-integrity">
      <h1 className="pit-title">{t('integrity.title')}</h1>
      <p className="felt-muted">{t('integrity.intro')}</p>
      {wheels.isError || shoes.isError || players.isError || late.isError ? <p role="alert">{t('integrity.error')}</p> : null}
      <FlaggedPlayersSection />
      <h2 className="pit-subtitle">{t('integrity.wheels')}</h2>
      {wheels.data?.length === 0 ? <p className="felt-muted">{t('integrity.noWheels')}</p> : null}
      <div className="pit-integrity-grid">
        {(wheels.data ?? []).map((w) => (
          <WheelCard key={w.wheelId} wheel={w} tableName={name(w.tableId)} sharesTable={(wheels.data ?? []).some((o) => o.tableId === w.tableId && o.wheelId !== w.wheelId)} />
        ))}
      </div>
      <h2 className="pit-subtitle">{t('integrity.shoes')}</h2>
      {shoes.data?.length === 0 ? <p className="felt-muted">{t('integrity.noShoes')}</p> : null}
      <div className="pit-integrity-grid">
        {(shoes.data ?? []).map((x) => (
          <ShoeCard key={x.shoeId} shoe={x} tableName={name(x.tableId)} sharesTable={(shoes.data ?? []).some((o) => o.tableId === x.tableId && o.shoeId !== x.shoeId)} />
        ))}
      </div>
      <h2 className="pit-subtitle">{t('integrity.players')}</h2>
      <p className="felt-muted">{t('integrity.playersIntro')}</p>
      {players.data?.length === 0 ? <p className="felt-muted">{t('integrity.noPlayers')}</p> : null}
      <div className="pit-integrity-grid">
        {(players.data ?? []).map((p) => (
          <PlayerCard key={p.playerId} player={p} tableNames={p.tables.map((x) => name(x.tableId))} />
        ))}
      </div>
      <h2 className="pit-subtitle">{t('integrity.late')}</h2>
      <p className="felt-muted">{t('integrity.lateIntro')}</p>
      {late.data?.length === 0 ? <p className="felt-muted">{t('integrity.noLate')}</p> : null}
      <div className="pit-integrity-grid">
        {(late.data ?? []).map((p) => (
          <LateCard key={p.playerId} player={p} tableNames={p.tables.map(name)} />
        ))}
      </div>
      <BetPatternsSection tables={tables} />
      <PokerIntegritySection />
    </div>
  );
}

/**
 * A wheel's card. Its name as the pit reads it (issue 20): its table and its kind ("Roulette 1 — wheel"), the
 * device id under it; two wheels reporting from one table keep their ids in the name, so each is told apart.
 */
function WheelCard({ wheel, tableName, sharesTable }: { readonly wheel: WheelIntegrity; readonly tableName: string; readonly sharesTable: boolean }) {
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
      title={sharesTable ? t('integrity.wheelOfTableWithId', { table: tableName, wheel: wheel.wheelId }) : t('integrity.wheelOfTable', { table: tableName })}
      subtitle={<span className="felt-mono">{wheel.wheelId}</span>}
      status={status}
      statusText={t(`integrity.status.${status}`)}
      stats={[
        [t('integrity.at'), tableName],
        [t('integrity.spins'), t('integrity.spinsValue', { window: r.window, total: r.spins })],
        [t('integrity.pValue'), enough ? formatP(r.pValue, locale) : '—'],
        [t('integrity.suspects'), r.suspects.length > 0 ? r.suspects.join(', ') : '—'],
      ]}
    >
      <IntegrityAction kind="wheel" subject={wheel.wheelId} tableId={wheel.tableId} tableName={tableName} />
      <figure className="pit-chart">
        <figcaption>{t('integrity.frequencies')}</figcaption>
        <div className="pit-chart-box" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={[...r.frequencies]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid stroke="#2f3d36" strokeDasharray="3 3" />
              {/* 37 pockets on a card a third of the screen wide: the labels that fit (they overlapped at every pocket; the tooltip names each) */}
              <XAxis dataKey="pocket" tick={AXIS} stroke="#2f3d36" interval="preserveStartEnd" minTickGap={8} />
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
      {r.tests.length > 0 ? (
        <EvidenceTable
          caption={t('integrity.tests')}
          columns={[t('integrity.test'), t('integrity.pValue'), t('integrity.pockets')]}
          rows={r.tests.map((x) => ({ key: x.name, head: t(`integrity.testName.${x.name}`), cells: [formatP(x.pValue, locale), x.pockets.length > 0 ? x.pockets.join(', ') : '—'] }))}
        />
      ) : null}
    </MonitorCard>
  );
}

/** A shoe's card, named as a wheel's (issue 20): its table and its kind ("Baccarat 1 — shoe"), the device id under it. */
function ShoeCard({ shoe, tableName, sharesTable }: { readonly shoe: ShoeIntegrity; readonly tableName: string; readonly sharesTable: boolean }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const r = shoe.report;
  const status = r.alarm ? 'alarm' : shoe.sessions > 0 ? 'ok' : 'collecting';
  const last = r.composition[r.composition.length - 1] ?? [];
  const suspects = new Set<string>(r.suspects);
  return (
    <MonitorCard
      id={`shoe-${shoe.shoeId}`}
      title={sharesTable ? t('integrity.shoeOfTableWithId', { table: tableName, shoe: shoe.shoeId }) : t('integrity.shoeOfTable', { table: tableName })}
      subtitle={<span className="felt-mono">{shoe.shoeId}</span>}
      status={status}
      statusText={t(`integrity.shoeStatus.${status}`)}
      stats={[
        [t('integrity.at'), tableName],
        [t('integrity.sessions'), t('integrity.sessionsValue', { sessions: shoe.sessions, decks: shoe.decks, current: shoe.currentCards })],
        [t('integrity.pValue'), shoe.sessions > 0 ? formatP(r.pValue, locale) : '—'],
        [t('integrity.suspectRanks'), r.suspects.length > 0 ? r.suspects.join(', ') : '—'],
      ]}
    >
      <IntegrityAction kind="shoe" subject={shoe.shoeId} tableId={shoe.tableId} tableName={tableName} />
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

function PlayerCard({ player, tableNames }: { readonly player: PlayerIntegrityRead; readonly tableNames: readonly string[] }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const r = player.report;
  const status = r.alarm ? 'alarm' : r.shoes >= r.minShoes ? 'ok' : 'collecting';
  const money = (minor: number): string => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(minor / 100);
  const played = r.chart.filter((b) => b.rounds > 0);
  const label = (tc: number): string => (tc <= -3 ? '≤ −3' : tc >= 5 ? '≥ +5' : tc > 0 ? `+${tc}` : String(tc).replace('-', '−'));
  return (
    <MonitorCard
      id={`player-${player.playerId}`}
      title={t('integrity.player', { player: player.name ?? player.playerId })}
      subtitle={<PlayerId playerId={player.playerId} />}
      status={status}
      statusText={t(`integrity.playerStatus.${status}`)}
      stats={[
        [t('integrity.tablesPlayed'), tableNames.join(', ')],
        [t('integrity.betsShoes'), t('integrity.betsShoesValue', { bets: r.bets, shoes: r.shoes })],
        [t('integrity.stakes'), `${money(r.minStake)}–${money(r.maxStake)}`],
        [t('integrity.correlation'), new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(r.correlation)],
        [t('integrity.pValue'), r.tests.length > 0 ? formatP(r.pValue, locale) : '—'],
      ]}
    >
      <FlagAction playerId={player.playerId} name={player.name ?? player.playerId} />
      <Evidence open={r.alarm}>
        {played.length > 0 ? (
          <figure className="pit-chart">
            <figcaption>{t('integrity.betVsCount')}</figcaption>
            <div className="pit-chart-box" aria-hidden="true">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart accessibilityLayer={false} data={played.map((b) => ({ ...b, label: label(b.trueCount), stake: b.meanStake / 100 }))} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                  <CartesianGrid stroke="#2f3d36" strokeDasharray="3 3" />
                  <XAxis dataKey="label" tick={AXIS} stroke="#2f3d36" interval={0} />
                  <YAxis tick={AXIS} stroke="#2f3d36" width={36} />
                  <Tooltip contentStyle={TOOLTIP} itemStyle={TOOLTIP_TEXT} labelStyle={TOOLTIP_TEXT} />
                  <Bar dataKey="stake" name={t('integrity.meanStake')} isAnimationActive={false}>
                    {played.map((b) => (
                      <Cell key={b.trueCount} fill={r.alarm && b.trueCount >= 2 ? '#ff7a80' : '#3ccf7a'} />
                    ))}
                  </Bar>
                </BarChart>
              </ResponsiveContainer>
            </div>
            <EvidenceTable
              caption={t('integrity.evidenceTable')}
              columns={[t('integrity.trueCount'), t('integrity.roundsAt'), t('integrity.betsAt'), t('integrity.meanStake')]}
              rows={played.map((b) => ({ key: b.trueCount, head: label(b.trueCount), cells: [b.rounds, b.bets, b.bets > 0 ? money(b.meanStake) : '—'] }))}
            />
          </figure>
        ) : null}
        {r.tests.length > 0 ? (
          <EvidenceTable
            caption={t('integrity.tests')}
            columns={[t('integrity.test'), t('integrity.pValue')]}
            rows={r.tests.map((x) => ({ key: x.name, head: t(`integrity.playerTestName.${x.name}`), cells: [formatP(x.pValue, locale)] }))}
          />
        ) : null}
      </Evidence>
    </MonitorCard>
  );
}

function LateCard({ player, tableNames }: { readonly player: LateBettorRead; readonly tableNames: readonly string[] }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const r = player.report;
  const status = r.alarm ? 'alarm' : r.late >= r.minLate ? 'ok' : 'collecting';
  const one = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const share = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(r.lateShare);
  const label = (s: number): string => (s >= 10 ? '≥ 10' : `${s}–${s + 1}`);
  const lateSeconds = Math.ceil(r.lateMs / 1000);
  return (
    <MonitorCard
      id={`late-${player.playerId}`}
      title={t('integrity.latePlayer', { player: player.name ?? player.playerId })}
      subtitle={<PlayerId playerId={player.playerId} />}
      status={status}
      statusText={t(`integrity.lateStatus.${status}`)}
      stats={[
        [t('integrity.tablesPlayed'), tableNames.join(', ')],
        [t('integrity.lateBets'), t('integrity.lateBetsValue', { late: r.late, bets: r.bets, share })],
        [t('integrity.lateWins'), t('integrity.lateWinsValue', { wins: r.lateWins, expected: one.format(r.lateExpected) })],
        [t('integrity.earlyWins'), t('integrity.lateWinsValue', { wins: r.earlyWins, expected: one.format(r.earlyExpected) })],
        [t('integrity.pValue'), r.late >= r.minLate ? formatP(r.pValue, locale) : '—'],
      ]}
    >
      <FlagAction playerId={player.playerId} name={player.name ?? player.playerId} />
      <Evidence open={r.alarm}>
        <figure className="pit-chart">
          <figcaption>{t('integrity.timing')}</figcaption>
          <div className="pit-chart-box" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={r.timing.map((b) => ({ ...b, label: label(b.second) }))} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="#2f3d36" strokeDasharray="3 3" />
                <XAxis dataKey="label" tick={AXIS} stroke="#2f3d36" interval={0} />
                <YAxis allowDecimals={false} tick={AXIS} stroke="#2f3d36" width={36} />
                <Tooltip contentStyle={TOOLTIP} itemStyle={TOOLTIP_TEXT} labelStyle={TOOLTIP_TEXT} />
                <Bar dataKey="bets" name={t('integrity.betsAt')} isAnimationActive={false}>
                  {r.timing.map((b) => (
                    <Cell key={b.second} fill={b.second < lateSeconds ? (r.alarm ? '#ff7a80' : '#f0a020') : '#3ccf7a'} />
                  ))}
                </Bar>
                <Bar dataKey="wins" name={t('integrity.wins')} fill="#6fa4ff" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <EvidenceTable
            caption={t('integrity.timingTable')}
            columns={[t('integrity.second'), t('integrity.betsAt'), t('integrity.wins'), t('integrity.expectedWins')]}
            rows={r.timing.filter((b) => b.bets > 0).map((b) => ({ key: b.second, head: label(b.second), cells: [b.bets, b.wins, one.format(b.expected)] }))}
          />
        </figure>
      </Evidence>
    </MonitorCard>
  );
}
