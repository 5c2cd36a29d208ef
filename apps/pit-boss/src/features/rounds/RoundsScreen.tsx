import type { RoundSearchQuery, Table } from '@felt-studio/client-sdk';
import { Money, useLocale, useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { navigate } from '../../lib/router';
import { RoundLink } from '../../components/RoundLink';
import { PitTable } from '../../components/ScrollArea';

const toLocalInput = (ms: number): string => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

/** Round search by id, table, player and time (the query lives in the URL: shareable, reload-safe). */
export function RoundsScreen({ query, tables }: { readonly query: URLSearchParams; readonly tables: readonly Table[] }) {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const { api } = useSession();
  const ids = { round: useId(), table: useId(), player: useId(), from: useId(), to: useId() };
  const [roundId, setRoundId] = useState(query.get('roundId') ?? '');
  const [tableId, setTableId] = useState(query.get('tableId') ?? '');
  const [playerId, setPlayerId] = useState(query.get('playerId') ?? '');
  const [from, setFrom] = useState(query.get('from') ? toLocalInput(Number(query.get('from'))) : '');
  const [to, setTo] = useState(query.get('to') ? toLocalInput(Number(query.get('to'))) : '');

  const q: RoundSearchQuery = {
    ...(query.get('roundId') ? { roundId: query.get('roundId') as string } : {}),
    ...(query.get('tableId') ? { tableId: query.get('tableId') as string } : {}),
    ...(query.get('playerId') ? { playerId: query.get('playerId') as string } : {}),
    ...(query.get('from') ? { from: Number(query.get('from')) } : {}),
    ...(query.get('to') ? { to: Number(query.get('to')) } : {}),
    limit: 100,
  };
  const results = useQuery({ queryKey: ['pit', 'search', q], queryFn: () => api.searchRounds(q) });
  const tableName = (id: string): string => tables.find((x) => x.tableId === id)?.name ?? id;

  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const p = new URLSearchParams();
    if (roundId.trim()) p.set('roundId', roundId.trim());
    if (tableId) p.set('tableId', tableId);
    if (playerId.trim()) p.set('playerId', playerId.trim());
    if (from) p.set('from', String(new Date(from).getTime()));
    if (to) p.set('to', String(new Date(to).getTime()));
    navigate({ name: 'rounds', query: p });
  };

  return (
    <div className="pit-page">
      <h1 className="pit-title">{t('rounds.title')}</h1>
      <form className="felt-form pit-search" onSubmit={submit} role="search">
        <div>
          <label htmlFor={ids.round}>{t('rounds.roundId')}</label>
          <input id={ids.round} value={roundId} onChange={(e) => setRoundId(e.target.value)} className="felt-mono" autoComplete="off" />
        </div>
        <div>
          <label htmlFor={ids.table}>{t('rounds.table')}</label>
          <select id={ids.table} value={tableId} onChange={(e) => setTableId(e.target.value)}>
            <option value="">{t('rounds.anyTable')}</option>
            {tables.map((x) => (
              <option key={x.tableId} value={x.tableId}>
                {x.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.player}>{t('rounds.player')}</label>
          <input id={ids.player} value={playerId} onChange={(e) => setPlayerId(e.target.value)} autoComplete="off" />
        </div>
        <div>
          <label htmlFor={ids.from}>{t('rounds.from')}</label>
          <input id={ids.from} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div>
          <label htmlFor={ids.to}>{t('rounds.to')}</label>
          <input id={ids.to} type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <button type="submit" className="felt-btn felt-btn-primary">
          {t('rounds.search')}
        </button>
      </form>
      <section aria-labelledby="pit-results-title" className="pit-panel">
        <h2 id="pit-results-title">{t('rounds.results')}</h2>
        {results.isLoading ? <p className="felt-muted">{tc('loading')}</p> : null}
        {results.data && results.data.length === 0 ? <p className="felt-muted">{t('rounds.none')}</p> : null}
        {results.data && results.data.length > 0 ? (
          <PitTable label={t('rounds.results')} columns={[t('rounds.roundId'), t('rounds.table'), t('rounds.opened'), t('rounds.phase'), t('rounds.bets'), t('rounds.staked'), t('rounds.hold')]}>
                {results.data.map((r) => {
                  const cur = tables.find((x) => x.tableId === r.tableId)?.currency ?? 'EUR';
                  return (
                    <tr key={r.roundId}>
                      <td>
                        <RoundLink roundId={r.roundId} />
                      </td>
                      <td>{tableName(r.tableId)}</td>
                      <td>{formatDateTime(r.openedAt, locale)}</td>
                      <td>{r.phase === 'void' ? t('rounds.voided') : tc(`phases.${r.phase}`, { defaultValue: r.phase })}</td>
                      <td>{r.bets}</td>
                      <td>
                        <Money minor={r.stakedMinor} currency={cur} />
                      </td>
                      <td className={r.holdMinor < 0 ? 'is-negative' : undefined}>
                        <Money minor={r.holdMinor} currency={cur} />
                      </td>
                    </tr>
                  );
                })}
          </PitTable>
        ) : null}
      </section>
    </div>
  );
}
