import { Money, PhaseBadge, TableStill, formatMoneyShort, useLocale, useSecondsCountdown } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { shortId } from '../../lib/format';
import { worstDevice, type TileModel } from '../../data/floor.model';
import { TileHead } from '../../components/TileHead';

export interface TableTileProps {
  readonly tile: TileModel;
  readonly onOpen: (tableId: string) => void;
}

/** One table at a glance: identity, status, phase + timer, players and stakes now, the day, devices, alerts. */
export function TableTile({ tile, onOpen }: TableTileProps) {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const { table, round, devices, day, openAlerts, pending, attention, dealers } = tile;
  const left = useSecondsCountdown(round.phase === 'betting' ? round.bettingClosesAt : null);
  const headingId = `tile-${table.tableId}`;
  const devWorst = worstDevice(devices);
  return (
    <article className={`pit-tile is-${attention} status-${table.status}`} aria-labelledby={headingId}>
      <TileHead
        id={headingId}
        name={table.name}
        sub={
          <>
            {tc(`games.${table.game}`)} ·{' '}
            <span className="felt-mono" title={table.tableId}>
              {shortId(table.tableId)}
            </span>
          </>
        }
        status={tc(`tableStatus.${table.status}`)}
        tone={table.status}
      />
      <TableStill tableId={table.tableId} name={table.name} />
      {attention !== 'calm' ? (
        <p className={`pit-attention is-${attention}`}>
          <span aria-hidden="true">{attention === 'critical' ? '■' : '▲'}</span> {t(`floor.attention.${attention}`)}
          {pending.length > 0 ? ` · ${t('floor.pending')}: ${pending.length}` : ''}
          {openAlerts.length > 0 ? ` · ${t('floor.alerts')}: ${openAlerts.length}` : ''}
        </p>
      ) : null}
      <div className="pit-tile-round">
        <PhaseBadge phase={round.phase ?? 'none'} />
        {left !== null ? (
          <span className="pit-countdown" aria-label={t('floor.timerLeft', { s: Math.ceil(left / 1000) })}>
            {Math.ceil(left / 1000)} s
          </span>
        ) : null}
        <span className="felt-muted felt-mono pit-round-id" title={round.roundId ?? undefined}>
          {round.roundId ? t('floor.round', { id: shortId(round.roundId) }) : t('floor.noRound')}
        </span>
      </div>
      <dl className="pit-stats">
        <div className="pit-stat-dealer">
          <dt>{t('floor.dealer')}</dt>
          <dd className={dealers.length === 0 ? 'felt-muted' : undefined}>{dealers.length === 0 ? t('floor.dealerUnknown') : dealers.map((d) => d.name).join(', ')}</dd>
        </div>
        <div>
          <dt>{t('floor.players')}</dt>
          <dd>{round.players}</dd>
        </div>
        <div>
          <dt>{t('floor.stakesRound')}</dt>
          <dd>
            <Money minor={round.stakeMinor} currency={table.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('floor.holdToday')}</dt>
          <dd className={day && day.holdMinor < 0 ? 'is-negative' : undefined}>{day ? <Money minor={day.holdMinor} currency={table.currency} /> : '—'}</dd>
        </div>
        <div>
          <dt>{t('floor.roundsToday')}</dt>
          <dd>{day ? day.rounds : '—'}</dd>
        </div>
      </dl>
      <div className="pit-tile-foot">
        <ul className={`pit-devices is-${devWorst}`} aria-label={t('floor.devices')}>
          {devices.map((d) => (
            <li key={d.deviceId} className={`pit-device is-${d.state}`} title={d.deviceId}>
              <span className="pit-dot" aria-hidden="true" />
              {t('device.line', { kind: t(`device.kind.${d.kind}`), state: t(`device.state.${d.state}`) })}
            </li>
          ))}
        </ul>
        <button type="button" className="felt-btn felt-btn-sm pit-tile-open" onClick={() => onOpen(table.tableId)} aria-label={t('floor.open', { name: table.name })}>
          ›
        </button>
      </div>
      <p className="felt-muted pit-tile-limits">
        {tc('table.tableLimits', { min: formatMoneyShort(table.limits.tableMinMinor, table.currency, locale), max: formatMoneyShort(table.limits.tableMaxMinor, table.currency, locale) })}
      </p>
    </article>
  );
}
