// @vitest-environment happy-dom
import { FeltApiError } from '@felt-studio/client-sdk';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import { dealtHand, playedHand } from '../../test/poker-hands';
import { PokerTableView } from './PokerTableScreen';

/**
 * The pit boss's live poker table (issue 11) from REAL frames and events (the pure core through
 * @felt-studio/ui/poker-fixtures, the PIT BOSS audience): the exposed-card decision (P4-IRR) with its confirm
 * step, and the hand history (GEN-8) from the hand's redacted events.
 */
afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };
const PIT = { role: 'pitboss' } as const;
const EVENTS = '/poker-tables/ptb_fixture/hands/hnd_fixture_1/events';

describe('pit boss: live poker table detail', () => {
  it('exposed card: pick the seat and the card, confirm what the rule does, then it is sent (P4-IRR)', async () => {
    const s = dealtHand().act(2, 'call');
    const { api } = renderWithFelt(<PokerTableView frame={s.frame(PIT)} />, { catalogues, user, routes: { [EVENTS]: s.events(PIT) } });
    const spy = vi.spyOn(api, 'pokerHandDecision').mockResolvedValue(s.frame(PIT));
    // the pit boss sees no hole card values while the hand is in play
    expect(within(document.querySelector('tr[data-seat="4"]') as HTMLElement).getAllByRole('img', { name: 'Card face down' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Exposed card' }));
    const dialog = screen.getByRole('dialog', { name: /Exposed card at Hold'em 1/ });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Seat of the exposed card' }), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Rank' }), { target: { value: 'K' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Suit' }), { target: { value: 'H' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    // the confirm step: names what was picked and what happens; nothing is sent yet
    const confirm = screen.getByRole('dialog', { name: 'Confirm: seat 4 (Bo), King hearts exposed' });
    expect(confirm.textContent).toContain('turned face up for every player');
    expect(within(confirm).getByRole('img', { name: 'King of hearts' })).toBeTruthy();
    expect(spy).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rule the card exposed' }));
    await vi.waitFor(() => expect(spy).toHaveBeenCalledWith('ptb_fixture', { type: 'expose', seat: 4, card: 'KH' }));
    expect(await screen.findByText('Seat 4: King hearts ruled exposed.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("the server's refusal stays in the dialog with its code; Change goes back to the choice", async () => {
    const s = dealtHand();
    const { api } = renderWithFelt(<PokerTableView frame={s.frame(PIT)} />, { catalogues, user, routes: { [EVENTS]: s.events(PIT) } });
    vi.spyOn(api, 'pokerHandDecision').mockRejectedValue(new FeltApiError(409, 'POKER_NOT_A_DOWN_CARD', 'P4-IRR', 'that card is not a down card of that seat'));
    fireEvent.click(screen.getByRole('button', { name: 'Exposed card' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Review' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rule the card exposed' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText(/POKER_NOT_A_DOWN_CARD/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(within(screen.getByRole('dialog')).getByRole('combobox', { name: 'Seat of the exposed card' })).toBeTruthy();
  });

  it('no decisions once the hand is over', () => {
    const s = dealtHand().act(2, 'fold').act(4, 'fold').act(5, 'fold');
    renderWithFelt(<PokerTableView frame={s.frame(PIT)} />, { catalogues, user, routes: { [EVENTS]: s.events(PIT) } });
    expect(screen.queryByRole('button', { name: 'Exposed card' })).toBeNull();
    expect(screen.getByText(/No hand in play/)).toBeTruthy();
  });

  it('the hand history: who did what, the board by street, pots, the shown hands and the result', async () => {
    const s = playedHand();
    renderWithFelt(<PokerTableView frame={s.frame(PIT)} />, { catalogues, user, routes: { [EVENTS]: s.events(PIT) } });
    const history = await screen.findByRole('list', { name: 'Hand history' });
    const lines = within(history)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === history)
      .map((li) => li.textContent ?? '');
    expect(lines[0]).toMatch(/^Hand started · button seat 4/);
    expect(lines[0]).toContain('Anna €100.00');
    expect(lines.slice(2, 6)).toEqual(['Robot Ada folds', 'Bo raises to €3.00', 'Cy folds', 'Anna calls']);
    expect(lines).toContain('Bo uses the time bank (S1-TIMEBANK)');
    expect(lines).toContain('Bo bets €5.00');
    const flop = within(history).getByText('Flop').closest('li') as HTMLElement;
    expect(within(flop).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['9 of spades', '5 of hearts', '2 of diamonds']);
    // the hand is over: the pit boss sees every hole card in the history (disputes, GEN-8)
    const dealtLine = within(history).getByText('Cards dealt').closest('li') as HTMLElement;
    expect(within(dealtLine).queryAllByRole('img', { name: 'Card face down' })).toHaveLength(0);
    expect(within(dealtLine).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toContain('2 of clubs');
    const result = lines.at(-1) ?? '';
    expect(result).toMatch(/^Result/);
    expect(result).toMatch(/Main pot €16\.50 → Anna €16\.50/);
    const shown = within(history).getByRole('list', { name: 'Shown' });
    expect(within(shown).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(expect.arrayContaining(['Ace of spades', 'King of hearts']));
  });

  it('no serious or critical axe violations with the exposed-card dialog open; Swedish speaks', async () => {
    const s = dealtHand();
    renderWithFelt(<PokerTableView frame={s.frame(PIT)} />, { catalogues, user, lng: 'sv', routes: { [EVENTS]: s.events(PIT) } });
    await screen.findByRole('list', { name: 'Handhistorik' });
    fireEvent.click(screen.getByRole('button', { name: 'Exponerat kort' }));
    const r = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});
