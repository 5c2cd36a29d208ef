import type { Card } from '@felt-studio/games';
import type { PokerHandSeatFrame, PokerTableFrame } from '@felt-studio/protocol';
import { ErrorNotice, Money, PlayingCard, formatMoney, formatMoneyShort, type PokerSender } from '@felt-studio/ui';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryOf, freeSeats, handLive, mySeat, potsOf, seatSlots, type HandView } from '../model';
import { BetActions, DrawActions } from './ActionPanel';
import { PokerSeat, SeatBet, SeatCard } from './PokerSeat';
import { SitDialog, TopUpDialog } from './SeatDialogs';
import { usePokerStrings } from '../i18n/usePokerStrings';
import '../poker-table.css';

export interface PokerTableViewProps {
  readonly frame: PokerTableFrame;
  readonly sender: PokerSender;
  readonly locale: string;
  /** replaces the cash table's seat controls (sit out, top up, stand up): a tournament table's own (TRN-PLAY). */
  readonly controls?: ReactNode;
  /** a line under the title (a tournament's level). */
  readonly subtitle?: ReactNode;
}

/**
 * A seat's name as this player reads it in a hand: who played it in that hand (`handSeats` — the seat may have changed
 * hands since), else who sits there now.
 */
function useSeatName(frame: PokerTableFrame, handSeats: readonly PokerHandSeatFrame[] = frame.handSeats): (seat: number) => string {
  const { t } = useTranslation('player');
  return (seat) => {
    const h = handSeats.find((s) => s.seat === seat);
    if (h) return h.me ? t('pokerTable.you') : h.displayName;
    const f = frame.seats.find((s) => s?.seat === seat);
    if (!f) return t('pokerTable.seatN', { seat });
    return f.me ? t('pokerTable.you') : f.displayName;
  };
}

/** The hand's end: who won which pot (main, side, hi/lo halves) and the hands shown at showdown. */
function HandResult({ frame, hand, handSeats, locale, previous = false }: { readonly frame: PokerTableFrame; readonly hand: HandView; readonly handSeats: readonly PokerHandSeatFrame[]; readonly locale: string; readonly previous?: boolean }) {
  const { t } = useTranslation('player');
  const name = useSeatName(frame, handSeats);
  const r = hand.result;
  if (!r) return null;
  const money = (m: number): string => formatMoney(m, frame.currency, locale);
  const title = previous ? t('pokerTable.result.previous') : t('pokerTable.result.title');
  if (r.type === 'void') {
    return (
      <section className={previous ? 'pt-result is-previous' : 'pt-result'} aria-label={title}>
        <h2>{previous ? title : t('pokerTable.result.void')}</h2>
        <p>{t('pokerTable.result.voidNote')}</p>
      </section>
    );
  }
  return (
    <section className={previous ? 'pt-result is-previous' : 'pt-result'} aria-label={title}>
      <h2>{title}</h2>
      <ul className="pt-awards">
        {r.awards.map((a, i) => (
          <li key={i} data-pot={a.pot}>
            <strong>
              {a.pot === 0 ? t('pokerTable.result.mainPot') : t('pokerTable.result.sidePot', { n: a.pot })}
              {a.part === 'high' || a.part === 'low' ? ` (${t(`pokerTable.result.${a.part}`)})` : ''}
            </strong>{' '}
            <Money minor={a.amountMinor} currency={frame.currency} />
            {' — '}
            {a.shares
              .map(([seat, amount]) => {
                if (a.shares.length > 1) return t('pokerTable.result.shareWon', { name: name(seat), amount: money(amount) });
                const mine = handSeats.find((x) => x.seat === seat)?.me === true;
                const key = a.part === 'uncontested' ? (mine ? 'youUncontested' : 'uncontested') : mine ? 'youWon' : 'won';
                return t(`pokerTable.result.${key}`, { name: name(seat) });
              })
              .join(', ')}
          </li>
        ))}
      </ul>
      {r.shown.length > 0 ? (
        <ul className="pt-shown" aria-label={t('pokerTable.result.shown')}>
          {r.shown.map((s) => {
            const hi = categoryOf(s.high);
            return (
              <li key={s.seat}>
                <span className="pt-shown-name">{name(s.seat)}</span>
                <span className="felt-card-row">
                  {s.cards.map((c) => (
                    <PlayingCard key={c} card={c as Card} size="sm" />
                  ))}
                </span>
                <span>
                  {t(`poker.categories.${hi.key}`, { defaultValue: hi.key })}
                  {hi.detail ? ` (${hi.detail})` : ''}
                  {s.low ? ` · ${s.low}` : ''}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {r.rakeMinor > 0 ? <p className="felt-muted">{t('pokerTable.result.rake', { amount: money(r.rakeMinor) })}</p> : null}
    </section>
  );
}

/**
 * S1-STRADDLE on an "Ö" Hold'em table: the player's standing choice to post the övermörk (2 × BB)
 * whenever they sit directly after the big blind. The switch shows the server's state (the seat frame's
 * `straddle`); flipping it sends `poker.straddle` and takes effect from the next hand.
 */
function StraddleSwitch({ frame, sender, locale, on }: { readonly frame: PokerTableFrame; readonly sender: PokerSender; readonly locale: string; readonly on: boolean }) {
  const { t } = useTranslation('player');
  const id = useId();
  const c = frame.config;
  if (!c.straddleTable || c.variant !== 'holdem') return null;
  return (
    <div className="pt-straddle">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={on}
        aria-describedby={`${id}-note`}
        disabled={sender.busy !== null}
        onChange={(e) => void sender.send('poker.straddle', { tableId: frame.tableId, straddle: e.target.checked })}
      />
      <label htmlFor={id}>{t('pokerTable.straddle.label', { amount: formatMoney(2 * c.bigBlindMinor, frame.currency, locale) })}</label>
      <p id={`${id}-note`} className="felt-muted pt-straddle-note">
        {t(on ? 'pokerTable.straddle.on' : 'pokerTable.straddle.off')} <span className="pt-rule">S1-STRADDLE</span>
      </p>
    </div>
  );
}

/** Seat controls: sit out / sit in (S1-REENTRY), top up (S1-STACK), stand up; or the waiting list when the table is full. */
function SeatControls({ frame, sender, locale, onTopUp }: { readonly frame: PokerTableFrame; readonly sender: PokerSender; readonly locale: string; readonly onTopUp: () => void }) {
  const { t } = useTranslation('player');
  const me = mySeat(frame);
  const busy = sender.busy !== null;
  const id = frame.tableId;
  if (!me) {
    const full = freeSeats(frame).length === 0;
    return (
      <section className="pt-controls" aria-label={t('pokerTable.controls')}>
        {!full ? <p>{t('pokerTable.pickSeat')}</p> : null}
        {full && frame.myWaitingPosition === null ? (
          <>
            <p>{t('pokerTable.full', { count: frame.waitingCount })}</p>
            <button type="button" className="felt-btn felt-btn-primary" disabled={busy} onClick={() => void sender.send('poker.waitlist', { tableId: id })}>
              {t('pokerTable.joinWaitlist')}
            </button>
          </>
        ) : null}
        {frame.myWaitingPosition !== null ? <p role="status">{t('pokerTable.waiting', { n: frame.myWaitingPosition, count: frame.waitingCount })}</p> : null}
        <p className="felt-muted">{t('pokerTable.balanceNote', { amount: formatMoney(frame.myBalanceMinor ?? 0, frame.currency, locale) })}</p>
      </section>
    );
  }
  return (
    <section className="pt-controls" aria-label={t('pokerTable.controls')}>
      <div className="pt-action-row">
        {me.status === 'sitting-out' ? (
          <>
            <button type="button" className="felt-btn" disabled={busy} onClick={() => void sender.send('poker.sit-in', { tableId: id, postToEnter: false })}>
              {t('pokerTable.sitIn')}
            </button>
            <button type="button" className="felt-btn" disabled={busy} onClick={() => void sender.send('poker.sit-in', { tableId: id, postToEnter: true })}>
              {t('pokerTable.sitInPost')}
            </button>
          </>
        ) : (
          <button type="button" className="felt-btn" disabled={busy || me.leaving} onClick={() => void sender.send('poker.sit-out', { tableId: id })}>
            {t('pokerTable.sitOut')}
          </button>
        )}
        <button type="button" className="felt-btn" disabled={busy || me.leaving} onClick={onTopUp}>
          {t('pokerTable.topUp.open')}
        </button>
        <button type="button" className="felt-btn felt-btn-ghost" disabled={busy || me.leaving} onClick={() => void sender.send('poker.stand-up', { tableId: id })}>
          {t('pokerTable.standUp')}
        </button>
      </div>
      <StraddleSwitch frame={frame} sender={sender} locale={locale} on={me.straddle} />
      {me.leaving ? <p role="status">{t('pokerTable.leavingNote')}</p> : null}
      {me.status === 'sitting-out' ? <p className="felt-muted">{t('pokerTable.reentryNote')}</p> : null}
      {me.pendingTopUpMinor > 0 ? <p className="felt-muted">{t('pokerTable.topUp.pending', { amount: formatMoney(me.pendingTopUpMinor, frame.currency, locale) })}</p> : null}
    </section>
  );
}

/**
 * The live poker table (issue 11) for one player: the oval with every seat, the board and the pot,
 * the player's own cards face up and everyone else's face down until a showdown reveals them, the
 * action clock on the seat to act, and the player's actions exactly as `hand.legal` allows them.
 */
export function PokerTableView({ frame, sender, locale, controls, subtitle }: PokerTableViewProps) {
  usePokerStrings();
  const { t } = useTranslation('player');
  const { t: tc } = useTranslation('common');
  const [sitAt, setSitAt] = useState<number | null>(null);
  const [topUp, setTopUp] = useState(false);
  const hand = frame.hand;
  const live = handLive(hand);
  // the last hand's result stays readable while the next one is dealt (the server starts it within seconds)
  const [last, setLast] = useState<{ readonly hand: HandView; readonly handSeats: readonly PokerHandSeatFrame[] } | null>(null);
  useEffect(() => {
    if (hand && (hand.phase === 'complete' || hand.phase === 'void') && hand.result) setLast({ hand, handSeats: frame.handSeats });
  }, [hand, frame.handSeats]);
  // this player's seat in the frame's hand (not the seat they hold now: they may have sat down since it ended)
  const handMe = frame.handSeats.find((x) => x.me) ?? null;
  const me = mySeat(frame);
  const sidePots = live ? potsOf(hand) : [];
  const slots = seatSlots(frame);
  const name = useSeatName(frame);
  const cur = frame.currency;
  const won = new Map<number, number>();
  for (const a of hand?.result?.awards ?? []) for (const [seat, amount] of a.shares) won.set(seat, (won.get(seat) ?? 0) + amount);
  const c = frame.config;
  const stakes = c.structure === 'fixed-limit' ? `${formatMoneyShort(c.smallBetMinor, cur, locale)}/${formatMoneyShort(c.bigBetMinor, cur, locale)}` : tc('pokerTable.blinds', { sb: formatMoneyShort(c.smallBlindMinor, cur, locale), bb: formatMoneyShort(c.bigBlindMinor, cur, locale) });
  const phase = hand ? hand.phase : 'none';
  const toActName = live && hand.toAct !== null ? name(hand.toAct) : null;
  const inDialog = sitAt !== null || topUp;
  const notices = inDialog ? sender.errors.filter((e) => e.message !== 'poker.sit' && e.message !== 'poker.top-up') : sender.errors;
  return (
    <main className="pt-page" data-poker-table={frame.tableId} data-seq={frame.seq} data-hand={hand?.handId ?? ''}>
      <header className="pt-top">
        <div>
          <h1 className="pt-title">{frame.name}</h1>
          <p className="felt-muted pt-sub">
            {tc(`pokerTable.variants.${c.variant}`, { defaultValue: c.variant })} · {tc(`pokerTable.structures.${c.structure}`)} · {stakes}
            {c.anteMinor > 0 ? ` · ${t('pokerTable.ante', { amount: formatMoneyShort(c.anteMinor, cur, locale) })}` : ''}
          </p>
          {subtitle ? <p className="pt-sub">{subtitle}</p> : null}
        </div>
        <div className="pt-status" role="status" aria-live="polite">
          <span className="pt-phase">{tc(`pokerTable.phases.${phase}`)}</span>
          {hand ? <span className="felt-muted felt-mono">{tc('pokerTable.hand', { id: hand.handId })}</span> : null}
          {toActName ? <span>{hand?.toAct === me?.seat ? t('pokerTable.youToAct') : t('pokerTable.toAct', { name: toActName })}</span> : null}
        </div>
      </header>
      <div className="notices" aria-live="polite">
        {notices.map((n) => (
          <ErrorNotice key={n.id} error={n.error} title={t('pokerTable.rejected')} onDismiss={() => sender.dismiss(n.id)} />
        ))}
      </div>
      <div className="pt-layout">
        <div className="pt-felt-wrap">
          <div className={c.seatCount > 6 ? 'pt-felt is-crowded' : 'pt-felt'} role="region" aria-label={t('pokerTable.tableLabel', { name: frame.name })}>
            <div className="pt-centre">
              <div className="pt-board" role="group" aria-label={t('pokerTable.board')}>
                {(hand?.board ?? []).map((card) => (
                  <PlayingCard key={card} card={card as Card} size="md" />
                ))}
              </div>
              {hand ? (
                <>
                  <p className="pt-pot">
                    {t('pokerTable.pot')} <Money minor={hand.potMinor} currency={cur} className="pt-pot-amount" />
                  </p>
                  {live && sidePots.length > 1 ? (
                    <ul className="pt-pots" aria-label={t('pokerTable.pots')}>
                      {sidePots.map((p) => (
                        <li key={p.index}>
                          {p.index === 0 ? t('pokerTable.result.mainPot') : t('pokerTable.result.sidePot', { n: p.index })} <Money minor={p.amountMinor} currency={cur} />
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </>
              ) : (
                <p className="pt-pot felt-muted">{t('pokerTable.noHand')}</p>
              )}
            </div>
            {slots.map((s) => (
              <SeatBet key={`b${s.seat}`} slot={s} currency={cur} />
            ))}
            {slots.map((s) => (
              <PokerSeat
                key={s.seat}
                slot={s}
                currency={cur}
                toAct={live && hand.toAct === s.seat}
                deadlineAt={live ? hand.deadlineAt : null}
                actionMs={c.actionMs}
                bankInUse={live && hand.bankInUse}
                won={hand?.phase === 'complete' && s.inHand !== null ? (won.get(s.seat) ?? 0) : 0}
                onSit={me === null && frame.myBalanceMinor !== null ? setSitAt : null}
              />
            ))}
          </div>
        </div>
        <aside className="pt-side">
          {live && hand.legal ? <BetActions frame={frame} hand={hand} legal={hand.legal} sender={sender} locale={locale} /> : null}
          {live && hand.phase === 'draw' ? <DrawActions frame={frame} hand={hand} sender={sender} /> : null}
          {live && me && !hand.legal && hand.toAct !== me.seat ? <p className="pt-wait felt-muted">{handMe !== null && hand.seats.some((x) => x.seat === handMe.seat && !x.folded) ? t('pokerTable.waitTurn') : t('pokerTable.notInHand')}</p> : null}
          {hand && handMe !== null ? <MyHand hand={hand} seat={handMe.seat} /> : null}
          {hand && !live ? (
            <HandResult frame={frame} hand={hand} handSeats={frame.handSeats} locale={locale} />
          ) : last && last.hand.handId !== hand?.handId ? (
            <HandResult frame={frame} hand={last.hand} handSeats={last.handSeats} locale={locale} previous />
          ) : null}
          {controls ?? <SeatControls frame={frame} sender={sender} locale={locale} onTopUp={() => setTopUp(true)} />}
        </aside>
      </div>
      {sitAt !== null ? <SitDialog frame={frame} seat={sitAt} sender={sender} locale={locale} onClose={() => setSitAt(null)} /> : null}
      {topUp ? <TopUpDialog frame={frame} sender={sender} locale={locale} onClose={() => setTopUp(false)} /> : null}
    </main>
  );
}

/** The player's own cards, large (phone players read them here rather than on the small seat). */
function MyHand({ hand, seat }: { readonly hand: HandView; readonly seat: number }) {
  const { t } = useTranslation('player');
  const mine = hand.seats.find((s) => s.seat === seat);
  if (!mine || mine.cards.length === 0) return null;
  return (
    <section className="pt-myhand" aria-label={t('pokerTable.yourCards')}>
      <h2>{t('pokerTable.yourCards')}</h2>
      <div className="felt-card-row">
        {mine.cards.map((c, i) => (
          <SeatCard key={i} card={c} size="lg" />
        ))}
      </div>
      {mine.folded ? <p className="felt-muted">{t('pokerTable.youFolded')}</p> : null}
    </section>
  );
}
