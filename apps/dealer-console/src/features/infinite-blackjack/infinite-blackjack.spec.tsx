// @vitest-environment happy-dom
import { infiniteBlackjack } from '@felt-studio/games';
import { keyPaths } from '@felt-studio/ui';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bet, card, close } from '../../test/kernels';
import { showConsoleRound } from '../../../test/console-round';
import { controlsFor, isGameId } from '../console/model/round';
import { infiniteBlackjackPlugin } from '.';

/** Infinite blackjack on the dealer console, from REAL kernel states and the DEALER view the server sends. */
afterEach(() => cleanup());
const K = infiniteBlackjack.infiniteBlackjackKernel;
const show = (commands: Record<string, unknown>[], lng: 'en' | 'sv' = 'en') => showConsoleRound(K, 'infinite-blackjack', commands, lng);

describe('Infinite blackjack on the dealer console (IBJ-1..IBJ-6)', () => {
  it('is a console game (one plugin in features/games.ts)', () => {
    expect(isGameId('infinite-blackjack')).toBe(true);
  });

  it('after "no more bets": the common hand\'s first card is due; a card may be entered by hand (S-3)', () => {
    const { round, due } = show([bet('b1', 'p1', 'main', 500), close]);
    expect(due[0]).toContain("Deal the common hand's first card face up");
    expect(screen.getByRole('listitem', { name: 'Common hand (1 players)' }).getAttribute('aria-current')).toBe('step');
    expect(controlsFor(round, { tableOpen: true, voidPending: false })).toMatchObject({ manualCard: 'RecordCard', cutCard: false });
  });

  it('the dealer up card between the common cards; while players decide no card is due and the step timer runs', () => {
    const first = show([bet('b1', 'p1', 'main', 500), close, card('5S')]);
    expect(screen.getByRole('listitem', { name: 'Dealer' }).getAttribute('aria-current')).toBe('step');
    expect(first.due[0]).toContain('up card');
    cleanup();
    const { round, due } = show([bet('b1', 'p1', 'main', 500), bet('b2', 'p2', 'main', 500), close, card('5S'), card('9H'), card('4D')]);
    expect(within(screen.getByRole('listitem', { name: 'Common hand (2 players)' })).getAllByRole('img')).toHaveLength(2);
    expect(due[0]).toContain('Players are deciding (step 1: 0 of 2 decided)');
    expect(round.decisionDeadline).not.toBeNull();
  });

  it('the dealer plays after the decisions; the round resolves (Swedish)', () => {
    const { round } = show([bet('b1', 'p1', 'main', 500), close, card('TS'), card('9H'), card('QD'), { type: 'PlayerAction', playerId: 'p1', action: 'stand' }, card('8C')], 'sv');
    expect(screen.getByRole('listitem', { name: 'Given' })).toBeTruthy();
    expect(round.phase).toBe('resolved');
  });

  it('Swedish has every key', () => {
    expect(keyPaths(infiniteBlackjackPlugin.i18n?.sv ?? {}).sort()).toEqual(keyPaths(infiniteBlackjackPlugin.i18n?.en ?? {}).sort());
  });
});

describe('Infinite blackjack on the dealer console: a split (IBJ-5)', () => {
  it('the split lines appear behind their common cards, the line the next card goes to marked', () => {
    show([bet('b1', 'p1', 'main', 500), close, card('8S'), card('6H'), card('8D'), { type: 'PlayerAction', playerId: 'p1', action: 'split', betId: 's1' }, card('3H')]);
    expect(within(screen.getByRole('listitem', { name: 'Split hand A (1 split)' })).getAllByRole('img')).toHaveLength(2);
    expect(screen.getByRole('listitem', { name: 'Split hand B (1 split)' }).getAttribute('aria-current')).not.toBe('step');
  });
});
