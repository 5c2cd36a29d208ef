import type { infiniteBlackjack } from '@felt-studio/games';
import type { PitGamePlugin } from '../../lib/plugin';

type View = infiniteBlackjack.InfiniteBlackjackView;
const isView = (v: unknown): v is View => typeof v === 'object' && v !== null && (v as { game?: unknown }).game === 'infinite-blackjack';

/** A round in one line, from the game's own pit-boss view: `common 5S 4D + 2C 3H · dealer 9H 8S (17) · 3 hands`. */
export function infiniteBlackjackOutcome(view: unknown): string | null {
  if (!isView(view) || view.common.length === 0) return null;
  const draws = `${view.draws.length > 0 ? ` + ${view.draws.join(' ')}` : ''}${view.splits > 0 ? ` · split (${view.splits}): A ${view.common[0] ?? ''} ${view.splitDraws.a.join(' ')} / B ${view.common[1] ?? ''} ${view.splitDraws.b.join(' ')}` : ''}`;
  const dealer = view.dealer.cards.length > 0 ? ` · dealer ${view.dealer.cards.join(' ')}${view.dealer.total !== null ? ` (${view.dealer.total > 21 ? 'bust' : view.dealer.total})` : ''}` : '';
  return `common ${view.common.join(' ')}${draws}${dealer} · ${view.players} hand${view.players === 1 ? '' : 's'}`;
}

/** Infinite blackjack in the pit boss (IBJ-1..IBJ-12): its rounds replay through the game's kernel; a card may be corrected. */
export const infiniteBlackjackPlugin: PitGamePlugin = { games: ['infinite-blackjack'], presets: ['card', 'custom'], outcome: infiniteBlackjackOutcome };
