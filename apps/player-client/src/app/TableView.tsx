import type { Table } from '@felt/client-sdk';
import { BetTimer, ErrorNotice, Money, TableIdentity, formatMoney, toRejection, useAtTable, useLiveRound, useLocale, useRoundFrames, useTable, useWallet } from '@felt/ui';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { GAME_TABLES, prefetchGames } from './games';
import { useTranslation } from 'react-i18next';
import { useBetting } from '../table/hooks/useBetting';
import { useMyRounds } from '../table/hooks/useTableData';
import { spotLabel } from '../table/spotLabel';
import { asView, betsOf, isBettingOpen, stakesBySpot, totalStake } from '../table/view';
import { ActionBar } from '../table/components/ActionBar';
import { Notices } from '../table/components/Notices';

// Each game's table is its own chunk (app/games.ts: one plugin per game, issue 19 §4).
export { prefetchGames } from './games';

/** The round's result for this player, the moment the server settles it. */
function SettlementBanner({ table }: { readonly table: Table }) {
  const { t } = useTranslation('player');
  const [roundId, setRoundId] = useState<string | null>(null);
  const rounds = useMyRounds();
  useRoundFrames((f) => {
    if (f.tableId === table.tableId && (f.type === 'RoundSettled' || f.type === 'RoundVoided')) setRoundId(f.roundId);
    if (f.tableId === table.tableId && f.type === 'RoundOpened') setRoundId(null);
  });
  const mine = roundId ? rounds.data?.find((r) => r.roundId === roundId && r.returnMinor !== null) : undefined;
  if (!mine) return null;
  const net = (mine.returnMinor ?? 0) - mine.stakeMinor;
  const refunded = mine.bets.every((b) => b.status === 'refunded' || b.status === 'cancelled');
  return (
    <div className={net > 0 ? 'settle-banner is-win' : 'settle-banner'} role="status" aria-label={t('settle.label')}>
      {refunded ? (
        <strong>{t('settle.refunded')}</strong>
      ) : net > 0 ? (
        <>
          <span>{t('settle.youWon')}</span> <Money minor={mine.returnMinor ?? 0} currency={mine.currency} className="settle-amount" />
        </>
      ) : (
        <span>{t('settle.noWin')}</span>
      )}
      <span className="felt-muted settle-round">
        {t('settle.round')} <span className="felt-mono">{mine.roundId}</span>
      </span>
    </div>
  );
}

export function TableView({ tableId }: { readonly tableId: string }) {
  const { t } = useTranslation('player');
  const locale = useLocale();
  const table = useTable(tableId);
  const round = useLiveRound(tableId);
  const wallet = useWallet();
  useAtTable(tableId); // counted in the lobby's "players at the table"
  useEffect(prefetchGames, []); // in parallel with the table's REST call and the socket join
  if (table.isError) return <ErrorNotice error={toRejection(table.error)} />;
  if (!table.data) return <p className="felt-center felt-muted">{t('common:loading')}</p>;
  return <TableLoaded table={table.data} view={round.data?.view ?? null} balance={wallet.data?.balanceMinor ?? null} locale={locale} />;
}

function TableLoaded({ table, view: raw, balance, locale }: { readonly table: Table; readonly view: unknown; readonly balance: number | null; readonly locale: string }) {
  const { t } = useTranslation('player');
  const view = asView(raw);
  const describe = useCallback((spot: string) => spotLabel(table.game, spot, t), [table.game, t]);
  const money = useCallback((m: number) => formatMoney(m, table.currency, locale), [table.currency, locale]);
  const betting = useBetting(table, view, describe, money);
  const bets = useMemo(() => betsOf(view), [view]);
  const stakes = useMemo(() => stakesBySpot(bets), [bets]);
  const open = isBettingOpen(view);
  const Game = GAME_TABLES[table.game];
  const decisionDeadline = (raw as { decisionDeadline?: number | null } | null)?.decisionDeadline ?? null;
  return (
    <main className={`table-page game-${table.game}`} data-live-table={table.tableId} data-round={view?.roundId ?? ''} data-seq={view?.seq ?? 0}>
      <div className="table-top">
        <TableIdentity table={table} roundId={view?.roundId ?? null} phase={view?.phase ?? null} locale={locale} />
        <div className="table-top-right">
          {decisionDeadline !== null ? <BetTimer closesAt={decisionDeadline} windowMs={15_000} open label={t('blackjack.decisionTimer')} /> : <BetTimer closesAt={view?.bettingClosesAt ?? null} windowMs={table.betWindowS * 1000} open={open} />}
          <div className="balance" aria-label={t('common:balance')}>
            <span className="felt-muted">{t('common:balance')}</span>
            {balance === null ? <span>—</span> : <Money minor={balance} currency={table.currency} className="balance-amount" />}
          </div>
        </div>
      </div>
      <SettlementBanner table={table} />
      <Notices betting={betting} />
      {Game ? (
        <Suspense fallback={<p className="felt-center felt-muted">{t('common:loading')}</p>}>
          <Game table={table} view={raw} betting={betting} stakes={stakes} open={open} locale={locale} bets={bets} />
        </Suspense>
      ) : (
        <p>{t('table.unsupported')}</p>
      )}
      <ActionBar table={table} betting={betting} open={open} stakeMinor={totalStake(bets)} />
    </main>
  );
}
