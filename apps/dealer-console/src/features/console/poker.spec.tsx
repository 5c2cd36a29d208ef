import '../../app/games'; // the game plugins, as the app registers them
// @vitest-environment happy-dom
import type { Table } from '@felt-studio/client-sdk';
import { bankedPoker, rayPoker } from '@felt-studio/games';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dealerEn } from '../../i18n/dealer.en';
import { dealerSv } from '../../i18n/dealer.sv';
import { bet, card, close, drive } from '../../test/kernels';
import { TableConsole } from './components/ConsoleScreen';
import { Controls } from './components/Controls';
import { DuePanel } from './components/DuePanel';
import { StatusBoard } from './components/StatusBoard';
import { TablePanel } from './components/TablePanel';
import { controlsFor, deriveRound, type GameId } from './model/round';

/** The banked poker tables on the dealer console, from REAL kernel states and the DEALER view the server sends. */
afterEach(() => cleanup());
const catalogues = { dealer: { en: dealerEn, sv: dealerSv } };

const tableOf = (game: string, profileId = 'standard'): Table => ({
  tableId: 'tbl_1',
  name: 'Poker 1',
  game,
  profileId,
  currency: 'EUR',
  limits: { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 },
  betWindowS: 12,
  cadence: { auto: true, pauseS: 4 },
  devices: [{ deviceId: 'shoe-3', kind: 'shoe' }],
  status: 'open',
  preOpenCheck: null,
  createdAt: 0,
  updatedAt: 0,
});

function show(game: GameId, kernel: unknown, profileId: string, commands: Record<string, unknown>[], lng: 'en' | 'sv' = 'en') {
  const d = drive(kernel, profileId, commands);
  const round = deriveRound(game, d.roundId, d.view);
  renderWithFelt(
    <>
      <StatusBoard table={tableOf(game, profileId)} round={round} />
      <TablePanel round={round} />
      <DuePanel next={d.next} round={round} />
      <Controls controls={controlsFor(round, { tableOpen: true, voidPending: false })} autoCadence busy={null} onAction={() => undefined} onDialog={() => undefined} />
    </>,
    { catalogues, lng },
  );
  const due = within(screen.getByRole('region', { name: lng === 'en' ? 'What is due' : 'Vad som ska göras' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  return { round, due };
}

const CHE = bankedPoker.casinoHoldemKernel;

describe("Casino Hold'em on the dealer console (CHE-1, S-2)", () => {
  it('after "no more bets": the cards due in the shoe order of the definition, the hand that gets the next card marked', () => {
    expect(show('casino-holdem', CHE, 'standard', [bet('b1', 'p1', 'ante', 100), close]).due).toEqual(['Deal card 1 of the player hand face upCHE-1']);
    cleanup();
    const { due } = show('casino-holdem', CHE, 'standard', [bet('b1', 'p1', 'ante', 100), close, card('AS'), card('AD')]);
    expect(due).toEqual(['Deal the dealer’s card 1 face downCHE-1']);
    const dealer = screen.getByRole('listitem', { name: 'Dealer (face down)' });
    expect(dealer.getAttribute('aria-current')).toBe('step');
    expect(within(screen.getByRole('listitem', { name: 'Player hand (shared)' })).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['Ace of spades', 'Ace of diamonds']);
    expect(screen.getByRole('status', { name: 'Hand progress' }).textContent).toContain('2 of 9 cards dealt');
    // the manual card and the cut card are there for the scanning shoe (S-3, S-4)
    const controls = screen.getByRole('region', { name: 'Dealer controls' });
    expect(within(controls).getByRole('button', { name: 'Enter card by hand' })).toBeTruthy();
    expect(within(controls).getByRole('button', { name: 'Cut card came out' })).toBeTruthy();
    expect(within(controls).queryByRole('button', { name: 'Declare no spin' })).toBeNull();
  });

  it('the dealer hand stays face down on the console until the kernel reveals it', () => {
    show('casino-holdem', CHE, 'standard', [bet('b1', 'p1', 'ante', 100), close, card('AS'), card('AD'), card('KC'), card('KH')]);
    const dealer = screen.getByRole('listitem', { name: 'Dealer (face down)' });
    expect(within(dealer).getAllByRole('img', { name: 'Face-down card' })).toHaveLength(2);
    expect(document.body.innerHTML).not.toMatch(/King of/);
  });

  it('while players decide: how many decided and how many wait (never who), the decision timer, no card due and no manual card', () => {
    const { due, round } = show('casino-holdem', CHE, 'standard', [bet('b1', 'p1', 'ante', 100), bet('b2', 'p2', 'ante', 100), bet('b3', 'p3', 'ante', 100), close, ...['AS', 'AD', 'KC', 'KH', '2S', '7D', '9C'].map(card), { type: 'PlayerAction', playerId: 'p1', action: 'call', betId: 'c1' }]);
    expect(round.decisionWindowMs).toBe(20_000);
    expect(due).toEqual(['Players are deciding (call / fold): no card until the timer ends, then “fold” appliesCHE-5']);
    expect(screen.getByRole('status', { name: 'Hand progress' }).textContent).toContain('Players deciding: 1 of 3 decided, 2 waiting');
    expect(screen.getByRole('timer', { name: 'Decision time left' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Dealer controls' })).queryByRole('button', { name: 'Enter card by hand' })).toBeNull();
    for (const id of ['p1', 'p2', 'p3']) expect(document.body.textContent).not.toContain(id);
  });

  it('after the river the dealer hand is revealed and the round settles', () => {
    const { due } = show('casino-holdem', CHE, 'standard', [bet('b1', 'p1', 'ante', 100), close, ...['AS', 'AD', 'KC', 'KH', '2S', '7D', '9C'].map(card), { type: 'PlayerAction', playerId: 'p1', action: 'fold' }, card('3D'), card('4C')]);
    expect(due).toEqual(['Result recorded: settlingGEN-5']);
    expect(within(screen.getByRole('listitem', { name: 'Dealer' })).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['King of clubs', 'King of hearts']);
    expect(screen.getByRole('status', { name: 'Hand progress' }).textContent).toContain('Dealer hand revealed');
  });

  it('in Swedish', () => {
    const { due } = show('casino-holdem', CHE, 'standard', [bet('b1', 'p1', 'ante', 100), close], 'sv');
    expect(due).toEqual(['Dela spelarhandens kort 1 med framsidan uppCHE-1']);
  });
});

describe('the other banked poker games follow their own shoe order', () => {
  it('Three Card Poker: three player cards, then three dealer cards', () => {
    expect(show('three-card-poker', bankedPoker.threeCardPokerKernel, 'standard', [bet('b1', 'p1', 'ante', 100), close, card('AS'), card('KD'), card('QC')]).due).toEqual(['Deal the dealer’s card 1 face downTCP-1']);
    expect(screen.queryByRole('listitem', { name: 'Board' })).toBeNull();
  });

  it("Ultimate Texas Hold'em: the pre-flop decision (bet 4× / bet 3× / check) stops the deal; its default is check", () => {
    expect(show('ultimate-texas-holdem', bankedPoker.ultimateTexasHoldemKernel, 'standard', [bet('b1', 'p1', 'ante', 100), bet('b2', 'p1', 'blind', 100), close, ...['AS', 'KD', '2C', '3C'].map(card)]).due).toEqual(['Players are deciding (bet 4× / bet 3× / check): no card until the timer ends, then “check” appliesUTH-2']);
  });

  it("Texas Hold'em Bonus: after the flop decision the turn card goes to the board", () => {
    const K = bankedPoker.texasHoldemBonusKernel;
    expect(show('texas-holdem-bonus', K, 'standard', [bet('b1', 'p1', 'ante', 100), close, ...['AS', 'KD', '2C', '3C'].map(card), { type: 'PlayerAction', playerId: 'p1', action: 'bet' }, ...['4D', '8H', '9S'].map(card), { type: 'PlayerAction', playerId: 'p1', action: 'check' }]).due).toEqual(['Deal board card 4 face upTHB-1']);
  });

  it('Fast Poker: player and dealer cards alternately (RAY §7.1)', () => {
    expect(show('fast-poker', rayPoker.fastPokerKernel, 'ray', [bet('b1', 'p1', 'bet', 100), close, card('AS')]).due).toEqual(['Deal the dealer’s card 1 face downFP-1']);
  });
});

describe('the live RAY poker games (§7.2–§7.4)', () => {
  it('Triple Bet Poker: no dealer hand; the community cards come after each keep/take-back decision (TB-L3)', () => {
    const K = rayPoker.tripleBetPokerKernel;
    expect(show('triple-bet-poker', K, 'ray', [bet('b1', 'p1', 'bet-1', 100), bet('b2', 'p1', 'bet-2', 100), bet('b3', 'p1', 'bet-3', 100), close, card('AS'), card('KD'), card('QC')]).due).toEqual(['Players are deciding (keep / take back): no card until the timer ends, then “keep” appliesTB-1']);
    expect(screen.queryByRole('listitem', { name: /^Dealer/ })).toBeNull();
    cleanup();
    expect(show('triple-bet-poker', K, 'ray', [bet('b1', 'p1', 'bet-1', 100), bet('b2', 'p1', 'bet-2', 100), bet('b3', 'p1', 'bet-3', 100), close, card('AS'), card('KD'), card('QC'), { type: 'PlayerAction', playerId: 'p1', action: 'keep' }]).due).toEqual(['Deal board card 1 face upTB-1']);
  });

  it('Riverside Poker: hole cards alternately, the flop at once, then Call or fold', () => {
    const K = rayPoker.riversidePokerKernel;
    expect(show('riverside-poker', K, 'ray', [bet('b1', 'p1', 'blind', 100), close, card('AS')]).due).toEqual(['Deal the dealer’s card 1 face downRV-1']);
  });
});

describe('a game this console has no screen for', () => {
  it('says so plainly and shows no controls (never roulette’s)', () => {
    // (Money Wheel has its screen since issue 20 defect 2: a game id no plugin covers stands in)
    renderWithFelt(<TableConsole table={{ ...tableOf('crazy-coin'), name: 'Crazy Coin 1' }} onChangeTable={() => undefined} />, { catalogues });
    expect(screen.getByRole('alert').textContent).toContain('crazy-coin is not supported on this console');
    expect(screen.queryByRole('region', { name: 'Dealer controls' })).toBeNull();
    expect(screen.queryByText('Declare no spin')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change table' })).toBeTruthy();
  });
});
