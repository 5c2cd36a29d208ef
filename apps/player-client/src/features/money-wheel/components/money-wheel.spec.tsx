// @vitest-environment happy-dom
import { moneyWheel } from '@felt-studio/games';
import { keyPaths } from '@felt-studio/ui';
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import { GAME_TABLES, playerPlugin, withGameStrings } from '../../../app/games';
import type { Betting } from '../../../table/hooks/useBetting';
import { moneyWheelPlugin } from '..';
import { moneyWheelStrings } from '../i18n';
import MoneyWheelTable from './MoneyWheelTable';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const catalogues = { player: withGameStrings({ en: playerEn, sv: playerSv }) };

const table = tableFixture({ tableId: 'tbl_mw', name: 'Money Wheel 1', game: 'money-wheel' });
const L = moneyWheel.STANDARD_LAYOUT;

function renderTable(view: Partial<moneyWheel.MoneyWheelView> | null, open = true, lng: 'en' | 'sv' = 'en') {
  const place = vi.fn(async () => true);
  const betting = { pending: new Map(), place, busy: false } as unknown as Betting;
  const v = view === null ? null : ({ game: 'money-wheel', phase: 'betting', spins: [], multipliers: [], multiplier: null, result: null, voidReason: null, bets: [], ...view } as moneyWheel.MoneyWheelView);
  renderWithFelt(<MoneyWheelTable table={table} view={v} betting={betting} stakes={new Map([['number:10', 300]])} bets={[]} open={open} locale="en" />, { catalogues, lng });
  return { place };
}

describe('Money Wheel player table (MW-1..MW-4, issue 20 defect 2)', () => {
  it("is the table page's screen for money-wheel (the game can be played, not \"cannot be played here yet\")", () => {
    expect(GAME_TABLES['money-wheel']).toBeDefined();
    expect(playerPlugin('money-wheel')).toBe(moneyWheelPlugin);
  });

  it('while betting: the wheel with its 54 segments, the six numbers with what they pay, a tap places the bet', () => {
    const { place } = renderTable({});
    expect(screen.getByRole('img', { name: 'The money wheel' }).querySelectorAll('.mw-seg')).toHaveLength(L.length);
    const numbers = screen.getByRole('group', { name: 'Numbers on the wheel' });
    expect(within(numbers).getAllByRole('button')).toHaveLength(6);
    expect(within(numbers).getByRole('button', { name: /^40.*40:1/ })).toBeTruthy();
    expect(screen.getByText('23 segments')).toBeTruthy(); // "1" covers 23 of 54 segments (MW-1)
    fireEvent.click(within(numbers).getByRole('button', { name: /^5.*5:1/ }));
    expect(place).toHaveBeenLastCalledWith('number:5');
    expect(within(numbers).getByRole('button', { name: /^10.*your bet/ })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Place your bets on the number the wheel stops on');
  });

  it('a multiplier: bets stand, the stacked multiplier is shown (MW-2); the spots are closed', () => {
    renderTable({ phase: 'closed', spins: [{ spin: 1, valid: true, turns: 3, direction: 'cw', index: L.indexOf('2x'), label: '2x', border: false }], multipliers: ['2x'], multiplier: 2 }, false);
    expect(screen.getByRole('status').textContent).toBe('Multiplier 2x: your bets stand and win 2x (MW-2)');
    expect((screen.getByRole('button', { name: /^5/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the result: the winning number is marked and the wheel stops on its segment', () => {
    const idx = L.indexOf('20');
    renderTable({ phase: 'resolved', spins: [{ spin: 1, valid: true, turns: 3, direction: 'cw', index: idx, label: '20', border: false }], result: 20 }, false);
    expect(screen.getByRole('status').textContent).toBe('The wheel stopped on 20');
    expect(screen.getByRole('button', { name: /^20/ }).className).toContain('is-winning');
    expect(screen.getByRole('img', { name: 'The money wheel' }).querySelectorAll('.mw-seg.is-stopped')).toHaveLength(1);
  });

  it("the lobby's last results show the number (and the multiplier)", () => {
    expect(moneyWheelPlugin.lastResult?.({ result: 10, multiplier: null })).toEqual({ spot: 'number:10', tone: 'a', text: '10' });
    expect(moneyWheelPlugin.lastResult?.({ result: 2, multiplier: 14 })).toEqual({ spot: 'number:2', tone: 'b', text: '2·14x' });
    expect(moneyWheelPlugin.lastResult?.({ result: null })).toBeNull();
  });

  it('Swedish has every key', () => {
    expect(keyPaths(moneyWheelStrings.sv).sort()).toEqual(keyPaths(moneyWheelStrings.en).sort());
    renderTable({ phase: 'resolved', result: 5 }, false, 'sv');
    expect(screen.getByRole('status').textContent).toBe('Hjulet stannade på 5');
  });
});
