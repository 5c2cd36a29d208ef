import type { BetPatterns, PatternGroup, Table } from '@felt-studio/client-sdk';
import { useLocale, useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PlayerId } from '../../components/PlayerId';
import { FlagAction } from './PlayerFlags.js';
import { formatP } from './parts.js';

export const betPatternsKey = ['pit', 'integrity', 'bet-patterns'] as const;


/**
 * Issue 23 §5: the Integrity view's shared-pattern section — groups of accounts betting the same spots at the
 * same moments across the wheel and card tables: each group with its score, its members (by name, the id and
 * the flag action under each), the tables it spans and the co-bets that are its evidence; the closest pairs
 * below the line when nothing alarms.
 */
export function BetPatternsSection({ tables }: { readonly tables: readonly Table[] }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const { api } = useSession();
  const q = useQuery({ queryKey: betPatternsKey, queryFn: () => api.integrityBetPatterns(), refetchInterval: 10_000 });
  const data = q.data;
  const tableName = (id: string): string => tables.find((x) => x.tableId === id)?.name ?? id;
  const person = (id: string): string => data?.names.find((n) => n.playerId === id)?.name ?? id;
  return (
    <section className="pit-integrity-patterns" aria-labelledby="integrity-patterns">
      <h2 id="integrity-patterns" className="pit-subtitle">
        {t('integrity.patterns.title')}
      </h2>
      <p className="felt-muted">{t('integrity.patterns.intro')}</p>
      {q.isError ? <p role="alert">{t('integrity.error')}</p> : null}
      {data !== undefined ? (
        <p className="felt-muted">
          {data.evaluatedAt === null ? t('integrity.patterns.notYet') : t('integrity.patterns.summary', { rounds: data.report.rounds, bets: data.report.bets, pairs: data.report.pairsTested, p: formatP(data.report.pValue, locale) })}
        </p>
      ) : null}
      {data !== undefined && data.evaluatedAt !== null && data.report.groups.length === 0 ? <p className="felt-muted">{t('integrity.patterns.none')}</p> : null}
      <div className="pit-integrity-grid">
        {(data?.report.groups ?? []).map((g) => (
          <GroupCard key={g.players.join(',')} group={g} person={person} tableName={tableName} />
        ))}
      </div>
      {data !== undefined && data.report.groups.length === 0 && data.report.topPairs.length > 0 ? <ClosestPairs data={data} person={person} /> : null}
    </section>
  );
}

function GroupCard({ group, person, tableName }: { readonly group: PatternGroup; readonly person: (id: string) => string; readonly tableName: (id: string) => string }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const id = `pattern-${group.players.join('-')}`;
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const best = group.pairs[0]!;
  return (
    <section className="pit-panel pit-wheel is-alarm" aria-labelledby={id}>
      <header className="pit-wheel-head">
        <h2 id={id}>{t('integrity.patterns.group', { players: group.players.map(person).join(', ') })}</h2>
        <span className="pit-chip is-alarm">{t('integrity.patterns.alarm')}</span>
      </header>
      <dl className="pit-stats">
        <div>
          <dt>{t('integrity.pValue')}</dt>
          <dd>{formatP(group.pValue, locale)}</dd>
        </div>
        <div>
          <dt>{t('integrity.patterns.coBets')}</dt>
          <dd>{t('integrity.patterns.coBetsValue', { coBets: best.coBets, shared: best.sharedRounds, expected: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(best.expected) })}</dd>
        </div>
        <div>
          <dt>{t('integrity.patterns.tables')}</dt>
          <dd>{group.tables.map(tableName).join(', ')}</dd>
        </div>
        <div>
          <dt>{t('integrity.patterns.simultaneous')}</dt>
          <dd>{group.simultaneous}</dd>
        </div>
      </dl>
      <ul className="pit-findings" aria-label={t('integrity.patterns.members')}>
        {group.players.map((p) => (
          <li key={p}>
            <strong>{person(p)}</strong> <PlayerId playerId={p} /> <FlagAction playerId={p} name={person(p)} />
          </li>
        ))}
      </ul>
      <table className="pit-table">
        <caption>{t('integrity.patterns.evidence', { count: group.evidence.length, total: group.coBets })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('integrity.patterns.when')}</th>
            <th scope="col">{t('integrity.patterns.table')}</th>
            <th scope="col">{t('integrity.patterns.spot')}</th>
            <th scope="col">{t('integrity.patterns.who')}</th>
            <th scope="col">{t('integrity.patterns.gap')}</th>
          </tr>
        </thead>
        <tbody>
          {group.evidence.map((c) => (
            <tr key={`${c.roundId}-${c.spot}`}>
              <th scope="row">{time.format(c.at)}</th>
              <td>
                {tableName(c.tableId)} <span className="felt-mono felt-muted">{c.roundId}</span>
              </td>
              <td className="felt-mono">{c.spot}</td>
              <td>{c.players.map(person).join(', ')}</td>
              <td>{t('integrity.patterns.ms', { ms: c.gapMs })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ClosestPairs({ data, person }: { readonly data: BetPatterns; readonly person: (id: string) => string }) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const one = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (
    <table className="pit-table">
      <caption>{t('integrity.patterns.closest')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('integrity.patterns.pair')}</th>
          <th scope="col">{t('integrity.patterns.coBets')}</th>
          <th scope="col">{t('integrity.pValue')}</th>
        </tr>
      </thead>
      <tbody>
        {data.report.topPairs.slice(0, 5).map((p) => (
          <tr key={p.players.join(',')}>
            <th scope="row">{p.players.map(person).join(' + ')}</th>
            <td>{t('integrity.patterns.coBetsValue', { coBets: p.coBets, shared: p.sharedRounds, expected: one.format(p.expected) })}</td>
            <td>{formatP(p.pValue, locale)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
