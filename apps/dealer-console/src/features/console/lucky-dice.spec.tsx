// @vitest-environment happy-dom
import { luckyDice } from '@felt/games';
import { renderWithFelt } from '@felt/ui/test-utils';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dealerEn } from '../../i18n/dealer.en';
import { dealerSv } from '../../i18n/dealer.sv';
import { bet, close, drive } from '../../test/kernels';
import { DuePanel } from './components/DuePanel';
import { TablePanel } from './components/TablePanel';
import { deriveRound } from './model/round';

afterEach(() => cleanup());
const catalogues = { dealer: { en: dealerEn, sv: dealerSv } };
const K = luckyDice.luckyDiceKernel;

function show(profileId: string, commands: Record<string, unknown>[], lng: 'en' | 'sv' = 'en') {
  const d = drive(K, profileId, commands);
  const round = deriveRound('lucky-dice', d.roundId, d.view);
  renderWithFelt(
    <>
      <TablePanel round={round} />
      <DuePanel next={d.next} round={round} />
    </>,
    { catalogues, lng },
  );
  return within(screen.getByRole('region', { name: lng === 'en' ? 'What is due' : 'Vad som ska göras' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
}

describe('Lucky Dice on the dealer console: what is due (rules-ray-2011.md §5.3)', () => {
  it('method A: after "no more bets" the dealer shakes the two cups (LD-5); the result shows the dice, the sum and the number', () => {
    expect(show('ray-a', [bet('b1', 'p1', 'plein:16', 100), close])).toEqual(['Shake the two cups and lift them (red die = group, green die = number)LD-5']);
    cleanup();
    show('ray-a', [bet('b1', 'p1', 'plein:16', 100), close, { type: 'RecordDice', red: 3, green: 4 }]);
    const dice = screen.getByRole('region', { name: 'Dice' });
    expect(dice.textContent).toContain('Total 7');
    expect(dice.textContent).toContain('Red 3, green 4: number 16');
  });

  it('method A: a reader fault asks for another shake with the count (LD-8)', () => {
    expect(show('ray-a', [bet('b1', 'p1', 'plein:16', 100), close, { type: 'RecordDiceFault', code: 'unreadable' }])).toEqual(['Shake the cups again (fault 1 of at most 2)LD-5']);
  });

  it('method B: permit the throw, then judge it — never naming the player (LD-6, LD-7)', () => {
    const permit = show('ray-b', [bet('b1', 'alice', 'plein:16', 100), close]);
    expect(permit).toEqual(['Permit the shooter to throw, or pass the turnLD-7']);
    expect(document.body.textContent).not.toContain('alice');
    cleanup();
    const judge = show('ray-b', [bet('b1', 'alice', 'plein:16', 100), close, { type: 'PermitThrow' }, { type: 'RecordDice', red: 2, green: 5 }]);
    expect(judge).toEqual(['Judge the throw (red 2, green 5): approve it or declare it invalidLD-7']);
    expect(document.body.textContent).not.toContain('alice');
  });

  it('in Swedish', () => {
    const items = show('ray-a', [bet('b1', 'p1', 'sum:7', 100), close], 'sv');
    expect(items[0]).toContain('Skaka de två bägarna');
  });
});
