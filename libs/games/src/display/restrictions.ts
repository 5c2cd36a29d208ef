import { baccaratSettleOffline } from '../baccarat/baccarat.module.js';
import { spotsOf, type BaccaratProfile } from '../baccarat/baccarat.profiles.js';
import { checkDuelRestriction, duelSpots, type DuelProfile, type DuelSpec } from '../dragon-tiger/duel.rules.js';
import type { RouletteProfile } from '../roulette/profiles.js';
import { POCKET_COUNT } from '../roulette/wheel.js';
import { checkRestriction, SICBO_SPOTS } from '../sicbo/sicbo.rules.js';

/**
 * Bet restrictions (docs/rules RES-1..RES-5) as data for the player client to explain and to grey
 * out the spots a bet would be rejected on. Nothing is re-declared: the exclusive pairs are found by
 * asking each game's own restriction check about every pair of its spots, so this data cannot drift
 * from what the server enforces.
 */

export interface ExclusivePairs {
  readonly type: 'exclusive-pairs';
  readonly game: 'baccarat' | 'sicbo' | 'dragon-tiger' | 'football-studio';
  /** RES-2 baccarat, RES-3 sic bo, RES-4 dragon tiger, RES-5 football studio. */
  readonly ruleId: string;
  /** The violation code a rejected bet carries (e.g. `RESTRICTED_COMBINATION`, `OPPOSITE_BETS`). */
  readonly code: string;
  /** Spot pairs one player may not hold together in one round. */
  readonly pairs: readonly (readonly [string, string])[];
}

export interface CoverageLimit {
  readonly type: 'coverage';
  readonly game: 'roulette';
  readonly ruleId: string;
  readonly code: string;
  /** A player's bets in one round may cover at most this many of `pockets` (RES-1 / ROU-8). */
  readonly maxCoveredPockets: number;
  readonly pockets: number;
}

export type BetRestriction = ExclusivePairs | CoverageLimit;

function pairsFrom(spots: readonly string[], check: (held: string, spot: string) => { code: string; ruleId: string | null } | null): { pairs: [string, string][]; ruleId: string | null; code: string | null } {
  const pairs: [string, string][] = [];
  let ruleId: string | null = null;
  let code: string | null = null;
  spots.forEach((a, i) => {
    for (const b of spots.slice(i + 1)) {
      const v = check(a, b);
      if (!v) continue;
      pairs.push([a, b]);
      ruleId = v.ruleId;
      code = v.code;
    }
  });
  return { pairs, ruleId, code };
}

const exclusive = (game: ExclusivePairs['game'], found: ReturnType<typeof pairsFrom>, fallbackRule: string): ExclusivePairs => ({
  type: 'exclusive-pairs',
  game,
  ruleId: found.ruleId ?? fallbackRule,
  code: found.code ?? 'RESTRICTED_COMBINATION',
  pairs: found.pairs,
});

/** RES-3: Sic Bo (from `sicbo.rules` `checkRestriction`). */
export function sicboRestrictions(): ExclusivePairs {
  return exclusive('sicbo', pairsFrom(SICBO_SPOTS, (a, b) => checkRestriction([a], b)), 'RES-3');
}

/** RES-4 (Dragon Tiger) / RES-5 (Football Studio): from `checkDuelRestriction` over the profile's spots. */
export function duelRestrictions(spec: DuelSpec, profile: DuelProfile): ExclusivePairs {
  return exclusive(spec.game, pairsFrom(duelSpots(spec, profile), (a, b) => checkDuelRestriction(spec, [a], b)), spec.rules.restriction);
}

/** A complete legal hand (Player natural 9 v Banker 0), only used to ask the settlement rules about bet pairs. */
const PROBE_CARDS = ['9S', 'TD', 'TC', 'TH'];

/** RES-2: Baccarat (from the offline settlement's check, the same rule the kernel enforces). */
export function baccaratRestrictions(profile: BaccaratProfile): ExclusivePairs {
  const probe = (a: string, b: string) => {
    const bets = [a, b].map((spot, i) => ({ betId: `probe_${i}`, playerId: 'probe', spot, stakeMinor: 100 }));
    const r = baccaratSettleOffline(profile, { cards: PROBE_CARDS, bets });
    return r.ok ? null : r.violation;
  };
  return exclusive('baccarat', pairsFrom(spotsOf(profile), probe), 'RES-2');
}

/** RES-1 / ROU-8: the roulette coverage limit of a profile. */
export function rouletteRestrictions(profile: RouletteProfile): CoverageLimit {
  return { type: 'coverage', game: 'roulette', ruleId: 'RES-1', code: 'COVERAGE_LIMIT', maxCoveredPockets: profile.maxCoveredPockets, pockets: POCKET_COUNT };
}

/**
 * The spots a player can no longer bet on because of what they already hold this round, each with
 * the held spot it conflicts with (for greying out and a tooltip naming the rule).
 */
export function blockedSpots(restriction: ExclusivePairs, held: Iterable<string>): Record<string, string> {
  const have = new Set(held);
  const out: Record<string, string> = {};
  for (const [a, b] of restriction.pairs) {
    if (have.has(a) && !have.has(b)) out[b] = a;
    if (have.has(b) && !have.has(a)) out[a] = b;
  }
  return out;
}
