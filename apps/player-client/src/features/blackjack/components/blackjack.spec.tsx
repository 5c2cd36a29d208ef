// @vitest-environment happy-dom
import type { blackjack } from '@felt-studio/games';
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withGameStrings } from '../../../app/games';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import type { Betting } from '../../../table/hooks/useBetting';
import BlackjackTable from './BlackjackTable';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const catalogues = { player: withGameStrings({ en: playerEn, sv: playerSv }) };
const table = tableFixture({ tableId: 'tbl_bj', name: 'Blackjack 1', game: 'blackjack', limits: { spots: {}, tableMinMinor: 500, tableMaxMinor: 100_000 } });
type HandView = blackjack.BlackjackHandView;
const hand = (cards: string[], total: number, over: Partial<HandView> = {}): HandView => ({ cards, total, soft: false, blackjack: false, fromSplit: false, doubled: false, done: null, ...over }) as HandView;
const seat = (n: number, hands: HandView[], mine = false, myBehindMinor = 0): blackjack.BlackjackSeatView => ({ seat: n, mine, playerId: mine ? 'me' : null, stakeMinor: mine ? 1000 : null, hands, insurance: null, myBehindMinor, behind: null });

function show(over: Partial<blackjack.BlackjackView>, opts: { open?: boolean; stakes?: Map<string, number>; lang?: 'en' | 'sv' } = {}) {
  const betting = { pending: new Map(), place: vi.fn(), decide: vi.fn(), busy: false } as unknown as Betting;
  const view = { game: 'blackjack', roundId: 'rnd_1', tableId: 'tbl_bj', profileId: 'standard', seq: 1, phase: 'play', stage: 'players', bettingClosesAt: null, occupiedSeats: [], seats: [], dealer: { cards: [], visibleTotal: null, holeRevealed: false, peek: null }, turn: null, decisionDeadline: null, bets: [], shuffleAfterRound: false, halt: null, ...over } as blackjack.BlackjackView;
  const r = renderWithFelt(<BlackjackTable table={table} view={view} betting={betting} stakes={opts.stakes ?? new Map()} bets={[]} open={opts.open ?? false} locale={opts.lang ?? 'en'} />, { catalogues, ...(opts.lang ? { lng: opts.lang } : {}) });
  return { ...r, betting };
}
const seatBox = (n: number): HTMLElement => screen.getByText(`Seat ${n}`).closest('.bj-seat') as HTMLElement;

describe('blackjack table labels (issue 20 defect 12)', () => {
  it('a seat with no cards yet shows no "0"', () => {
    show({ stage: 'initial-deal', occupiedSeats: [1], seats: [seat(1, [hand([], 0)], true)] });
    expect(seatBox(1).querySelector('.bj-total')).toBeNull();
  });

  it('a Blackjack reads "Blackjack!", not "21 (soft) · Blackjack!"', () => {
    show({ occupiedSeats: [1], seats: [seat(1, [hand(['AS', 'KD'], 21, { soft: true, blackjack: true, done: 'blackjack' })], true)] });
    expect(seatBox(1).querySelector('.bj-total')?.textContent).toBe('Blackjack!');
  });

  it("the dealer's two-card 21 is shown as Blackjack, not 21; each seat gets its win / lose / push label", () => {
    const dealer = { cards: ['AH', 'QC'], visibleTotal: 21, holeRevealed: true, peek: 'blackjack' as const };
    const seats = [seat(1, [hand(['TS', '9D'], 19, { done: 'stand' })], true), seat(2, [hand(['AD', 'KC'], 21, { blackjack: true, soft: true, done: 'blackjack' })])];
    show({ phase: 'resolved', stage: 'done', occupiedSeats: [1, 2], seats, dealer });
    expect(screen.getByText('Dealer').textContent).toContain('Blackjack');
    expect(screen.getByText('Dealer').textContent).not.toContain('21');
    expect(seatBox(1).querySelector('.bj-result')?.textContent).toBe('Lose');
    expect(seatBox(2).querySelector('.bj-result')?.textContent).toBe('Push');
  });

  it('against a dealer who busts: the standing seat wins, the busted one loses', () => {
    const dealer = { cards: ['TH', '6C', '9S'], visibleTotal: 25, holeRevealed: true, peek: null };
    const seats = [seat(1, [hand(['TS', '8D'], 18, { done: 'stand' })], true), seat(3, [hand(['TC', '5D', 'KH'], 25, { done: 'bust' })])];
    show({ phase: 'resolved', stage: 'done', occupiedSeats: [1, 3], seats, dealer });
    expect(seatBox(1).querySelector('.bj-result')?.textContent).toBe('Win');
    expect(seatBox(3).querySelector('.bj-result')?.textContent).toBe('Lose');
  });
});

describe('bet behind a seat (issue 24, RAY-8.1)', () => {
  it('while betting is open, a seat another player holds offers "Bet behind"; my own seat and free seats do not', () => {
    const { betting } = show({ phase: 'betting', stage: 'betting', occupiedSeats: [1, 5], seats: [seat(1, [hand([], 0)], true), seat(5, [hand([], 0)])] }, { open: true });
    const behind = screen.getByRole('button', { name: /Bet behind seat 5/ });
    expect(behind.getAttribute('data-spot')).toBe('behind:5');
    expect(screen.queryByRole('button', { name: /Bet behind seat 1\b/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Bet behind seat 2\b/ })).toBeNull();
    behind.click();
    expect(betting.place).toHaveBeenCalledWith('behind:5');
  });

  it('the seat I bet behind shows my stake, never who holds it, and then the result my bet follows', () => {
    const stakes = new Map([['behind:5', 1_000]]);
    show({ phase: 'play', stage: 'players', occupiedSeats: [5], seats: [seat(5, [hand(['TS', '8D'], 18)], false, 1_000)], turn: { seat: 5, hand: 0 } }, { stakes });
    expect(seatBox(5).querySelector('.bj-behind-mine')?.textContent).toMatch(/^Behind €10(\.00)?$/);
    expect(seatBox(5).textContent).not.toContain('Taken');
    // no decision buttons for a bet behind: the seated player decides
    expect(screen.queryByRole('button', { name: 'Stand' })).toBeNull();
    cleanup();
    const dealer = { cards: ['TH', '6C', '9S'], visibleTotal: 25, holeRevealed: true, peek: null };
    show({ phase: 'resolved', stage: 'done', occupiedSeats: [5], seats: [seat(5, [hand(['TS', '8D'], 18, { done: 'stand' })], false, 1_000)], dealer }, { stakes });
    expect(seatBox(5).querySelector('.bj-behind-mine')?.getAttribute('data-result')).toBe('win');
    expect(seatBox(5).querySelector('.bj-behind-mine .felt-visually-hidden')?.textContent).toBe(' · Win');
  });

  it('Swedish', () => {
    show({ phase: 'betting', stage: 'betting', occupiedSeats: [5], seats: [seat(5, [hand([], 0)])] }, { open: true, lang: 'sv' });
    expect(screen.getByRole('button', { name: /Satsa bakom plats 5/ })).toBeTruthy();
  });
});
