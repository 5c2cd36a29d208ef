import type { Table } from '@felt/client-sdk';
import { BetTimer, PhaseBadge, formatMoneyShort, useLiveRound, useLocale, useTables } from '@felt/ui';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

function TableCard({ table }: { readonly table: Table }) {
  const { t } = useTranslation('player');
  const locale = useLocale();
  const [, navigate] = useLocation();
  const round = useLiveRound(table.tableId);
  const view = (round.data?.view ?? null) as { phase?: string; bettingClosesAt?: number | null } | null;
  const phase = view?.phase ?? null;
  return (
    <article className="lobby-card" aria-labelledby={`t-${table.tableId}`}>
      <header>
        <h2 id={`t-${table.tableId}`}>{table.name}</h2>
        <PhaseBadge phase={phase} />
      </header>
      <p className="felt-muted">{t(`common:games.${table.game}`)}</p>
      <p>{t('lobby.limits', { min: formatMoneyShort(table.limits.tableMinMinor, table.currency, locale), max: formatMoneyShort(table.limits.tableMaxMinor, table.currency, locale) })}</p>
      <BetTimer closesAt={view?.bettingClosesAt ?? null} windowMs={table.betWindowS * 1000} open={phase === 'betting'} size={56} />
      <button type="button" className="felt-btn felt-btn-primary" onClick={() => navigate(`/table/${table.tableId}`)}>
        {t('lobby.join', { name: table.name })}
      </button>
    </article>
  );
}

export function Lobby() {
  const { t } = useTranslation('player');
  const tables = useTables();
  const open = (tables.data ?? []).filter((x) => x.status === 'open');
  return (
    <main className="lobby">
      <h1>{t('lobby.title')}</h1>
      <p className="felt-muted">{t('lobby.subtitle')}</p>
      {tables.isSuccess && open.length === 0 ? <p>{t('lobby.empty')}</p> : null}
      <div className="lobby-grid">
        {open.map((x) => (
          <TableCard key={x.tableId} table={x} />
        ))}
      </div>
    </main>
  );
}
