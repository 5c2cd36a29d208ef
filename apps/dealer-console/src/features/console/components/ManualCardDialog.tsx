import { RANKS, SUITS, type Card, type Rank, type Suit } from '@felt-studio/games';
import type { Rejection } from '@felt-studio/protocol';
import { Dialog, ErrorNotice, PlayingCard } from '@felt-studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const GLYPH: Readonly<Record<Suit, string>> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** Manual card entry (S-3): rank + suit with big buttons, sent to the pit boss for sign-off. */
export function ManualCardDialog({ busy, error, onSubmit, onClose }: { readonly busy: boolean; readonly error?: Rejection | null; readonly onSubmit: (card: Card) => void; readonly onClose: () => void }) {
  const { t } = useTranslation('dealer');
  const { t: tc } = useTranslation('common');
  const [rank, setRank] = useState<Rank | null>(null);
  const [suit, setSuit] = useState<Suit | null>(null);
  const card = rank && suit ? (`${rank}${suit}` as Card) : null;
  const rankName = (r: Rank): string => (r === 'A' || r === 'K' || r === 'Q' || r === 'J' || r === 'T' ? tc(`cards.ranks.${r}`) : r);
  const cardName = card ? tc('cards.card', { rank: rankName(card[0] as Rank), suit: tc(`cards.suits.${card[1]}`) }) : '';
  return (
    <Dialog
      title={t('dialog.manualTitle')}
      wide
      onClose={onClose}
      actions={
        <>
          <button type="button" className="felt-btn felt-btn-ghost" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="button" className="felt-btn felt-btn-primary" disabled={card === null || busy} onClick={() => card && onSubmit(card)}>
            {busy ? t('dialog.sending') : t('dialog.manualSubmit')}
          </button>
        </>
      }
    >
      <p>{t('dialog.manualIntro')}</p>
      <div role="group" aria-label={t('dialog.rank')} className="dc-pick dc-pick-ranks">
        {RANKS.map((r) => (
          <button key={r} type="button" className={`dc-pick-btn${rank === r ? ' is-on' : ''}`} aria-pressed={rank === r} aria-label={rankName(r)} onClick={() => setRank(r)}>
            {r === 'T' ? '10' : r}
          </button>
        ))}
      </div>
      <div role="group" aria-label={t('dialog.suit')} className="dc-pick dc-pick-suits">
        {SUITS.map((s) => (
          <button key={s} type="button" className={`dc-pick-btn dc-suit${s === 'H' || s === 'D' ? ' is-red' : ''}${suit === s ? ' is-on' : ''}`} aria-pressed={suit === s} aria-label={tc(`cards.suits.${s}`)} onClick={() => setSuit(s)}>
            {GLYPH[s]}
          </button>
        ))}
      </div>
      <div className="dc-pick-preview" aria-live="polite">
        {card ? (
          <>
            <PlayingCard card={card} size="lg" />
            <span>{t('dialog.selected', { card: cardName })}</span>
          </>
        ) : (
          <span className="dc-muted">{t('dialog.noneSelected')}</span>
        )}
      </div>
      <ErrorNotice error={error ?? null} />
    </Dialog>
  );
}
