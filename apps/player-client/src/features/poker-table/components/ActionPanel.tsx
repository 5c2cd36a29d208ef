import type { PokerTableFrame } from '@felt-studio/protocol';
import { formatMoney, minorDigits, toMajor, type PokerSender } from '@felt-studio/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canDrawNow, parseAmount, quickSizes, type HandView, type LegalActions } from '../model';
import { ActionClock, SeatCard, type ClockBank } from './PokerSeat';

interface Common {
  readonly frame: PokerTableFrame;
  readonly hand: HandView;
  readonly sender: PokerSender;
  readonly locale: string;
}

/** The clock's time bank of the seat to act (S1-TIMEBANK), when the table has one. */
const bankOf = (frame: PokerTableFrame, hand: HandView): ClockBank | null => {
  if (frame.config.timeBankMs <= 0) return null;
  const me = hand.seats.find((s) => s.seat === hand.toAct);
  return me ? { leftMs: me.timeBankMs, inUse: hand.bankInUse } : null;
};

/**
 * S1-TIMEBANK: more time on this turn (offered when the table has a time bank): the seconds left of the
 * player's bank on the button; running → "Using time bank"; used up → disabled, saying so.
 */
function TimeBank({ frame, hand, sender }: Omit<Common, 'locale'>) {
  const { t } = useTranslation('player');
  const bank = bankOf(frame, hand);
  if (!bank) return null;
  const s = Math.ceil(bank.leftMs / 1000);
  const label = bank.inUse ? t('pokerTable.timeBankRunning') : bank.leftMs <= 0 ? t('pokerTable.timeBankUsedUp') : t('pokerTable.timeBank', { s });
  return (
    <button type="button" className={bank.inUse ? 'felt-btn pt-timebank is-running' : 'felt-btn pt-timebank'} disabled={sender.busy !== null || bank.inUse || bank.leftMs <= 0} onClick={() => void sender.send('poker.time-bank', { tableId: frame.tableId, handId: hand.handId })}>
      {label}
      <span className="pt-rule">S1-TIMEBANK</span>
    </button>
  );
}

/**
 * The player's turn: only what `hand.legal` allows — fold, check or call, and a bet/raise within
 * [min, max] (slider + amount + quick sizes; fixed limit: the one fixed amount), the clock and the
 * time bank.
 */
export function BetActions({ frame, hand, legal, sender, locale }: Common & { readonly legal: LegalActions }) {
  const { t } = useTranslation('player');
  const cur = frame.currency;
  const money = (m: number): string => formatMoney(m, cur, locale);
  const r = legal.raise;
  const fixed = frame.config.structure === 'fixed-limit' || (r !== null && r.minToMinor === r.maxToMinor);
  const [to, setTo] = useState<number>(r?.minToMinor ?? 0);
  const [text, setText] = useState<string>(r ? String(toMajor(r.minToMinor, cur)) : '');
  const inputId = useId();
  const hintId = useId();
  // a new decision (another street, a raise in between) starts again at the minimum
  useEffect(() => {
    if (!r) return;
    setTo(r.minToMinor);
    setText(String(toMajor(r.minToMinor, cur)));
  }, [r?.minToMinor, r?.maxToMinor, hand.handId, cur]); // eslint-disable-line react-hooks/exhaustive-deps
  const typed = parseAmount(text, minorDigits(cur));
  const outOfBounds = r !== null && (typed === null || typed < r.minToMinor || typed > r.maxToMinor);
  const busy = sender.busy !== null;
  const act = (action: 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'all-in', toMinor?: number): void =>
    void sender.send('poker.act', { tableId: frame.tableId, handId: hand.handId, action, ...(toMinor === undefined ? {} : { toMinor }) });
  const setBoth = (v: number): void => {
    setTo(v);
    setText(String(toMajor(v, cur)));
  };
  const sendRaise = (v: number): void => {
    if (!r) return;
    act(v === legal.allInToMinor ? 'all-in' : r.kind, v);
  };
  // the player's turn: bring the buttons into view (a phone shows the table above them)
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [hand.handId, legal.seat, hand.currentBetMinor]);
  const callAllIn = legal.callMinor > 0 && legal.callMinor + (hand.seats.find((s) => s.seat === legal.seat)?.streetMinor ?? 0) === legal.allInToMinor;
  return (
    <section ref={panel} className="pt-actions" aria-label={t('pokerTable.yourTurn')}>
      <div className="pt-actions-head">
        <h2>{t('pokerTable.yourTurn')}</h2>
        {hand.deadlineAt !== null ? <ActionClock big deadlineAt={hand.deadlineAt} windowMs={frame.config.actionMs} label={t('pokerTable.yourClock')} bank={bankOf(frame, hand)} /> : null}
      </div>
      <p className="felt-muted pt-timeout-note">{t(frame.config.timeout === 'fold' ? 'pokerTable.timeoutFold' : 'pokerTable.timeoutCheck')}</p>
      <div className="pt-action-row">
        {legal.canFold ? (
          <button type="button" className="felt-btn felt-btn-lg felt-btn-danger" disabled={busy} onClick={() => act('fold')}>
            {t('pokerTable.fold')}
          </button>
        ) : null}
        {legal.canCheck ? (
          <button type="button" className="felt-btn felt-btn-lg" disabled={busy} onClick={() => act('check')}>
            {t('pokerTable.check')}
          </button>
        ) : null}
        {!legal.canCheck && legal.callMinor > 0 ? (
          <button type="button" className="felt-btn felt-btn-lg" disabled={busy} onClick={() => act('call')}>
            {t(callAllIn ? 'pokerTable.callAllIn' : 'pokerTable.call', { amount: money(legal.callMinor) })}
          </button>
        ) : null}
        {r && fixed ? (
          <button type="button" className="felt-btn felt-btn-lg felt-btn-primary" disabled={busy} onClick={() => sendRaise(r.maxToMinor)}>
            {t(r.kind === 'bet' ? 'pokerTable.betTo' : 'pokerTable.raiseTo', { amount: money(r.maxToMinor) })}
          </button>
        ) : null}
      </div>
      {r && !fixed ? (
        <div className="pt-raise" role="group" aria-label={t(r.kind === 'bet' ? 'pokerTable.betSize' : 'pokerTable.raiseSize')}>
          <div className="pt-quick">
            {quickSizes(hand, legal, frame.config.structure).map((q) => (
              <button key={q.key} type="button" className="felt-btn felt-btn-sm" disabled={busy} aria-pressed={to === q.toMinor} onClick={() => setBoth(q.toMinor)}>
                {t(`pokerTable.quick.${q.key}`)}
              </button>
            ))}
          </div>
          <input
            type="range"
            className="pt-slider"
            min={r.minToMinor}
            max={r.maxToMinor}
            step={1}
            value={to}
            aria-label={t('pokerTable.sliderLabel')}
            aria-valuetext={money(to)}
            onChange={(e) => setBoth(Number(e.target.value))}
          />
          <div className="pt-amount">
            <label htmlFor={inputId}>{t(r.kind === 'bet' ? 'pokerTable.betAmount' : 'pokerTable.raiseAmount')}</label>
            <input
              id={inputId}
              inputMode="decimal"
              className="pt-amount-input"
              value={text}
              aria-describedby={hintId}
              aria-invalid={outOfBounds}
              onChange={(e) => {
                setText(e.target.value);
                const v = parseAmount(e.target.value, minorDigits(cur));
                if (v !== null && v >= r.minToMinor && v <= r.maxToMinor) setTo(v);
              }}
            />
            <span id={hintId} className={outOfBounds ? 'pt-hint is-bad' : 'pt-hint'}>
              {t('pokerTable.bounds', { min: money(r.minToMinor), max: money(r.maxToMinor) })}
            </span>
          </div>
          <button type="button" className="felt-btn felt-btn-lg felt-btn-primary" disabled={busy || outOfBounds} onClick={() => typed !== null && sendRaise(typed)}>
            {t(typed === legal.allInToMinor ? 'pokerTable.allInTo' : r.kind === 'bet' ? 'pokerTable.betTo' : 'pokerTable.raiseTo', { amount: money(typed ?? to) })}
          </button>
        </div>
      ) : null}
      <TimeBank frame={frame} hand={hand} sender={sender} />
    </section>
  );
}

/** Draw games (001 §3.4): pick the cards to throw away; none = stand pat. */
export function DrawActions({ frame, hand, sender }: Omit<Common, 'locale'>) {
  const { t } = useTranslation('player');
  const me = hand.seats.find((s) => s.seat === hand.toAct);
  const [picked, setPicked] = useState<readonly string[]>([]);
  useEffect(() => setPicked([]), [hand.handId]);
  if (!me || !canDrawNow(frame)) return null;
  const toggle = (code: string): void => setPicked((p) => (p.includes(code) ? p.filter((c) => c !== code) : [...p, code]));
  return (
    <section className="pt-actions" aria-label={t('pokerTable.drawTitle')}>
      <div className="pt-actions-head">
        <h2>{t('pokerTable.drawTitle')}</h2>
        {hand.deadlineAt !== null ? <ActionClock big deadlineAt={hand.deadlineAt} windowMs={frame.config.actionMs} label={t('pokerTable.yourClock')} bank={bankOf(frame, hand)} /> : null}
      </div>
      <p className="felt-muted">{t('pokerTable.drawHelp')}</p>
      <div className="pt-draw" role="group" aria-label={t('pokerTable.drawPick')}>
        {me.cards.map((c, i) =>
          'card' in c ? (
            <button key={i} type="button" className={picked.includes(c.card) ? 'pt-draw-card is-picked' : 'pt-draw-card'} aria-pressed={picked.includes(c.card)} onClick={() => toggle(c.card)}>
              <SeatCard card={c} size="md" />
              <span className="pt-draw-mark">{picked.includes(c.card) ? t('pokerTable.discard') : t('pokerTable.keep')}</span>
            </button>
          ) : null,
        )}
      </div>
      <div className="pt-action-row">
        <button type="button" className="felt-btn felt-btn-lg felt-btn-primary" disabled={sender.busy !== null} onClick={() => void sender.send('poker.draw', { tableId: frame.tableId, handId: hand.handId, discard: [...picked] })}>
          {picked.length === 0 ? t('pokerTable.standPat') : t('pokerTable.drawN', { count: picked.length })}
        </button>
      </div>
      <TimeBank frame={frame} hand={hand} sender={sender} />
    </section>
  );
}
