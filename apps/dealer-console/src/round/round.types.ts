import type { Card } from '@felt-studio/games';

/** The dealer console's view-model types (pure data), shared by round.ts and every game's dealer plugin. */

/** A game id the console knows (its plugin list, features/games.ts). */
export type GameId = string;

/** A hand on the table as the dealer sees it. `label` is an i18n key under `dealer:hands`. */
export interface HandModel {
  readonly id: string;
  readonly label: string;
  readonly labelParams: Readonly<Record<string, string | number>>;
  readonly cards: readonly (Card | 'hidden')[];
  /** Shown total (baccarat points, blackjack total like "17" or "soft 17"); null while unknown. */
  readonly total: { readonly value: number; readonly soft: boolean } | null;
  /** The hand to act / to receive the next card. */
  readonly active: boolean;
  /** Blackjack (RAY-8.1): how many players bet behind this seat (first hand only; never who). */
  readonly behind?: number;
}

/** A state that stops normal play and tells the dealer what to do (ROU-4, ROU-6, BAC-17, S-1..S-3). */
export type SpecialState =
  | { readonly kind: 'no-spin'; readonly count: number; readonly ruleId: 'ROU-4' }
  | { readonly kind: 'wheel-fault'; readonly detail: string; readonly ruleId: 'ROU-6' }
  | { readonly kind: 'misdeal'; readonly detail: string; readonly ruleId: string }
  | { readonly kind: 'impossible-card'; readonly detail: string; readonly ruleId: string }
  | { readonly kind: 'unreadable-card'; readonly detail: string; readonly ruleId: string }
  | { readonly kind: 'dice-fault'; readonly count: number; readonly ruleId: 'SB-4' | 'LD-8' }
  | { readonly kind: 'void'; readonly reason: string; readonly ruleId: 'GEN-6' };

export interface RoundModel {
  readonly game: GameId;
  readonly roundId: string | null;
  /** Kernel phase, or `none` before the first round. Roulette's ball in motion is `spinning`. */
  readonly phase: string;
  readonly bettingClosesAt: number | null;
  /** Distinct players with an accepted bet (never who they are). */
  readonly players: number;
  readonly bets: number;
  readonly stakeMinor: number;
  readonly hands: readonly HandModel[];
  readonly roulette: { readonly number: number | null; readonly colour: string | null; readonly ballInMotion: boolean; readonly noSpins: number; readonly spin: number | null } | null;
  readonly dice: readonly number[] | null;
  readonly special: SpecialState | null;
  /** Blackjack: the decision timer of the hand to act (server clock). */
  readonly decisionDeadline: number | null;
  /** Baccarat: the hand's result once known (kept on screen after settlement). */
  readonly baccaratResult: { readonly outcome: 'player' | 'banker' | 'tie'; readonly p: number; readonly b: number } | null;
  /** Blackjack: "Dealer stands on 17" / "Dealer busts" once the dealer's hand is complete. */
  readonly dealerOutcome: { readonly kind: 'stands' | 'busts' | 'blackjack'; readonly total: number } | null;
  /** The decision timer's full length (ms) for the ring: blackjack 15 s, poker the profile's published timer. */
  readonly decisionWindowMs: number;
  /** Banked poker: cards dealt of the round's total, the open decision window (counts only, never who) and whether the dealer's hand is revealed. */
  readonly poker: {
    readonly dealt: number;
    readonly total: number;
    readonly revealed: boolean;
    readonly decision: { readonly point: number; readonly closesAt: number; readonly options: readonly string[]; readonly decided: number; readonly waiting: number } | null;
  } | null;
  /** Lucky Dice: the draw method and, for method B (players throw, LD-6/LD-7), the shooter's turn (whether someone holds the dice, never who). */
  /**
   * Money Wheel (MW-1..MW-4): spins so far (valid and void), the multipliers landed and their stacked
   * value, the segment of the last valid spin, the final number once resolved, void spins in a row.
   */
  readonly moneyWheel: {
    readonly spins: number;
    readonly last: string | null;
    readonly multipliers: readonly string[];
    readonly multiplier: number | null;
    readonly result: number | null;
    readonly invalidInARow: number;
  } | null;
  readonly luckyDice: { readonly method: 'dealer-cups' | 'player-throw' | null; readonly hasShooter: boolean; readonly permitted: boolean; readonly pendingThrow: { readonly red: number; readonly green: number } | null } | null;
}

