// @vitest-environment happy-dom
import type { PokerTableFrame } from '@felt-studio/protocol';
import { keyPaths } from '@felt-studio/ui';
import { pokerTable } from '@felt-studio/games';
import { holdemScenario, PokerScenario, studScenario } from '@felt-studio/ui/poker-fixtures';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dealerEn } from '../../i18n/dealer.en';
import { dealerSv } from '../../i18n/dealer.sv';
import { PokerConsoleView } from './components/PokerConsole';

/**
 * The dealer console of a live poker table (issue 11) from REAL frames: hands driven through the
 * pure core and the DEALER audience's `viewHand` — a down card reaches the console only as "card
 * scanned" unless the profile lets the dealer see hole cards.
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
const catalogues = { dealer: { en: dealerEn, sv: dealerSv } };
const DEALER = { role: 'dealer' } as const;

function show(frame: PokerTableFrame, routes: Record<string, unknown> = {}) {
  return renderWithFelt(<PokerConsoleView frame={frame} onChangeTable={() => undefined} />, { catalogues, routes });
}
const row = (seat: number) => document.querySelector(`tr[data-seat="${seat}"]`) as HTMLElement;

describe('dealer console: live poker', () => {
  it('shows the card due next: the seat, face down, in dealing order (S1-DEAL-3)', () => {
    const s = holdemScenario().deal('2C', 'AS');
    const frame = s.frame(DEALER);
    expect(frame.cardDue).toEqual({ to: 'seat', seat: 2, up: false });
    show(frame);
    expect(screen.getByRole('region', { name: 'What is due' }).textContent).toContain('Deal seat 2 (Robot Ada) a card FACE DOWN');
  });

  it('hole cards only as "card scanned", never their values', () => {
    const frame = holdemScenario().deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD').frame(DEALER);
    show(frame);
    for (const n of [1, 2, 4, 5]) expect(within(row(n)).getAllByRole('img', { name: 'Card scanned' })).toHaveLength(2);
    expect(document.body.innerHTML).not.toMatch(/Ace of|King of|7 of|8 of|2 of|3 of/);
    // who acts, the clock, the pot
    expect(row(2).textContent).toContain('to act');
    expect(screen.getByRole('timer', { name: 'Time left for Robot Ada to act' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Round status' }).textContent).toContain('€1.50');
  });

  it('the board card due after the pre-flop betting, then the flop on the board', () => {
    const s = holdemScenario().deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD').act(2, 'call').act(4, 'call').act(5, 'call').act(1, 'check');
    show(s.frame(DEALER));
    expect(screen.getByRole('region', { name: 'What is due' }).textContent).toContain('Deal the flop: board card 1');
    cleanup();
    show(s.deal('9S', '5H', '2D').frame(DEALER));
    expect(within(screen.getByRole('group', { name: 'Board' })).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['9 of spades', '5 of hearts', '2 of diamonds']);
  });

  it('eight-player stud (PT-STUD-SEATS, RAY §6.6): when the deck runs short the dealer is asked for one shared card face up, not a flop', () => {
    const seats = Array.from({ length: 8 }, (_, i) => ({ seat: i + 1, playerId: `p${i + 1}`, name: `Player ${i + 1}`, stackMinor: 5_000 }));
    const s = new PokerScenario({ at: Date.now(), seatCount: 8, buttonSeat: null, config: { variant: 'stud', structure: 'fixed-limit', anteMinor: 10, bringInMinor: 20, smallBetMinor: 50, bigBetMinor: 100, actionMs: 20_000 }, seats });
    const deck = ['2H', '3D', '4C', '6H', '7D', '9C', '2D', '3H', '4H', '6D', '8C', '9H', '2C', '4D', '5H', '7C', '8H', 'TD', '3C', '5D', '6C', '7H', '9D', 'JC', '5C', '8D', 'TH', 'JD', 'QC', 'KH', 'TC', 'JH', 'QD', 'KC', 'AH', '2S', 'QH', 'KD', 'AC', 'AD', '3S', '4S', 'KS', 'QS', '9S', '5S', '6S', '7S'];
    for (let guard = 0; guard < 400; guard++) {
      const st = s.state;
      if (!st || st.phase.type === 'complete') break;
      const due = pokerTable.cardDue(st);
      if (due?.to === 'board') break;
      if (due) s.deal(deck.shift() as string);
      else {
        const la = pokerTable.legalActions(st);
        if (!la) throw new Error('stuck');
        s.act(la.seat, la.canCheck ? 'check' : 'call');
      }
    }
    const frame = s.frame(DEALER);
    expect(frame.cardDue).toEqual({ to: 'board' });
    show(frame);
    expect(screen.getByRole('region', { name: 'What is due' }).textContent).toContain('Deal one shared card face up');
  });

  it('a burnCards table (PT-BURN): "Burn a card" before the flop; the burned card is never shown, not even to a dealer who sees hole cards', () => {
    const s = holdemScenario({ config: { burnCards: true, dealerSeesHoleCards: true } }).deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD').act(2, 'call').act(4, 'call').act(5, 'call').act(1, 'check');
    const frame = s.frame(DEALER);
    expect(frame.cardDue).toEqual({ to: 'burn' });
    show(frame);
    const due = screen.getByRole('region', { name: 'What is due' });
    expect(due.textContent).toContain('Burn a card');
    expect(due.textContent).toContain('PT-BURN');
    cleanup();
    const burned = s.deal('QC').frame(DEALER);
    expect(burned.cardDue).toEqual({ to: 'board' });
    show(burned);
    expect(screen.getByRole('region', { name: 'What is due' }).textContent).toContain('Deal the flop: board card 1');
    expect(JSON.stringify(burned)).not.toContain('"QC"');
    expect(document.body.innerHTML).not.toMatch(/Queen of clubs/);
    cleanup();
    renderWithFelt(<PokerConsoleView frame={frame} onChangeTable={() => undefined} />, { catalogues, lng: 'sv' });
    expect(document.body.textContent).toContain('Bränn ett kort');
  });

  it('a profile that lets the dealer see hole cards shows them', () => {
    const frame = holdemScenario({ config: { dealerSeesHoleCards: true } }).deal('2C', 'AS', '7D', 'KH').frame(DEALER);
    show(frame);
    expect(within(row(1)).getByRole('img', { name: 'Ace of spades' })).toBeTruthy();
  });

  it('stud: up cards are shown to the dealer, down cards scanned', () => {
    const s = studScenario([
      { seat: 1, playerId: 'a', name: 'A' },
      { seat: 3, playerId: 'b', name: 'B' },
    ]);
    const frame = s.deal('AS', 'KS', 'AD', 'KD').frame(DEALER);
    expect(frame.cardDue).toEqual({ to: 'seat', seat: 1, up: true });
    show(frame);
    expect(screen.getByRole('region', { name: 'What is due' }).textContent).toContain('FACE UP');
  });

  it('the result: pots and winners; misdeal / exposed card are disabled with the reason (no dealer message in the contract yet)', () => {
    const frame = holdemScenario().deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD').act(2, 'fold').act(4, 'fold').act(5, 'fold').frame(DEALER);
    show(frame);
    expect(screen.getByRole('region', { name: 'Hand result' }).textContent).toContain('Main pot');
    expect((screen.getByRole('button', { name: 'Declare misdeal' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Exposed card' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/call the pit boss, who decides/)).toBeTruthy();
  });

  it('the time bank in use is shown on the clock and the seat; hole cards stay "card scanned" (S1-TIMEBANK)', () => {
    const s = holdemScenario().deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD').timeBank(2);
    const frame = s.frame(DEALER);
    expect(frame.hand?.bankInUse).toBe(true);
    show(frame);
    expect(screen.getByRole('status').textContent).toContain('Robot Ada is using the time bank');
    expect(row(2).textContent).toContain('to act, on the time bank');
    for (const n of [1, 2, 4, 5]) expect(within(row(n)).getAllByRole('img', { name: 'Card scanned' })).toHaveLength(2);
    expect(document.body.innerHTML).not.toMatch(/Ace of|King of|7 of|8 of|2 of|3 of/);
  });

  it('an exposed card (P4-IRR) is face up for everyone, the dealer too; the other stays scanned; a straddling seat says so', () => {
    const s = new PokerScenario({
      ...holdemScenario().table,
      buttonSeat: 2,
      config: { ...holdemScenario().table.config, straddleTable: true },
      seats: holdemScenario().table.seats.map((x) => (x.seat === 1 ? { ...x, straddle: true } : x)),
    });
    const frame = s.deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD').expose(4, '2C').frame(DEALER);
    show(frame);
    expect(row(1).textContent).toContain('straddles (Ö)');
    expect(within(row(4)).getByRole('img', { name: '2 of clubs' })).toBeTruthy();
    expect(within(row(4)).getAllByRole('img', { name: 'Card scanned' })).toHaveLength(1);
    expect(within(row(1)).getAllByRole('img', { name: 'Card scanned' })).toHaveLength(2);
  });

  it('calls the pit boss with a reason', async () => {
    const { api } = show(holdemScenario().frame(DEALER));
    const spy = vi.spyOn(api, 'callPitBoss').mockResolvedValue({} as never);
    fireEvent.click(screen.getByRole('button', { name: 'Call pit boss' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Exposed card' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Call now' }));
    await screen.findByText('The pit boss has been called.');
    expect(spy).toHaveBeenCalledWith('ptb_fixture', 'Exposed card');
  });

  it('no serious or critical axe violations; Swedish has every key', async () => {
    show(holdemScenario().deal('2C', 'AS', '7D').frame(DEALER));
    const r = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    expect(keyPaths(dealerSv)).toEqual(keyPaths(dealerEn));
  });
});
