import { describe, expect, it } from 'vitest';
import type { Result } from '@felt-studio/games';
import { DEALER, makeHarness, PLAYER } from '../../../../test/support/studio-server/harness.js';
import { SYSTEM_ACTOR } from '../shared/command.types.js';
import { BettingService } from '../betting/betting.service.js';
import { BETS_PER_PLAYER_PER_GROUP } from './bet-group.js';

/**
 * Issue 22 §5, fair queueing on the bet path: one player's pile of pending bets at a table never stands
 * between another player's bet and the next group commit, while one player's bets keep their order and
 * a bet after "no more bets" is still decided after it (bet-group.ts).
 */
async function setup(): Promise<{ h: ReturnType<typeof makeHarness>; betting: BettingService; tableId: string }> {
  const h = makeHarness();
  await h.deposit('player1', 1_000_000);
  await h.deposit('player2', 1_000_000);
  const tableId = await h.openCoinTable();
  const betting = new BettingService(h.rounds, h.clock, h.uow, h.metrics);
  await h.rounds.openRound(tableId, DEALER);
  return { h, betting, tableId };
}

const codeOf = (r: Result<unknown>): string => (r.ok ? 'ok' : r.violation.code);

describe('bet groups: fair queueing per player (issue 22 §5)', () => {
  it("one player's 64 pending bets and another player's one: the other's is decided in the first group, not after the 64", async () => {
    const { h, betting, tableId } = await setup();
    const decided: string[] = [];
    const all: Promise<string>[] = [];
    const place = (n: number, betId: string): void => {
      all.push(betting.place(tableId, PLAYER(n), { betId, spot: 'heads', stakeMinor: 100 }).then((r) => (decided.push(betId), codeOf(r))));
    };
    for (let i = 1; i <= 64; i++) place(1, `flood${i}`);
    place(2, 'calm');
    expect(await Promise.all(all)).toEqual(Array(65).fill('ok'));
    // The calm player's bet is committed with the first group: at most BETS_PER_PLAYER_PER_GROUP of the flooder's before it.
    expect(decided.indexOf('calm')).toBeLessThanOrEqual(BETS_PER_PLAYER_PER_GROUP);
    // The flooder's own bets are decided in their order of arrival.
    expect(decided.filter((id) => id !== 'calm')).toEqual(Array.from({ length: 64 }, (_, i) => `flood${i + 1}`));
    const round = await h.rounds.currentRound(tableId);
    expect(Object.keys(round?.state.bets ?? {})).toHaveLength(65);
    expect(await h.invariants()).toEqual([]);
  });

  it('"no more bets" queued behind several groups: every bet before it is decided on its merits, a bet after it is refused', async () => {
    const { h, betting, tableId } = await setup();
    const before: Promise<Result<unknown>>[] = [];
    for (let i = 1; i <= 10; i++) before.push(betting.place(tableId, PLAYER(1), { betId: `b${i}`, spot: 'heads', stakeMinor: 100 }));
    // 10 bets of one player fill three groups; the close is queued behind all of them.
    const closing = h.rounds.execute(tableId, { type: 'CloseBetting', at: h.clock.now(), reason: 'dealer' }, SYSTEM_ACTOR);
    const late = betting.place(tableId, PLAYER(2), { betId: 'late', spot: 'heads', stakeMinor: 100 });
    expect((await Promise.all(before)).map(codeOf)).toEqual(Array(10).fill('ok'));
    expect((await closing).ok).toBe(true);
    expect(codeOf(await late)).toBe('BETTING_CLOSED');
    expect((await h.rounds.currentRound(tableId))?.state.phase).not.toBe('betting');
  });
});
