// @vitest-environment happy-dom
import type { TipShiftRow } from '@felt-studio/protocol';
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import { TipsScreen, byDealer } from './TipsScreen';

afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };
const tables = [tableFixture({ tableId: 'tbl_a', name: 'Sic Bo 1', game: 'sicbo' }), tableFixture({ tableId: 'tbl_b', name: 'Roulette 2', game: 'roulette' })];

const row = (over: Partial<TipShiftRow> & Pick<TipShiftRow, 'tableId' | 'dealerId' | 'shiftStart' | 'totalMinor'>): TipShiftRow => ({
  dealerName: over.dealerId === null ? null : `Dealer ${over.dealerId}`,
  currency: 'EUR',
  count: 1,
  firstAt: Date.UTC(2026, 10, 27, 10),
  lastAt: Date.UTC(2026, 10, 27, 11),
  open: false,
  paid: null,
  ...over,
});
const shifts: TipShiftRow[] = [
  row({ tableId: 'tbl_a', dealerId: 'anna', shiftStart: Date.UTC(2026, 10, 27, 8), totalMinor: 800, count: 2, paid: { payoutId: 'p1', account: 'tips-payable:anna', amountMinor: 800, tipCount: 2, by: 'adm', reason: 'payroll', at: Date.UTC(2026, 10, 27, 16) } }),
  row({ tableId: 'tbl_b', dealerId: 'anna', shiftStart: Date.UTC(2026, 10, 27, 14), totalMinor: 1_250, count: 3, open: true }),
  row({ tableId: 'tbl_a', dealerId: 'bo', shiftStart: Date.UTC(2026, 10, 27, 12), totalMinor: 1_000 }),
  row({ tableId: 'tbl_a', dealerId: null, shiftStart: null, totalMinor: 200 }),
];

describe('the Tips screen (issue 24, TIP-4/5)', () => {
  it('groups the shifts per dealer (no dealer last) and keeps every cent', () => {
    const g = byDealer(shifts);
    expect(g.map((x) => [x.dealerId, x.shifts.length, x.totals.get('EUR')])).toEqual([
      ['anna', 2, 2_050],
      ['bo', 1, 1_000],
      [null, 1, 200],
    ]);
  });

  it("a table of dealers × shifts: each shift's table, start, tips, total and status, a total per dealer and of all; who tipped never shown", async () => {
    renderWithFelt(<TipsScreen tables={tables} />, { catalogues, user, routes: { '/tips/shifts': { from: 0, to: 1, shifts } } });
    const table = await screen.findByRole('table', { name: /Tips per dealer/ });
    const anna = within(table).getByRole('rowheader', { name: 'Dealer anna' });
    expect(anna.getAttribute('rowspan')).toBe('3');
    const rows = within(table).getAllByRole('row');
    const text = rows.map((r) => r.textContent ?? '');
    expect(text.some((r) => r.includes('Sic Bo 1') && r.includes('€8.00') && r.includes('Paid out €8.00 by adm'))).toBe(true);
    expect(text.some((r) => r.includes('Roulette 2') && r.includes('€12.50') && r.includes('Open: the dealer is at the console'))).toBe(true);
    expect(text.some((r) => r.includes('€10.00') && r.includes('Ended, not paid out yet'))).toBe(true);
    expect(within(table).getByRole('rowheader', { name: 'Total for Dealer anna' }).parentElement?.textContent).toContain('€20.50');
    expect(within(table).getByRole('rowheader', { name: 'No dealer at the console' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'Total of all dealers' }).parentElement?.textContent).toContain('€32.50');
    expect(table.textContent).not.toMatch(/player/i);
  });

  it('the period is chosen by a labelled select; an empty period says so', async () => {
    renderWithFelt(<TipsScreen tables={tables} />, { catalogues, user, routes: { '/tips/shifts': { from: 0, to: 1, shifts: [] } } });
    expect(await screen.findByText('No tips in this period.')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: 'Period' });
    fireEvent.change(select, { target: { value: '30' } });
    expect((select as HTMLSelectElement).value).toBe('30');
  });

  it('no serious or critical axe violations; Swedish speaks', async () => {
    renderWithFelt(<TipsScreen tables={tables} />, { catalogues, user, lng: 'sv', routes: { '/tips/shifts': { from: 0, to: 1, shifts } } });
    await screen.findByRole('table', { name: /Dricks per dealer/ });
    expect(screen.getByRole('rowheader', { name: 'Summa för alla dealers' })).toBeTruthy();
    const r = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
