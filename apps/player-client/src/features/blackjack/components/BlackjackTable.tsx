import { newBetId } from '@felt-studio/client-sdk';
import { blackjack, type Card } from '@felt-studio/games';
import { CardRow, ChipStack, Money, formatMoneyShort } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { Limits } from '../../../table/components/Limits';
import { VideoArea } from '../../../table/components/VideoArea';
import { LiveStatus } from '../../../table/components/LiveStatus';
import { limitOf, type GameProps } from '../../../table/game';
import './blackjack.css';

/**
 * Blackjack: seats (take one or several, BJ profile), the dealer's hand with the hole card hidden
 * until revealed (BJ-5a), other seats' cards (their stakes are not shown: the server does not send
 * them), insurance when offered, and hit / stand / double / split on the player's turn within the
 * decision timer (shown in the header). Bet behind (RAY-8.1, issue 24): on a seat another player holds,
 * while betting is open, "Bet behind" places the chips on `behind:N`; the seat shows "Behind" with the
 * person's stake, the seat's hands (whose decisions the bet follows) and their result. The seat's owner is
 * never named (the server does not send it), and the seat's owner never sees who bets behind.
 */
export default function BlackjackTable({ table, view: raw, betting, stakes, open, locale }: GameProps) {
  const { t } = useTranslation('player');
  const view = raw as blackjack.BlackjackView | null;
  const profile = blackjack.blackjackProfiles[table.profileId];
  const seatCount = profile?.seats ?? 7;
  const behindOffered = profile?.betBehind != null;
  const behindLimits = limitOf(table, blackjack.BEHIND_KIND);
  const seats = new Map((view?.seats ?? []).map((s) => [s.seat, s]));
  const turn = view?.turn ?? null;
  const dealer = view?.dealer;
  const act = (seat: number, hand: number, action: string): void => {
    const needsBet = action === 'double' || action === 'split' || action === 'insurance';
    void betting.decide({ type: 'PlayerAction', seat, hand, action, ...(needsBet ? { betId: newBetId() } : {}) });
  };
  const myTurn = turn !== null && seats.get(turn.seat)?.mine === true ? turn : null;
  const myHand = myTurn ? seats.get(myTurn.seat)?.hands[myTurn.hand] : undefined;
  const insuranceSeats = (view?.seats ?? []).filter((s) => s.mine && s.insurance === 'pending');
  const f = (m: number): string => formatMoneyShort(m, table.currency, locale);
  // issue 20 defect 12: the dealer's two-card 21 is "Blackjack" (BJ-3), not "21"
  const dealerCards = (dealer?.cards ?? []).filter((c): c is Card => c !== 'hidden');
  const dealerShown = dealer !== undefined && dealerCards.length === dealer.cards.length;
  const dealerBlackjack = dealerShown && blackjack.isBlackjackCards(dealerCards);
  // once the dealer's hand is complete, each hand's result against it (BJ-15, BJ-16)
  const final = profile !== undefined && dealerShown && (view?.stage === 'done' || view?.phase === 'resolved' || view?.phase === 'settled');
  const resultOf = (h: blackjack.BlackjackHandView): blackjack.HandResult | null => (final && profile && h.cards.length > 0 ? blackjack.handResult(profile, { cards: h.cards, fromSplit: h.fromSplit, doubled: h.doubled }, dealerCards).result : null);
  const handLabel = (h: blackjack.BlackjackHandView): string => {
    if (h.blackjack || h.done === 'blackjack') return t('blackjack.done.blackjack');
    const soft = h.soft && h.done === null && h.total !== 21 ? ` (${t('blackjack.soft')})` : '';
    const done = h.done && h.done !== 'twenty-one' ? ` · ${t(`blackjack.done.${h.done}`)}` : '';
    return `${h.total}${soft}${done}`;
  };
  return (
    <div className="game-grid bj-grid">
      <VideoArea tableId={table.tableId} tableName={table.name}>
        <div className="bj-dealer" aria-label={t('blackjack.dealer')}>
          <h3>
            {t('blackjack.dealer')} {dealerBlackjack ? <span className="bac-points">{t('blackjack.blackjack')}</span> : dealer?.visibleTotal ? <span className="bac-points">{dealer.visibleTotal}</span> : null}
          </h3>
          <CardRow cards={dealer?.cards ?? []} size="lg" />
          <LiveStatus>
            {view?.halt ? view.halt.message : t(`blackjack.stage.${view?.stage ?? 'betting'}`, { defaultValue: t(`common:phases.${view?.phase ?? 'none'}`) })}
          </LiveStatus>
        </div>
      </VideoArea>
      <aside className="side-panels">
        <Limits table={table} kinds={behindOffered ? ['main', 'double', 'split', 'insurance', blackjack.BEHIND_KIND] : ['main', 'double', 'split', 'insurance']} locale={locale} />
      </aside>
      <div className="board">
        {myTurn && myHand && myHand.done === null ? (
          <div className="bj-decision" role="group" aria-label={t('blackjack.yourTurn', { seat: myTurn.seat })}>
            <strong>{t('blackjack.yourTurn', { seat: myTurn.seat })}</strong>
            <span className="felt-muted">{t('blackjack.total', { total: myHand.total })}</span>
            <button type="button" className="felt-btn felt-btn-lg felt-btn-primary" onClick={() => act(myTurn.seat, myTurn.hand, 'hit')} disabled={betting.busy}>
              {t('blackjack.hit')}
            </button>
            <button type="button" className="felt-btn felt-btn-lg" onClick={() => act(myTurn.seat, myTurn.hand, 'stand')} disabled={betting.busy}>
              {t('blackjack.stand')}
            </button>
            <button type="button" className="felt-btn felt-btn-lg" onClick={() => act(myTurn.seat, myTurn.hand, 'double')} disabled={betting.busy || myHand.cards.length !== 2}>
              {t('blackjack.double')}
            </button>
            <button type="button" className="felt-btn felt-btn-lg" onClick={() => act(myTurn.seat, myTurn.hand, 'split')} disabled={betting.busy || myHand.cards.length !== 2 || myHand.cards[0]?.[0] !== myHand.cards[1]?.[0]}>
              {t('blackjack.split')}
            </button>
          </div>
        ) : null}
        {insuranceSeats.map((s) => (
          <div key={s.seat} className="bj-decision" role="group" aria-label={t('blackjack.insuranceOffer', { seat: s.seat })}>
            <strong>{t('blackjack.insuranceOffer', { seat: s.seat })}</strong>
            <button type="button" className="felt-btn felt-btn-lg felt-btn-primary" onClick={() => act(s.seat, 0, 'insurance')}>
              {t('blackjack.insurance')}
            </button>
            <button type="button" className="felt-btn felt-btn-lg" onClick={() => act(s.seat, 0, 'no-insurance')}>
              {t('blackjack.noInsurance')}
            </button>
          </div>
        ))}
        <div className="bj-seats">
          {Array.from({ length: seatCount }, (_, i) => i + 1).map((n) => {
            const s = seats.get(n);
            const taken = (view?.occupiedSeats ?? []).includes(n);
            const mine = s?.mine === true;
            const active = turn?.seat === n;
            const pendingStake = betting.pending.get(`seat:${n}`) ?? 0;
            const behindSpot = `behind:${n}`;
            const myBehind = stakes.get(behindSpot) ?? s?.myBehindMinor ?? 0;
            const behindResult = myBehind > 0 && s?.hands[0] ? resultOf(s.hands[0]) : null;
            return (
              <div key={n} className={`bj-seat${mine ? ' is-mine' : ''}${active ? ' is-active' : ''}${taken && !mine ? ' is-taken' : ''}${myBehind > 0 ? ' is-behind' : ''}`} data-seat={n}>
                <div className="bj-seat-head">
                  <span>{t('blackjack.seat', { n })}</span>
                  {mine ? (
                    <span className="bj-you">{t('blackjack.you')}</span>
                  ) : myBehind > 0 ? (
                    // in place of "Taken": the person's own stake behind this seat, and its result once the dealer is done
                    // one short line (the seat is narrow): the result is the pill's colour and, for screen readers, its words
                    <span className={`bj-behind-mine${behindResult ? ` bj-result is-${behindResult}` : ''}`} data-behind-minor={myBehind} data-result={behindResult ?? undefined}>
                      {t('blackjack.behindMine', { amount: f(myBehind) })}
                      {behindResult ? <span className="felt-visually-hidden">{` · ${t(`blackjack.result.${behindResult}`)}`}</span> : null}
                    </span>
                  ) : taken ? (
                    <span className="felt-muted">{t('blackjack.taken')}</span>
                  ) : null}
                </div>
                {(s?.hands ?? []).map((h, hi) => {
                  const result = resultOf(h);
                  return (
                    <div key={hi} className={`bj-hand${active && turn?.hand === hi ? ' is-active' : ''}${result ? ` is-${result}` : ''}`}>
                      <CardRow cards={h.cards} size="md" />
                      {/* no cards yet: no "0"; a Blackjack is just "Blackjack!", not "21 (soft) · Blackjack!" */}
                      {h.cards.length > 0 ? <span className="bj-total">{handLabel(h)}</span> : null}
                      {result ? <span className={`bj-result is-${result}`}>{t(`blackjack.result.${result}`)}</span> : null}
                    </div>
                  );
                })}
                {mine && s?.stakeMinor ? (
                  <p className="bj-stake">
                    <Money minor={s.stakeMinor} currency={table.currency} />
                  </p>
                ) : null}
                {open && (!taken || mine) ? (
                  <button type="button" className="bet-spot bj-bet" data-spot={`seat:${n}`} onClick={() => void betting.place(`seat:${n}`)}>
                    <span className="bet-spot-name">{mine ? t('blackjack.addBet') : t('blackjack.takeSeat')}</span>
                    <span className="felt-visually-hidden">{t('blackjack.betOn', { n, min: f(table.limits.tableMinMinor), max: f(table.limits.tableMaxMinor) })}</span>
                    <span className="bet-spot-chip">
                      <ChipStack amountMinor={pendingStake} currency={table.currency} pending />
                    </span>
                  </button>
                ) : null}
                {open && taken && !mine && behindOffered ? (
                  <button type="button" className="bet-spot bj-bet bj-behind" data-spot={behindSpot} onClick={() => void betting.place(behindSpot)}>
                    <span className="bet-spot-name">{t('blackjack.betBehind')}</span>
                    <span className="felt-visually-hidden">{t('blackjack.betBehindOn', { n, min: f(behindLimits.minMinor), max: f(behindLimits.maxMinor) })}</span>
                    <span className="bet-spot-chip">
                      <ChipStack amountMinor={betting.pending.get(behindSpot) ?? 0} currency={table.currency} pending />
                    </span>
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
