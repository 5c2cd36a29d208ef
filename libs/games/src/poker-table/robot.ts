import type { Rng } from '../common/random.js';
import { legalActions, type HandCommand, type HandState } from './hand.js';

/**
 * Robot players for the demo studio (issue 11: "one Hold'em table with robot players, bounded,
 * switchable off"): a pure, seeded decision for the seat to act — always a legal command, so the table
 * runs through the same rules as for people. Loose-passive and bounded: it bets or raises at most the
 * minimum, never more than `maxRaiseToMinor`, and draws by keeping pairs. Switching robots off and
 * seating them are the server's job.
 */
export function robotCommand(s: HandState, rng: Rng, at: number, maxRaiseToMinor = Infinity): HandCommand | null {
  if (s.toAct === null) return null;
  const x = s.seats[s.toAct];
  if (!x) return null;
  if (s.phase.type === 'draw') {
    if (s.phase.owed > 0) return null;
    const ranks = x.cards.map((k) => k.card >> 2);
    const discards = x.cards.filter((k) => ranks.filter((r) => r === k.card >> 2).length < 2 && k.card >> 2 < 10).map((k) => k.card);
    return { type: 'draw', seat: x.seat, discards, at };
  }
  const la = legalActions(s);
  if (!la) return null;
  const roll = rng.int(100);
  if (la.raise && roll < 15 && la.raise.minToMinor <= maxRaiseToMinor) return { type: 'act', seat: la.seat, action: la.raise.kind, toMinor: la.raise.minToMinor, at };
  if (la.canCheck) return { type: 'act', seat: la.seat, action: 'check', at };
  if (roll < 25 + Math.min(50, Math.floor((100 * la.callMinor) / Math.max(1, x.stackMinor)))) return { type: 'act', seat: la.seat, action: 'fold', at };
  return { type: 'act', seat: la.seat, action: 'call', at };
}
