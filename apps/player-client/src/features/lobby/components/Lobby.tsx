import type { Table } from '@felt-studio/client-sdk';
import type { PokerLobbyEntry } from '@felt-studio/protocol';
import { BetTimer, PhaseBadge, TitledSection, formatMoneyShort, useLiveRound, useLocale, usePokerLobby, usePresence, useTables } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useTableResults } from '../../../table/hooks/useTableData';
import { NumberBadge } from '../../../table/components/NumberBadge';
import type { PlayerGamePlugin } from '../../../table/game';
import { spotLabel } from '../../../table/spotLabel';
import './lobby.css';
import { TournamentsSection } from './TournamentsSection';

/** A game's plugin (the app's plugin map, passed in: a feature never imports the app shell or other features). */
export type PluginOf = (game: string) => Pick<PlayerGamePlugin, 'lastResult'> | undefined;

/** How many last results a lobby card shows. */
export const LAST_RESULTS = 12;

/** The last results as the game shows them: roulette numbers, baccarat bead colours, dice totals, duel winners. */
function LastResults({ table, pluginOf }: { readonly table: Table; readonly pluginOf?: PluginOf | undefined }) {
  const { t } = useTranslation('player');
  const results = useTableResults(table.tableId, LAST_RESULTS);
  // Views are `unknown` on the wire and every game shapes its own: read only what has the expected shape.
  // At most LAST_RESULTS, whatever the cache holds (issue 20 defect 12: baccarat drew 13 of 12).
  const items = (results.data ?? []).slice(0, LAST_RESULTS).map((r) => r.view as { result?: { number?: unknown; outcome?: unknown } | null; dice?: unknown } | null);
  const own = pluginOf?.(table.game)?.lastResult;
  if (items.length === 0) return <p className="felt-muted lobby-results">{t('lobby.noResults')}</p>;
  return (
    <div className="lobby-results" role="group" aria-label={t('lobby.lastResults')}>
      {items.map((v, i) => {
        const mine = own?.(v);
        if (mine) return <span key={i} className={`duel-dot is-${mine.tone}${mine.text !== undefined && mine.text.length > 2 ? ' is-text' : ''}`}>{mine.text ?? spotLabel(table.game, mine.spot, t).slice(0, 1)}</span>;
        if (typeof v?.result?.number === 'number') return <NumberBadge key={i} n={v.result.number} size="sm" />;
        const outcome = v?.result?.outcome;
        if (outcome === 'banker' || outcome === 'player' || outcome === 'tie') return <span key={i} className={`duel-dot is-${outcome === 'banker' ? 'a' : outcome === 'player' ? 'b' : 'tie'}`}>{t(`baccarat.short.${outcome}`)}</span>;
        const dice = v?.dice;
        if (Array.isArray(dice) && dice.every((d): d is number => typeof d === 'number')) return <span key={i} className="duel-dot is-tie">{dice.reduce((a, b) => a + b, 0)}</span>;
        return null;
      })}
    </div>
  );
}

function TableCard({ table, players, pluginOf }: { readonly table: Table; readonly players: number; readonly pluginOf?: PluginOf | undefined }) {
  const { t } = useTranslation('player');
  const locale = useLocale();
  const [, navigate] = useLocation();
  const round = useLiveRound(table.tableId);
  const view = (round.data?.view ?? null) as { phase?: string; bettingClosesAt?: number | null; occupiedSeats?: number[] } | null;
  const phase = view?.phase ?? null;
  return (
    <article className="lobby-card" aria-labelledby={`t-${table.tableId}`}>
      <header>
        <h2 id={`t-${table.tableId}`}>{table.name}</h2>
        <PhaseBadge phase={phase} />
      </header>
      <p className="felt-muted">{t(`common:games.${table.game}`)}</p>
      <p>{t('lobby.limits', { min: formatMoneyShort(table.limits.tableMinMinor, table.currency, locale), max: formatMoneyShort(table.limits.tableMaxMinor, table.currency, locale) })}</p>
      <div className="lobby-row">
        <BetTimer closesAt={view?.bettingClosesAt ?? null} windowMs={table.betWindowS * 1000} open={phase === 'betting'} size={56} quiet />
        <div className="lobby-people">
          <span className="lobby-players" aria-live="polite">
            {t('lobby.players', { count: players })}
          </span>
          {view?.occupiedSeats ? <span className="felt-muted">{t('lobby.seats', { count: view.occupiedSeats.length })}</span> : null}
        </div>
      </div>
      <LastResults table={table} pluginOf={pluginOf} />
      <button type="button" className="felt-btn felt-btn-primary" onClick={() => navigate(`/table/${table.tableId}`)}>
        {t('lobby.join', { name: table.name })}
      </button>
    </article>
  );
}

/** A live poker table (issue 11): variant, stakes, seats taken, waiting list, buy-in range. */
function PokerCard({ table }: { readonly table: PokerLobbyEntry }) {
  const { t } = useTranslation('player');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const [, navigate] = useLocation();
  const m = (v: number): string => formatMoneyShort(v, table.currency, locale);
  return (
    <article className="lobby-card" aria-labelledby={`p-${table.tableId}`} data-poker-lobby={table.tableId}>
      <header>
        <h2 id={`p-${table.tableId}`}>{table.name}</h2>
      </header>
      <p className="felt-muted">
        {tc(`pokerTable.variants.${table.variant}`, { defaultValue: table.variant })} · {tc(`pokerTable.structures.${table.structure}`)} · {tc('pokerTable.blinds', { sb: m(table.smallBlindMinor), bb: m(table.bigBlindMinor) })}
      </p>
      <p>{table.maxBuyInMinor === null ? t('lobby.poker.buyInMin', { min: m(table.minBuyInMinor) }) : t('lobby.poker.buyIn', { min: m(table.minBuyInMinor), max: m(table.maxBuyInMinor) })}</p>
      <div className="lobby-row">
        <span className="lobby-players">{t('lobby.poker.seats', { seated: table.seated, count: table.seatCount })}</span>
        <span className="felt-muted">
          {table.waiting > 0 ? `${t('lobby.poker.waiting', { count: table.waiting })} · ` : ''}
          {t(`lobby.poker.${table.dealing}`)}
        </span>
      </div>
      <button type="button" className="felt-btn felt-btn-primary" onClick={() => navigate(`/poker/${encodeURIComponent(table.tableId)}`)}>
        {t('lobby.poker.open', { name: table.name })}
      </button>
    </article>
  );
}

/** `prefetch`: starts loading the game screens (the app's plugin map), once the lobby is on screen; `pluginOf`: a game's plugin (its last-result badge). */
export function Lobby({ prefetch, pluginOf }: { readonly prefetch?: () => void; readonly pluginOf?: PluginOf } = {}) {
  const { t } = useTranslation('player');
  useEffect(() => {
    if (!prefetch) return undefined;
    const h = setTimeout(prefetch, 1500); // after the lobby is on screen: tables open instantly
    return () => clearTimeout(h);
  }, [prefetch]);
  const tables = useTables();
  const presence = usePresence();
  // issue 20 defect 2: a table whose game has no screen in this app is never offered (no "Join" to "cannot be played here")
  const open = (tables.data ?? []).filter((x) => x.status === 'open' && (pluginOf === undefined || pluginOf(x.game) !== undefined));
  const poker = usePokerLobby();
  return (
    <main className="lobby">
      <h1>{t('lobby.title')}</h1>
      <p className="felt-muted">{t('lobby.subtitle')}</p>
      {tables.isSuccess && open.length === 0 ? <p>{t('lobby.empty')}</p> : null}
      <div className="lobby-grid">
        {open.map((x) => (
          <TableCard key={x.tableId} table={x} players={presence.data?.get(x.tableId)?.players ?? 0} pluginOf={pluginOf} />
        ))}
      </div>
      {(poker.data ?? []).length > 0 ? (
        <TitledSection id="lobby-poker-title" title={t('lobby.poker.title')} intro={t('lobby.poker.subtitle')} className="lobby-poker" titleClassName="lobby-section-title">
          <div className="lobby-grid">
            {(poker.data ?? []).map((x) => (
              <PokerCard key={x.tableId} table={x} />
            ))}
          </div>
        </TitledSection>
      ) : null}
      <TournamentsSection />
    </main>
  );
}
