import type { PokerTableFrame } from '@felt-studio/protocol';
import { Dialog, ErrorNotice, Money, formatMoney, minorDigits, toMajor, type PokerSender } from '@felt-studio/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buyInBounds, buyInProblem, mySeat, parseAmount, topUpProblem } from '../model';

/** Blind games: a new player may post a big blind to play at once, or wait for the big blind (S1-ENTRY-1/2). */
const blindGame = (variant: string): boolean => !['stud', 'stud-hilo', 'soko'].includes(variant);

function AmountField({ label, text, onText, hint, problem }: { readonly label: string; readonly text: string; readonly onText: (v: string) => void; readonly hint: string; readonly problem: string | null }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="pt-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} inputMode="decimal" className="pt-amount-input" value={text} onChange={(e) => onText(e.target.value)} aria-describedby={hintId} aria-invalid={problem !== null} />
      <span id={hintId} className={problem ? 'pt-hint is-bad' : 'pt-hint'}>
        {problem ?? hint}
      </span>
    </div>
  );
}

/**
 * Sit down (S1-STACK): the buy-in from the player's balance, within the table's minimum and maximum;
 * the entry choice (S1-ENTRY-2): post a big blind now, or wait for the big blind.
 */
export function SitDialog({ frame, seat, sender, locale, onClose }: { readonly frame: PokerTableFrame; readonly seat: number; readonly sender: PokerSender; readonly locale: string; readonly onClose: () => void }) {
  const { t } = useTranslation('player');
  const cur = frame.currency;
  const b = buyInBounds(frame);
  const initial = b.enough ? Math.min(b.maxMinor, Math.max(b.minMinor, 50 * frame.config.bigBlindMinor)) : frame.config.minBuyInMinor;
  const [text, setText] = useState(String(toMajor(initial, cur)));
  const [post, setPost] = useState(false);
  const [touched, setTouched] = useState(false);
  const amount = parseAmount(text, minorDigits(cur));
  const problem = buyInProblem(amount, frame);
  const money = (m: number): string => formatMoney(m, cur, locale);
  const problemText = problem === null ? null : t(`pokerTable.sit.problem.${problem}`, { min: money(frame.config.minBuyInMinor), max: money(frame.config.maxBuyInMinor ?? 0), balance: money(frame.myBalanceMinor ?? 0) });
  const lastError = sender.errors.filter((e) => e.message === 'poker.sit').at(-1) ?? null;
  const submit = async (): Promise<void> => {
    setTouched(true);
    if (problem !== null || amount === null) return;
    if (await sender.send('poker.sit', { tableId: frame.tableId, seat, buyInMinor: amount, postToEnter: post })) onClose();
  };
  return (
    <Dialog
      title={t('pokerTable.sit.title', { seat })}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="felt-btn" onClick={onClose}>
            {t('pokerTable.cancel')}
          </button>
          <button type="button" className="felt-btn felt-btn-primary" disabled={sender.busy !== null || (touched && problem !== null)} onClick={() => void submit()}>
            {t('pokerTable.sit.submit', { amount: amount === null ? '—' : money(amount) })}
          </button>
        </>
      }
    >
      <p>
        {t('pokerTable.sit.balance')} <Money minor={frame.myBalanceMinor ?? 0} currency={cur} />
      </p>
      {!b.enough ? (
        <p className="pt-hint is-bad" role="alert">
          {t('pokerTable.sit.notEnough', { min: money(frame.config.minBuyInMinor) })}
        </p>
      ) : null}
      <AmountField
        label={t('pokerTable.sit.buyIn')}
        text={text}
        onText={(v) => {
          setText(v);
          setTouched(true);
        }}
        hint={t('pokerTable.sit.bounds', { min: money(b.minMinor), max: money(Math.max(b.minMinor, b.maxMinor)) })}
        problem={touched ? problemText : null}
      />
      <div className="pt-quick">
        <button type="button" className="felt-btn felt-btn-sm" onClick={() => setText(String(toMajor(b.minMinor, cur)))}>
          {t('pokerTable.sit.min')}
        </button>
        {b.enough ? (
          <button type="button" className="felt-btn felt-btn-sm" onClick={() => setText(String(toMajor(b.maxMinor, cur)))}>
            {t('pokerTable.sit.max')}
          </button>
        ) : null}
      </div>
      {blindGame(frame.config.variant) ? (
        <fieldset className="pt-entry">
          <legend>{t('pokerTable.sit.entry')}</legend>
          <label>
            <input type="radio" name="pt-entry" checked={!post} onChange={() => setPost(false)} /> {t('pokerTable.sit.waitBlind')}
          </label>
          <label>
            <input type="radio" name="pt-entry" checked={post} onChange={() => setPost(true)} /> {t('pokerTable.sit.postNow', { amount: money(frame.config.bigBlindMinor) })}
          </label>
          <span className="pt-rule">S1-ENTRY-2</span>
        </fieldset>
      ) : null}
      <ErrorNotice error={lastError?.error ?? null} onDismiss={lastError ? () => sender.dismiss(lastError.id) : undefined} />
    </Dialog>
  );
}

/** Top up (S1-STACK): from the balance; it takes effect between hands. */
export function TopUpDialog({ frame, sender, locale, onClose }: { readonly frame: PokerTableFrame; readonly sender: PokerSender; readonly locale: string; readonly onClose: () => void }) {
  const { t } = useTranslation('player');
  const cur = frame.currency;
  const me = mySeat(frame);
  const [text, setText] = useState('');
  const amount = parseAmount(text, minorDigits(cur));
  const problem = text === '' ? 'invalid' : topUpProblem(amount, frame);
  const money = (m: number): string => formatMoney(m, cur, locale);
  const lastError = sender.errors.filter((e) => e.message === 'poker.top-up').at(-1) ?? null;
  const room = frame.config.maxBuyInMinor === null || !me ? null : Math.max(0, frame.config.maxBuyInMinor - me.stackMinor - me.pendingTopUpMinor);
  return (
    <Dialog
      title={t('pokerTable.topUp.title')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="felt-btn" onClick={onClose}>
            {t('pokerTable.cancel')}
          </button>
          <button
            type="button"
            className="felt-btn felt-btn-primary"
            disabled={sender.busy !== null || problem !== null}
            onClick={() => void (async () => amount !== null && (await sender.send('poker.top-up', { tableId: frame.tableId, amountMinor: amount })) && onClose())()}
          >
            {t('pokerTable.topUp.submit')}
          </button>
        </>
      }
    >
      <p>{t('pokerTable.topUp.note')}</p>
      <p>
        {t('pokerTable.sit.balance')} <Money minor={frame.myBalanceMinor ?? 0} currency={cur} />
      </p>
      <AmountField
        label={t('pokerTable.topUp.amount')}
        text={text}
        onText={setText}
        hint={room === null ? t('pokerTable.topUp.noMax') : t('pokerTable.topUp.room', { amount: money(room) })}
        problem={text !== '' && problem !== null ? t(`pokerTable.topUp.problem.${problem}`, { balance: money(frame.myBalanceMinor ?? 0), max: money(frame.config.maxBuyInMinor ?? 0) }) : null}
      />
      <ErrorNotice error={lastError?.error ?? null} onDismiss={lastError ? () => sender.dismiss(lastError.id) : undefined} />
    </Dialog>
  );
}
