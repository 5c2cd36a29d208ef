// @vitest-environment happy-dom
import { sicbo } from '@felt-studio/games';
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withGameStrings } from '../../../app/games';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import type { Betting } from '../../../table/hooks/useBetting';
import SicboTable from './SicboTable';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const catalogues = { player: withGameStrings({ en: playerEn, sv: playerSv }) };
const table = tableFixture({ tableId: 'tbl_sb', name: 'Sic Bo 1', game: 'sicbo' });

function show(view: Partial<sicbo.SicboView>, open = true) {
  const betting = { pending: new Map(), place: vi.fn(), busy: false } as unknown as Betting;
  const v = { game: 'sicbo', phase: 'betting', dice: null, bets: [], ...view } as sicbo.SicboView;
  renderWithFelt(<SicboTable table={table} view={v} betting={betting} stakes={new Map()} bets={[]} open={open} locale="en" />, { catalogues, routes: { '/tables/tbl_sb/results': [] } });
}

describe('sic bo spots (issue 20 defect 12)', () => {
  it('every spot shows what it pays (SB-2)', () => {
    show({});
    const p = sicbo.SICBO_STANDARD.pays;
    const main = screen.getByRole('group', { name: 'Small, big, odd, even' });
    expect(within(main).getByRole('button', { name: /^Small 4–10.*1:1/ })).toBeTruthy();
    expect(within(main).getByRole('button', { name: new RegExp(`^Any triple.*${p.anyTriple.num / p.anyTriple.den}:1`) })).toBeTruthy();
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(within(totals).getAllByRole('button').every((b) => /\d+:1/.test(b.textContent ?? ''))).toBe(true);
    const singles = screen.getByRole('group', { name: 'Single numbers' });
    expect(within(singles).getByRole('button', { name: /^Single 4.*1:1 \/ 2:1 \/ 3:1/ })).toBeTruthy();
  });

  it('once the dice are read, the winning spots are highlighted and the others not', () => {
    show({ phase: 'resolved', dice: [2, 2, 5] }, false);
    const winning = [...document.querySelectorAll('.bet-spot.is-winning')].map((b) => b.getAttribute('data-spot')).sort();
    expect(winning).toEqual(['combo:2-5', 'double:2', 'odd', 'single:2', 'single:5', 'small', 'total:9'].sort());
  });
});
