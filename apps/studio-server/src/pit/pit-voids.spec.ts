import { describe, expect, it } from 'vitest';
import type { BetRow, RoundRow } from '../shared/ports/persistence.port.js';
import { isVoidedRound, item, moneyOf, tableDay } from './pit.service.js';

/** The pit boss's list and day for voided rounds (issue 20 defect 7, GEN-6). */
const H = 3_600_000;
const row = (roundId: string, phase: string, voidReason: string | null, openedAt = 10): RoundRow => ({ roundId, tableId: 'tbl_r', game: 'roulette', seq: 5, phase, state: { phase, voidReason }, openedAt, updatedAt: openedAt + 1 });
const bet = (betId: string, roundId: string, status: BetRow['status'], stakeMinor: number, returnMinor: number | null = null): BetRow =>
  ({ betId, roundId, tableId: 'tbl_r', playerId: `p_${betId}`, spot: 'red', stakeMinor, currency: 'EUR', status, returnMinor, acceptedAt: 1 }) as unknown as BetRow;

describe('pit boss: voided rounds (issue 20 defect 7)', () => {
  it('a voided round whose refunds are settled is listed as void, with its bets and stakes', () => {
    const r = row('rnd_v', 'settled', 'ball left the wheel');
    const bets = [bet('b1', 'rnd_v', 'refunded', 500), bet('b2', 'rnd_v', 'refunded', 300), bet('b3', 'rnd_v', 'cancelled', 100)];
    expect(isVoidedRound(r)).toBe(true);
    expect(item(r, moneyOf(bets, isVoidedRound(r)))).toMatchObject({ phase: 'void', bets: 2, players: 2, stakedMinor: 800, holdMinor: 0 });
  });

  it('a round still waiting for its refunds is void too; a settled round is settled and a refunded bet of a normal round does not count', () => {
    expect(item(row('rnd_w', 'void', 'wheel fault'), moneyOf([bet('b1', 'rnd_w', 'accepted', 200)], true))).toMatchObject({ phase: 'void', bets: 1, stakedMinor: 200 });
    const s = row('rnd_s', 'settled', null);
    expect(isVoidedRound(s)).toBe(false);
    expect(item(s, moneyOf([bet('b1', 'rnd_s', 'settled', 500, 1000), bet('b2', 'rnd_s', 'refunded', 300)], false))).toMatchObject({ phase: 'settled', bets: 1, stakedMinor: 500, holdMinor: -500 });
  });

  it("the day counts voids (settled or not), and keeps the refunded stakes out of staked and hold", () => {
    const rows = [row('rnd_1', 'settled', null, 10), row('rnd_2', 'settled', 'no spin', 20), row('rnd_3', 'void', 'fault', H + 5)];
    const monies = [moneyOf([bet('a', 'rnd_1', 'settled', 1000, 0)]), moneyOf([bet('b', 'rnd_2', 'refunded', 700)], true), moneyOf([bet('c', 'rnd_3', 'accepted', 400)], true)];
    const day = tableDay({ tableId: 'tbl_r', currency: 'EUR' }, rows, monies, 0, 2 * H, H);
    expect(day).toMatchObject({ rounds: 3, voided: 2, stakedMinor: 1000, holdMinor: 1000 });
    expect(day.buckets).toEqual([
      { at: 0, rounds: 2, stakedMinor: 1000, holdMinor: 1000 },
      { at: H, rounds: 1, stakedMinor: 0, holdMinor: 0 },
    ]);
  });
});
