// @vitest-environment happy-dom
import { andarBahar } from '@felt-studio/games';
import { keyPaths } from '@felt-studio/ui';
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import { GAME_TABLES, withGameStrings } from '../../../app/games';
import type { Betting } from '../../../table/hooks/useBetting';
import { andarBaharPlugin } from '..';
import { andarBaharStrings } from '../i18n';
import AndarBaharTable from './AndarBaharTable';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const catalogues = { player: withGameStrings({ en: playerEn, sv: playerSv }) };

const table = tableFixture({ tableId: 'tbl_ab', name: 'Andar Bahar 1', game: 'andar-bahar', limits: { spots: { cards: { minMinor: 100, maxMinor: 2_500 } }, tableMinMinor: 100, tableMaxMinor: 100_000 } });

function renderTable(view: Partial<andarBahar.AndarBaharView> | null, open = true, lng: 'en' | 'sv' = 'en') {
  const place = vi.fn(async () => true);
  const betting = { pending: new Map(), place, busy: false } as unknown as Betting;
  const v = view === null ? null : ({ game: 'andar-bahar', phase: 'betting', joker: null, andar: [], bahar: [], dealtCount: 0, winner: null, nextTo: null, bets: [], ...view } as andarBahar.AndarBaharView);
  renderWithFelt(<AndarBaharTable table={table} view={v} betting={betting} stakes={new Map([['andar', 300]])} bets={[]} open={open} locale="en" />, { catalogues, lng });
  return { place };
}

describe('Andar Bahar player table (AB-1..AB-8)', () => {
  it('is the table page\'s screen for andar-bahar (one plugin in features/games.ts)', () => {
    expect(GAME_TABLES['andar-bahar']).toBeDefined();
  });

  it('while betting: Andar 0.9:1 and Bahar 1:1, the eight side bets on the cards dealt, a tap places the bet (AB-5, AB-6)', () => {
    const { place } = renderTable({});
    const sides = screen.getByRole('group', { name: 'Andar and Bahar' });
    fireEvent.click(within(sides).getByRole('button', { name: /^Andar.*0\.9:1/ }));
    expect(place).toHaveBeenLastCalledWith('andar');
    expect(within(sides).getByRole('button', { name: /^Andar.*your bet/ })).toBeTruthy();
    fireEvent.click(within(sides).getByRole('button', { name: /^Bahar.*1:1/ }));
    expect(place).toHaveBeenLastCalledWith('bahar');
    const counts = screen.getByRole('group', { name: 'How many cards until the match?' });
    expect(within(counts).getAllByRole('button')).toHaveLength(8);
    fireEvent.click(within(counts).getByRole('button', { name: /^41\+ cards.*120:1/ }));
    expect(place).toHaveBeenLastCalledWith('cards:41+');
    // AB-7 said in words; the rule's ID belongs in the dealer's and the pit boss's views and in a rejection (issue 20 §12)
    expect(screen.getByText('Andar and Bahar cannot both be backed in one round.')).toBeTruthy();
    expect(screen.queryByText(/AB-7/)).toBeNull();
  });

  it('shows the joker and the cards to each side as they come, and what is next', () => {
    renderTable({ phase: 'play', joker: '7H', andar: ['2C', '9S'], bahar: ['KD'], dealtCount: 3, nextTo: 'bahar' }, false);
    expect(screen.getByRole('img', { name: /7.*hearts/i })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Andar' })).getAllByRole('img')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Bahar' })).getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Next card to Bahar · 3 dealt');
    expect((screen.getByRole('button', { name: /^Andar/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the result: the winning side and the winning count range are marked', () => {
    renderTable({ phase: 'resolved', joker: '7H', andar: ['2C', '9S'], bahar: ['KD', '7S'], dealtCount: 4, winner: 'bahar' }, false);
    expect(screen.getByRole('status').textContent).toBe('Bahar wins after 4 cards');
    expect(screen.getByRole('button', { name: /^Bahar/ }).className).toContain('is-winning');
    expect(screen.getByRole('button', { name: /^1-5 cards/ }).className).toContain('is-winning');
    expect(screen.getByRole('button', { name: /^Andar/ }).className).not.toContain('is-winning');
  });

  it("the lobby's last results show the winning side (A / B)", () => {
    const plugin = andarBaharPlugin;
    expect(plugin.lastResult?.({ winner: 'andar' })).toEqual({ spot: 'andar', tone: 'a' });
    expect(plugin.lastResult?.({ winner: 'bahar' })).toEqual({ spot: 'bahar', tone: 'b' });
    expect(plugin.lastResult?.({ winner: null })).toBeNull();
  });

  it('Swedish has every key', () => {
    expect(keyPaths(andarBaharStrings.sv).sort()).toEqual(keyPaths(andarBaharStrings.en).sort());
    renderTable({ phase: 'resolved', joker: '7H', andar: ['7S'], dealtCount: 1, winner: 'andar' }, false, 'sv');
    expect(screen.getByRole('status').textContent).toBe('Andar vinner efter 1 kort');
  });
});
