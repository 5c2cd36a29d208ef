import type { Card } from '@felt-studio/games';
import { useTranslation } from 'react-i18next';

const SUIT_GLYPH = { S: '♠', H: '♥', D: '♦', C: '♣' } as const;

export interface PlayingCardProps {
  /** A card code (`AS`, `TD`) or `'hidden'` (face down: BJ-5a hole card). */
  readonly card: Card | 'hidden';
  readonly size?: 'sm' | 'md' | 'lg';
  /** Animate in (a card as dealt). */
  readonly dealt?: boolean;
}

/** A playing card; its accessible name is the card ("Queen of hearts") or "Face-down card". */
export function PlayingCard({ card, size = 'md', dealt = true }: PlayingCardProps) {
  const { t } = useTranslation('common');
  if (card === 'hidden') {
    return <span role="img" aria-label={t('cards.hidden')} className={`felt-card felt-card-${size} is-back${dealt ? ' is-dealt' : ''}`} />;
  }
  const rank = card[0] as keyof typeof rankNames | string;
  const suit = card[1] as keyof typeof SUIT_GLYPH;
  const rankNames = { A: t('cards.ranks.A'), K: t('cards.ranks.K'), Q: t('cards.ranks.Q'), J: t('cards.ranks.J'), T: t('cards.ranks.T') };
  const name = t('cards.card', { rank: (rankNames as Record<string, string>)[rank] ?? rank, suit: t(`cards.suits.${suit}`) });
  const red = suit === 'H' || suit === 'D';
  const shown = rank === 'T' ? '10' : rank;
  return (
    <span role="img" aria-label={name} className={`felt-card felt-card-${size}${red ? ' is-red' : ''}${dealt ? ' is-dealt' : ''}`}>
      <span className="felt-card-corner" aria-hidden="true">
        {shown}
        <br />
        {SUIT_GLYPH[suit]}
      </span>
      <span className="felt-card-pip" aria-hidden="true">
        {SUIT_GLYPH[suit]}
      </span>
    </span>
  );
}

/** Cards in a row, each as dealt. */
export function CardRow({ cards, size }: { readonly cards: readonly (Card | 'hidden')[]; readonly size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className="felt-card-row">
      {cards.map((c, i) => (
        <PlayingCard key={`${i}-${c}`} card={c} size={size ?? 'md'} />
      ))}
    </span>
  );
}
