// @vitest-environment happy-dom
import { andarBahar } from '@felt-studio/games';
import { keyPaths } from '@felt-studio/ui';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bet, card, close } from '../../test/kernels';
import { showConsoleRound } from '../../../test/console-round';
import { controlsFor, isGameId } from '../console/model/round';
import { andarBaharPlugin } from '.';

/** Andar Bahar on the dealer console, from REAL kernel states and the DEALER view the server sends. */
afterEach(() => cleanup());
const K = andarBahar.andarBaharKernel;
const show = (commands: Record<string, unknown>[], lng: 'en' | 'sv' = 'en') => showConsoleRound(K, 'andar-bahar', commands, lng);

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
