// @vitest-environment happy-dom
import type { PlayerRound, Table } from '@felt-studio/client-sdk';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The result overlay after a RoundSettled frame (issue 20 defect 10; a clean-clone CI run lost it): the settlement
 * is posted a moment after the frame, so the player's round record fetched on it can have no return yet. The overlay
 * reads a round of the player's read unsettled again until it has its return; a player with no bet in the round
 * asks nothing more.
 */
const frames = vi.hoisted(() => ({ listeners: [] as ((f: { tableId: string; roundId: string; type: string }) => void)[] }));
const state = vi.hoisted(() => ({ data: [] as PlayerRound[], dataUpdatedAt: 0, refetches: 0, next: null as PlayerRound[] | null, rerender: () => undefined as void }));

vi.mock('@felt-studio/ui', async (orig) => ({
  ...(await orig<typeof import('@felt-studio/ui')>()),
  useRoundFrames: (f: (x: { tableId: string; roundId: string; type: string }) => void) => void frames.listeners.splice(0, frames.listeners.length, f),
}));
vi.mock('./hooks/useTableData', async () => {
  const { useReducer } = await import('react');
  return {
    useMyRounds: () => {
      const [, bump] = useReducer((n: number) => n + 1, 0);
      state.rerender = () => bump();
      return {
        data: state.data,
        dataUpdatedAt: state.dataUpdatedAt,
        refetch: async () => {
          state.refetches += 1;
          if (state.next) state.data = state.next;
          state.dataUpdatedAt += 1;
          state.rerender();
          return {};
        },
      };
    },
  };
});

const { ResultOverlay } = await import('./components/ResultOverlay');

const TABLE = { tableId: 'tbl_1', game: 'roulette' } as unknown as Table;
const record = (returnMinor: number | null, roundId = 'rnd_1'): PlayerRound => ({ roundId, tableId: 'tbl_1', placedAt: 1, settledAt: returnMinor === null ? null : 2, stakeMinor: 100, returnMinor, currency: 'EUR', bets: [{ betId: 'b1', spot: 'red', kind: 'red', stakeMinor: 100, status: returnMinor === null ? 'accepted' : 'settled', returnMinor, currency: 'EUR', placedAt: 1, settledAt: returnMinor === null ? null : 2 }] }) as unknown as PlayerRound;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the result overlay after the round settles', () => {
  it('reads a round of mine read unsettled again until its return is there, then shows what it paid', async () => {
    vi.useFakeTimers();
    state.data = [record(null)];
    state.next = null;
    state.refetches = 0;
    renderWithFelt(<ResultOverlay table={TABLE} locale="en-GB" describe={(s) => s} />);
    act(() => frames.listeners[0]?.({ tableId: 'tbl_1', roundId: 'rnd_1', type: 'RoundSettled' }));
    expect(document.querySelector('.result-overlay')).toBeNull();
    await act(async () => void (await vi.advanceTimersByTimeAsync(600)));
    expect(state.refetches).toBe(1);
    state.next = [record(200)]; // the settlement has posted
    await act(async () => void (await vi.advanceTimersByTimeAsync(600)));
    expect(state.refetches).toBe(2);
    const overlay = document.querySelector('.result-overlay[data-round="rnd_1"]')!;
    expect(overlay.getAttribute('data-paid')).toBe('200');
    await act(async () => void (await vi.advanceTimersByTimeAsync(2_000)));
    expect(state.refetches, 'nothing more asked once it is there').toBe(2);
  });

  it('a player with no bet in the round asks nothing more', async () => {
    vi.useFakeTimers();
    state.data = [];
    state.next = null;
    state.refetches = 0;
    renderWithFelt(<ResultOverlay table={TABLE} locale="en-GB" describe={(s) => s} />);
    act(() => frames.listeners[0]?.({ tableId: 'tbl_1', roundId: 'rnd_1', type: 'RoundSettled' }));
    await act(async () => void (await vi.advanceTimersByTimeAsync(5_000)));
    expect(state.refetches).toBe(0);
    expect(document.querySelector('.result-overlay')).toBeNull();
  });

  it("the next round's result is a new box, not the last one re-sized in place (layout shift, CI)", async () => {
    vi.useFakeTimers();
    state.data = [record(1_250)];
    state.next = null;
    renderWithFelt(<ResultOverlay table={TABLE} locale="en-GB" describe={(s) => s} />);
    act(() => frames.listeners[0]?.({ tableId: 'tbl_1', roundId: 'rnd_1', type: 'RoundSettled' }));
    const first = document.querySelector('.result-overlay[data-round="rnd_1"]');
    expect(first).not.toBeNull();
    state.data = [record(200, 'rnd_2'), record(1_250)];
    act(() => frames.listeners[0]?.({ tableId: 'tbl_1', roundId: 'rnd_2', type: 'RoundSettled' }));
    const second = document.querySelector('.result-overlay[data-round="rnd_2"]');
    expect(second?.getAttribute('data-paid')).toBe('200');
    expect(second).not.toBe(first);
    expect(first?.isConnected).toBe(false);
  });
});
