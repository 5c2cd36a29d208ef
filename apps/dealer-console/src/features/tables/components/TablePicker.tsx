import type { Table } from '@felt-studio/client-sdk';
import type { PokerLobbyEntry } from '@felt-studio/protocol';
import { ErrorNotice, toRejection, useLocale, usePokerLobby, useTables, formatMoneyShort, shortId } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';

/** The dealer picks the table they run: large tiles with the table's identity (GEN-1) and status. */
export function TablePicker({ onPick, onPickPoker }: { readonly onPick: (t: Table) => void; readonly onPickPoker?: (t: PokerLobbyEntry) => void }) {
  const { t } = useTranslation('dealer');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const tables = useTables();
  const poker = usePokerLobby();
  return (
    <main className="dc-main dc-picker">
      <h1>{t('picker.title')}</h1>
      <p className="dc-muted">{t('picker.subtitle')}</p>
      {tables.isError ? <ErrorNotice title={t('picker.failed')} error={toRejection(tables.error)} /> : null}
      {tables.data && tables.data.length === 0 ? <p>{t('picker.empty')}</p> : null}
      {!tables.data && !tables.isError ? <p className="dc-muted">{tc('loading')}</p> : null}
      <ul className="dc-tiles">
        {(tables.data ?? []).map((table) => (
          <li key={table.tableId}>
            <button type="button" className={`dc-tile is-${table.status}`} onClick={() => onPick(table)}>
              <span className="dc-tile-name">{table.name}</span>
              <span className="dc-tile-game">{tc(`games.${table.game}`, { defaultValue: table.game })}</span>
              <span className="dc-tile-meta">
                <span className={`dc-tile-status is-${table.status}`}>{t('picker.status', { status: tc(`tableStatus.${table.status}`) })}</span>
                <span>{tc('table.tableLimits', { min: formatMoneyShort(table.limits.tableMinMinor, table.currency, locale), max: formatMoneyShort(table.limits.tableMaxMinor, table.currency, locale) })}</span>
                <span>{t('picker.devices', { count: table.devices.length })}</span>
              </span>
              <span className="dc-tile-id" title={table.tableId}>
                #{shortId(table.tableId)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {onPickPoker && (poker.data ?? []).length > 0 ? (
        <>
          <h2 className="dc-picker-sub">{t('livePoker.pickerTitle')}</h2>
          <ul className="dc-tiles">
            {(poker.data ?? []).map((p) => (
              <li key={p.tableId}>
                <button type="button" className="dc-tile is-open" onClick={() => onPickPoker(p)} data-poker-tile={p.tableId}>
                  <span className="dc-tile-name">{p.name}</span>
                  <span className="dc-tile-game">{tc(`pokerTable.variants.${p.variant}`, { defaultValue: p.variant })}</span>
                  <span className="dc-tile-meta">
                    <span>{tc('pokerTable.blinds', { sb: formatMoneyShort(p.smallBlindMinor, p.currency, locale), bb: formatMoneyShort(p.bigBlindMinor, p.currency, locale) })}</span>
                    <span>{t('livePoker.tile', { seated: p.seated, count: p.seatCount })}</span>
                    <span>{t(`livePoker.dealing.${p.dealing}`)}</span>
                  </span>
                  <span className="dc-tile-id" title={p.tableId}>
                    #{shortId(p.tableId)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </main>
  );
}
