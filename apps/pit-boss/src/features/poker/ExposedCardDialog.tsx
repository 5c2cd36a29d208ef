import type { PokerTableFrame } from '@felt-studio/protocol';
import { ErrorNotice, PlayingCard, useSession } from '@felt-studio/ui';
import type { Card } from '@felt-studio/games';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PitDialog, useDialogAction } from '../../components/PitDialog';
import { shortId } from '../../lib/format';

const RANKS = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'] as const;
const SUITS = ['S', 'H', 'D', 'C'] as const;

/** The seats of the hand that still hold a down card (an exposed card can only be one of those). */
export function seatsWithDownCards(frame: PokerTableFrame): number[] {
  const hand = frame.hand;
  if (!hand) return [];
  return hand.seats.filter((s) => !s.folded && s.cards.some((c) => !c.up)).map((s) => s.seat);
}

/**
 * P4-IRR: the pit boss rules a down card exposed (`POST /poker-tables/:id/hand/decisions`
 * `{ type: 'expose', seat, card }`). Two steps: name the seat and the card as seen (the pit boss's view
 * does not show hole cards, so the card is picked by rank and suit), then a confirm step that says
 * what will happen under the rule before anything is sent. The server's refusal (not a down card of
 * that seat, the hand over) is shown with its code.
 */
export function ExposedCardDialog({ frame, onClose, onDone }: { readonly frame: PokerTableFrame; readonly onClose: () => void; readonly onDone: (text: string) => void }) {
  const { t } = useTranslation('pit');
  const { api } = useSession();
  const seats = seatsWithDownCards(frame);
  const [seat, setSeat] = useState<number | null>(seats[0] ?? null);
  const [rank, setRank] = useState<(typeof RANKS)[number]>('A');
  const [suit, setSuit] = useState<(typeof SUITS)[number]>('S');
  const [step, setStep] = useState<'pick' | 'confirm'>('pick');
  const { busy, error, dismissError, run } = useDialogAction(onClose);
  const first = useRef<HTMLSelectElement | HTMLButtonElement | null>(null);
  const handId = frame.hand?.handId ?? '';
  const name = (n: number): string => frame.seats.find((s) => s?.seat === n)?.displayName ?? `#${n}`;
  const card = `${rank}${suit}`;
  const cardText = `${t(`pokerTable.ranks.${rank}`)} ${t(`pokerTable.suits.${suit}`).toLowerCase()}`;

  useEffect(() => first.current?.focus(), [step]);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (seat === null) return;
    if (step === 'pick') {
      setStep('confirm');
      return;
    }
    await run(async () => {
      await api.pokerHandDecision(frame.tableId, { type: 'expose', seat, card });
      onDone(t('pokerTable.expose.done', { seat, card: cardText }));
    });
  };

  return (
    <PitDialog
      title={step === 'pick' || seat === null ? t('pokerTable.expose.title', { table: frame.name, hand: shortId(handId) }) : t('pokerTable.expose.confirmTitle', { seat, name: name(seat), card: cardText })}
      help={
        <>
          {step === 'pick' ? t('pokerTable.expose.help') : t('pokerTable.expose.consequence')} <span className="pit-rule">P4-IRR</span>
        </>
      }
      busy={busy}
      onClose={onClose}
    >
      <form className="felt-form" onSubmit={(e) => void submit(e)} noValidate>
        {step === 'pick' ? (
          seats.length === 0 ? (
            <p role="alert">{t('pokerTable.expose.noSeats')}</p>
          ) : (
            <div className="pit-expose-pick">
              <label>
                {t('pokerTable.expose.seat')}
                <select ref={(el) => void (first.current = el)} value={seat ?? ''} onChange={(e) => setSeat(Number(e.target.value))}>
                  {seats.map((n) => (
                    <option key={n} value={n}>
                      {n} — {name(n)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('pokerTable.expose.rank')}
                <select value={rank} onChange={(e) => setRank(e.target.value as (typeof RANKS)[number])}>
                  {RANKS.map((r) => (
                    <option key={r} value={r}>
                      {t(`pokerTable.ranks.${r}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                {t('pokerTable.expose.suit')}
                <select value={suit} onChange={(e) => setSuit(e.target.value as (typeof SUITS)[number])}>
                  {SUITS.map((s) => (
                    <option key={s} value={s}>
                      {t(`pokerTable.suits.${s}`)}
                    </option>
                  ))}
                </select>
              </label>
              <span className="pit-expose-card" aria-hidden="true">
                <PlayingCard card={card as Card} size="md" />
              </span>
            </div>
          )
        ) : (
          <div className="pit-expose-confirm">
            <PlayingCard card={card as Card} size="lg" />
          </div>
        )}
        <ErrorNotice error={error} onDismiss={dismissError} />
        <div className="pit-dialog-actions">
          {step === 'confirm' ? (
            <button type="button" className="felt-btn felt-btn-ghost" disabled={busy} onClick={() => setStep('pick')}>
              {t('pokerTable.expose.back')}
            </button>
          ) : null}
          <button type="button" className="felt-btn felt-btn-ghost" onClick={onClose} disabled={busy}>
            {t('dialog.cancel')}
          </button>
          {step === 'pick' ? (
            <button type="submit" className="felt-btn felt-btn-primary" disabled={seat === null}>
              {t('pokerTable.expose.review')}
            </button>
          ) : (
            <button ref={(el) => void (first.current = el)} type="submit" className="felt-btn felt-btn-danger" disabled={busy}>
              {busy ? t('dialog.busy') : t('pokerTable.expose.confirm')}
            </button>
          )}
        </div>
      </form>
    </PitDialog>
  );
}
