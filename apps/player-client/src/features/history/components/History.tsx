import { Money, formatMoney, useLocale, useTables } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { useMyRounds } from '../../../table/hooks/useTableData';
import { spotLabel } from '../../../table/spotLabel';

/** Newest first, whatever order the rounds arrive in (issue 20 defect 12). */
const newestFirst = <R extends { readonly placedAt: number; readonly roundId: string }>(rounds: readonly R[]): R[] => [...rounds].sort((a, b) => b.placedAt - a.placedAt || b.roundId.localeCompare(a.roundId));

/** The player's rounds, newest first: round id, table, each bet (named as the table names it) with its settlement. */
export function History() {
  const { t } = useTranslation('player');
  const locale = useLocale();
  const rounds = useMyRounds();
  const tables = useTables();
  const byId = new Map((tables.data ?? []).map((x) => [x.tableId, x]));
  return (
    <main className="history-page">
      <h1>{t('history.title')}</h1>
      {rounds.isSuccess && rounds.data.length === 0 ? <p className="felt-muted history-empty">{t('history.empty')}</p> : null}
      <div className="history-list">
        {newestFirst(rounds.data ?? []).map((r) => {
          const table = byId.get(r.tableId);
          const net = r.returnMinor === null ? null : r.returnMinor - r.stakeMinor;
          return (
            <article key={r.roundId} className="history-round felt-panel" aria-label={t('history.round', { id: r.roundId })}>
              <header>
                <strong>{table?.name ?? r.tableId}</strong>
                <span className="felt-mono felt-muted">{r.roundId}</span>
                <span className="felt-muted">{new Date(r.placedAt).toLocaleString(locale)}</span>
                <span className={net === null ? 'hist-net' : net > 0 ? 'hist-net is-win' : net < 0 ? 'hist-net is-loss' : 'hist-net'}>
                  {net === null ? t('history.open') : `${net > 0 ? '+' : ''}${formatMoney(net, r.currency, locale)}`}
                </span>
              </header>
              <table className="history-bets">
                <thead>
                  <tr>
                    <th scope="col">{t('history.bet')}</th>
                    <th scope="col">{t('history.stake')}</th>
                    <th scope="col">{t('history.status')}</th>
                    <th scope="col">{t('history.return')}</th>
                  </tr>
                </thead>
                <tbody>
                  {r.bets.map((b) => (
                    <tr key={b.betId}>
                      <td>{spotLabel(table?.game ?? '', b.spot, t)}</td>
                      <td>
                        <Money minor={b.stakeMinor} currency={b.currency} />
                      </td>
                      <td>{t(`history.statuses.${b.status}`)}</td>
                      <td>{b.returnMinor === null ? '—' : <Money minor={b.returnMinor} currency={b.currency} />}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </article>
          );
        })}
      </div>
    </main>
  );
}
