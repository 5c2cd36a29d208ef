// @vitest-environment happy-dom
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { holdemScenario } from '@felt-studio/ui/poker-fixtures';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pitEn } from '../i18n/pit.en';
import { pitSv } from '../i18n/pit.sv';
import { PokerTileView, PokerTiles } from './PokerTiles';

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

  it("a hand in play: hand number, players, pot; the pit boss declares a misdeal with a reason (P4-IRR)", async () => {
    const frame = { ...holdemScenario().deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD').frame({ role: 'pitboss' }), tableId: entry.tableId };
    const { api } = renderWithFelt(<PokerTileView entry={entry} frame={frame} />, { catalogues, user });
    const spy = vi.spyOn(api, 'pokerHandDecision').mockResolvedValue(frame);
    const tile = screen.getByRole('article', { name: "Hold'em 1" });
    expect(tile.textContent).toContain('€1.50');
    expect(tile.textContent).toContain('Hand');
    fireEvent.click(within(tile).getByRole('button', { name: 'Misdeal' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'two hole cards exposed on camera' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Misdeal|Confirm/ }));
    await vi.waitFor(() => expect(spy).toHaveBeenCalledWith('ptb_demo', { type: 'misdeal', reason: 'two hole cards exposed on camera' }));
  });

  it('a hand in play also offers the exposed-card decision, and every tile links to the table details and hand history', () => {
    const frame = holdemScenario().deal('2C', 'AS').frame({ role: 'pitboss' });
    renderWithFelt(<PokerTileView entry={entry} frame={frame} />, { catalogues, user });
    const tile = screen.getByRole('article', { name: "Hold'em 1" });
    expect(within(tile).getByRole('button', { name: 'Exposed card' })).toBeTruthy();
    expect(within(tile).getByRole('link', { name: "Details and hand history of Hold'em 1" }).getAttribute('href')).toBe('#/poker/ptb_demo');
  });

  it('no poker tables: nothing is drawn', () => {
    const { container } = renderWithFelt(<PokerTiles />, { catalogues, user, routes: { '/poker-tables': { tables: [] } } });
    expect(container.textContent).toBe('');
  });
});
