import { newBetId } from '@felt-studio/client-sdk';
import type { bankedPoker, Card } from '@felt-studio/games';
import { BetTimer, ChipStack, Money, PlayingCard, formatMoneyShort } from '@felt-studio/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BetSpot } from '../../../table/components/BetSpot';
import { Limits } from '../../../table/components/Limits';
import { VideoArea } from '../../../table/components/VideoArea';
import { LiveStatus } from '../../../table/components/LiveStatus';
import { limitOf, type GameProps } from '../../../table/game';
import { useMyRounds } from '../../../table/hooks/useTableData';
import { useMedia } from '../../../table/useMedia';
import { spotLabel } from '../../../table/spotLabel';
import { categoryKey, faceOf, LINKED_SPOTS, pokerGame, slotCounts, streetOf } from '../poker';
import { Paytables, spotPays } from './Paytables';

type View = bankedPoker.BankedPokerView;

/**
 * One hand on the table: a place for every card the hand will hold, each the size of a card — the card
 * the view holds (a dealer card the view hides is face down) or an empty outline. The places never change
 * (issue 20: the row no longer re-lays itself as cards arrive): a card fills its place, the hand's name
 * and the note below have their room reserved, so nothing in the picture moves while a round is dealt.
 */
function HandRow({ label, cards, of, hand, note, area }: { readonly label: string; readonly cards: readonly (Card | 'hidden')[]; readonly of: number; readonly hand: string | null; readonly note?: { readonly text: string; readonly shown: boolean }; readonly area: 'dealer' | 'board' | 'player' }) {
  const { t } = useTranslation('player');
  const places = Math.max(of, cards.length);
  const cat = categoryKey(hand);
  return (
    <div className={`bp-hand is-${area}`} role="group" aria-label={label}>
      <h3>
        {label} {cat ? <span className="bac-points">{t(`poker.categories.${cat}`, { defaultValue: cat })}</span> : null}
      </h3>
      <div className="bp-cards">
        {Array.from({ length: places }, (_, i) => {
          const card = cards[i];
          return (
            <span key={i} className="bp-card-place">
              {card === undefined ? <span className="bp-card-slot" aria-hidden="true" /> : <PlayingCard card={card} size="lg" />}
            </span>
          );
        })}
      </div>
      {/* a note that comes and goes keeps its room (hidden, not removed) */}
      {note ? (
        <p className={note.shown ? 'felt-muted bp-note' : 'felt-muted bp-note is-reserved'} aria-hidden={note.shown ? undefined : true}>
          {note.text}
        </p>
      ) : null}
    </div>
  );
}

/** A spot only a decision fills (Call, Play, Flop/Turn/River bets): its stake, never a button. */
function DecisionSpot({ name, stakeMinor, stakeText, currency, limit }: { readonly name: string; readonly stakeMinor: number; readonly stakeText: string; readonly currency: string; readonly limit: string }) {
  const { t } = useTranslation('player');
  return (
    <div className="bet-spot bp-decision-spot" data-spot-decision={name}>
      <span className="bet-spot-name">{name}</span>
      <span className="bet-spot-pays">{t('poker.byDecision')}</span>
      <span className="bet-spot-limits">{limit}</span>
      {stakeMinor > 0 ? <span className="felt-visually-hidden">{t('spot.yourStake', { amount: stakeText })}</span> : null}
      <span className="bet-spot-chip">
        <ChipStack amountMinor={stakeMinor} currency={currency} pending={false} />
      </span>
    </div>
  );
}

/**
 * Live banked poker (Casino Hold'em CHE, Three Card Poker TCP, Ultimate Texas Hold'em UTH, Texas
 * Hold'em Bonus THB, Fast Poker FP): the game's spots with their limits (GEN-2), the shared player
 * hand, the board and the dealer's hand (face down until the server reveals it: the player view
 * carries `null` for a hidden card and nothing else), the decision buttons of the open decision point
 * within its timer with the published default on timeout, and the result per spot once settled.
 */
export default function BankedPokerTable({ table, view: raw, betting, stakes, open, locale }: GameProps) {
  const { t } = useTranslation('player');
  const live = raw as View | null;
  const rounds = useMyRounds();
  // the decision bar no taller than the action bar it lies over (issue 20: 64 px on the desktop reached the spots)
  const timerSize = useMedia('(max-width: 640px)') ? 40 : 52;
  // The hand just played stays on the table (marked "last hand") until the next round's first card,
  // so the result can be read during the next betting window. Only views the server sent are kept.
  const [last, setLast] = useState<View | null>(null);
  useEffect(() => {
    if (live?.revealed && live.roundId !== null) setLast(live);
  }, [live]);
  const fresh = live !== null && live.player.length + live.board.length + live.dealer.length === 0 && (live.phase === 'betting' || live.phase === 'idle');
  const showingLast = fresh && last !== null && last.roundId !== live.roundId;
  const view = showingLast ? last : live;
  const found = pokerGame(table.game, table.profileId);
  if (!found) return <p>{t('table.unsupported')}</p>;
  const { spec } = found.game;
  const profile = found.profile;
  const game = table.game;
  const label = (spot: string): string => spotLabel(game, spot, t);
  const counts = slotCounts(spec);
  const betSpots = spec.spots(profile);
  const paytables = spec.paytables(profile);
  const anteStake = stakes.get(spec.mainSpot) ?? 0;
  const f = (m: number): string => new Intl.NumberFormat(locale, { style: 'currency', currency: table.currency }).format(m / 100);
  const limitText = (kind: string): string => {
    const l = limitOf(table, kind);
    return `${formatMoneyShort(l.minMinor, table.currency, locale)} – ${formatMoneyShort(l.maxMinor, table.currency, locale)}`;
  };
  // UTH-1 (Blind = Ante), TB-L1 (three equal base bets): a chip on the first spot places the same on the linked ones (only equal stakes play)
  const linked = LINKED_SPOTS[game] ?? [];
  const follower = (s: string): boolean => linked.indexOf(s) > 0;
  const place = (spot: string): void => {
    if (linked[0] === spot) {
      void (async () => {
        for (const s of linked) if (!(await betting.place(s))) return;
      })();
      return;
    }
    // a spot with one fixed stake (min = max, e.g. Triple Bet's B, TB-L1) is placed at that stake whatever the chip
    const l = limitOf(table, spot);
    if (table.limits.spots[spot] && l.minMinor === l.maxMinor) void betting.place(spot, l.minMinor);
    else void betting.place(spot);
  };
  const decision = live?.decision ?? null;
  const point = decision ? spec.decisions[decision.point] : undefined;
  const mine = decision !== null && point !== undefined && decision.options.length > 0;
  const me = live?.me ?? null;
  const inPlay = live?.phase === 'closed' || live?.phase === 'play';
  const settled = view?.roundId ? rounds.data?.find((r) => r.roundId === view.roundId && r.returnMinor !== null) : undefined;
  const perSpot = new Map<string, { stake: number; paid: number }>();
  for (const b of settled?.bets ?? []) {
    const cur = perSpot.get(b.spot) ?? { stake: 0, paid: 0 };
    perSpot.set(b.spot, { stake: cur.stake + b.stakeMinor, paid: cur.paid + (b.returnMinor ?? 0) });
  }
  const dealerCards = (view?.dealer ?? []).map(faceOf);
  const decide = (action: string, addsSpot: boolean): void => void betting.decide({ type: 'PlayerAction', action, ...(addsSpot ? { betId: newBetId() } : {}) });
  return (
    <div className="game-grid bp-grid">
      <VideoArea tableId={table.tableId} tableName={table.name}>
        <div className="bp-table">
          {counts.dealer > 0 ? <HandRow area="dealer" label={t('poker.dealer')} cards={dealerCards} of={counts.dealer} hand={view?.revealed ? (view.hand.dealer ?? null) : null} note={{ text: t('poker.dealerHidden'), shown: dealerCards.includes('hidden') }} /> : null}
          {counts.board > 0 ? <HandRow area="board" label={t('poker.board')} cards={view?.board ?? []} of={counts.board} hand={null} /> : null}
          <HandRow area="player" label={t('poker.player')} cards={view?.player ?? []} of={counts.player} hand={view?.hand.player ?? null} note={{ text: t('poker.playerShared'), shown: true }} />
          <LiveStatus>
            {showingLast ? t('poker.lastHand', { phase: t(`common:phases.${live.phase}`) }) : t(`common:phases.${view?.phase ?? 'none'}`)}
          </LiveStatus>
          {!settled && (view?.early ?? []).length > 0 ? (
            <section className="felt-panel bp-result bp-early" aria-label={t('poker.early.title')}>
              <h2>{t('poker.early.title')}</h2>
              <p className="felt-muted">{t('poker.early.lead')}</p>
              <table className="limits-table">
                <tbody>
                  {(view?.early ?? []).map((l) => (
                    <tr key={l.betId} data-early-bet={l.betId} className={l.returnMinor > l.stakeMinor ? 'is-win' : ''}>
                      <th scope="row">{label(view?.bets.find((b) => b.betId === l.betId)?.spot ?? '')}</th>
                      <td>
                        <Money minor={l.stakeMinor} currency={table.currency} />
                      </td>
                      <td>{l.returnMinor > l.stakeMinor ? t('poker.result.won', { amount: f(l.returnMinor) }) : l.returnMinor === l.stakeMinor ? t('poker.result.push', { amount: f(l.returnMinor) }) : t('poker.result.lost')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
          {settled && perSpot.size > 0 ? (
            <section className="felt-panel bp-result" aria-label={t('poker.result.title')}>
              <h2>{t('poker.result.title')}</h2>
              <table className="limits-table">
                <thead>
                  <tr>
                    <th scope="col">{t('poker.result.spot')}</th>
                    <th scope="col">{t('poker.result.stake')}</th>
                    <th scope="col">{t('poker.result.paid')}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...perSpot].map(([s, r]) => (
                    <tr key={s} data-result-spot={s} className={r.paid > r.stake ? 'is-win' : ''}>
                      <th scope="row">{label(s)}</th>
                      <td>
                        <Money minor={r.stake} currency={table.currency} />
                      </td>
                      <td>{r.paid > r.stake ? t('poker.result.won', { amount: f(r.paid) }) : r.paid === r.stake ? t('poker.result.push', { amount: f(r.paid) }) : r.paid > 0 ? f(r.paid) : t('poker.result.lost')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ) : null}
        </div>
      </VideoArea>
      <aside className="side-panels">
        <Limits table={table} kinds={[...betSpots, ...spec.decisionSpots]} locale={locale} />
        <ul className="felt-muted restriction bp-rules felt-panel" aria-label={t('poker.rulesTitle')}>
          <li>{t(`poker.rules.${game}`)}</li>
          {linked.length > 0 ? <li>{t('poker.linked', { first: label(linked[0] as string), others: linked.slice(1).map(label).join(', ') })}</li> : null}
          {spec.needsAnte.filter((s) => betSpots.includes(s) && !follower(s)).length > 0 ? <li>{t('poker.needsAnte', { spots: spec.needsAnte.filter((s) => betSpots.includes(s) && !follower(s)).map(label).join(', '), main: label(spec.mainSpot) })}</li> : null}
          <li>{t('poker.timerRule', { s: Math.round(profile.decisionMs / 1000) })}</li>
        </ul>
        <Paytables tables={paytables} label={label} locale={locale} />
      </aside>
      <div className="board bp-board">
        {mine && decision && point ? (
          <div className="bp-decide" role="group" aria-label={t('poker.decisionTitle', { street: t(`poker.streets.${streetOf(spec, decision.point).key}`, { n: streetOf(spec, decision.point).n }) })}>
            <BetTimer closesAt={decision.closesAt} windowMs={profile.decisionMs} open size={timerSize} label={t('poker.timer')} />
            <div className="bp-decide-text">
              <strong>{t('poker.decisionTitle', { street: t(`poker.streets.${streetOf(spec, decision.point).key}`, { n: streetOf(spec, decision.point).n }) })}</strong>
              <span className="felt-muted">{t('poker.timeout', { action: t(`poker.actions.${point.timeoutAction}`), rule: point.ruleId })}</span>
            </div>
            <div className="bp-options">
              {point.options.map((o) => (
                <button key={o.action} type="button" className={`felt-btn felt-btn-lg ${o.folds ? 'bp-fold' : 'felt-btn-primary'}`} disabled={betting.busy || !decision.options.includes(o.action)} onClick={() => decide(o.action, o.spot !== null)}>
                  {t(`poker.actions.${o.action}`)}
                  {o.spot !== null ? <span className="bp-cost">{t('poker.costs', { spot: label(o.spot), amount: f(anteStake * o.multiple) })}</span> : null}
                </button>
              ))}
            </div>
          </div>
        ) : inPlay && me ? (
          <p className="bp-status" role="status">
            {me.folded ? t('poker.folded') : decision ? t('poker.waiting', { count: decision.waiting }) : me.actions.length > 0 ? t('poker.decided', { actions: me.actions.map((a) => t(`poker.actions.${a}`)).join(', ') }) : t('poker.watch')}
          </p>
        ) : inPlay && anteStake === 0 ? (
          <p className="bp-status felt-muted" role="status">
            {t('poker.notInHand')}
          </p>
        ) : null}
        <div className="bp-spots" role="group" aria-label={t('poker.spots')}>
          {betSpots.map((s) => (
            <BetSpot
              key={s}
              spot={s}
              label={label(s)}
              pays={spotPays(paytables, s, locale, t) ?? undefined}
              stakeMinor={stakes.get(s) ?? 0}
              pendingMinor={betting.pending.get(s) ?? 0}
              currency={table.currency}
              locale={locale}
              limit={limitOf(table, s)}
              open={open && !follower(s)}
              className={s === spec.mainSpot ? 'bp-main' : ''}
              onPlace={() => place(s)}
            />
          ))}
          {spec.decisionSpots.map((s) => (
            <DecisionSpot key={s} name={label(s)} stakeMinor={stakes.get(s) ?? 0} stakeText={f(stakes.get(s) ?? 0)} currency={table.currency} limit={limitText(s)} />
          ))}
        </div>
      </div>
    </div>
  );
}
