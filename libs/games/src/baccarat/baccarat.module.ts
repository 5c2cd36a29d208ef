import { parseCard, type Card } from '../cards/card.js';
import { record, trackShoe } from '../cards/shoe.js';
import { isMinor, type Ratio } from '../common/money.js';
import { ok, violation, type Result } from '../common/result.js';
import type { GameModule, RtpReport, RtpRow } from '../kernel/game.js';
import type { BetRequest, Settlement } from '../kernel/kernel.js';
import { bankerNetRatio, settleBets } from './baccarat.payouts.js';
import { baccaratProfiles, isBaccaratSpot, spotsOf, type BaccaratProfile } from './baccarat.profiles.js';
import { dueAfterValues, handResult, nextDue } from './baccarat.rules.js';

// ---------------------------------------------------------------------------------------------
// Exact enumeration of a fresh shoe (rank classes by baccarat value, drawn without replacement).
// ---------------------------------------------------------------------------------------------

/**
 * Weight of every final (Player points, Banker points) pair, counted as 6-card orderings of a fresh
 * shoe of `decks` decks: `cells[p * 10 + b]`, `total` = N·(N−1)·…·(N−5). Hands of 4 or 5 cards count
 * every ordering of the unused following cards. Drawing follows `dueAfterValues` (BAC-12…BAC-16).
 */
export function enumerateOutcomes(decks: number): { cells: bigint[]; total: bigint } {
  const counts = [16 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks, 4 * decks];
  const N = 52 * decks;
  /** tail[k]: orderings of positions k..5 once k cards are fixed. */
  const tail: bigint[] = [];
  for (let k = 0; k <= 6; k++) {
    let t = 1n;
    for (let j = k; j < 6; j++) t *= BigInt(N - j);
    tail.push(t);
  }
  const cells: bigint[] = Array.from({ length: 100 }, () => 0n);
  const values: number[] = [];
  const walk = (weight: number): void => {
    const d = dueAfterValues(values);
    if (d.type === 'complete') {
      const at = (i: number): number => values[i] as number;
      const playerDrew = values.length >= 5 && playerDrewThird(values);
      const p = (at(0) + at(2) + (playerDrew ? at(4) : 0)) % 10;
      const third = playerDrew ? (values.length === 6 ? 5 : null) : values.length === 5 ? 4 : null;
      const b = (at(1) + at(3) + (third === null ? 0 : at(third))) % 10;
      const i = p * 10 + b;
      cells[i] = (cells[i] as bigint) + BigInt(weight) * (tail[values.length] as bigint);
      return;
    }
    for (let val = 0; val < 10; val++) {
      const c = counts[val] as number;
      if (c === 0) continue;
      counts[val] = c - 1;
      values.push(val);
      walk(weight * c);
      values.pop();
      counts[val] = c;
    }
  };
  walk(1);
  return { cells, total: tail[0] as bigint };
}

function playerDrewThird(values: readonly number[]): boolean {
  const d = dueAfterValues(values.slice(0, 4));
  return d.type === 'deal' && d.to === 'player';
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

const rat = (n: bigint, d: bigint): Rational => {
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const add = (a: Rational, b: Rational): Rational => rat(a.n * b.d + b.n * a.d, a.d * b.d);
const mul = (a: Rational, b: Rational): Rational => rat(a.n * b.n, a.d * b.d);
const fromRatio = (r: Ratio): Rational => rat(BigInt(r.num), BigInt(r.den));
const ONE: Rational = { n: 1n, d: 1n };

/** Float of a rational without losing precision to huge numerators (12 significant digits is plenty). */
const toNumber = (r: Rational): number => Number((r.n * 10n ** 15n) / r.d) / 1e15;

function row(bet: string, r: Rational, note: string): RtpRow {
  const rtp = toNumber(r);
  return { bet, rtp, houseEdge: 1 - rtp, method: 'exact', exact: `${r.n}/${r.d}`, note };
}

/**
 * Return to player of every bet of a profile by exact enumeration of a fresh shoe. Payout ratios are
 * taken exactly (the BAC-11 per-bet rounding of the commission is below a minor unit and ignored).
 */
export function baccaratRtp(profile: BaccaratProfile): RtpRow[] {
  const { cells, total } = enumerateOutcomes(profile.decks);
  const prob = (pred: (p: number, b: number) => boolean): Rational => {
    let s = 0n;
    for (let p = 0; p < 10; p++) for (let b = 0; b < 10; b++) if (pred(p, b)) s += cells[p * 10 + b] as bigint;
    return rat(s, total);
  };
  const tie = prob((p, b) => p === b);
  const playerWin = prob((p, b) => p > b);
  let banker = tie; // BAC-5: refunded on a tie
  for (let b = 0; b < 10; b++) {
    const pb = prob((p, bb) => bb === b && b > p);
    if (pb.n === 0n) continue;
    banker = add(banker, mul(pb, add(ONE, fromRatio(bankerNetRatio(profile, b)))));
  }
  const base = `fresh ${profile.decks}-deck shoe, all card orderings weighted without replacement`;
  const rows: RtpRow[] = [
    row('player', add(tie, mul(playerWin, add(ONE, fromRatio(profile.paytable.player)))), `${base}; pushes on a tie (BAC-6)`),
    row('banker', banker, `${base}; pushes on a tie (BAC-5); commission as an exact ratio, rounding (BAC-11) ignored`),
    row('tie', mul(tie, add(ONE, fromRatio(profile.paytable.tie))), `${base} (BAC-7)`),
  ];
  // BAC-10: a pair = the hand's first two cards (shoe positions 1+3 or 2+4) of one rank: (4d−1)/(52d−1).
  const d = BigInt(profile.decks);
  const pPair = rat(4n * d - 1n, 52n * d - 1n);
  for (const spot of ['player-pair', 'banker-pair'] as const) {
    const r = profile.sideBets[spot];
    if (r !== null) rows.push(row(spot, mul(pPair, add(ONE, fromRatio(r))), `${base}; pair of the first two cards (BAC-10)`));
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Offline settlement (GEN-8 dispute tool)
// ---------------------------------------------------------------------------------------------

const bad = (message: string, details?: Record<string, unknown>) => violation('INVALID_INPUT', null, message, details);

/**
 * Settle a hand offline (`felt settle baccarat`). Input (JSON):
 *
 * ```json
 * { "roundId": "rnd_1",                      // optional, default "offline"
 *   "cards": ["9H", "TD", "5S", "KC", "2D"],  // the round's cards in SHOE ORDER (P, B, P, B, then third cards)
 *   "bets": [ { "betId": "bet_1", "playerId": "p1", "spot": "banker", "stakeMinor": 1000 } ] }
 * ```
 *
 * Spots: `player`, `banker`, `tie`, and `player-pair` / `banker-pair` when the profile offers them
 * (BAC-10). Card codes as devices.md §1 (`10D` and lower case accepted). The sequence is validated
 * against the tableau: a card the rules did not call for is a violation `MISDEAL` (BAC-17), a short
 * sequence `INCOMPLETE_HAND` (BAC-17), a card the shoe cannot hold `IMPOSSIBLE_CARD` (S-1); bets on
 * both Player and Banker by one player are `OPPOSITE_BETS` (RES-2). Bets of one player on one spot are
 * settled as one spot total (BAC-4).
 */
export function baccaratSettleOffline(profile: BaccaratProfile, input: unknown): Result<Settlement> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return bad('Input must be an object { cards, bets }.');
  const o = input as Record<string, unknown>;
  const roundId = o['roundId'] === undefined ? 'offline' : o['roundId'];
  if (typeof roundId !== 'string') return bad('roundId must be a string.');
  const rawCards = o['cards'];
  if (!Array.isArray(rawCards)) return bad('cards must be an array of card codes in shoe order.');
  const cards: Card[] = [];
  let shoe = trackShoe({ decks: profile.decks });
  for (const [i, raw] of rawCards.entries()) {
    if (typeof raw !== 'string') return bad(`cards[${i}] must be a string.`);
    const c = parseCard(raw);
    if (!c.ok) return violation(c.violation.code, c.violation.ruleId, `cards[${i}]: ${c.violation.message}`);
    const r = record(shoe, c.value);
    if (!r.ok) return r;
    shoe = r.value.shoe;
    cards.push(c.value);
  }
  const due = nextDue(cards);
  if (due.type === 'misdeal') return violation('MISDEAL', 'BAC-17', `cards[${due.index}]: ${due.message}`, { index: due.index });
  if (due.type === 'deal') return violation('INCOMPLETE_HAND', 'BAC-17', `The hand is not complete: ${due.message} (${due.ruleId}).`, { due: due.message });
  const result = handResult(cards);
  if (!result) return violation('MISDEAL', 'BAC-17', 'The card sequence is not a legal hand.');

  const rawBets = o['bets'];
  if (!Array.isArray(rawBets)) return bad('bets must be an array.');
  const spots = spotsOf(profile);
  const bets: BetRequest[] = [];
  const seen = new Set<string>();
  for (const [i, raw] of rawBets.entries()) {
    if (typeof raw !== 'object' || raw === null) return bad(`bets[${i}] must be an object.`);
    const b = raw as Record<string, unknown>;
    const { betId, playerId, spot, stakeMinor } = b;
    if (typeof betId !== 'string' || betId === '') return bad(`bets[${i}].betId must be a non-empty string.`);
    if (typeof playerId !== 'string' || playerId === '') return bad(`bets[${i}].playerId must be a non-empty string.`);
    if (typeof spot !== 'string' || !isBaccaratSpot(spot) || !spots.includes(spot)) return violation('UNKNOWN_SPOT', 'BAC-4', `bets[${i}].spot must be one of ${spots.join(', ')}.`, { spot });
    if (!isMinor(stakeMinor) || stakeMinor <= 0) return violation('INVALID_AMOUNT', 'GEN-4', `bets[${i}].stakeMinor must be a positive whole number of minor units.`);
    if (seen.has(betId)) return violation('BET_ID_CONFLICT', null, `bets[${i}]: bet id ${betId} appears twice.`);
    seen.add(betId);
    bets.push({ betId, playerId, spot, stakeMinor });
  }
  for (const b of bets) {
    if (b.spot === 'player' && bets.some((x) => x.playerId === b.playerId && x.spot === 'banker')) {
      return violation('OPPOSITE_BETS', 'RES-2', `Player ${b.playerId} bet on both Player and Banker: not allowed in one round (RES-2).`);
    }
  }
  const lines = settleBets(profile, result, bets);
  const stake = bets.reduce((a, b) => a + b.stakeMinor, 0);
  return ok({ roundId, voided: false, lines, houseResultMinor: stake - lines.reduce((a, l) => a + l.returnMinor, 0) });
}

export const baccaratModule: GameModule = {
  id: 'baccarat',
  profiles: baccaratProfiles,
  defaultProfile: 'punto-banco',
  rtp(profileId): Result<RtpReport> {
    const p = (baccaratProfiles as Record<string, BaccaratProfile | undefined>)[profileId];
    if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown baccarat profile "${profileId}" (profiles: ${Object.keys(baccaratProfiles).join(', ')}).`);
    return ok({ game: 'baccarat', profile: p.id, rows: baccaratRtp(p) });
  },
  settleOffline(profileId, input): Result<Settlement> {
    const p = (baccaratProfiles as Record<string, BaccaratProfile | undefined>)[profileId];
    if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown baccarat profile "${profileId}" (profiles: ${Object.keys(baccaratProfiles).join(', ')}).`);
    return baccaratSettleOffline(p, input);
  },
};
