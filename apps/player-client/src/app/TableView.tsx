import type { Table } from '@felt-studio/client-sdk';
import { BetTimer, ErrorNotice, Money, TableIdentity, formatMoney, toRejection, useAtTable, useLiveRound, useLocale, useTable, useWallet } from '@felt-studio/ui';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { GAME_TABLES, prefetchGames } from './games';
import { useTranslation } from 'react-i18next';
import { useBetting } from '../table/hooks/useBetting';
import { useChipFlights } from '../table/hooks/useChipFlights';
import { useTableMode } from '../table/hooks/useTableMode';
import { useMedia } from '../table/useMedia';
import { spotLabel } from '../table/spotLabel';
import { asView, betsOf, isBettingOpen, stakesBySpot, totalStake } from '../table/view';
import { ActionBar } from '../table/components/ActionBar';
import { Confirmation, Notices } from '../table/components/Notices';
import { ResultOverlay } from '../table/components/ResultOverlay';
import { ChatPanel } from '../features/chat/components/ChatPanel';

// Each game's table is its own chunk (app/games.ts: one plugin per game, issue 19 §4).
export { prefetchGames } from './games';

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
  const [mode, setMode] = useTableMode();
  const [drawer, setDrawer] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const timerSize = useMedia('(max-width: 640px)') ? 52 : 64;
  useChipFlights(stakes, betting.pending);
  useEffect(() => {
    if (!drawer) return;
    // The drawer scrolls: reachable and scrollable by keyboard, focused when it opens.
    const aside = document.querySelector<HTMLElement>('.table-page .side-panels');
    aside?.setAttribute('tabindex', '0');
    aside?.focus();
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') setDrawer(false);
    };
    globalThis.addEventListener('keydown', onKey);
    return () => globalThis.removeEventListener('keydown', onKey);
  }, [drawer]);
  // Issue 20: one viewport — the picture, the whole bet layout, chips, timer, balance and total bet on
  // one screen; secondary panels (stats, roads, paytables, limits) in a drawer one tap away; no
  // internal ids in a player's view (the round id is on the element for tests and support only).
  return (
    <main
      className={`table-page game-${table.game} is-${mode}${drawer ? ' is-drawer-open' : ''}${chatOpen ? ' is-chat-open' : ''}`}
      data-live-table={table.tableId}
      data-round={view?.roundId ?? ''}
      data-seq={view?.seq ?? 0}
      data-phase={view?.phase ?? 'none'}
    >
      <header className="table-top">
        <Link href="/" className="table-back felt-btn" aria-label={t('table.back')}>
          ‹
        </Link>
        <TableIdentity table={table} ids={false} phase={view?.phase ?? null} locale={locale} />
        {/* "Bet accepted" over the header's status for its seconds, never over the picture (issue 20) */}
        <Confirmation betting={betting} />
        <div className="table-top-right">
          <div className="balance" aria-label={t('common:balance')} data-minor={balance ?? ''}>
            <span className="felt-muted">{t('common:balance')}</span>
            {balance === null ? <span>—</span> : <Money minor={balance} currency={table.currency} className="balance-amount" />}
          </div>
          <div className="table-tools">
            <ChatPanel table={table} onOpenChange={setChatOpen} />
            <button type="button" className="felt-btn table-details" aria-label={t('table.details')} aria-expanded={drawer} aria-controls="table-drawer" onClick={() => setDrawer((d) => !d)}>
              <span aria-hidden="true">☰</span> <span className="table-tool-text">{t('table.details')}</span>
            </button>
            <button
              type="button"
              className="felt-btn table-mode"
              aria-pressed={mode === 'immersive'}
              aria-label={t('table.immersive')}
              title={mode === 'immersive' ? t('table.classic') : t('table.immersive')}
              onClick={() => setMode(mode === 'immersive' ? 'classic' : 'immersive')}
            >
              <span aria-hidden="true">{mode === 'immersive' ? '⤡' : '⤢'}</span>
            </button>
          </div>
        </div>
      </header>
      {/* focusable: where the stage scrolls (a phone in landscape, the classic mode) it scrolls from the keyboard too */}
      <div className="table-stage" id="table-drawer" tabIndex={0}>
        {/* the timer ring over the picture, as the market leaders' clients show it */}
        {/* shown while there is a time to count (never an idle black disc — issue 20 §12) */}
        {decisionDeadline !== null || open ? (
          <div className="stage-timer">
            {decisionDeadline !== null ? <BetTimer closesAt={decisionDeadline} windowMs={15_000} open label={t('blackjack.decisionTimer')} size={timerSize} /> : <BetTimer closesAt={view?.bettingClosesAt ?? null} windowMs={table.betWindowS * 1000} open={open} size={timerSize} />}
          </div>
        ) : null}
        {Game ? (
          <Suspense fallback={<p className="felt-center felt-muted">{t('common:loading')}</p>}>
            <Game table={table} view={raw} betting={betting} stakes={stakes} open={open} locale={locale} bets={bets} mode={mode} />
          </Suspense>
        ) : (
          <p>{t('table.unsupported')}</p>
        )}
        <ResultOverlay table={table} locale={locale} describe={describe} />
        <Notices betting={betting} />
      </div>
      {drawer ? <button type="button" className="drawer-backdrop" aria-label={t('table.close')} onClick={() => setDrawer(false)} /> : null}
      <ActionBar table={table} betting={betting} open={open} stakeMinor={totalStake(bets)} />
    </main>
  );
}
