// @vitest-environment happy-dom
import { infiniteBlackjack } from '@felt-studio/games';
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withGameStrings } from '../../../app/games';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import type { Betting } from '../../../table/hooks/useBetting';
import { infiniteBlackjackStrings } from '../i18n';
import InfiniteBlackjackTable from './InfiniteBlackjackTable';

afterEach(() => cleanup());
const catalogues = { player: withGameStrings({ en: playerEn, sv: playerSv }) };
const table = tableFixture({ tableId: 'tbl_ibj', name: 'Infinite Blackjack 1', game: 'infinite-blackjack', limits: { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 } });

/** A real kernel view: the round is driven through the kernel, not hand-written. */
function viewAfter(cmds: readonly ({ type: string } & Record<string, unknown>)[], playerId = 'me'): infiniteBlackjack.InfiniteBlackjackView {
  const k = infiniteBlackjack.infiniteBlackjackKernel;
  let s = k.initial();
  let at = 1_000;
  for (const c of [{ type: 'OpenRound', roundId: 'r', tableId: 't', profileId: 'standard', bettingClosesAt: 5_000, limits: { spots: {}, tableMinMinor: 1, tableMaxMinor: 1_000_000 } }, ...cmds]) {
    const d = k.decide(s, { at: at++, ...c } as never);
    if (!d.ok) throw new Error(d.violation.message);
    for (const e of d.events) s = k.evolve(s, e);
  }
  return k.view(s, { role: 'player', playerId }) as infiniteBlackjack.InfiniteBlackjackView;
}
const bet = (playerId: string, spot = 'main') => ({ type: 'PlaceBet', bet: { betId: `b_${playerId}_${spot}`, playerId, spot, stakeMinor: 1_000 } });
const card = (c: string) => ({ type: 'RecordCard', card: c });

function show(view: infiniteBlackjack.InfiniteBlackjackView | null, open = false) {
  const betting = { pending: new Map(), place: vi.fn(), decide: vi.fn(), busy: false } as unknown as Betting;
  renderWithFelt(<InfiniteBlackjackTable table={table} view={view} betting={betting} stakes={new Map()} bets={[]} open={open} locale="en" />, { catalogues });
  return betting;
}

describe('infinite blackjack table (IBJ-1..IBJ-9)', () => {
  it('betting: the main bet and the four side bets, each with its paytable', () => {
    const betting = show(viewAfter([]), true);
    expect(screen.getByRole('button', { name: /Main bet/ })).toBeTruthy();
    for (const name of ['Perfect Pairs', '21+3', 'Hot 3', 'Bust It']) expect(screen.getByRole('button', { name: new RegExp(name.replace('+', '\\+')) })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /21\+3/ }));
    expect(betting.place).toHaveBeenCalledWith('21+3');
    expect(screen.getByText('Place a main bet to play the common hand')).toBeTruthy();
  });

  it('the common hand, my decision (hit first below 17; a double carries a new bet id)', () => {
    const view = viewAfter([bet('me'), bet('other'), { type: 'CloseBetting', reason: 'dealer' }, card('5S'), card('TH'), card('4D')]);
    const betting = show(view);
    expect(screen.getByRole('group', { name: 'Your decision — step 1' })).toBeTruthy();
    expect(screen.getByText(/Dealer shows 10 · 0 of 2 hands decided/)).toBeTruthy();
    expect(screen.getByText(/9 · your decision/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hit' }));
    expect(betting.decide).toHaveBeenCalledWith({ type: 'PlayerAction', action: 'hit' });
    fireEvent.click(screen.getByRole('button', { name: 'Double' }));
    expect(betting.decide).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'PlayerAction', action: 'double', betId: expect.any(String) }));
  });

  it('a finished round: my hand with its result (a 6-card Charlie)', () => {
    const hits = ['3C', 'AC', '2H', '4S'].flatMap((c) => [{ type: 'PlayerAction', playerId: 'me', action: 'hit' }, card(c)]);
    const view = viewAfter([bet('me'), { type: 'CloseBetting', reason: 'dealer' }, card('2S'), card('9H'), card('2D'), ...hits, card('TD')]);
    show(view);
    expect(screen.getByText('Charlie wins')).toBeTruthy();
    expect(screen.getByText(/14 · 6-card Charlie/)).toBeTruthy();
  });

  it('a pair may split (a new bet id); then both split hands are shown, the one deciding marked (IBJ-5)', () => {
    const dealt = [bet('me'), { type: 'CloseBetting', reason: 'dealer' }, card('8S'), card('6H'), card('8D')];
    const betting = show(viewAfter(dealt));
    fireEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(betting.decide).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'PlayerAction', action: 'split', betId: expect.any(String) }));
    cleanup();
    show(viewAfter([...dealt, { type: 'PlayerAction', playerId: 'me', action: 'split', betId: 's1' }, card('3H')]));
    expect(screen.getByRole('region', { name: 'Your hand 1' }).textContent).toContain('11 · your decision');
    expect(screen.getByRole('region', { name: 'Your hand 2' }).textContent).toContain('waiting');
  });

  it('every string in English and Swedish', () => {
    const keys = (o: unknown, p = ''): string[] => (typeof o === 'object' && o !== null ? Object.entries(o).flatMap(([k, v]) => keys(v, `${p}.${k}`)) : [p]);
    expect(keys(infiniteBlackjackStrings['sv'])).toEqual(keys(infiniteBlackjackStrings['en']));
  });
});
