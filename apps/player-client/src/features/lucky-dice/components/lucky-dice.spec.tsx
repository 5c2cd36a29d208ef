// @vitest-environment happy-dom
import { luckyDice } from '@felt-studio/games';
import { keyPaths } from '@felt-studio/ui';
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import type { Betting } from '../../../table/hooks/useBetting';
import LuckyDiceTable from './LuckyDiceTable';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const catalogues = { player: { en: playerEn, sv: playerSv } };

const table = tableFixture({ tableId: 'tbl_ld', name: 'Lucky Dice 1', game: 'lucky-dice', profileId: 'ray-a', limits: { spots: { plein: { minMinor: 100, maxMinor: 2_000 } }, tableMinMinor: 100, tableMaxMinor: 100_000 } });

function renderTable(view: Partial<luckyDice.LuckyDiceView> | null, open = true, profileId = 'ray-a', userId?: string) {
  const place = vi.fn(async () => true);
  const decide = vi.fn(async () => true);
  const betting = { pending: new Map(), place, decide, busy: false } as unknown as Betting;
  const v = view === null ? null : ({ game: 'lucky-dice', phase: 'betting', dice: null, drawMethod: 'dealer-cups', shooter: null, throws: [], bets: [], ...view } as luckyDice.LuckyDiceView);
  renderWithFelt(<LuckyDiceTable table={{ ...table, profileId }} view={v} betting={betting} stakes={new Map([['plein:16', 300]])} bets={[]} open={open} locale="en" />, { catalogues, ...(userId ? { user: { userId, role: 'player' as const, name: userId } } : {}) });
  return { place, decide };
}

describe('Lucky Dice player layout (RAY 2011 (docs/rules) §5)', () => {
  it('a number field of six groups × six squares, each group with its simple bet, and a tap places a plein', () => {
    const { place } = renderTable({});
    const field = screen.getByRole('group', { name: 'Number field' });
    expect(within(field).getAllByRole('group')).toHaveLength(6);
    const group3 = within(field).getByRole('group', { name: 'Group 3 (red die 3)' });
    expect(within(group3).getAllByRole('button')).toHaveLength(7);
    fireEvent.click(within(group3).getByRole('button', { name: /^Plein 16/ }));
    expect(place).toHaveBeenLastCalledWith('plein:16');
    fireEvent.click(within(group3).getByRole('button', { name: /^Group 3/ }));
    expect(place).toHaveBeenLastCalledWith('simple:3');
    // the player's stake and the limits are on the spot's accessible name (GEN-2)
    expect(within(group3).getByRole('button', { name: /^Plein 16.*your bet/ })).toBeTruthy();
  });

  it('the tap mode places cheval, transversal and carré with the square as the top-left corner; squares where the shape does not fit are disabled', () => {
    const { place } = renderTable({});
    fireEvent.click(screen.getByRole('radio', { name: 'Cheval →' }));
    fireEvent.click(screen.getByRole('button', { name: /^Cheval 16-17/ }));
    expect(place).toHaveBeenLastCalledWith('cheval:16-17');
    const square6 = screen.getByRole('button', { name: /^Square 6: this bet does not fit here/ });
    expect((square6 as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Carré' }));
    fireEvent.click(screen.getByRole('button', { name: /^Carré 8-9-14-15/ }));
    expect(place).toHaveBeenLastCalledWith('carre:8-9-14-15');
    fireEvent.click(screen.getByRole('radio', { name: 'Transversal →' }));
    expect(screen.getAllByRole('button', { name: /^Transversal/ })).toHaveLength(24);
  });

  it('the sum field offers only the boxes the profile pays; the table rules explain the net payout, the seven and the lost sums', () => {
    const { place } = renderTable({});
    const sums = screen.getByRole('group', { name: 'Sum field' });
    expect(within(sums).getAllByRole('button')).toHaveLength(8);
    for (const n of [/^Sum 5/, /^Sum 6/, /^Sum 7/, /^Sum 8/, /^Sum 9/, /^All pairs/, /^Under 7/, /^Over 7/]) expect(within(sums).getByRole('button', { name: n })).toBeTruthy();
    expect(within(sums).queryByRole('button', { name: /^Sum 3\b/ })).toBeNull();
    fireEvent.click(within(sums).getByRole('button', { name: /^Under 7/ }));
    expect(place).toHaveBeenLastCalledWith('under-7');
    const rules = screen.getByRole('list', { name: 'Table rules' });
    expect(rules.textContent).toContain('stake back plus N times it');
    expect(rules.textContent).toContain('A sum of 7 loses both Under 7 and Over 7');
    expect(rules.textContent).toContain('Sums 3, 4, 10, 11 are not offered');
    expect(screen.getByRole('region', { name: 'Limits' }).textContent).toContain('Plein (1 number)');
  });

  it('the operator profile offers every sum box and explains no lost sums', () => {
    renderTable({}, true, 'operator-all-sums');
    expect(screen.getByRole('button', { name: /^Sum 3\b/ })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Table rules' }).textContent).not.toContain('not offered');
  });

  it('shows the result (red, green, number, sum) and highlights the winning square; betting closed disables every spot', () => {
    renderTable({ phase: 'resolved', dice: { red: 3, green: 4 } }, false);
    expect(screen.getByText('Red 3, green 4: number 16, sum 7')).toBeTruthy();
    for (const b of screen.getAllByRole('button')) if (b.closest('.board')) expect((b as HTMLButtonElement).disabled).toBe(true);
  });

  it('the dice are drawn red and green, as the rules say (LD-1, issue 20 defect 12)', () => {
    renderTable({ phase: 'resolved', dice: { red: 3, green: 4 } }, false);
    const red = screen.getByRole('img', { name: 'Red die showing 3' });
    const green = screen.getByRole('img', { name: 'Green die showing 4' });
    expect(red.querySelector('rect')?.getAttribute('fill')).toBe('#c8232c');
    expect(green.querySelector('rect')?.getAttribute('fill')).toBe('#1f8a4c');
  });

  it('method B shows whose throw it is', () => {
    renderTable({ phase: 'closed', drawMethod: 'player-throw', shooter: 'player2' }, false, 'ray-b');
    expect(screen.getByText('player2 throws the dice')).toBeTruthy();
  });

  it('method B: the shooter may pass the dice before throwing (LD-6 DeclineThrow); nobody else sees the button, nor the shooter once the throw is read', () => {
    const { decide } = renderTable({ phase: 'closed', drawMethod: 'player-throw', shooter: 'player2', pendingThrow: null }, false, 'ray-b', 'player2');
    expect(screen.getByText('Your throw: the dealer permits it, then throw the dice')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pass the dice (decline the throw)' }));
    expect(decide).toHaveBeenCalledWith({ type: 'DeclineThrow' });
    cleanup();
    renderTable({ phase: 'closed', drawMethod: 'player-throw', shooter: 'player2', pendingThrow: null }, false, 'ray-b', 'player1');
    expect(screen.queryByRole('button', { name: /Pass the dice/ })).toBeNull();
    expect(screen.getByText('player2 throws the dice')).toBeTruthy();
    cleanup();
    renderTable({ phase: 'closed', drawMethod: 'player-throw', shooter: 'player2', pendingThrow: { red: 2, green: 5 } }, false, 'ray-b', 'player2');
    expect(screen.queryByRole('button', { name: /Pass the dice/ })).toBeNull();
  });

  it('the pass button in Swedish', () => {
    renderWithFelt(<LuckyDiceTable table={{ ...table, profileId: 'ray-b' }} view={{ game: 'lucky-dice', phase: 'closed', dice: null, drawMethod: 'player-throw', shooter: 'player2', pendingThrow: null, throws: [], bets: [] } as unknown as luckyDice.LuckyDiceView} betting={{ pending: new Map(), place: vi.fn(), decide: vi.fn(), busy: false } as unknown as Betting} stakes={new Map()} bets={[]} open={false} locale="sv" />, { catalogues, lng: 'sv', user: { userId: 'player2', role: 'player', name: 'player2' } });
    expect(screen.getByRole('button', { name: 'Passa tärningarna (avstå kastet)' })).toBeTruthy();
  });

  it('every Lucky Dice string exists in Swedish too', () => {
    expect(keyPaths(playerSv)).toEqual(keyPaths(playerEn));
  });
});
