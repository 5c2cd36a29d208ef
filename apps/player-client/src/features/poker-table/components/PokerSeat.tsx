import type { Card, pokerTable } from '@felt-studio/games';
import { Money, PlayingCard, seatStackNowMinor, useCountdown } from '@felt-studio/ui';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatSlot } from '../model';

/** A card of a seat: face up when this audience may see it, else its back (the frame carries no value for it). */
export function SeatCard({ card, size = 'sm' }: { readonly card: pokerTable.CardView; readonly size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('player');
  if (!('card' in card)) return <PlayingCard card="hidden" size={size} />;
  return (
    <span className={card.up ? 'pt-card is-up' : 'pt-card is-down'} title={card.up ? t('pokerTable.upCard') : undefined}>
      <PlayingCard card={card.card as Card} size={size} />
    </span>
  );
}

export interface ClockBank {
  /** what is left of the seat's time bank (the hand view's `timeBankMs`). */
  readonly leftMs: number;
  /** the deadline already includes the bank: the seat is spending it (S1-TIMEBANK). */
  readonly inUse: boolean;
}

/** Seconds of the time bank still left: while it runs, what is left of the moved deadline (never more than the bank). */
export const bankLeftMs = (bank: ClockBank, leftMs: number | null): number => (bank.inUse ? Math.max(0, Math.min(bank.leftMs, leftMs ?? 0)) : bank.leftMs);

/**
 * The action clock of the seat to act: seconds left on the server's clock (S1-TIMEOUT), red in the
 * last 5 s; with a time bank (S1-TIMEBANK) the big clock shows what is left of it, and every clock has a
 * distinct "time bank" state while the player spends it (amber, the bar then runs down the bank).
 */
export function ActionClock({ deadlineAt, windowMs, label, big = false, bank = null }: { readonly deadlineAt: number; readonly windowMs: number; readonly label: string; readonly big?: boolean; readonly bank?: ClockBank | null }) {
  const { t } = useTranslation('player');
  const left = useCountdown(deadlineAt);
  const seconds = left === null ? 0 : Math.ceil(left / 1000);
  const inUse = bank?.inUse === true;
  const span = inUse && bank ? Math.max(1, bank.leftMs) : windowMs;
  const frac = left === null || span <= 0 ? 0 : Math.min(1, left / span);
  const bankS = bank ? Math.ceil(bankLeftMs(bank, left) / 1000) : 0;
  return (
    <div className={`pt-clock${big ? ' is-big' : ''}${seconds <= 5 ? ' is-urgent' : ''}${inUse ? ' is-bank' : ''}`} role="timer" aria-label={label} aria-live="off">
      <span className="pt-clock-bar" aria-hidden="true" style={{ transform: `scaleX(${frac})` }} />
      <span className="pt-clock-text">
        {inUse ? t(big ? 'pokerTable.clockBankInUse' : 'pokerTable.clockBankInUseShort', { s: seconds }) : t('pokerTable.seconds', { s: seconds })}
        {big && bank && !inUse && bank.leftMs > 0 ? <span className="pt-clock-bank">{t('pokerTable.clockBank', { s: bankS })}</span> : null}
      </span>
    </div>
  );
}

export interface PokerSeatProps {
  readonly slot: SeatSlot;
  readonly currency: string;
  readonly toAct: boolean;
  readonly deadlineAt: number | null;
  readonly actionMs: number;
  /** the time bank state of the clock (S1-TIMEBANK), when the table has one. */
  readonly bankInUse?: boolean;
  /** the hand is over: the winners of it (highlighted). */
  readonly won: number;
  /** a free seat the player may take (opens the sit-down dialog). */
  readonly onSit: ((seat: number) => void) | null;
}

/** One seat on the oval: who sits there, stack, state, cards, the dealer button and the clock when on turn. */
export function PokerSeat({ slot, currency, toAct, deadlineAt, actionMs, bankInUse = false, won, onSit }: PokerSeatProps) {
  const { t } = useTranslation('player');
  const f = slot.frame;
  const style = { '--sx': `${slot.x}%`, '--sy': `${slot.y}%`, '--sxt': `${slot.xTall}%`, '--syt': `${slot.yTall}%` } as CSSProperties;
  if (!f) {
    return (
      <div className="pt-seat is-free" style={style}>
        {onSit ? (
          <button type="button" className="felt-btn felt-btn-sm pt-sit" onClick={() => onSit(slot.seat)}>
            {t('pokerTable.sitHere', { seat: slot.seat })}
          </button>
        ) : (
          <span className="pt-seat-empty">{t('pokerTable.emptySeat', { seat: slot.seat })}</span>
        )}
      </div>
    );
  }
  const h = slot.inHand;
  const states: string[] = [];
  if (h?.folded) states.push(t('pokerTable.state.folded'));
  if (h?.allIn) states.push(t('pokerTable.state.allIn'));
  if (f.status === 'sitting-out') states.push(t('pokerTable.state.sittingOut'));
  if (f.disconnected) states.push(t('pokerTable.state.disconnected'));
  if (f.leaving) states.push(t('pokerTable.state.leaving'));
  if (f.straddle) states.push(t('pokerTable.state.straddle'));
  if (!h && f.status === 'new') states.push(t('pokerTable.state.waitingBlind'));
  const cls = ['pt-seat', f.me ? 'is-me' : '', toAct ? 'is-to-act' : '', h?.folded ? 'is-folded' : '', f.status === 'sitting-out' ? 'is-out' : '', won > 0 ? 'is-winner' : ''].filter(Boolean).join(' ');
  const name = f.me ? t('pokerTable.youName', { name: f.displayName }) : f.displayName;
  return (
    <div className={cls} style={style} role="group" aria-label={t('pokerTable.seatLabel', { seat: slot.seat, name })} data-seat={slot.seat}>
      <div className="pt-seat-cards">
        {(h?.cards ?? []).map((c, i) => (
          <SeatCard key={i} card={c} size={f.me ? 'md' : 'sm'} />
        ))}
      </div>
      <div className="pt-seat-plate">
        <span className="pt-seat-name">
          {f.robot ? <span className="pt-robot">{t('pokerTable.robot')}</span> : null}
          {f.displayName}
        </span>
        <Money minor={seatStackNowMinor(f, h, slot.handPhase === null ? null : { phase: slot.handPhase })} currency={currency} className="pt-seat-stack" />
        {states.length > 0 ? <span className="pt-seat-state">{states.join(' · ')}</span> : null}
        {f.pendingTopUpMinor > 0 ? (
          <span className="pt-seat-state">
            {t('pokerTable.pendingTopUp')} <Money minor={f.pendingTopUpMinor} currency={currency} />
          </span>
        ) : null}
        {won > 0 ? (
          <span className="pt-seat-won">
            {t('pokerTable.wins')} <Money minor={won} currency={currency} />
          </span>
        ) : null}
      </div>
      {f.isButton ? (
        <span className="pt-button" role="img" aria-label={t('pokerTable.dealerButton')}>
          D
        </span>
      ) : null}
      {toAct && deadlineAt !== null ? <ActionClock deadlineAt={deadlineAt} windowMs={actionMs} label={t('pokerTable.clockOf', { name })} bank={h ? { leftMs: h.timeBankMs, inUse: bankInUse } : null} /> : null}
    </div>
  );
}

/** The chips a seat has put in this betting round, in front of it. */
export function SeatBet({ slot, currency }: { readonly slot: SeatSlot; readonly currency: string }) {
  const { t } = useTranslation('player');
  const street = slot.inHand?.streetMinor ?? 0;
  if (street <= 0) return null;
  return (
    <div className="pt-bet" style={{ '--bx': `${slot.betX}%`, '--by': `${slot.betY}%`, '--bxt': `${slot.betXTall}%`, '--byt': `${slot.betYTall}%` } as CSSProperties} aria-label={t('pokerTable.betOf', { seat: slot.seat })} role="group">
      <span className="pt-chip" aria-hidden="true" />
      <Money minor={street} currency={currency} className="pt-bet-amount" />
    </div>
  );
}
