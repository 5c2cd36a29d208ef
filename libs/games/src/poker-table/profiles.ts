import { ok, violation, type Result } from '../common/result.js';
import type { PokerRanking } from '../poker/rank.js';

/**
 * Live poker where players play each other (issue 11; docs/rules/live-poker.md §2–§4, RAY 2011 (docs/rules) §6):
 * variants as DATA. A variant is its deck, its ranking, its dealing steps (hole/up/board/draw, one card
 * per round, S1-DEAL-3), its betting rounds (who acts first) and its showdown (hand formation, hi/lo).
 * Decisions the seeds leave open are written down in DECISIONS.md with `PT-…` IDs.
 */

export const VARIANT_IDS = ['holdem', 'omaha', 'omaha-hilo', 'stud', 'stud-hilo', 'draw', 'draw-7e', 'soko'] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

/** Who opens a betting round. */
export type FirstToAct =
  /** pre-flop with blinds: the seat after the big blind (or after the straddler, S1-STRADDLE); heads-up the button (PT-HEADSUP). */
  | 'after-blinds'
  /** the first remaining seat after the button (001 §3.1 rounds 2–4; no button: position 1). */
  | 'after-button'
  /** stud 3rd street: the lowest up-card posts the bring-in, the seat after it acts first (004, PT-BRINGIN). */
  | 'bring-in'
  /** stud later streets, Sökö every street: the best showing hand (RAY §6.7, 004). */
  | 'best-showing';

export type DealStep =
  /** every seat still in gets `count` cards, one per round (S1-DEAL-3); `up` cards are visible to all. */
  | { readonly type: 'deal'; readonly face: 'down' | 'up'; readonly count: number }
  /** community cards (Bordskort). */
  | { readonly type: 'board'; readonly count: number }
  /** one draw: each seat still in discards 0..5 and gets as many new cards (001 §3.4). */
  | { readonly type: 'draw' }
  /** a betting round; `size` is the fixed-limit bet of the round (S1-FL: set per table, `small`/`big`). */
  | { readonly type: 'bet'; readonly first: FirstToAct; readonly size: 'small' | 'big' };

export type HandFormation =
  /** best five of hole + board (0, 1 or 2 hole cards, 001 §3.1). */
  | 'best-five'
  /** exactly two hole + three board (001 §3.2). */
  | 'omaha'
  /** the five cards held (draw, Sökö). */
  | 'five-held';

export interface VariantProfile {
  readonly id: VariantId;
  readonly name: string;
  readonly ranking: PokerRanking;
  /** lowest rank of the deck (0 = deuce); 7-E decides it per hand from the player count (001 §3.5). */
  readonly deckLowestRank: number | 'seven-e';
  readonly formation: HandFormation;
  /** 8-or-better split (001 §3.3, RAY §6.5/6.6). */
  readonly hiLo: boolean;
  /** forced bets: blinds (flop and draw games) or antes + bring-in (stud) or antes only (Sökö). */
  readonly forced: 'blinds' | 'ante-bring-in' | 'ante';
  /** S1-DEAL-2: a player dealer with a button, or a non-playing dealer and no button (Sökö, stud). */
  readonly button: boolean;
  readonly straddleAllowed: boolean;
  readonly steps: readonly DealStep[];
  readonly minSeats: number;
  readonly maxSeats: number;
  /**
   * RAY §6.6 / seed 000 (Seven Card Stud, PT-STUD-SEATS): when the stock cannot give every remaining
   * player their own card on a street, one shared card is turned face up in the middle instead, and
   * every remaining player uses it (it goes to `board`).
   */
  readonly sharedCardWhenShort?: boolean;
  readonly rules: readonly string[];
}

const HOLDEM_STREETS = (hole: number): DealStep[] => [
  { type: 'deal', face: 'down', count: hole },
  { type: 'bet', first: 'after-blinds', size: 'small' },
  { type: 'board', count: 3 },
  { type: 'bet', first: 'after-button', size: 'small' },
  { type: 'board', count: 1 },
  { type: 'bet', first: 'after-button', size: 'big' },
  { type: 'board', count: 1 },
  { type: 'bet', first: 'after-button', size: 'big' },
];

/** One up card to every seat still in, then a betting round the best showing hand opens (RAY §6.6/§6.7, 004). */
const UP_STREET = (size: 'small' | 'big'): DealStep[] => [
  { type: 'deal', face: 'up', count: 1 },
  { type: 'bet', first: 'best-showing', size },
];

const STUD_STREETS: DealStep[] = [
  // RAY §6.6: two down and one up, bet; one up + bet until 2 down 4 up; the 7th down, bet.
  { type: 'deal', face: 'down', count: 2 },
  { type: 'deal', face: 'up', count: 1 },
  { type: 'bet', first: 'bring-in', size: 'small' },
  ...UP_STREET('small'),
  ...UP_STREET('big'),
  ...UP_STREET('big'),
  { type: 'deal', face: 'down', count: 1 },
  { type: 'bet', first: 'best-showing', size: 'big' },
];

const DRAW_STREETS: DealStep[] = [
  { type: 'deal', face: 'down', count: 5 },
  { type: 'bet', first: 'after-blinds', size: 'small' },
  { type: 'draw' },
  { type: 'bet', first: 'after-button', size: 'big' },
];

const SOKO_STREETS: DealStep[] = [
  // RAY §6.7: after the antes one down and one up; the highest up card opens; then 3rd, 4th, 5th up,
  // the best hand opens each time. Four betting rounds.
  { type: 'deal', face: 'down', count: 1 },
  ...UP_STREET('small'),
  ...UP_STREET('small'),
  ...UP_STREET('big'),
  ...UP_STREET('big'),
];

export const VARIANTS: Readonly<Record<VariantId, VariantProfile>> = {
  holdem: { id: 'holdem', name: "Texas Hold'em", ranking: 'standard', deckLowestRank: 0, formation: 'best-five', hiLo: false, forced: 'blinds', button: true, straddleAllowed: true, steps: HOLDEM_STREETS(2), minSeats: 2, maxSeats: 10, rules: ['001 §3.1', 'RAY §6.3', 'S1-STRADDLE'] },
  omaha: { id: 'omaha', name: 'Omaha High', ranking: 'standard', deckLowestRank: 0, formation: 'omaha', hiLo: false, forced: 'blinds', button: true, straddleAllowed: false, steps: HOLDEM_STREETS(4), minSeats: 2, maxSeats: 10, rules: ['001 §3.2', 'RAY §6.4'] },
  'omaha-hilo': { id: 'omaha-hilo', name: 'Omaha High/Low (8 or better)', ranking: 'standard', deckLowestRank: 0, formation: 'omaha', hiLo: true, forced: 'blinds', button: true, straddleAllowed: false, steps: HOLDEM_STREETS(4), minSeats: 2, maxSeats: 10, rules: ['001 §3.3', 'RAY §6.5'] },
  // PT-STUD-SEATS: 8 seats; 8 × 7 = 56 > 52, so RAY §6.6's shared card replaces a street the stock cannot
  // cover (only the 7th with 8 players). 9–10 would need shared cards from 5th/6th street and could run
  // out with burns: not offered (S1-TABLE-1's ten is a table maximum, like PT-7E-SEATS' five).
  stud: { id: 'stud', name: 'Seven Card Stud', ranking: 'standard', deckLowestRank: 0, formation: 'best-five', hiLo: false, forced: 'ante-bring-in', button: false, straddleAllowed: false, steps: STUD_STREETS, minSeats: 2, maxSeats: 8, sharedCardWhenShort: true, rules: ['RAY §6.6', '004', 'PT-STUD-SEATS'] },
  'stud-hilo': { id: 'stud-hilo', name: 'Seven Card Stud High/Low (8 or better)', ranking: 'standard', deckLowestRank: 0, formation: 'best-five', hiLo: true, forced: 'ante-bring-in', button: false, straddleAllowed: false, steps: STUD_STREETS, minSeats: 2, maxSeats: 8, sharedCardWhenShort: true, rules: ['RAY §6.6', '004', 'PT-STUD-SEATS'] },
  draw: { id: 'draw', name: 'Mörkpoker (five-card draw)', ranking: 'standard', deckLowestRank: 0, formation: 'five-held', hiLo: false, forced: 'blinds', button: true, straddleAllowed: false, steps: DRAW_STREETS, minSeats: 2, maxSeats: 10, rules: ['001 §3.4'] },
  // 001 §3.5: 32 cards for ≤ 4 players, 36 for 5; 6+ unspecified → at most 5 seats (PT-7E-SEATS).
  'draw-7e': { id: 'draw-7e', name: 'Mörkpoker 7-E (short deck)', ranking: 'short-deck', deckLowestRank: 'seven-e', formation: 'five-held', hiLo: false, forced: 'blinds', button: true, straddleAllowed: false, steps: DRAW_STREETS, minSeats: 2, maxSeats: 5, rules: ['001 §3.5'] },
  soko: { id: 'soko', name: 'Sökö', ranking: 'soko', deckLowestRank: 0, formation: 'five-held', hiLo: false, forced: 'ante', button: false, straddleAllowed: false, steps: SOKO_STREETS, minSeats: 2, maxSeats: 10, rules: ['RAY §6.7', '001 §2.5 H–I'] },
};

export type BettingStructure = 'fixed-limit' | 'pot-limit' | 'no-limit';

export interface RakeProfile {
  /** S1-RAKE / RAY §6.1 A: basis points of each betting round's bets (500 = 5 %), rounded down. */
  readonly basisPoints: number;
  /** RAY §6.1 A: at most this much per hand (null = no cap). */
  readonly capMinor: number | null;
  /** no rake on a hand that ends in its first betting round ("no flop, no drop"). */
  readonly noFlopNoDrop: boolean;
}

/** PT-ODDCHIP (docs/rules/live-poker.md §0.12 [GAP]): who gets an odd chip of a split. */
export type OddChipRule = 'left-of-button' | 'lowest-seat';

export interface PokerTableConfig {
  readonly variant: VariantId;
  readonly structure: BettingStructure;
  readonly smallBlindMinor: number;
  readonly bigBlindMinor: number;
  readonly anteMinor: number;
  readonly bringInMinor: number;
  /** S1-FL: the fixed bets (small for the early rounds, big for the late ones); PL/NL ignore them. */
  readonly smallBetMinor: number;
  readonly bigBetMinor: number;
  /** S1-FL: one bet + three raises; null = unlimited. Heads-up at round start is always unlimited. */
  readonly maxRaisesPerRound: number | null;
  /** S1-STRADDLE: an "Ö" table (Hold'em only). */
  readonly straddleTable: boolean;
  /** S1-CAP: a player's total stake in one hand (2 prisbasbelopp, yearly config); null = none. */
  readonly capPerHandMinor: number | null;
  readonly rake: RakeProfile | null;
  readonly oddChip: OddChipRule;
  /** PT-ODDCHIP: the odd chip of a hi/lo halving goes to the high half (default) or the low half. */
  readonly hiLoOddChip: 'high' | 'low';
  /** S1-TIMEOUT: literal 001 `fold`, or `check-when-free` (a PO choice, docs/rules/live-poker.md §6.7). */
  readonly timeout: 'fold' | 'check-when-free';
  /** S1-TIMEOUT: the action clock; S1-TIMEBANK: each player's bank per hand (0 = none). */
  readonly actionMs: number;
  readonly timeBankMs: number;
  /** S1-FAIL-RING [GAP]: what happens to chips folded players left in a voided hand (PT-VOID). */
  readonly voidFoldedChips: 'refund-folded' | 'to-remaining';
  /**
   * P4-IRR: a down card exposed by the dealer. `show-to-all` (004: a card shown to anyone is shown to all,
   * the hand goes on) or `redeal` (004: an exposure during the deal allows a redeal before significant action).
   */
  readonly exposedCard: 'show-to-all' | 'redeal';
  /** whether the dealer console sees hole-card values (default: only "card scanned"). */
  readonly dealerSeesHoleCards: boolean;
  /**
   * PT-BURN (004: "Formal games burn one card before dealing"): the dealer burns one card before each later
   * street (flop, turn, river; stud 4th–7th street) and before a draw's replacement cards. A scanning shoe
   * reads the burned card too; the hand takes it as the burn. Default off.
   */
  readonly burnCards: boolean;
}

export const DEFAULT_TABLE: PokerTableConfig = {
  variant: 'holdem',
  structure: 'no-limit',
  smallBlindMinor: 50,
  bigBlindMinor: 100,
  anteMinor: 0,
  bringInMinor: 0,
  smallBetMinor: 100,
  bigBetMinor: 200,
  maxRaisesPerRound: 3,
  straddleTable: false,
  capPerHandMinor: null,
  rake: null,
  oddChip: 'left-of-button',
  hiLoOddChip: 'high',
  timeout: 'fold',
  actionMs: 20_000,
  timeBankMs: 0,
  voidFoldedChips: 'refund-folded',
  exposedCard: 'show-to-all',
  dealerSeesHoleCards: false,
  burnCards: false,
};

/** A table config with defaults filled in. */
export function tableConfig(partial: Partial<PokerTableConfig>): PokerTableConfig {
  return { ...DEFAULT_TABLE, ...partial };
}

const isMinor = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** Every field a table config may have (DEFAULT_TABLE's keys); `variant` included. */
export const TABLE_FIELDS: readonly (keyof PokerTableConfig)[] = Object.keys(DEFAULT_TABLE) as (keyof PokerTableConfig)[];
const RAKE_FIELDS: readonly (keyof RakeProfile)[] = ['basisPoints', 'capMinor', 'noFlopNoDrop'];

/**
 * Untrusted table settings (a written hand's `table`, an events body's `table`, a table-creation
 * body's `config`; issue 24): an object of known fields only — an unknown field is refused rather than
 * ignored (`"ante": -1` must not silently drop the ante), so is a `rake` with a field other than
 * basisPoints / capMinor / noFlopNoDrop. Code POKER_INVALID_CONFIG, rule D-2 (rule choices are profile
 * data) / S1-RAKE. Values are checked by `validateConfig` once the defaults are filled in.
 */
export function parseTableFields(raw: unknown, where = 'table'): Result<Partial<PokerTableConfig>> {
  const bad = (rule: string, message: string, field?: string): Result<Partial<PokerTableConfig>> => violation('POKER_INVALID_CONFIG', rule, message, field === undefined ? undefined : { field });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('D-2', `"${where}" must be an object of table settings`);
  for (const k of Object.keys(raw)) {
    if (!(TABLE_FIELDS as readonly string[]).includes(k)) return bad('D-2', `${where} has an unknown field "${k}" (allowed: ${TABLE_FIELDS.join(', ')})`, k);
  }
  const rake = (raw as { rake?: unknown }).rake;
  if (rake !== undefined && rake !== null) {
    if (typeof rake !== 'object' || Array.isArray(rake)) return bad('S1-RAKE', `${where}.rake is null or { basisPoints, capMinor, noFlopNoDrop }`, 'rake');
    for (const k of Object.keys(rake)) {
      if (!(RAKE_FIELDS as readonly string[]).includes(k)) return bad('S1-RAKE', `${where}.rake has an unknown field "${k}" (allowed: ${RAKE_FIELDS.join(', ')})`, `rake.${k}`);
    }
    for (const k of RAKE_FIELDS) if (!(k in rake)) return bad('S1-RAKE', `${where}.rake needs ${k} (rake is { basisPoints, capMinor, noFlopNoDrop })`, `rake.${k}`);
  }
  return ok(raw as Partial<PokerTableConfig>);
}

/** Validates a table config (code POKER_INVALID_CONFIG, rule S1-FL/S1-STRADDLE/S1-RAKE…). */
export function validateConfig(c: PokerTableConfig): Result<PokerTableConfig> {
  const bad = (rule: string, message: string): Result<PokerTableConfig> => violation('POKER_INVALID_CONFIG', rule, message);
  const v = VARIANTS[c.variant] as VariantProfile | undefined;
  if (!v) return bad('D-2', `unknown variant ${JSON.stringify(c.variant)}`);
  for (const k of ['smallBlindMinor', 'bigBlindMinor', 'anteMinor', 'bringInMinor', 'smallBetMinor', 'bigBetMinor', 'actionMs', 'timeBankMs'] as const) {
    if (!isMinor(c[k])) return bad('D-1', `${k} must be a whole number ≥ 0`);
  }
  if (c.actionMs <= 0) return bad('S1-TIMEOUT', 'the action clock needs a positive actionMs');
  const oneOf = (k: keyof PokerTableConfig, allowed: readonly unknown[]): boolean => allowed.includes(c[k]);
  if (!oneOf('structure', ['fixed-limit', 'pot-limit', 'no-limit'])) return bad('S1-FL', 'structure is fixed-limit, pot-limit or no-limit');
  if (!oneOf('oddChip', ['left-of-button', 'lowest-seat']) || !oneOf('hiLoOddChip', ['high', 'low'])) return bad('PT-ODDCHIP', 'oddChip is left-of-button or lowest-seat; hiLoOddChip high or low');
  if (!oneOf('timeout', ['fold', 'check-when-free'])) return bad('S1-TIMEOUT', 'timeout is fold or check-when-free');
  if (!oneOf('exposedCard', ['show-to-all', 'redeal'])) return bad('P4-IRR', 'exposedCard is show-to-all or redeal');
  if (!oneOf('voidFoldedChips', ['refund-folded', 'to-remaining'])) return bad('S1-FAIL-RING', 'voidFoldedChips is refund-folded or to-remaining');
  if (typeof c.straddleTable !== 'boolean' || typeof c.dealerSeesHoleCards !== 'boolean') return bad('D-2', 'straddleTable and dealerSeesHoleCards are true or false');
  if (typeof c.burnCards !== 'boolean') return bad('PT-BURN', 'burnCards is true or false');
  if (c.rake !== null && (typeof c.rake !== 'object' || typeof c.rake.noFlopNoDrop !== 'boolean')) return bad('S1-RAKE', 'rake is null or { basisPoints, capMinor, noFlopNoDrop }');
  if (v.forced === 'blinds' && (c.bigBlindMinor <= 0 || c.smallBlindMinor > c.bigBlindMinor)) return bad('S1-FL', 'blind games need 0 < small blind ≤ big blind');
  if (v.forced === 'ante-bring-in' && (c.bringInMinor <= 0 || c.bringInMinor > c.smallBetMinor)) return bad('S1-FL', 'stud needs 0 < bring-in ≤ the small bet');
  if (c.structure === 'fixed-limit' && (c.smallBetMinor <= 0 || c.bigBetMinor < c.smallBetMinor)) return bad('S1-FL', 'fixed limit needs 0 < small bet ≤ big bet');
  if (c.structure !== 'fixed-limit' && v.forced !== 'blinds' && c.smallBetMinor <= 0) return bad('S1-PL', 'pot/no limit without blinds needs a minimum bet (smallBetMinor)');
  if (c.straddleTable && !v.straddleAllowed) return bad('S1-STRADDLE', `the straddle is Texas Hold'em only, not ${v.name}`);
  if (c.maxRaisesPerRound !== null && (!Number.isSafeInteger(c.maxRaisesPerRound) || c.maxRaisesPerRound < 0)) return bad('S1-FL', 'maxRaisesPerRound must be a whole number or null');
  if (c.capPerHandMinor !== null && (!isMinor(c.capPerHandMinor) || c.capPerHandMinor <= 0)) return bad('S1-CAP', 'the per-hand cap must be a positive whole number');
  if (c.rake && (!Number.isSafeInteger(c.rake.basisPoints) || c.rake.basisPoints < 0 || c.rake.basisPoints > 10_000 || (c.rake.capMinor !== null && !isMinor(c.rake.capMinor)))) return bad('S1-RAKE', 'rake needs 0..10000 basis points and a whole-number cap');
  return ok(c);
}

/** The fixed-limit bet of a round (S1-FL), or the minimum opening bet in PL/NL (S1-PL: the BB). */
export function betUnit(c: PokerTableConfig, size: 'small' | 'big'): number {
  if (c.structure === 'fixed-limit') return size === 'small' ? c.smallBetMinor : c.bigBetMinor;
  return VARIANTS[c.variant].forced === 'blinds' ? c.bigBlindMinor : c.smallBetMinor;
}

/** Lowest rank of the deck for this hand (7-E: 32 cards up to 4 players, 36 for 5; 001 §3.5). */
export function deckLowestRank(v: VariantProfile, players: number): number {
  if (v.deckLowestRank === 'seven-e') return players <= 4 ? 5 : 4;
  return v.deckLowestRank;
}
