import type { CardId } from '../poker/cards.js';
import { evaluate7 } from '../poker/fast.js';
import { describeValue } from '../poker/rank.js';
import type { PokerHands, Slot } from './spec.js';

/**
 * What the banked hold'em games (Casino Hold'em, Texas Hold'em Bonus, Ultimate Texas Hold'em) deal and read alike:
 * two hole cards to the player, two to the dealer, five on the board; a hand is the best five of its two and the board's five.
 */
export const HOLDEM_SLOTS: readonly Slot[] = ['player', 'player', 'dealer', 'dealer', 'board', 'board', 'board', 'board', 'board'];

/** The value (poker/fast.ts) of the best five of two hole cards and the five on the board. */
export const holdemValue = (hole: readonly CardId[], board: readonly CardId[]): number => evaluate7(hole[0] as number, hole[1] as number, board[0] as number, board[1] as number, board[2] as number, board[3] as number, board[4] as number);

/** The player's and the dealer's final hands in words (a spec's `describe`). */
export const describeHoldem = (hands: PokerHands): { readonly player: string; readonly dealer: string } => ({ player: describeValue(holdemValue(hands.player, hands.board)), dealer: describeValue(holdemValue(hands.dealer, hands.board)) });
