// @vitest-environment happy-dom
import { renderWithFelt } from '@felt/ui/test-utils';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import { PokerTiles } from './PokerTiles';

afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };
const entry = { tableId: 'ptb_demo', name: "Hold'em 1", variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, seatCount: 6, seated: 3, waiting: 1, minBuyInMinor: 2000, maxBuyInMinor: 10000, currency: 'EUR', dealing: 'rng' };

describe('pit boss floor: live poker tables (issue 11)', () => {
  it('a tile per poker table from GET /poker-tables with seats, waiting list and dealing', async () => {
    renderWithFelt(<PokerTiles />, { catalogues, user, routes: { '/poker-tables': { tables: [entry] } } });
    const tile = await screen.findByRole('article', { name: "Hold'em 1" });
    expect(tile.textContent).toContain('3/6 (+1)');
    expect(tile.textContent).toContain('Certified RNG');
    expect(within(tile).getByText('No hand yet')).toBeTruthy();
  });

  it('no poker tables: nothing is drawn', () => {
    const { container } = renderWithFelt(<PokerTiles />, { catalogues, user, routes: { '/poker-tables': { tables: [] } } });
    expect(container.textContent).toBe('');
  });
});
