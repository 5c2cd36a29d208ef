// @vitest-environment happy-dom
import type { PlayerRound } from '@felt-studio/client-sdk';
import { TableIdentity } from '@felt-studio/ui';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { spotResults } from './components/ResultOverlay';
import { TABLE_MODE_KEY, useTableMode } from './hooks/useTableMode';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const bet = (spot: string, stakeMinor: number, returnMinor: number | null, status: 'settled' | 'refunded' | 'cancelled' = 'settled') => ({ betId: `b_${spot}_${stakeMinor}`, spot, kind: spot, stakeMinor, status, returnMinor, currency: 'EUR', placedAt: 1, settledAt: 2 });
const round = (bets: ReturnType<typeof bet>[]): Pick<PlayerRound, 'bets'> => ({ bets });

describe('the result overlay says what each spot paid (issue 20 defect 3)', () => {
  it('a partial win — the ante paid, the play lost — shows the ante as paid although the round lost overall', () => {
    const r = spotResults(round([bet('ante', 100, 200), bet('play', 100, 0), bet('pair-plus', 100, 0)]));
    expect(r).toEqual([
      { spot: 'ante', stakeMinor: 100, paidMinor: 200, outcome: 'win' },
      { spot: 'play', stakeMinor: 100, paidMinor: 0, outcome: 'lost' },
      { spot: 'pair-plus', stakeMinor: 100, paidMinor: 0, outcome: 'lost' },
    ]);
  });
  it('sums two bets on one spot, tells a push (stake back) and a refund apart, and leaves cancelled bets out', () => {
    const r = spotResults(round([bet('over-7', 100, 200), bet('over-7', 200, 400), bet('player', 100, 100), bet('tie', 100, 100, 'refunded'), bet('red', 500, null, 'cancelled')]));
    expect(r).toEqual([
      { spot: 'over-7', stakeMinor: 300, paidMinor: 600, outcome: 'win' },
      { spot: 'player', stakeMinor: 100, paidMinor: 100, outcome: 'push' },
      { spot: 'tie', stakeMinor: 100, paidMinor: 100, outcome: 'refunded' },
    ]);
  });
  it('a half-lost bet that still returned something counts as paid (e.g. surrender)', () => {
    expect(spotResults(round([bet('seat:3', 1000, 500)]))[0]?.outcome).toBe('win');
  });
});

describe('the table view mode (issue 20: immersive or classic, remembered)', () => {
  it('is immersive by default and remembers the classic choice on this device', () => {
    const first = renderHook(() => useTableMode());
    expect(first.result.current[0]).toBe('immersive');
    act(() => first.result.current[1]('classic'));
    expect(first.result.current[0]).toBe('classic');
    expect(localStorage.getItem(TABLE_MODE_KEY)).toBe('classic');
    first.unmount();
    const again = renderHook(() => useTableMode());
    expect(again.result.current[0]).toBe('classic');
  });
});

describe("a player's table header shows no internal ids (issue 20 defect 11)", () => {
  const table = { tableId: 'tbl_1', name: 'Roulette 1', game: 'roulette', currency: 'EUR', limits: { tableMinMinor: 100, tableMaxMinor: 200_000, spots: {} } };
  it('without ids: the name, the game and the limits, no tbl_/rnd_', () => {
    renderWithFelt(<TableIdentity table={table} roundId="rnd_9" phase="betting" locale="en-GB" ids={false} />);
    expect(screen.getByText('Roulette 1')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/tbl_|rnd_/);
  });
  it('staff screens keep them (the default)', () => {
    renderWithFelt(<TableIdentity table={table} roundId="rnd_9" phase="betting" locale="en-GB" />);
    expect(document.body.textContent).toMatch(/tbl_1/);
    expect(document.body.textContent).toMatch(/rnd_9/);
  });
});

describe("no rule IDs in a player's status text (issue 20 §12: they belong to the dealer's and the pit boss's views)", () => {
  it("the baccarat draw status and the poker timeout default name no rule, in English and Swedish", async () => {
    const { playerEn } = await import('../i18n/player.en');
    const { playerSv } = await import('../i18n/player.sv');
    for (const cat of [playerEn, playerSv] as unknown as { baccarat: { due: string }; poker: { timeout: string } }[]) {
      expect(cat.baccarat.due).not.toMatch(/rule|\(/);
      expect(cat.poker.timeout).not.toMatch(/rule|\(/);
    }
  });
});
