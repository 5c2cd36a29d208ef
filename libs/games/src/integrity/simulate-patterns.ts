/**
 * Seeded roulette-like tables for the shared-pattern detector (issue 23 §5): fair players with their own
 * habits — many on the even-money spots in the last seconds — and, optionally, a planted group of accounts
 * that copy one signal (the same spot within `spreadMs`, at several tables).
 */
import { createRng, type Rng } from '../common/random.js';
import type { PatternBet } from './shared-patterns.js';

/** Spots by popularity: the even chances first (most players), then dozens, then straight numbers. */
const EVEN = ['red', 'black', 'even', 'odd', 'low', 'high'] as const;
const DOZENS = ['dozen-1', 'dozen-2', 'dozen-3', 'column-1', 'column-2', 'column-3'] as const;
const straight = (rng: Rng): string => `straight-${rng.int(37)}`;

/** A spot as the tables' crowd picks it: 60 % an even chance (red and black the most), 25 % a dozen or column, 15 % a number. */
function popularSpot(rng: Rng): string {
  const u = rng.next();
  if (u < 0.4) return rng.next() < 0.5 ? 'red' : 'black';
  if (u < 0.6) return EVEN[2 + rng.int(4)]!;
  if (u < 0.85) return DOZENS[rng.int(DOZENS.length)]!;
  return straight(rng);
}

interface FairPlayer {
  readonly id: string;
  readonly tables: readonly number[];
  readonly presence: number;
  /** Ms before the close: uniform in [from, to). */
  readonly window: readonly [number, number];
  /** Only red or black (the crowd's favourite), else any popular spot. */
  readonly colourOnly: boolean;
  readonly maxBets: number;
}

export interface SimPatternOptions {
  readonly tables: number;
  readonly rounds: number;
  /** Fair players per table (a third of them also play the next table). */
  readonly playersPerTable: number;
  readonly seed: number;
  /** A planted group: `size` accounts betting the signal's spot within `spreadMs` at the first `tables` tables, in a share `presence` of rounds (each member on its own besides: present in half the rounds, 1–2 bets of its own). */
  readonly group?: { readonly size: number; readonly tables: number; readonly spreadMs: number; readonly presence: number };
}

/** The group's account ids: `grp1` … */
export const simGroupIds = (size: number): string[] => Array.from({ length: size }, (_, i) => `grp${i + 1}`);

/** Rounds last 30 s at every table (betting closes 15 s after opening); table t runs 700 ms × t behind table 0. */
export function simulatePatternBets(o: SimPatternOptions): PatternBet[] {
  const rng = createRng(o.seed);
  const players: FairPlayer[] = [];
  for (let t = 0; t < o.tables; t++) {
    for (let i = 0; i < o.playersPerTable; i++) {
      const late = rng.next() < 0.5;
      const from = late ? 0 : 1_000 + rng.int(4_000);
      players.push({
        id: `t${t}p${i}`,
        tables: i % 3 === 0 && o.tables > 1 ? [t, (t + 1) % o.tables] : [t],
        presence: 0.3 + 0.6 * rng.next(),
        window: late ? [0, 1_500 + rng.int(1_500)] : [from, from + 3_000 + rng.int(9_000)],
        colourOnly: rng.next() < 0.35,
        maxBets: 1 + rng.int(3),
      });
    }
  }
  // the group's accounts also bet as people do (their own spots and timing) besides following the signal
  for (const id of o.group === undefined ? [] : simGroupIds(o.group.size)) {
    players.push({ id, tables: Array.from({ length: o.group!.tables }, (_, t) => t), presence: 0.5, window: [0, 8_000], colourOnly: false, maxBets: 2 });
  }
  const out: PatternBet[] = [];
  for (let r = 0; r < o.rounds; r++) {
    for (let t = 0; t < o.tables; t++) {
      const close = 1_800_000_000_000 + r * 30_000 + t * 700;
      const roundId = `r${t}-${r}`;
      const tableId = `table-${t}`;
      const bet = (playerId: string, spot: string, ms: number): void => {
        out.push({ playerId, tableId, roundId, spot, amount: 500, acceptedAt: close - Math.round(ms), msBeforeClose: Math.round(ms) });
      };
      for (const p of players) {
        if (!p.tables.includes(t) || rng.next() >= p.presence) continue;
        const n = 1 + rng.int(p.maxBets);
        for (let k = 0; k < n; k++) bet(p.id, p.colourOnly ? (rng.next() < 0.5 ? 'red' : 'black') : popularSpot(rng), p.window[0] + rng.next() * (p.window[1] - p.window[0]));
      }
      const g = o.group;
      if (g !== undefined && t < g.tables) {
        // one signal: a spot and a moment; every member follows within spreadMs
        const spot = popularSpot(rng);
        const at = g.spreadMs + 500 + rng.next() * 2_500;
        for (const id of simGroupIds(g.size)) if (rng.next() < g.presence) bet(id, spot, at - rng.next() * g.spreadMs);
      }
    }
  }
  return out;
}
