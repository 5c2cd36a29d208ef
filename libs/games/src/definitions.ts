import type { CommonCommand, CommonEvent, GameId, RoundKernel } from './kernel/kernel.js';
import type { Cmd, GameDefinition, ProfileLike, RefereeKernel, RefereeState } from './kernel/define.js';
// DEFINITION-IMPORTS
import { rouletteKernel } from './roulette/kernel.js';
import { sicboKernel } from './sicbo/sicbo.kernel.js';
import { dragonTigerKernel } from './dragon-tiger/dragon-tiger.game.js';
import { footballStudioKernel } from './football-studio/football-studio.game.js';
import { moneyWheelKernel } from './money-wheel/money-wheel.game.js';
import { baccaratKernel } from './baccarat/baccarat.kernel.js';
import { blackjackKernel } from './blackjack/kernel.js';
import { luckyDiceKernel } from './lucky-dice/lucky-dice.game.js';
import { fastPokerKernel } from './ray-poker/fast-poker.game.js';
import { threeCardPokerKernel } from './banked-poker/three-card-poker.game.js';
import { casinoHoldemKernel } from './banked-poker/casino-holdem.game.js';
import { ultimateTexasHoldemKernel } from './banked-poker/ultimate-texas-holdem.game.js';
import { texasHoldemBonusKernel } from './banked-poker/texas-holdem-bonus.game.js';
import { dynamicPokerKernel, riversidePokerKernel, tripleBetPokerKernel } from './ray-poker/ray-poker.live.js';

/**
 * The registry of game definitions (issue 8): every game is a `defineGame(...)` run by the one
 * referee (`createKernel`). The server, the CLI and the contract suite (contract.spec.ts) iterate
 * this registry; a new game is one line here and gets the contract suite for free.
 */
export type AnyDefinition = GameDefinition<RefereeState, Cmd, Cmd, unknown, ProfileLike>;
export type AnyRefereeKernel = RefereeKernel<RefereeState, Cmd, Cmd, unknown, ProfileLike> & RoundKernel<RefereeState, Cmd | CommonCommand, Cmd | CommonEvent, unknown>;

const asAny = (k: unknown): AnyRefereeKernel => k as AnyRefereeKernel;

/** The referee kernel of every game, by id (each built once from its definition). */
export const GAME_KERNELS: Readonly<Partial<Record<GameId, AnyRefereeKernel>>> = {
  // DEFINITION-ENTRIES
  roulette: asAny(rouletteKernel),
  sicbo: asAny(sicboKernel),
  'dragon-tiger': asAny(dragonTigerKernel),
  'football-studio': asAny(footballStudioKernel),
  'money-wheel': asAny(moneyWheelKernel),
  baccarat: asAny(baccaratKernel),
  blackjack: asAny(blackjackKernel),
  'lucky-dice': asAny(luckyDiceKernel),
  'fast-poker': asAny(fastPokerKernel),
  'three-card-poker': asAny(threeCardPokerKernel),
  'casino-holdem': asAny(casinoHoldemKernel),
  'ultimate-texas-holdem': asAny(ultimateTexasHoldemKernel),
  'texas-holdem-bonus': asAny(texasHoldemBonusKernel),
  'triple-bet-poker': asAny(tripleBetPokerKernel),
  'dynamic-poker': asAny(dynamicPokerKernel),
  'riverside-poker': asAny(riversidePokerKernel),
};

/** Every game definition, by id. */
export const GAME_DEFINITIONS: Readonly<Partial<Record<GameId, AnyDefinition>>> = Object.fromEntries(Object.entries(GAME_KERNELS).map(([id, k]) => [id, k.definition]));

export function gameDefinition(id: string): AnyDefinition | undefined {
  return Object.prototype.hasOwnProperty.call(GAME_DEFINITIONS, id) ? (GAME_DEFINITIONS as Record<string, AnyDefinition>)[id] : undefined;
}

export function gameKernel(id: string): AnyRefereeKernel | undefined {
  return Object.prototype.hasOwnProperty.call(GAME_KERNELS, id) ? (GAME_KERNELS as Record<string, AnyRefereeKernel>)[id] : undefined;
}
