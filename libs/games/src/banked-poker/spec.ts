import type { Card } from '../cards/card.js';
import type { Ratio } from '../common/money.js';
import type { SettlementOutcome } from '../kernel/kernel.js';
import type { CardId } from '../poker/cards.js';

/**
 * Live-studio banked poker (docs/rules "Banked poker"): ONE player hand shared by every player at
 * the table and one dealer hand, dealt from the scanning shoe in a fixed order (`slots`); each player
 * with an ante decides at the decision points within a decision timer, the published default applying
 * on timeout. A game is this data plus a pure per-player settlement.
 */
export type Slot = 'player' | 'dealer' | 'board';

export interface DecisionOption {
  /** Wire name of the action (`play`, `fold`, `check`, `bet-4x`, `call`). */
  readonly action: string;
  /** The bet spot the action adds (stake = `multiple` × the player's ante), or null for none. */
  readonly spot: string | null;
  readonly multiple: number;
  /** The action gives up the hand (ante lost; bets that need a live hand lose). */
  readonly folds: boolean;
}

export interface DecisionPoint {
  /** The point opens when this many cards have been dealt. */
  readonly afterCards: number;
  readonly options: readonly DecisionOption[];
  /** The published default when the timer runs out: fold where the game says so, check where it may. */
  readonly timeoutAction: string;
  /** Only players who have not yet placed a raise decide here (UTH: one Play bet per hand). */
  readonly onlyWithoutRaise: boolean;
  /** Only players who took `action` at decision point `point` decide here (Dynamic Poker DY-1: the River raise only after a Turn raise). */
  readonly requires?: { readonly point: number; readonly action: string };
  readonly ruleId: string;
}

/** The fold option of a decision: gives up the hand, adds nothing. */
export const FOLD: DecisionOption = { action: 'fold', spot: null, multiple: 0, folds: true };

/**
 * The decision most of these games ask once: `action` puts `multiple` × the ante on `spot`, or fold; the timer
 * folds. Opens after `afterCards` cards, for every player still in (`ruleId`: the game's rule for it).
 */
export function raiseOrFold(afterCards: number, action: string, spot: string, multiple: number, ruleId: string): DecisionPoint {
  return { afterCards, options: [{ action, spot, multiple, folds: false }, FOLD], timeoutAction: 'fold', onlyWithoutRaise: false, ruleId };
}

export interface PokerHands {
  readonly player: readonly CardId[];
  readonly dealer: readonly CardId[];
  readonly board: readonly CardId[];
}

/** One player's part of a round, as settlement sees it. */
export interface PlayerPart {
  readonly folded: boolean;
  /** The actions taken, in decision-point order. */
  readonly actions: readonly string[];
  /** Total stake per spot (ante, pair-plus, play, call, …). */
  readonly stakes: Readonly<Record<string, number>>;
}

/** The result of one spot for one player: total return per unit staked (stake included) and why. */
export interface SpotResult {
  readonly returns: Ratio;
  readonly outcome: SettlementOutcome;
  readonly rules: readonly string[];
}

export interface BankedPokerProfileBase {
  readonly id: string;
  readonly name: string;
  /** Decision timer in ms after the card that opens a decision point (published per table). */
  readonly decisionMs: number;
  /** Decks in the shoe; the shoe is shuffled before every round (no carry). */
  readonly decks: number;
}

/** One row of a paytable: the hand (a key the apps translate) and what it pays, `num`:`den` to 1. */
export interface PaytableRow {
  readonly hand: PaytableHand;
  readonly pays: readonly [number, number];
}

/** Hands a paytable row names: the standard categories plus the games' own rows (hole-card bonuses, RAY's four-card hands). */
export type PaytableHand =
  | 'royal-flush'
  | 'straight-flush'
  | 'four-of-a-kind'
  | 'full-house'
  | 'flush'
  | 'straight'
  | 'three-of-a-kind'
  | 'two-pair'
  | 'pair'
  | 'pair-tens-or-better'
  | 'pair-aces'
  | 'four-card-straight'
  | 'four-card-flush'
  | 'straight-or-lower'
  | 'trips-or-straight-flush'
  | 'hole-aa'
  | 'hole-ak-suited'
  | 'hole-aq-aj-suited'
  | 'hole-ak-offsuit'
  | 'hole-kk-qq-jj'
  | 'hole-aq-aj-offsuit'
  | 'hole-pair-2-10';

/**
 * A spot's paytable under a profile, for the screens (built from the profile's own numbers, never a
 * copy): `reading` says how the rule text states it — `to-one` ("N to 1") or RAY's `x-insatsen-net`
 * ("N x insatsen", read net: the same N to 1, RP-1).
 */
export interface Paytable {
  /** The spots the table pays (Triple Bet's three base bets share one). */
  readonly spots: readonly string[];
  readonly rows: readonly PaytableRow[];
  readonly reading: 'to-one' | 'x-insatsen-net';
  readonly ruleId: string;
  /** Hands not listed: `lose` (the bet loses), `push` (the stake comes back). */
  readonly otherwise: 'lose' | 'push';
  /**
   * What the spot itself pays when its hand beats the dealer's, beside this table (a bonus paid on top of it:
   * Three Card Poker's Ante wins 1:1 by TCP-4, its bonus by TCP-5), with the rule that says so; absent where
   * this table is the spot's whole pay. The settlement pays the very same figure (each game's spec test).
   */
  readonly beside?: { readonly pays: readonly [number, number]; readonly ruleId: string };
}

export interface BankedPokerSpec<P extends BankedPokerProfileBase> {
  /** A `GameId` (games.ts); typed `string` here because `GameId` is derived from the manifests, which hold these types. */
  readonly game: string;
  readonly label: string;
  /** Shoe order: which hand each card goes to. */
  readonly slots: readonly Slot[];
  readonly decisions: readonly DecisionPoint[];
  /** The spot whose holders play the hand and decide (the ante). */
  readonly mainSpot: string;
  /** Spots a player may bet during betting under the profile. */
  spots(p: P): readonly string[];
  /** Spots only a decision adds (play, call, …). */
  readonly decisionSpots: readonly string[];
  /** A bet on `spot` needs an ante from the same player (side bets), checked at bet time. */
  readonly needsAnte: readonly string[];
  /** Whether a player's stakes when betting closes make a playing hand (UTH: Ante = Blind); default: an ante. */
  playsHand?(stakes: Readonly<Record<string, number>>): boolean;
  readonly rules: { readonly deal: string; readonly decide: string; readonly reveal: string };
  maxReturnMultiple(p: P): number;
  /**
   * Spots settled before the round's end (the referee's `settleEarly`; Riverside's Bonus, §7.4): once
   * `afterCards` cards are out and no decision window is open, `settle` gives each such spot its final
   * result from the cards so far (`hands` partial: the first `afterCards` cards) and the player's part.
   */
  readonly early?: {
    readonly afterCards: number;
    readonly spots: readonly string[];
    settle(hands: PokerHands, part: PlayerPart, p: P): Readonly<Record<string, SpotResult>>;
  };
  /** Every spot the player holds → its result. Pure; `hands` complete. */
  settlePlayer(hands: PokerHands, part: PlayerPart, p: P): Readonly<Record<string, SpotResult>>;
  /** The profile's paytables, spot by spot (the player's screens show them). */
  paytables(p: P): readonly Paytable[];
  /** Short text of a hand for views ("pair of 8s"). */
  describe(hands: PokerHands, p: P): { readonly player: string | null; readonly dealer: string | null };
}

export const cardsOfSlot = (spec: { readonly slots: readonly Slot[] }, cards: readonly Card[], slot: Slot): Card[] => cards.filter((_, i) => spec.slots[i] === slot);

export const win = (num: number, den = 1, rules: readonly string[] = []): SpotResult => ({ returns: { num: num + den, den }, outcome: 'win', rules });
export const push = (rules: readonly string[] = []): SpotResult => ({ returns: { num: 1, den: 1 }, outcome: 'push', rules });
export const lose = (rules: readonly string[] = []): SpotResult => ({ returns: { num: 0, den: 1 }, outcome: 'lose', rules });
