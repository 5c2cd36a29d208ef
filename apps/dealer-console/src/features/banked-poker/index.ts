import { bankedPoker, rayPoker, type Card } from '@felt-studio/games';
import { type DealerGamePlugin, type GamePart, isGameView } from '../../round/plugin';
import type { HandModel, RoundModel } from '../../round/round.types';

/** The live banked poker games (docs/rules CHE/TCP/UTH/THB, RAY §7.1 Fast Poker live). */
export type PokerGameId = 'casino-holdem' | 'three-card-poker' | 'ultimate-texas-holdem' | 'texas-holdem-bonus' | 'fast-poker' | 'triple-bet-poker' | 'dynamic-poker' | 'riverside-poker';

/** Each poker game's shoe order and decision timers, from the kernel's own spec (never a copy). */
const POKER: Readonly<Record<PokerGameId, { readonly slots: readonly bankedPoker.Slot[]; readonly profiles: Readonly<Record<string, bankedPoker.BankedPokerProfileBase>> }>> = {
  'casino-holdem': { slots: bankedPoker.casinoHoldemSpec.slots, profiles: bankedPoker.casinoHoldemProfiles },
  'three-card-poker': { slots: bankedPoker.threeCardPokerSpec.slots, profiles: bankedPoker.threeCardPokerProfiles },
  'ultimate-texas-holdem': { slots: bankedPoker.ultimateTexasHoldemSpec.slots, profiles: bankedPoker.ultimateTexasHoldemProfiles },
  'texas-holdem-bonus': { slots: bankedPoker.texasHoldemBonusSpec.slots, profiles: bankedPoker.texasHoldemBonusProfiles },
  'fast-poker': { slots: rayPoker.fastPokerSpec.slots, profiles: rayPoker.fastPokerProfiles },
  'triple-bet-poker': { slots: rayPoker.tripleBetPokerSpec.slots, profiles: rayPoker.tripleBetPokerProfiles },
  'dynamic-poker': { slots: rayPoker.dynamicPokerSpec.slots, profiles: rayPoker.dynamicPokerProfiles },
  'riverside-poker': { slots: rayPoker.riversidePokerSpec.slots, profiles: rayPoker.riversidePokerProfiles },
};
export const isPokerGame = (g: string): g is PokerGameId => Object.prototype.hasOwnProperty.call(POKER, g);

/**
 * Banked poker: the dealer's hand, the board and the shared player hand in the kernel's shoe order;
 * the hand the next card goes to is active. The dealer's cards are drawn face down on the console
 * until the kernel reveals them (the console may be on camera; the scan is in the round's record).
 */
function pokerHands(game: PokerGameId, view: bankedPoker.BankedPokerView | null, phase: string): { hands: HandModel[]; poker: NonNullable<RoundModel['poker']> } {
  const slots = POKER[game].slots;
  const revealed = view?.revealed === true;
  const dealer = (view?.dealer ?? []).map((c): Card | 'hidden' => (revealed && c !== null ? c : 'hidden'));
  const board = view?.board ?? [];
  const player = view?.player ?? [];
  const dealt = dealer.length + board.length + player.length;
  const d = view?.decision ?? null;
  const decision = d ? { point: d.point, closesAt: d.closesAt, options: d.options, decided: d.decided, waiting: d.waiting } : null;
  const due = (phase === 'closed' || phase === 'play') && decision === null && dealt < slots.length ? slots[dealt] : null;
  const hands: HandModel[] = [];
  // Triple Bet Poker has no dealer hand (§7.2: the player's five cards against the paytable)
  if (slots.includes('dealer')) hands.push({ id: 'dealer', label: revealed ? 'pokerDealer' : 'pokerDealerDown', labelParams: {}, cards: dealer, total: null, active: due === 'dealer' });
  if (slots.includes('board')) hands.push({ id: 'board', label: 'pokerBoard', labelParams: {}, cards: board, total: null, active: due === 'board' });
  hands.push({ id: 'player', label: 'pokerPlayer', labelParams: {}, cards: player, total: null, active: due === 'player' });
  return { hands, poker: { dealt, total: slots.length, revealed, decision } };
}

/** Live banked poker on the dealer console: the hands in the spec's shoe order, the decision window (counts only). */
export const bankedPokerPlugin: DealerGamePlugin = {
  games: Object.keys(POKER),
  cards: true,
  cutCard: true,
  derive(game, view, rawPhase): GamePart {
    const v = isGameView<bankedPoker.BankedPokerView>(view) ? view : null;
    const g = game as PokerGameId;
    const p = pokerHands(g, v, rawPhase);
    const profileId = v?.profileId ?? null;
    return { hands: p.hands, poker: p.poker, decisionWindowMs: (profileId !== null ? POKER[g].profiles[profileId]?.decisionMs : undefined) ?? 15_000, decisionDeadline: p.poker.decision?.closesAt ?? null };
  },
};

