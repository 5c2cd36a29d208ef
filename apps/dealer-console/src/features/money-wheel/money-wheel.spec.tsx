// @vitest-environment happy-dom
import { moneyWheel } from '@felt-studio/games';
import { keyPaths } from '@felt-studio/ui';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dealerEn } from '../../i18n/dealer.en';
import { dealerSv } from '../../i18n/dealer.sv';
import { bet, close, drive } from '../../test/kernels';
import { TablePanel } from '../console/components/TablePanel';
import { DevicePanel } from '../console/components/DevicePanel';
import { controlsFor, deriveRound, isGameId } from '../console/model/round';
import { withGameStrings } from '../../app/games';
import { moneyWheelPlugin } from '.';

/** Money Wheel on the dealer console (issue 20 defect 2), from REAL kernel states and the DEALER view. */
afterEach(() => cleanup());
const catalogues = { dealer: withGameStrings({ en: dealerEn, sv: dealerSv }) };
const K = moneyWheel.moneyWheelKernel;
const L = moneyWheel.STANDARD_LAYOUT;
const spin = (n: number, segment: number, turns = 2.5): Record<string, unknown> => ({ type: 'RecordSpin', spin: n, report: { stop: { segment }, direction: 'cw', turns } });

function show(commands: Record<string, unknown>[], lng: 'en' | 'sv' = 'en') {
  const d = drive(K, 'standard', commands);
  const round = deriveRound('money-wheel', d.roundId, d.view);
  renderWithFelt(<TablePanel round={round} />, { catalogues, lng });
  return { round };
}

describe('Money Wheel on the dealer console (MW-1..MW-4)', () => {
  it('is a console game (one plugin in features/games.ts), no longer "not supported"', () => {
    expect(isGameId('money-wheel')).toBe(true);
  });

  it('while betting: closing betting is the spin control (the wheel spins on the server\'s moneywheel.spin)', () => {
    const { round } = show([bet('b1', 'p1', 'number:5', 100)]);
    expect(screen.getByRole('status').textContent).toBe('Close betting: the wheel spins');
    expect(controlsFor(round, { tableOpen: true, voidPending: false }).closeBetting).toBe(true);
  });

  it('after a multiplier: every bet stands and the wheel spins again, the stacked multiplier shown (MW-2)', () => {
    show([bet('b1', 'p1', 'number:5', 100), close, spin(1, L.indexOf('2x'))]);
    expect(screen.getByRole('status').textContent).toBe('Multiplier 2x: every bet stands, now 2x (MW-2)');
    expect(screen.getByText(/Spins this round: 1 · Last segment: 2x/)).toBeTruthy();
  });

  it('a short spin does not count and is said so (MW-4)', () => {
    show([bet('b1', 'p1', 'number:5', 100), close, spin(1, 3, 0.5)]);
    expect(screen.getByRole('status').textContent).toContain('too few turns');
  });

  it('the result: the winning number with the multiplier, in English and Swedish', () => {
    show([bet('b1', 'p1', 'number:5', 100), close, spin(1, L.indexOf('2x')), spin(2, L.indexOf('5'))]);
    expect(screen.getByRole('img', { name: 'Winning number 5 · 2x' })).toBeTruthy();
    cleanup();
    show([bet('b1', 'p1', 'number:5', 100), close, spin(1, L.indexOf('10'))], 'sv');
    expect(screen.getByRole('img', { name: 'Vinnande nummer 10' })).toBeTruthy();
  });

  it('the table\'s wheel device is named "Money wheel", not "Roulette wheel"', () => {
    const table = { tableId: 'tbl_mw', name: 'Money Wheel 1', game: 'money-wheel', profileId: 'standard', currency: 'EUR', limits: { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 12, cadence: { auto: true, pauseS: 4 }, devices: [{ deviceId: 'mwheel-1', kind: 'wheel' as const }], status: 'open' as const, preOpenCheck: null, createdAt: 0, updatedAt: 0 };
    renderWithFelt(<DevicePanel table={table} health={[]} failed={false} />, { catalogues });
    expect(screen.getByText('Money wheel')).toBeTruthy();
    expect(screen.queryByText('Roulette wheel')).toBeNull();
  });

  it('has every string in English and Swedish', () => {
    expect(keyPaths(moneyWheelPlugin.i18n?.sv ?? {})).toEqual(keyPaths(moneyWheelPlugin.i18n?.en ?? {}));
  });
});
