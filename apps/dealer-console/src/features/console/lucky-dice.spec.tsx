import '../../app/games'; // the game plugins, as the app registers them
// @vitest-environment happy-dom
import { luckyDice } from '@felt-studio/games';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dealerEn } from '../../i18n/dealer.en';
import { dealerSv } from '../../i18n/dealer.sv';
import { bet, close, drive } from '../../test/kernels';
import { Controls } from './components/Controls';
import { DuePanel } from './components/DuePanel';
import { TablePanel } from './components/TablePanel';
import { useDealerActions } from './hooks/useDealerActions';
import { controlsFor, deriveRound, type RoundModel } from './model/round';

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

describe('Lucky Dice on the dealer console: what is due (RAY 2011 (docs/rules) §5.3)', () => {
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

/** The console's real wiring: controls from the round, each tap through useDealerActions → the SDK's dealer command. */
function Wired({ round }: { readonly round: RoundModel }) {
  const actions = useDealerActions('tbl_1');
  return <Controls controls={controlsFor(round, { tableOpen: true, voidPending: false })} autoCadence busy={actions.busy} onAction={(a) => void actions.run(a)} onDialog={() => undefined} />;
}

function controlsAt(profileId: string, commands: Record<string, unknown>[]) {
  const d = drive(K, profileId, commands);
  const r = renderWithFelt(<Wired round={deriveRound('lucky-dice', d.roundId, d.view)} />, { catalogues });
  const sent = vi.spyOn(r.api, 'dealerCommand').mockResolvedValue({} as never);
  const group = screen.queryByRole('group', { name: 'Shooter’s throw (method B)' });
  const names = group ? within(group).getAllByRole('button').map((b) => b.textContent) : [];
  return { sent, names };
}

describe('Lucky Dice method B on the dealer console: Permit / Judge / Pass through the kernel moves (LD-6, LD-7)', () => {
  const before = [bet('b1', 'alice', 'plein:16', 100), bet('b2', 'bob', 'sum:7', 100), close];

  it('the shooter holds the dice: Permit throw or Pass the dice; Permit sends PermitThrow', async () => {
    const { sent, names } = controlsAt('ray-b', before);
    expect(names).toEqual(['Permit throw', 'Pass the dice']);
    fireEvent.click(screen.getByRole('button', { name: 'Permit throw' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith('tbl_1', { type: 'PermitThrow' }));
  });

  it('permitted, no throw yet: only Pass the dice (sends PassTurn)', async () => {
    const { sent, names } = controlsAt('ray-b', [...before, { type: 'PermitThrow' }]);
    expect(names).toEqual(['Pass the dice']);
    fireEvent.click(screen.getByRole('button', { name: 'Pass the dice' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith('tbl_1', { type: 'PassTurn' }));
  });

  it('a throw was read: Approve or Invalid (JudgeThrow valid true / false), no pass while it waits for judgement', async () => {
    const { sent, names } = controlsAt('ray-b', [...before, { type: 'PermitThrow' }, { type: 'RecordDice', red: 2, green: 5 }]);
    expect(names).toEqual(['Approve throw', 'Invalid throw']);
    fireEvent.click(screen.getByRole('button', { name: 'Invalid throw' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith('tbl_1', { type: 'JudgeThrow', valid: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve throw' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith('tbl_1', { type: 'JudgeThrow', valid: true }));
  });

  it('an invalid throw gives the dice back to the same shooter: Permit again', () => {
    const { names } = controlsAt('ray-b', [...before, { type: 'PermitThrow' }, { type: 'RecordDice', red: 2, green: 5 }, { type: 'JudgeThrow', valid: false }]);
    expect(names).toEqual(['Permit throw', 'Pass the dice']);
  });

  it('method A (the dealer’s cups) and the betting phase have no throw buttons', () => {
    expect(controlsAt('ray-a', before).names).toEqual([]);
    cleanup();
    expect(controlsAt('ray-b', [bet('b1', 'alice', 'plein:16', 100)]).names).toEqual([]);
  });

  it('in Swedish', () => {
    const d = drive(K, 'ray-b', before);
    renderWithFelt(<Wired round={deriveRound('lucky-dice', d.roundId, d.view)} />, { catalogues, lng: 'sv' });
    expect(within(screen.getByRole('group', { name: 'Kastarens kast (metod B)' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Tillåt kast', 'Lämna över tärningarna']);
  });
});
