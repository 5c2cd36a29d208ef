import type { Outcome } from '../baccarat/baccarat.rules.js';
import type { RoadRound } from '../baccarat/roads.js';
import { isPocket } from '../roulette/wheel.js';

/**
 * Turn finished rounds' public views (e.g. `GET /tables/:id/results`, whose `view` is `unknown` on the
 * wire) into the inputs of the display derivations: roulette numbers for `rouletteStats` and baccarat
 * rounds for `baccaratRoads`. Outside input: anything not shaped like a settled round with a result is
 * skipped (a voided round has no result to show). Output is always OLDEST FIRST.
 */
export type HistoryOrder = 'newest-first' | 'oldest-first';

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const oldestFirst = <T>(xs: readonly T[], order: HistoryOrder): T[] => (order === 'newest-first' ? xs.slice().reverse() : xs.slice());
const settledResult = (v: unknown): Record<string, unknown> | null => (isObj(v) && v['phase'] === 'settled' && isObj(v['result']) ? v['result'] : null);

/** Winning numbers of settled roulette rounds, oldest first. */
export function rouletteNumbersFromViews(views: readonly unknown[], order: HistoryOrder): number[] {
  const out: number[] = [];
  for (const v of oldestFirst(views, order)) {
    const n = settledResult(v)?.['number'];
    if (isPocket(n)) out.push(n);
  }
  return out;
}

const OUTCOMES: readonly Outcome[] = ['player', 'banker', 'tie'];
const flag = (x: unknown): boolean => x === true;
const pts = (x: unknown): number | undefined => (typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 9 ? x : undefined);

export interface BaccaratHistory {
  /** Every settled round given, oldest first. */
  readonly rounds: readonly RoadRound[];
  /**
   * The rounds of the current shoe: those after the last round in which the cut card came out
   * (BAC-18 `lastHand`); all rounds when no such round is in the history.
   */
  readonly currentShoe: readonly RoadRound[];
}

/** Baccarat road input from settled rounds' views. */
export function baccaratRoundsFromViews(views: readonly unknown[], order: HistoryOrder): BaccaratHistory {
  const rounds: RoadRound[] = [];
  let shoeStart = 0;
  for (const v of oldestFirst(views, order)) {
    const r = settledResult(v);
    const outcome = r?.['outcome'];
    if (!r || typeof outcome !== 'string' || !(OUTCOMES as readonly string[]).includes(outcome)) continue;
    const round: RoadRound = { outcome: outcome as Outcome, natural: flag(r['natural']), playerPair: flag(r['playerPair']), bankerPair: flag(r['bankerPair']) };
    const p = pts(r['playerPoints']);
    const b = pts(r['bankerPoints']);
    rounds.push(p !== undefined && b !== undefined ? { ...round, playerPoints: p, bankerPoints: b } : round);
    if (isObj(v) && v['lastHand'] === true) shoeStart = rounds.length;
  }
  return { rounds, currentShoe: rounds.slice(shoeStart) };
}
