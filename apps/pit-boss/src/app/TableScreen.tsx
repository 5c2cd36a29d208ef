import { TableIdentity, useLocale, useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/format';
import { hrefOf, navigate } from '../lib/router';
import { ApprovalsPanel } from '../features/actions/ApprovalsPanel';
import { TableActions } from '../features/actions/TableActions';
import { isStalled, type TileModel } from '../data/floor.model';
import { TableTile } from '../features/floor/TableTile';
import { pitKeys } from '../data/usePitData';
import { ChatModerationPanel } from '../features/chat/ChatModerationPanel';
import { RoundLink } from '../components/RoundLink';

/** One table: live glance, requests waiting, actions, devices and the latest rounds. */
export function TableScreen({ tile }: { readonly tile: TileModel | undefined }) {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const { api } = useSession();
  const tableId = tile?.table.tableId ?? '';
  const history = useQuery({ queryKey: pitKeys.history(tableId), queryFn: () => api.roundHistory(tableId, 15), enabled: tile !== undefined, refetchInterval: 10_000 });
  if (!tile) return <p className="felt-center felt-muted">{tc('loading')}</p>;
  const { table, round } = tile;
  return (
    <div className="pit-table-screen">
      <p>
        <a href={hrefOf({ name: 'floor' })} className="pit-link">
          ← {t('actions.back')}
        </a>
      </p>
      <TableIdentity table={table} roundId={round.roundId} phase={round.phase} locale={locale} />
      <div className="pit-table-cols">
        <div>
          <TableTile tile={tile} onOpen={() => undefined} />
          <section aria-labelledby="pit-devices-title" className="pit-panel">
            <h2 id="pit-devices-title">{t('floor.devices')}</h2>
            <ul className="pit-device-list">
              {tile.devices.map((d) => (
                <li key={d.deviceId} className={`pit-device is-${d.state}`}>
                  <span className="pit-dot" aria-hidden="true" />
                  <strong>{t(`device.kind.${d.kind}`)}</strong> <span className="felt-mono">{d.deviceId}</span> — {t(`device.state.${d.state}`)}
                  {d.model ? ` · ${d.model}` : ''}
                  {d.lastEventAt ? ` · ${t('device.lastEvent', { time: formatTime(d.lastEventAt, locale) })}` : ''}
                </li>
              ))}
            </ul>
          </section>
          <ChatModerationPanel table={table} />
        </div>
        <div>
          <ApprovalsPanel requests={tile.pending} tableName={() => table.name} />
          <TableActions table={table} hasRound={round.roundId !== null && round.phase !== 'settled' && round.phase !== 'void'} stalled={isStalled(tile.openAlerts, round)} />
          <section aria-labelledby="pit-history-title" className="pit-panel">
            <h2 id="pit-history-title">{t('nav.rounds')}</h2>
            <table className="pit-table">
              <thead>
                <tr>
                  <th scope="col">{t('rounds.roundId')}</th>
                  <th scope="col">{t('rounds.opened')}</th>
                  <th scope="col">{t('rounds.phase')}</th>
                </tr>
              </thead>
              <tbody>
                {(history.data ?? []).map((r) => (
                  <tr key={r.roundId}>
                    <td>
                      <RoundLink roundId={r.roundId} />
                    </td>
                    <td>{formatTime(r.openedAt, locale)}</td>
                    <td>{tc(`phases.${r.phase}`, { defaultValue: r.phase })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" onClick={() => navigate({ name: 'rounds', query: new URLSearchParams({ tableId: table.tableId }) })}>
              {t('rounds.search')} →
            </button>
          </section>
        </div>
      </div>
    </div>
  );
}
