import { infiniteBlackjack } from '@felt-studio/games';
import { type DealerGamePlugin, type GamePart, isGameView } from '../../round/plugin';
import type { HandModel } from '../../round/round.types';

type View = infiniteBlackjack.InfiniteBlackjackView;

/**
 * Infinite blackjack on the dealer console (IBJ-1..IBJ-6): the dealer's hand and the common hand as
 * scanned (the common draw cards after it), the split lines after a split (IBJ-5), the hand the next card goes to marked, and the decision
 * step's timer (how many hands decided: counts only, never who). Read from the game's own dealer view.
 */
export function infiniteBlackjackPart(view: View | null, rawPhase: string): GamePart {
  if (view === null) return {};
  const dealing = rawPhase === 'closed' || rawPhase === 'play';
  // the next card: the common hand / common draw, a split line (IBJ-5: A after the common draw, then B), or the dealer
  const drawOn = dealing && view.decision === null && view.stage === 'draw' ? view.line : null;
  const commonDue = (dealing && view.stage === 'initial-deal' && !(view.common.length === 1 && view.dealer.cards.length === 0)) || drawOn === 'main';
  const dealerDue = dealing && (view.stage === 'dealer' || (view.stage === 'initial-deal' && view.common.length === 1 && view.dealer.cards.length === 0));
  const common = [...view.common, ...view.draws];
  const hands: HandModel[] = [
    { id: 'dealer', label: 'ibjDealer', labelParams: {}, cards: view.dealer.cards, total: view.dealer.total === null ? null : { value: view.dealer.total, soft: false }, active: dealerDue },
    { id: 'common', label: 'ibjCommon', labelParams: { n: view.players }, cards: common, total: view.commonTotal === null ? null : { value: view.commonTotal, soft: false }, active: commonDue },
  ];
  // after a split: the split lines, each behind its common card (every split hand shares them)
  for (const [i, line] of (['a', 'b'] as const).entries()) {
    const first = view.common[i];
    if (view.splits === 0 || first === undefined) continue;
    hands.push({ id: `split-${line}`, label: line === 'a' ? 'ibjSplitA' : 'ibjSplitB', labelParams: { n: view.splits }, cards: [first, ...view.splitDraws[line]], total: null, active: drawOn === line });
  }
  const profile = view.profileId !== null ? infiniteBlackjack.infiniteBlackjackProfiles[view.profileId] : undefined;
  return { hands, decisionWindowMs: profile?.decisionTimeMs ?? 10_000, decisionDeadline: view.decisionDeadline };
}

export const infiniteBlackjackPlugin: DealerGamePlugin = {
  games: ['infinite-blackjack'],
  // dealt from a shoe: a card the shoe could not read is entered by hand (S-3); a fresh shoe every round, no cut card
  cards: true,
  derive: (_game, view, rawPhase) => infiniteBlackjackPart(isGameView<View>(view) && view.game === 'infinite-blackjack' ? view : null, rawPhase),
  i18n: {
    en: { hands: { ibjDealer: 'Dealer', ibjCommon: 'Common hand ({{n}} players)', ibjSplitA: 'Split hand A ({{n}} split)', ibjSplitB: 'Split hand B ({{n}} split)' } },
    sv: { hands: { ibjDealer: 'Given', ibjCommon: 'Gemensam hand ({{n}} spelare)', ibjSplitA: 'Delad hand A ({{n}} delade)', ibjSplitB: 'Delad hand B ({{n}} delade)' } },
  },
};
