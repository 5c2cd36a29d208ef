import { createRng } from '../common/random.js';
import { ok, violation, type Result } from '../common/result.js';
import type { RtpOptions, RtpReport, RtpRow } from '../kernel/game.js';
import { evaluate5, evaluate7, evaluateStandard } from '../poker/fast.js';
import { packValue } from '../poker/rank.js';
import { dealerSample, DEALER_SAMPLES } from './ultimate-texas-holdem.rtp.js';
import { thbAntePays, thbBonusPays, type TexasHoldemBonusProfile } from './texas-holdem-bonus.rules.js';

/** Bonus exactly over the 1 326 two-card starts (THB-4). */
export function thbBonusExact(p: TexasHoldemBonusProfile): { num: number; den: number } {
  let ret = 0;
  for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++) {
    const pays = thbBonusPays(a, b, p);
    if (pays > 0) ret += pays + 1;
  }
  return { num: ret, den: 1326 };
}

const PAIR = packValue('standard', 'pair', []);
/** A pair or better that uses a hole card, or four cards to a flush (the stated turn/river rule). */
function strongEnough(a: number, b: number, board: readonly number[]): boolean {
  const boardOnly = board.length === 5 ? evaluate5(board[0] as number, board[1] as number, board[2] as number, board[3] as number, board[4] as number) : -1;
  const v = evaluateStandard([a, b, ...board]);
  const ranks = board.map((c) => c >> 2);
  if (v >= PAIR && ((a >> 2) === (b >> 2) || ranks.includes(a >> 2) || ranks.includes(b >> 2)) && v > boardOnly) return true;
  for (let s = 0; s < 4; s++) if ([a, b, ...board].filter((c) => (c & 3) === s).length >= 4 && ((a & 3) === s || (b & 3) === s)) return true;
  return false;
}

export const THB_DEFAULT_ROUNDS = 20_000;

/**
 * The Ante (with Flop, Turn and River bets) by seeded simulation, each round averaged over
 * DEALER_SAMPLES random dealer hands. Stated strategy: Flop bet unless the hole cards are unpaired, offsuit
 * and 7-high or lower; Turn and River bets with a pair or better using a hole card or four to a flush.
 */
export function simulateTexasHoldemBonus(p: TexasHoldemBonusProfile, rounds: number, seed: number): { mean: number; ci95: number; foldRate: number } {
  const rng = createRng(seed);
  const deck = Array.from({ length: 52 }, (_, i) => i);
  let sum = 0;
  let sumSq = 0;
  let folds = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < 7; i++) {
      const j = i + rng.int(52 - i);
      const t = deck[i] as number;
      deck[i] = deck[j] as number;
      deck[j] = t;
    }
    const [a, b, f0, f1, f2, tn, rv] = deck as [number, number, number, number, number, number, number];
    const suited = (a & 3) === (b & 3);
    if ((a >> 2) !== (b >> 2) && !suited && Math.max(a >> 2, b >> 2) <= 5) {
      folds++;
      sum += -1;
      sumSq += 1;
      continue;
    }
    const raise = 2 + (strongEnough(a, b, [f0, f1, f2]) ? 1 : 0) + (strongEnough(a, b, [f0, f1, f2, tn]) ? 1 : 0);
    const pv = evaluate7(a, b, f0, f1, f2, tn, rv);
    const antePays = thbAntePays(pv, p);
    let v = 0;
    const dvs = dealerSample(deck, rng, f0, f1, f2, tn, rv);
    for (const dv of dvs) v += pv > dv ? raise + (antePays ? 1 : 0) : pv < dv ? -1 - raise : 0;
    const value = v / dvs.length;
    sum += value;
    sumSq += value * value;
  }
  const mean = sum / rounds;
  return { mean, ci95: 1.96 * Math.sqrt(Math.max(0, sumSq / rounds - mean * mean) / rounds), foldRate: folds / rounds };
}

export function texasHoldemBonusRtp(profiles: Readonly<Record<string, TexasHoldemBonusProfile>>, profileId: string, opts: RtpOptions = {}): Result<RtpReport> {
  const p = profiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown Texas Hold'em Bonus profile "${profileId}".`);
  const rounds = opts.rounds ?? THB_DEFAULT_ROUNDS;
  if (!Number.isSafeInteger(rounds) || rounds < 2) return violation('INVALID_ROUNDS', 'GEN-8', 'A simulation needs at least 2 rounds.');
  const seed = opts.seed ?? 1;
  const sim = simulateTexasHoldemBonus(p, rounds, seed);
  const rows: RtpRow[] = [
    {
      bet: 'ante',
      rtp: 1 + sim.mean,
      houseEdge: -sim.mean,
      method: 'simulation',
      ci95: sim.ci95,
      samples: rounds,
      note: `per Ante, Flop/Turn/River bets included; seed ${seed}; each round averaged over ${DEALER_SAMPLES} random dealer hands; strategy: Flop bet unless unpaired offsuit 7-high or lower (folded ${(sim.foldRate * 100).toFixed(1)} %), Turn and River bets with a pair or better using a hole card or four to a flush; no published figure cross-checked`,
    },
  ];
  if (p.bonus) {
    const b = thbBonusExact(p);
    rows.push({ bet: 'bonus', rtp: b.num / b.den, houseEdge: 1 - b.num / b.den, method: 'exact', exact: `${b.num}/${b.den}`, note: 'the two hole cards, all 1 326 starts (THB-4)' });
  }
  return ok({ game: 'texas-holdem-bonus', profile: p.id, rows });
}
