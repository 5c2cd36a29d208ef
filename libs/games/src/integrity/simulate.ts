/**
 * Seeded simulated data for the integrity detectors' tests and power curves (issue 23): fair and
 * planted-bias wheels, fair and short shoes. Chance is an argument (a seed), as everywhere in libs/games.
 */
import { createRng, type Rng } from '../common/random.js';
import { ALL_CARDS, rankOf, type Card, type Rank } from '../cards/card.js';

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
