import type { Alert, PendingRequest } from '@felt-studio/client-sdk';
import { formatMoney, useLocale } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { navigate } from '../lib/router';
import { ApprovalsPanel } from '../features/actions/ApprovalsPanel';
import { AlertsPanel } from '../features/alerts/AlertsPanel';
import type { TileModel } from '../data/floor.model';
import { PokerTiles } from './PokerTiles';
import { TableTile } from '../features/floor/TableTile';

export interface FloorScreenProps {
  readonly tiles: readonly TileModel[];
  readonly alerts: readonly Alert[];
  /** Recently acknowledged alerts (who and when, from the server). */
  readonly acknowledged?: readonly Alert[];
  /** Information events for the activity feed (issue 20 defect 8). */
  readonly activity?: readonly Alert[];
  readonly onAck: (ids: readonly string[]) => void;
  readonly soundOn: boolean;
  readonly onToggleSound: () => void;
  readonly tableName: (tableId: string | null) => string;
}

const openRound = (roundId: string): void => navigate({ name: 'round', roundId });

/** Sum per currency, formatted ("€1,204.50 · SEK 300"). */
function sumMoney(parts: readonly { minor: number; currency: string }[], locale: string): string {
  const by = new Map<string, number>();
  for (const p of parts) by.set(p.currency, (by.get(p.currency) ?? 0) + p.minor);
  if (by.size === 0) return formatMoney(0, 'EUR', locale);
  return [...by.entries()].map(([c, m]) => formatMoney(m, c, locale)).join(' · ');
}

/** The floor: a summary line, requests waiting and live alerts (first on a phone), the tables (most urgent first). */
export function FloorScreen({ tiles, alerts, acknowledged = [], activity = [], onAck, soundOn, onToggleSound, tableName }: FloorScreenProps) {
  const { t } = useTranslation('pit');
  const locale = useLocale();
  const pending: PendingRequest[] = tiles.flatMap((x) => x.pending);
  const summary = t('floor.summary', {
    open: tiles.filter((x) => x.table.status === 'open').length,
    total: tiles.length,
    players: tiles.reduce((s, x) => s + x.round.players, 0),
    stakes: sumMoney(tiles.map((x) => ({ minor: x.round.stakeMinor, currency: x.table.currency })), locale),
    hold: sumMoney(tiles.map((x) => ({ minor: x.day?.holdMinor ?? 0, currency: x.table.currency })), locale),
  });
  // The side (requests waiting, live alerts) comes before the tables in the page: on a phone, where the
  // columns stack, what needs the pit boss now is on the first screen (issue 20); on a desktop it is the
  // right-hand column beside the tables, as before.
  return (
    <div className="pit-floor">
      <header className="pit-floor-head">
        <h1 className="pit-title">{t('floor.title')}</h1>
        <p className="pit-summary">{summary}</p>
      </header>
      <aside className="pit-floor-side">
        {pending.length > 0 ? <ApprovalsPanel requests={pending} tableName={(id) => tableName(id)} /> : null}
        <AlertsPanel alerts={alerts} acknowledged={acknowledged} activity={activity} tableName={tableName} onAck={onAck} onOpenRound={openRound} soundOn={soundOn} onToggleSound={onToggleSound} />
      </aside>
      <div className="pit-floor-main">
        {tiles.length === 0 ? <p className="felt-muted">{t('floor.empty')}</p> : null}
        <section aria-label={t('floor.gridLabel')} className="pit-grid">
          {tiles.map((tile) => (
            <TableTile key={tile.table.tableId} tile={tile} onOpen={(tableId) => navigate({ name: 'table', tableId })} />
          ))}
        </section>
        <PokerTiles />
      </div>
    </div>
  );
}
