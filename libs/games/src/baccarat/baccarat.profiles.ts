import { ratio, type Ratio, type Rounding } from '../common/money.js';

/**
 * Baccarat rule profiles (spec D-2: a new variant is a new profile object, not new code).
 * Every [Decision] of docs/rules BAC is a field here with its default.
 */

/** Bet spot keys (BAC-4 main spots; BAC-10 optional side bets). The spot key is also the bet kind. */
export const BACCARAT_SPOTS = ['player', 'banker', 'tie', 'player-pair', 'banker-pair'] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];
export const MAIN_SPOTS = ['player', 'banker', 'tie'] as const;
export const SIDE_SPOTS = ['player-pair', 'banker-pair'] as const;
export type SideSpot = (typeof SIDE_SPOTS)[number];

export const isBaccaratSpot = (s: string): s is BaccaratSpot => (BACCARAT_SPOTS as readonly string[]).includes(s);

/** Banker paytable (BAC-8), as data so that commission-free variants are profiles. */
export interface BankerPaytable {
  /** Win ratio before commission (1:1). */
  readonly win: Ratio;
  /** Override of the win ratio by Banker's final points (no-commission: 6 → 1:2). */
  readonly winByPoints: Readonly<Partial<Record<number, Ratio>>>;
  /** Commission taken from the win (5 % = 1/20), or null for none. */
  readonly commission: Ratio | null;
}

export interface BaccaratProfile {
  readonly id: string;
  readonly name: string;
  /** BAC-1: decks in the shoe. */
  readonly decks: number;
  /** BAC-1: the cut card sits this many cards from the end. */
  readonly cutCardFromEnd: number;
  readonly paytable: {
    /** BAC-8: Player 1:1. */
    readonly player: Ratio;
    readonly banker: BankerPaytable;
    /** BAC-8: Tie 8:1. */
    readonly tie: Ratio;
  };
  /**
   * [Decision] BAC-11: rounding of the player's net Banker win (win less commission) in minor units.
   * Default 'down': the player's disfavour by at most one minor unit — a 1:1 win less 5 % pays
   * floor(stake × 19/20). Also applies to fractional ratios such as 1:2.
   */
  readonly bankerWinRounding: Rounding;
  /** [Decision] BAC-10: side bets, off (null) by default. Pair = first two cards of the hand share a rank. */
  readonly sideBets: Readonly<Record<SideSpot, Ratio | null>>;
}

const NO_SIDE_BETS: Readonly<Record<SideSpot, Ratio | null>> = { 'player-pair': null, 'banker-pair': null };

/** The spec defaults (BAC-1, BAC-8, BAC-10, BAC-11). */
const puntoBanco: BaccaratProfile = {
  id: 'punto-banco',
  name: 'Punto Banco (8 decks, 5 % commission)',
  decks: 8,
  cutCardFromEnd: 7,
  paytable: { player: ratio(1), banker: { win: ratio(1), winByPoints: {}, commission: ratio(1, 20) }, tie: ratio(8) },
  bankerWinRounding: 'down',
  sideBets: NO_SIDE_BETS,
};

export const baccaratProfiles = {
  'punto-banco': puntoBanco,
  /** Common commission-free variant: Banker pays 1:1, except a Banker win on 6 points pays 1:2. */
  'no-commission': {
    ...puntoBanco,
    id: 'no-commission',
    name: 'No-commission baccarat (Banker 6 pays 1:2)',
    paytable: { ...puntoBanco.paytable, banker: { win: ratio(1), winByPoints: { 6: ratio(1, 2) }, commission: null } },
  },
  /** BAC-10 extension: the spec defaults plus Player Pair / Banker Pair at 11:1. */
  'punto-banco-pairs': {
    ...puntoBanco,
    id: 'punto-banco-pairs',
    name: 'Punto Banco with Player/Banker Pair side bets (11:1)',
    sideBets: { 'player-pair': ratio(11), 'banker-pair': ratio(11) },
  },
} as const satisfies Record<string, BaccaratProfile>;

export type BaccaratProfileId = keyof typeof baccaratProfiles;

/** The spots a profile offers (side bets only when enabled, BAC-10). */
export function spotsOf(profile: BaccaratProfile): BaccaratSpot[] {
  return [...MAIN_SPOTS, ...SIDE_SPOTS.filter((s) => profile.sideBets[s] !== null)];
}
