// @vitest-environment happy-dom
import { integrity, roulette } from '@felt/games';
import type { ShoeIntegrity, WheelIntegrity } from '@felt/client-sdk';
import { renderWithFelt, tableFixture } from '@felt/ui/test-utils';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import IntegrityScreen, { formatP } from './IntegrityScreen';

afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };
const report = (spins: number[]): WheelIntegrity['report'] => integrity.wheelBias(spins, { pockets: 37, order: roulette.WHEEL_ORDER, window: 4000 });

const shoeOf = (): ShoeIntegrity => {
  const sessions = Array.from({ length: 6 }, (_, i) => ({ cards: integrity.shoeCards(8, 70 + i, { T: 16 }).slice(0, 312) }));
  const report = integrity.shoeIntegrity(sessions, { decks: 8 });
  return { shoeId: 'shoe-7', tableId: 'tbl_r', decks: 8, lastAt: 1, sessions: 6, currentCards: 40, report: { ...report, composition: report.composition.slice(-1) } };
};

describe('the Integrity view (issue 23)', () => {
  it('lists the wheels, most suspicious first, with the alarm, its suspect pockets and every test named', async () => {
    const wheels: WheelIntegrity[] = [
      { wheelId: 'wheel-A', tableId: 'tbl_r', lastAt: 1, report: report(integrity.wheelSpins(4000, 37, 3, { pocket: 17, factor: 2 })) },
      { wheelId: 'wheel-B', tableId: 'tbl_r2', lastAt: 2, report: report(integrity.wheelSpins(900, 37, 4)) },
      { wheelId: 'wheel-C', tableId: 'tbl_r2', lastAt: 3, report: report([1, 2, 3]) },
    ];
    const tables = [tableFixture({ tableId: 'tbl_r', name: 'Roulette 1', game: 'roulette' }), tableFixture({ tableId: 'tbl_r2', name: 'Roulette 2', game: 'roulette' })];
    renderWithFelt(<IntegrityScreen tables={tables} />, { catalogues, user, routes: { '/integrity/wheels': { wheels }, '/integrity/shoes': { shoes: [shoeOf()] } } });
    const a = await screen.findByRole('region', { name: 'Wheel wheel-A' });
    expect(within(a).getByText('Suspected bias')).toBeTruthy();
    expect(within(a).getByText('Roulette 1')).toBeTruthy();
    expect(within(a).getByText(/17/, { selector: 'dd' })).toBeTruthy();
    expect(within(a).getByRole('rowheader', { name: 'Busiest pocket' })).toBeTruthy();
    expect(within(a).getByRole('rowheader', { name: 'Distance from the last number (dealer signature)' })).toBeTruthy();
    const b = screen.getByRole('region', { name: 'Wheel wheel-B' });
    expect(within(b).getByText('Fair so far')).toBeTruthy();
    expect(within(b).getByText('900 of 900')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Wheel wheel-C' })).getByText('Collecting spins')).toBeTruthy();
    const shoe = screen.getByRole('region', { name: 'Shoe shoe-7' });
    expect(within(shoe).getByText('Suspect composition')).toBeTruthy();
    expect(within(shoe).getByText(/(^|, )T(,|$)/, { selector: 'dd' })).toBeTruthy();
    expect(within(within(shoe).getByRole('list', { name: 'Findings' })).getAllByText(/ten|T:/).length).toBeGreaterThan(0);
  });

  it('says so when no wheel has reported, and reads p-values as a person would', async () => {
    renderWithFelt(<IntegrityScreen tables={[]} />, { catalogues, user, routes: { '/integrity/wheels': { wheels: [] }, '/integrity/shoes': { shoes: [] } } });
    expect(await screen.findByText('No wheel has reported a result yet.')).toBeTruthy();
    expect(await screen.findByText('No shoe has finished a session yet.')).toBeTruthy();
    expect(formatP(3e-9, 'en')).toBe('< 0.0001');
    expect(formatP(0.0456, 'en')).toBe('0.046');
    expect(formatP(0.5, 'sv')).toBe('0,5');
  });
});
