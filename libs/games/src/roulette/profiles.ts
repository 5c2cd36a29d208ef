import type { Rounding } from '../common/money.js';

/**
 * Roulette rule profiles are DATA (spec D-2): a new variant is a new object here, not new code.
 * Every [Decision] of ROU/RES and every RAY difference is a field with its default.
 */

/** Paytable keys: one per payout class of ROU-2. */
export const PAYOUT_CLASSES = ['straight', 'split', 'street', 'corner', 'sixline', 'column', 'dozen', 'evenMoney'] as const;
export type PayoutClass = (typeof PAYOUT_CLASSES)[number];

export interface RouletteProfile {
  readonly id: string;
  readonly name: string;
  /** Where the numbers come from (spec section). */
  readonly source: string;
  /** ROU-2: the win per unit staked, "N to 1" (stake returned on top). Integers only. */
  readonly payouts: Readonly<Record<PayoutClass, number>>;
  /**
   * What happens to outside bets (columns, dozens, even chances) when 0 wins. They never cover 0,
   * so by default they simply lose (ROU-2; RAY §4.2 "every 1× and 2× bet loses").
   */
  readonly zero: {
    /** [Decision] la partage: even-money bets get half their stake back on 0. Default off (ROU-2). */
    readonly laPartage: boolean;
    /** Rounding of the half stake returned under la partage (odd stakes), in minor units. */
    readonly laPartageRounding: Rounding;
    /**
     * [Decision] en prison. Default off (ROU-2). Not supported by this kernel (the stake would have to
     * carry into the next round): a profile with `enPrison: true` is refused when a round opens.
     */
    readonly enPrison: boolean;
  };
  /** ROU-4: minimum full ball revolutions for a valid spin. */
  readonly minRevolutions: number;
  /** ROU-4: a ball turning the same direction as the wheel is a no spin. */
  readonly requireOppositeDirections: boolean;
  /**
   * RES-1 / ROU-8: a player's bets in one round may cover at most this many pockets
   * (92 % of 37 → 34). Coverage = pockets on which at least one of the player's bets wins.
   */
  readonly maxCoveredPockets: number;
  /** Racetrack (announced) bets: neighbours, voisins, tiers, orphelins, jeu-zero. */
  readonly racetrack: {
    readonly enabled: boolean;
    /** `neighbours:N` without K means K = this. */
    readonly neighboursDefault: number;
    /** K allowed in `neighbours:N:K` is 1..neighboursMax. */
    readonly neighboursMax: number;
  };
}

/** Spec defaults (docs/rules ROU-1..ROU-8, RES-1). */
export const europeanProfile: RouletteProfile = {
  id: 'european',
  name: 'European single-zero roulette (live studio)',
  source: 'docs/rules ROU, RES-1',
  payouts: { straight: 35, split: 17, street: 11, corner: 8, sixline: 5, column: 2, dozen: 2, evenMoney: 1 },
  zero: { laPartage: false, laPartageRounding: 'down', enPrison: false },
  minRevolutions: 3,
  requireOppositeDirections: true,
  maxCoveredPockets: 34,
  racetrack: { enabled: true, neighboursDefault: 2, neighboursMax: 9 },
};

/**
 * RAY gaming-hall roulette (RAY 2011 (docs/rules) §4, net "N to 1" reading of §2): 30/15/10/7/4:1 inside,
 * 2:1 dozens/columns, 1:1 even chances; every 1× and 2× bet loses on 0 (no half-back, no en prison).
 * No racetrack in the source. RES-1 coverage applies to "all versions". [Gap] RAY sets no revolution
 * count; we keep the studio's ROU-4 minimum of 3 (revolutions, directions and coverage are European's).
 */
export const rayParlourProfile: RouletteProfile = {
  ...europeanProfile,
  id: 'ray-parlour',
  name: 'RAY gaming-hall roulette (2011)',
  source: 'RAY 2011 (docs/rules) §4.3, docs/rules RES-1',
  payouts: { straight: 30, split: 15, street: 10, corner: 7, sixline: 4, column: 2, dozen: 2, evenMoney: 1 },
  // RAY's own zero rule, stated here rather than inherited: no half-back, no en prison
  zero: { laPartage: false, laPartageRounding: 'down', enPrison: false },
  racetrack: { ...europeanProfile.racetrack, enabled: false },
};

/** Every roulette profile by id. */
export const rouletteProfiles: Readonly<Record<string, RouletteProfile>> = {
  [europeanProfile.id]: europeanProfile,
  [rayParlourProfile.id]: rayParlourProfile,
};

export const DEFAULT_ROULETTE_PROFILE = europeanProfile.id;
