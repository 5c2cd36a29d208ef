// @vitest-environment happy-dom
import { andarBahar } from '@felt/games';
import { keyPaths } from '@felt/ui';
import { renderWithFelt } from '@felt/ui/test-utils';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dealerEn } from '../../i18n/dealer.en';
import { dealerSv } from '../../i18n/dealer.sv';
import { bet, card, close, drive } from '../../test/kernels';
import { DuePanel } from '../console/components/DuePanel';
import { TablePanel } from '../console/components/TablePanel';
import { controlsFor, deriveRound, isGameId } from '../console/model/round';
import { withGameStrings } from '../../app/games';
import { andarBaharPlugin } from '.';

/** Andar Bahar on the dealer console, from REAL kernel states and the DEALER view the server sends. */
afterEach(() => cleanup());
const catalogues = { dealer: withGameStrings({ en: dealerEn, sv: dealerSv }) };
const K = andarBahar.andarBaharKernel;

function show(commands: Record<string, unknown>[], lng: 'en' | 'sv' = 'en') {
  const d = drive(K, 'standard', commands);
  const round = deriveRound('andar-bahar', d.roundId, d.view);
  renderWithFelt(
    <>
      <TablePanel round={round} />
      <DuePanel next={d.next} round={round} />
    </>,
    { catalogues, lng },
  );
  const due = within(screen.getByRole('region', { name: lng === 'en' ? 'What is due' : 'Vad som ska göras' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  return { round, due };
}

describe('Andar Bahar on the dealer console (AB-2..AB-4)', () => {
  it('is a console game (one plugin in features/games.ts)', () => {
    expect(isGameId('andar-bahar')).toBe(true);
  });

  it('after "no more bets": the joker is due, and a card may be entered by hand (S-3)', () => {
    const { round, due } = show([bet('b1', 'p1', 'andar', 100), close]);
    expect(due).toEqual(['Turn up the joker: the first card, face up, to neither side.AB-2']);
    expect(screen.getByRole('listitem', { name: 'Joker' }).getAttribute('aria-current')).toBe('step');
    expect(controlsFor(round, { tableOpen: true, voidPending: false })).toMatchObject({ manualCard: 'RecordCard', cutCard: false });
  });

  it('the cards as scanned: the joker, then Andar and Bahar in turn; the side the next card goes to is marked', () => {
    const { due } = show([bet('b1', 'p1', 'andar', 100), close, card('7H'), card('2C'), card('KD')]);
    expect(within(screen.getByRole('listitem', { name: 'Joker' })).getAllByRole('img')).toHaveLength(1);
    expect(within(screen.getByRole('listitem', { name: 'Andar' })).getAllByRole('img')).toHaveLength(1);
    expect(within(screen.getByRole('listitem', { name: 'Bahar' })).getAllByRole('img')).toHaveLength(1);
    expect(screen.getByRole('listitem', { name: 'Andar' }).getAttribute('aria-current')).toBe('step');
    expect(due[0]).toContain('Deal card 3 face up to Andar');
  });

  it('the match ends the deal: the winning side is named, settling is due (AB-4)', () => {
    const { round, due } = show([bet('b1', 'p1', 'andar', 100), close, card('7H'), card('2C'), card('7S')], 'sv');
    expect(screen.getByRole('listitem', { name: 'Bahar — vinner' })).toBeTruthy();
    expect(round.phase).toBe('resolved');
    expect(due.length).toBeGreaterThan(0);
    expect(controlsFor(round, { tableOpen: true, voidPending: false }).manualCard).toBeNull();
  });

  it('Swedish has every key', () => {
    expect(keyPaths(andarBaharPlugin.i18n?.sv ?? {}).sort()).toEqual(keyPaths(andarBaharPlugin.i18n?.en ?? {}).sort());
  });
});
