/**
 * Seeded simulated data for the integrity detectors' tests and power curves (issue 23): fair and
 * planted-bias wheels, fair and short shoes. Chance is an argument (a seed), as everywhere in libs/games.
 */
import { createRng, type Rng } from '../common/random.js';
import { ALL_CARDS, rankOf, type Card, type Rank } from '../cards/card.js';
import { ShoeCount, type CountedRound } from './advantage-play.js';
import type { TimedBet } from './late-bets.js';

/** Spins of a wheel whose pocket `biased` comes up `factor` × as often as on a fair wheel (the others share the rest). */
export function wheelSpins(count: number, pockets: number, seed: number, bias?: { readonly pocket: number; readonly factor: number }): number[] {
  const rng = createRng(seed);
  const pb = bias === undefined ? 1 / pockets : bias.factor / pockets;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    if (bias !== undefined && rng.next() < pb) {
      out.push(bias.pocket);
      continue;
    }
    if (bias === undefined) {
      out.push(rng.int(pockets));
      continue;
    }
    const other = rng.int(pockets - 1);
    out.push(other >= bias.pocket ? other + 1 : other);
  }
  return out;
}

function shuffle<T>(xs: T[], rng: Rng): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/** A shuffled shoe of `decks` decks with `remove` cards of the given ranks taken out (a short shoe). */
export function shoeCards(decks: number, seed: number, remove: Partial<Record<Rank, number>> = {}): Card[] {
  const cards: Card[] = [];
  for (let d = 0; d < decks; d++) cards.push(...ALL_CARDS);
  const left = { ...remove };
  const kept = cards.filter((c) => {
    const r = rankOf(c);
    if ((left[r] ?? 0) > 0) {
      left[r] = left[r]! - 1;
      return false;
    }
    return true;
  });
  return shuffle(kept, createRng(seed));
}

/** How a simulated player bets: given the count before the round (and the pair chance), a main stake (0 = sits out) and a pair side stake. */
export type SimBettor = (state: { readonly trueCount: number; readonly pairChance: number; readonly round: number; readonly rng: Rng }) => { readonly stake: number; readonly side?: number };

/** Fair bettors (their stakes never look at the cards) and advantage players, in units of `unit` minor units. */
export const simBettors = {
  /** The same stake every round. */
  flat: (unit = 100): SimBettor => () => ({ stake: unit }),
  /** A stake of 1–8 units drawn at random every round (as wide a spread as the counter, blind to the cards). */
  random: (unit = 100): SimBettor => ({ rng }) => ({ stake: unit * (1 + rng.int(8)) }),
  /**
   * A streaky player: plays in sessions (joins and leaves at random, ~1 round in 3 present), and walks the
   * stake up and down by a unit between 1 and 8 — the kind of drift that fools a naive correlation.
   */
  streaky: (unit = 100): SimBettor => {
    let present = false;
    let units = 1;
    return ({ rng }) => {
      if (rng.next() < 0.05) present = !present;
      if (!present) return { stake: 0 };
      units = Math.max(1, Math.min(8, units + (rng.next() < 0.5 ? -1 : 1)));
      return { stake: unit * units };
    };
  },
  /** Bets the pair side bet now and then, at random (a fair side bettor). */
  pairPunter: (unit = 100): SimBettor => ({ rng }) => ({ stake: unit, ...(rng.next() < 0.2 ? { side: unit } : {}) }),
  /** A Hi-Lo counter with a 1–8 spread: 1 unit below +2, then 2, 4, 8 units at +2, +3, +4 and up. */
  counter: (unit = 100): SimBettor => ({ trueCount }) => ({ stake: unit * (trueCount < 2 ? 1 : trueCount < 3 ? 2 : trueCount < 4 ? 4 : 8) }),
  /** A wonger: sits out until the true count reaches +2, then bets 2 units. */
  wonger: (unit = 100): SimBettor => ({ trueCount }) => ({ stake: trueCount >= 2 ? 2 * unit : 0 }),
  /** Bets the pair side bet only when the remaining shoe makes a pair likelier than `threshold` (8 decks: 0.0747 on average). */
  pairHunter: (unit = 100, threshold = 0.0765): SimBettor => ({ pairChance }) => ({ stake: unit, ...(pairChance > threshold ? { side: unit } : {}) }),
};

export interface SimTableOptions {
  readonly decks: number;
  /** Cards dealt before the cut card comes out. */
  readonly penetration: number;
  /** Cards a round takes: uniform in [min, max] (blackjack at a full table ≈ 12–20; baccarat 4–6). */
  readonly cardsPerRound: readonly [number, number];
  readonly shoes: number;
  readonly seed: number;
}

/** Rounds of a simulated table (fair shoes) and the bettors' stakes, as the advantage-play detector reads them. */
export function simulateCountedTable(options: SimTableOptions, bettors: Readonly<Record<string, SimBettor>>): CountedRound[] {
  const rng = createRng(options.seed);
  const out: CountedRound[] = [];
  let round = 0;
  for (let s = 0; s < options.shoes; s++) {
    const cards = shoeCards(options.decks, rng.int(0x7fffffff));
    const count = new ShoeCount(options.decks);
    let i = 0;
    while (i < options.penetration) {
      const state = { trueCount: count.trueCount, pairChance: count.pairChance, round: round++, rng };
      const stakes: Record<string, number> = {};
      const sideStakes: Record<string, number> = {};
      for (const [p, bet] of Object.entries(bettors)) {
        const b = bet(state);
        if (b.stake > 0) stakes[p] = b.stake;
        if ((b.side ?? 0) > 0 && b.stake > 0) sideStakes[p] = b.side!;
      }
      out.push({ shoe: `s${s}`, trueCount: state.trueCount, pairChance: state.pairChance, stakes, sideStakes });
      const take = options.cardsPerRound[0] + rng.int(options.cardsPerRound[1] - options.cardsPerRound[0] + 1);
      for (let k = 0; k < take && i < cards.length; k++) count.see(cards[i++]!);
    }
  }
  return out;
}

/** Simulated tables the way the studio deals them: blackjack 8 decks cut at 208 cards from the end; baccarat 8 decks cut 14 cards from the end. */
export const SIM_TABLES = {
  blackjack: { decks: 8, penetration: 416 - 208, cardsPerRound: [12, 20] },
  baccarat: { decks: 8, penetration: 416 - 14, cardsPerRound: [4, 6] },
} as const satisfies Record<string, Omit<SimTableOptions, 'shoes' | 'seed'>>;

/** A simulated roulette bettor's habits: when it bets before the close, what chance its spots have, and how often it wins. */
export interface SimTimedBettor {
  /** Milliseconds before the close: uniform in [from, to). */
  readonly window: readonly [number, number];
  /** The spots' fair chances it picks from (straight 1/37, a 9-pocket sector 9/37, red 18/37 …). */
  readonly chances: readonly number[];
  /** How much likelier than fair its bets win (1 = a fair bettor; 1.5 = a ballistics player's sector hits 1.5× as often). */
  readonly edge?: number;
}

export const simTimedBettors = {
  early: { window: [2_000, 15_000], chances: [1 / 37, 9 / 37, 12 / 37, 18 / 37] },
  late: { window: [0, 2_000], chances: [1 / 37, 9 / 37, 12 / 37, 18 / 37] },
  mixed: { window: [0, 12_000], chances: [1 / 37, 2 / 37, 18 / 37] },
  /** Visual ballistics: the last second, a 9-pocket sector that holds the ball 1.5× as often as chance. */
  ballistic: { window: [0, 1_000], chances: [9 / 37], edge: 1.5 },
} as const satisfies Record<string, SimTimedBettor>;

/** `bets` settled bets of each bettor (in round order), as the late-bettor detector reads them. */
export function simulateTimedBets(bets: number, seed: number, bettors: Readonly<Record<string, SimTimedBettor>>): TimedBet[] {
  const rng = createRng(seed);
  const out: TimedBet[] = [];
  for (let i = 0; i < bets; i++) {
    for (const [playerId, b] of Object.entries(bettors)) {
      const pWin = b.chances[rng.int(b.chances.length)]!;
      const msBeforeClose = b.window[0] + rng.next() * (b.window[1] - b.window[0]);
      out.push({ playerId, msBeforeClose, pWin, won: rng.next() < Math.min(1, pWin * (b.edge ?? 1)) });
    }
  }
  return out;
}
