import { rankIndex, parseCard, rankOf, suitOf, type Card } from '../cards/card.js';
import { burn, deal, type Shoe } from '../cards/shoe.js';
import { ratio, type Ratio, type Rounding } from '../common/money.js';
import { ok, violation, type Result, type Violation } from '../common/result.js';

/**
 * The "card duel" shared by Dragon Tiger (DT-1..5, RES-4) and Football Studio (FS-1..3, RES-5):
 * one card to each of two sides, the higher rank wins, equal ranks are a tie/draw on which the side
 * bets lose half (DT-3 / FS-2). Each game is a `DuelSpec` (names and rule IDs) plus profiles (data).
 */
export interface DuelSpec {
  readonly game: 'dragon-tiger' | 'football-studio';
  readonly label: string;
  /** Side bet keys, in dealing order: the first card goes to sides[0]. */
  readonly sides: readonly [string, string];
  /** Tie bet key (`tie` / `draw`). */
  readonly tie: string;
  /** Suited-tie bet key, offered only when the profile has `suitedTiePays`. */
  readonly suitedTie: string | null;
  readonly rules: {
    /** Deal / shoe / card rule (DT-1, FS-1). */
    readonly deal: string;
    /** Paytable rule (DT-2, FS-2). */
    readonly pays: string;
    /** Half loss of side bets on a tie (DT-3, FS-2). */
    readonly halfLoss: string;
    /** The side-vs-side restriction (RES-4, RES-5). */
    readonly restriction: string;
  };
}

/** A duel rule profile: every [Decision] of DT/FS as data (D-2). */
export interface DuelProfile {
  readonly id: string;
  readonly name: string;
  /** DT-1 / FS-1: decks in the shoe (used for exact RTP). */
  readonly decks: number;
  /** FS-1: ace highest (A above K). DT-1: ace lowest (false). */
  readonly aceHigh: boolean;
  /** DT-2 / FS-2: pay of a winning side bet. */
  readonly sidePays: Ratio;
  /** DT-2 tie 8:1 (some tables 11:1); FS-2 draw 11:1. */
  readonly tiePays: Ratio;
  /** DT-2 suited tie (optional): null = the spot is not offered. */
  readonly suitedTiePays: Ratio | null;
  /** DT-3 / FS-2: on a tie, side bets lose half (the other half is returned). False = they lose all. */
  readonly halfLossOnTie: boolean;
  /** How the returned half of an odd stake rounds (D-1: integer minor units). */
  readonly halfLossRounding: Rounding;
  /** Rounding of fractional payouts (non-integer paytables only). */
  readonly payoutRounding: Rounding;
  /** DT-5: at a new shoe the first card is shown and that many cards are burned. */
  readonly burnOnNewShoe: boolean;
  /** DT-5: how many cards a T/J/Q/K counts for when burning (A = 1, 2–9 face value). */
  readonly burnFaceCardsAs: number;
}

export type DuelCards = readonly [Card, Card];

/** Rank value for comparison: A=1 … K=13, or A=14 when `aceHigh` (FS-1). */
export const duelRank = (c: Card, p: DuelProfile): number => (p.aceHigh && rankOf(c) === 'A' ? 14 : rankIndex(c));

export type DuelSpot = { readonly type: 'side'; readonly index: 0 | 1 } | { readonly type: 'tie' } | { readonly type: 'suited-tie' };

/** The bet spots a profile offers (suited tie only where the profile pays it). */
export function duelSpots(spec: DuelSpec, p: DuelProfile): readonly string[] {
  const keys = [spec.sides[0], spec.sides[1], spec.tie];
  if (spec.suitedTie !== null && p.suitedTiePays !== null) keys.push(spec.suitedTie);
  return keys;
}

export function parseDuelSpot(spec: DuelSpec, p: DuelProfile, key: string): Result<DuelSpot> {
  if (key === spec.sides[0]) return ok({ type: 'side', index: 0 });
  if (key === spec.sides[1]) return ok({ type: 'side', index: 1 });
  if (key === spec.tie) return ok({ type: 'tie' });
  if (spec.suitedTie !== null && key === spec.suitedTie) {
    if (p.suitedTiePays !== null) return ok({ type: 'suited-tie' });
    return violation('SPOT_NOT_OFFERED', spec.rules.pays, `${spec.label} profile "${p.id}" does not offer the ${spec.suitedTie} bet (${spec.rules.pays}).`, { spot: key, profileId: p.id });
  }
  return violation('UNKNOWN_SPOT', spec.rules.pays, `"${key}" is not a ${spec.label} bet spot (expected ${duelSpots(spec, p).join(', ')}).`, { spot: key });
}

export type DuelResolution = {
  readonly outcome: 'win' | 'lose' | 'partial';
  /** Total return per unit stake (stake included). */
  readonly multiple: Ratio;
  /** Rounding applied to stake × multiple. */
  readonly rounding: Rounding;
  readonly rules: readonly string[];
};

export function resolveDuelSpot(spec: DuelSpec, spot: DuelSpot, cards: DuelCards, p: DuelProfile): DuelResolution {
  const a = duelRank(cards[0], p);
  const b = duelRank(cards[1], p);
  const tie = a === b;
  const pays = spec.rules.pays;
  const win = (r: Ratio): DuelResolution => ({ outcome: 'win', multiple: ratio(r.num + r.den, r.den), rounding: p.payoutRounding, rules: [pays] });
  const lose: DuelResolution = { outcome: 'lose', multiple: ratio(0), rounding: 'down', rules: [pays] };
  switch (spot.type) {
    case 'side': {
      if (tie) {
        return p.halfLossOnTie
          ? { outcome: 'partial', multiple: ratio(1, 2), rounding: p.halfLossRounding, rules: [spec.rules.halfLoss] }
          : { ...lose, rules: [spec.rules.halfLoss] };
      }
      const mine = spot.index === 0 ? a : b;
      const theirs = spot.index === 0 ? b : a;
      return mine > theirs ? win(p.sidePays) : lose;
    }
    case 'tie':
      return tie ? win(p.tiePays) : lose;
    case 'suited-tie':
      return tie && suitOf(cards[0]) === suitOf(cards[1]) && p.suitedTiePays !== null ? win(p.suitedTiePays) : lose;
  }
}

/** RES-4 / RES-5: a player may not hold both sides in one round. */
export function checkDuelRestriction(spec: DuelSpec, held: Iterable<string>, spot: string): Violation | null {
  const [x, y] = spec.sides;
  const other = spot === x ? y : spot === y ? x : null;
  if (other === null) return null;
  for (const h of held) {
    if (h === other) {
      return violation('RESTRICTED_COMBINATION', spec.rules.restriction, `${spec.label} does not allow ${x} and ${y} in the same round (${spec.rules.restriction}): you already bet on ${other}.`, { spot, conflictsWith: other }).violation;
    }
  }
  return null;
}

/** A card from a device or dispute input: canonical code (`KH`, `TD`; `10D` and lower case accepted at the edge). */
export function parseDuelCard(spec: DuelSpec, input: unknown): Result<Card> {
  if (typeof input !== 'string') return violation('INVALID_CARD', spec.rules.deal, `A card must be a card code such as "KH" or "TD", got ${JSON.stringify(input)}.`, { card: input });
  const c = parseCard(input);
  if (!c.ok) return violation('INVALID_CARD', spec.rules.deal, c.violation.message, { card: input });
  return c;
}

/** Exactly two cards: the first to sides[0], the second to sides[1]. */
export function parseDuelCards(spec: DuelSpec, input: unknown): Result<DuelCards> {
  if (!Array.isArray(input) || input.length !== 2) return violation('INVALID_CARDS', spec.rules.deal, `A ${spec.label} result is exactly two cards [${spec.sides[0]}, ${spec.sides[1]}], got ${JSON.stringify(input)}.`);
  const a = parseDuelCard(spec, input[0]);
  if (!a.ok) return a;
  const b = parseDuelCard(spec, input[1]);
  if (!b.ok) return b;
  return ok([a.value, b.value]);
}

/** DT-5: how many cards the shown first card of a new shoe burns (A=1, 2–9 face value, T–K per profile). */
export function burnCountFor(card: Card, p: DuelProfile): number {
  const r = rankIndex(card);
  return r >= 10 ? p.burnFaceCardsAs : r;
}

/**
 * DT-5: start a new shoe: show the first card and burn that many more. Returns the shoe ready for the
 * first round (the shown card is in `burned` too). With `burnOnNewShoe` false the shoe is unchanged.
 */
export function startShoe(shoe: Shoe, p: DuelProfile): Result<{ readonly shown: Card | null; readonly burnedCount: number; readonly shoe: Shoe }> {
  if (!p.burnOnNewShoe) return ok({ shown: null, burnedCount: 0, shoe });
  const first = deal(shoe);
  if (!first.ok) return first;
  const n = burnCountFor(first.value.card, p);
  const burned = burn(first.value.shoe, n);
  if (!burned.ok) return burned;
  return ok({ shown: first.value.card, burnedCount: n, shoe: { ...burned.value, burned: [...shoe.burned, first.value.card, ...burned.value.burned.slice(shoe.burned.length)] } });
}
