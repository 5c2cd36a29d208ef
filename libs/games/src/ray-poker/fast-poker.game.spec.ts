import { describe, expect, it } from 'vitest';
import type { RoundLimits } from '../kernel/kernel.js';
import { fastPokerKernel as K } from './fast-poker.game.js';

const T0 = 1_000_000;
const CLOSES = T0 + 10_000;
const limits: RoundLimits = { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 };
type Cmd = { type: string; at: number } & Record<string, unknown>;

function run(cmds: readonly Cmd[]) {
  let s = K.initial();
  const rejected: string[] = [];
  for (const c of cmds) {
    const d = K.decide(s, c as never);
    if (!d.ok) {
      rejected.push(`${c.type}:${d.violation.code}`);
      continue;
    }
    for (const e of d.events) s = K.evolve(s, e);
  }
  return { s, rejected };
}

const opening: Cmd[] = [
  { type: 'OpenRound', at: T0, roundId: 'r1', tableId: 't1', profileId: 'ray', bettingClosesAt: CLOSES, limits },
  { type: 'PlaceBet', at: T0 + 1, bet: { betId: 'b1', playerId: 'p1', spot: 'bet', stakeMinor: 500 } },
  { type: 'PlaceBet', at: T0 + 2, bet: { betId: 'x1', playerId: 'p1', spot: 'bonus', stakeMinor: 100 } },
  { type: 'PlaceBet', at: T0 + 3, bet: { betId: 'b2', playerId: 'p2', spot: 'bet', stakeMinor: 200 } },
  { type: 'PlaceBet', at: T0 + 4, bet: { betId: 'x2', playerId: 'p2', spot: 'bonus', stakeMinor: 100 } },
];
// shoe order alternates player / dealer (§7.1 one card at a time): player 7C 7D 7H, dealer QS 9S 4D
const deal = ['7C', 'QS', '7D', '9S', '7H', '4D'].map((card, i): Cmd => ({ type: 'RecordCard', at: CLOSES + 1 + i, card }));

describe('Fast Poker live (§7.1 on the banked-poker referee)', () => {
  it('the B box needs the main bet (FP-4: "the bonus cannot be played without the main game")', () => {
    const { rejected } = run([opening[0] as Cmd, { type: 'PlaceBet', at: T0 + 1, bet: { betId: 'x9', playerId: 'p9', spot: 'bonus', stakeMinor: 100 } }]);
    expect(rejected).toHaveLength(1);
  });

  it('a round from the shoe: trips against a qualifying queen-high dealer — Bet 1:1, Play 3:1, B 30 x; the folder loses Bet and B (FP-1..FP-4)', () => {
    const { s, rejected } = run([...opening, ...deal, { type: 'PlayerAction', at: CLOSES + 100, playerId: 'p1', action: 'play' }, { type: 'PlayerAction', at: CLOSES + 101, playerId: 'p2', action: 'fold' }]);
    expect(rejected).toEqual([]);
    expect(s.phase).toBe('resolved');
    const r = K.settle(s);
    if (!r.ok) throw new Error(r.violation.message);
    const byBet = Object.fromEntries(r.value.lines.map((l) => [l.betId, [l.returnMinor, l.outcome]]));
    expect(byBet['b1']).toEqual([1000, 'win']);
    expect(byBet['x1']).toEqual([3100, 'win']);
    expect(byBet['b2']).toEqual([0, 'lose']);
    expect(byBet['x2']).toEqual([0, 'lose']);
    const play = r.value.lines.find((l) => l.playerId === 'p1' && l.betId !== 'b1' && l.betId !== 'x1');
    expect([play?.stakeMinor, play?.returnMinor]).toEqual([500, 2000]);
  });

  it('the decision has a deadline: who has not decided folds (FP-1, the published default)', () => {
    const { s } = run([...opening, ...deal]);
    const dl = K.deadlines(s);
    expect(dl).toHaveLength(1);
    const after = run([...opening, ...deal, dl[0]?.command as Cmd]).s;
    expect(after.phase).toBe('resolved');
    const r = K.settle(after);
    expect(r.ok && r.value.lines.every((l) => l.outcome === 'lose')).toBe(true);
  });

  it('the dealer\'s cards are hidden from players until the reveal', () => {
    const { s } = run([...opening, ...deal]);
    expect(JSON.stringify(K.view(s, { role: 'player', playerId: 'p1' }))).not.toContain('QS');
  });
});
