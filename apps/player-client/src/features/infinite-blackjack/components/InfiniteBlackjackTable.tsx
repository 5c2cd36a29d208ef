import { newBetId } from '@felt-studio/client-sdk';
import { infiniteBlackjack, type Ratio } from '@felt-studio/games';
import { CardRow, Money } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { TableBetSpot } from '../../../table/components/BetSpot';
import { Limits } from '../../../table/components/Limits';
import { VideoArea } from '../../../table/components/VideoArea';
import { LiveStatus } from '../../../table/components/LiveStatus';
import type { GameProps } from '../../../table/game';
import { spotLabel } from '../../../table/spotLabel';
import './infinite-blackjack.css';

/** A payout as the table sign reads it: 3:2, 25:1. */
const pays = (r: Ratio): string => `${r.num}:${r.den}`;

/** The best ratio of a side bet's paytable ("up to 100:1"). */
function topRatio(p: infiniteBlackjack.InfiniteBlackjackProfile, bet: infiniteBlackjack.SideBet): Ratio | null {
  const t = p.sideBets[bet];
  if (!t) return null;
  const all: Ratio[] = 'byCards' in t ? Object.values(t.byCards) : Object.values(t);
  return all.reduce<Ratio | null>((best, r) => (best === null || r.num / r.den > best.num / best.den ? r : best), null);
}

/**
 * Infinite blackjack (IBJ-1..IBJ-12): the dealer's hand and the common hand every player shares (the
 * common draw cards after it), the player's own hand — the common hand plus the draw cards they took —
 * with its status and result (two hands after a split, IBJ-5), hit / stand / double / split when their hand
 * decides (the timer is the table header's), the main bet and the side bets the profile offers.
 */
export default function InfiniteBlackjackTable(props: GameProps) {
  const { table, view: raw, betting, stakes, open, locale } = props;
  const { t } = useTranslation('player');
  const view = raw as infiniteBlackjack.InfiniteBlackjackView | null;
  const profile = infiniteBlackjack.infiniteBlackjackProfiles[table.profileId] ?? infiniteBlackjack.infiniteStandardProfile;
  const label = (spot: string): string => spotLabel(table.game, spot, t);
  const hand = view?.hand ?? null;
  const decision = view?.decision ?? null;
  const options = decision?.options ?? [];
  const common = [...(view?.common ?? []), ...(view?.draws ?? [])];
  const dealer = view?.dealer;
  const act = (action: infiniteBlackjack.IbjAction): void => void betting.decide({ type: 'PlayerAction', action, ...(action === 'double' || action === 'split' ? { betId: newBetId() } : {}) });
  const sideBets = infiniteBlackjack.SIDE_BETS.filter((b) => profile.sideBets[b] !== undefined);
  const stage = view?.stage ?? 'betting';
  const spot = (s: string, text: string | null) => (
    <TableBetSpot key={s} at={props} spot={s} label={label(s)} pays={text ?? undefined} className={`is-${s.replace(/[:+]/g, '-')}`} />
  );
  return (
    <div className="game-grid">
      <VideoArea tableId={table.tableId} tableName={table.name}>
        <div className="ibj-live">
          <div className="ibj-hand" aria-label={t('blackjack.dealer')}>
            <h3>{t('blackjack.dealer')}</h3>
            <CardRow cards={dealer?.cards ?? []} size="md" />
            {dealer?.total ? <span className="ibj-total">{dealer.cards.length === 2 && dealer.total === 21 ? t('blackjack.blackjack') : dealer.total}</span> : null}
          </div>
          <div className="ibj-hand" aria-label={t('infiniteBlackjack.common')}>
            <h3>{t('infiniteBlackjack.common')}</h3>
            <CardRow cards={common} size="md" />
          </div>
          <LiveStatus>
            {t(`infiniteBlackjack.stage.${stage}`)}
            {view && view.players > 0 ? ` · ${t('infiniteBlackjack.players', { count: view.players })}` : ''}
          </LiveStatus>
        </div>
      </VideoArea>
      <aside className="side-panels">
        <Limits table={table} kinds={['main', 'double', ...sideBets]} locale={locale} />
      </aside>
      <div className="board">
        {options.length > 0 && decision ? (
          <div className="ibj-decision" role="group" aria-label={t('infiniteBlackjack.decide', { step: decision.step })}>
            <strong>{t('infiniteBlackjack.decide', { step: decision.step })}</strong>
            {(['hit', 'stand', 'double', 'split'] as const)
              .filter((a) => options.includes(a))
              .map((a) => (
                <button key={a} type="button" className={`felt-btn felt-btn-lg${a === 'hit' ? ' felt-btn-primary' : ''}`} onClick={() => act(a)} disabled={betting.busy}>
                  {t(`blackjack.${a}`)}
                </button>
              ))}
            <span className="felt-muted">
              {dealer?.total ? `${t('infiniteBlackjack.dealerShows', { total: dealer.total })} · ` : ''}
              {t('infiniteBlackjack.deciding', { decided: decision.decided, active: decision.active })}
            </span>
          </div>
        ) : null}
        {hand ? (
          (view?.splitHand ? [hand, view.splitHand] : [hand]).map((h, i, all) => (
            <section key={i} className={`ibj-hand ibj-mine${all.length > 1 && h.status === 'deciding' ? ' is-active' : ''}`} aria-label={all.length > 1 ? t('infiniteBlackjack.splitHand', { n: i + 1 }) : t('infiniteBlackjack.yourHand')}>
              <h3>{all.length > 1 ? t('infiniteBlackjack.splitHand', { n: i + 1 }) : t('infiniteBlackjack.yourHand')}</h3>
              <CardRow cards={h.cards} size="md" />
              {h.cards.length > 0 ? (
                <span className="ibj-total">
                  {h.status === 'blackjack' ? t('blackjack.blackjack') : `${h.total}${h.soft && h.total < 21 ? ` (${t('blackjack.soft')})` : ''}`} · {t(`infiniteBlackjack.status.${h.status}`)}
                </span>
              ) : null}
              <Money minor={h.stakeMinor * (h.doubled ? 2 : 1)} currency={table.currency} />
              {h.result ? <span className={`ibj-result is-${h.result}`}>{h.result === 'charlie' ? t('infiniteBlackjack.charlieWins') : t(`blackjack.result.${h.result}`)}</span> : null}
            </section>
          ))
        ) : (
          <section className="ibj-hand ibj-mine" aria-label={t('infiniteBlackjack.yourHand')}>
            <h3>{t('infiniteBlackjack.yourHand')}</h3>
            <span className="felt-muted">{t('infiniteBlackjack.noHand')}</span>
          </section>
        )}
        <div className="bac-spots" role="group" aria-label={t('infiniteBlackjack.bets')}>
          {spot('main', `1:1 · BJ ${pays(profile.blackjackPays)}`)}
        </div>
        {/* once betting has closed, only the side bets the player holds stay on the board (a phone keeps the hand in view) */}
        {sideBets.length > 0 && (open || sideBets.some((b) => (stakes.get(b) ?? 0) > 0)) ? (
          <fieldset className="ibj-sides">
            <legend>{t('infiniteBlackjack.sideBets')}</legend>
            {sideBets.filter((b) => open || (stakes.get(b) ?? 0) > 0).map((b) => {
              const top = topRatio(profile, b);
              return spot(b, top ? `≤ ${pays(top)}` : null);
            })}
          </fieldset>
        ) : null}
      </div>
    </div>
  );
}
