// @vitest-environment happy-dom
import type { TournamentTableFrame } from '@felt-studio/protocol';
import { holdemScenario } from '@felt-studio/ui/poker-fixtures';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import TournamentTableScreen from './TournamentTableScreen';

afterEach(() => cleanup());
const catalogues = { player: { en: playerEn, sv: playerSv } };
const user = { userId: 'player1', role: 'player' as const, name: 'Player One' };
const ME = { role: 'player', playerId: 'me' } as const;

/** A real hand (the pure core's `viewHand` for `me`) in a tournament frame: chips as XXX, seat 1 is mine, my turn (big blind, checked to). */
function tournamentFrame(over: { sittingIn?: boolean; seq?: number; myActions?: TournamentTableFrame['tournament']['myActions'] } = {}): TournamentTableFrame {
  const s = holdemScenario({ at: Date.now() }).deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD').act(2, 'call').act(4, 'call').act(5, 'call');
  const f = s.frame(ME, { myBalanceMinor: null, ...(over.seq !== undefined ? { seq: over.seq } : {}) });
  return {
    ...f,
    tableId: 'trn_1:t1',
    name: 'Friday 30 · 1',
    currency: 'XXX',
    dealing: 'rng',
    tournament: { tournamentId: 'trn_1', name: 'Friday 30', status: 'running', tableNo: 1, seat: 1, sittingIn: over.sittingIn ?? true, myActions: over.myActions ?? [], playing: true, level: { index: 1, smallBlind: 50, bigBlind: 100, ante: 10, endsAt: null } },
  };
}

describe('a tournament table on the player screen (TRN-PLAY)', () => {
  it("shows the player's hand with the poker table's components, chips without a currency, the level; an action goes to the tournament", async () => {
    const after = tournamentFrame({ seq: 99 });
    renderWithFelt(<TournamentTableScreen tournamentId="trn_1" />, { catalogues, user, routes: { '/tournaments/trn_1/table': tournamentFrame(), '/tournaments/trn_1/actions': after } });
    expect(await screen.findByText('Level 2: blinds 50/100 · ante 10')).toBeTruthy();
    const mine = screen.getByRole('region', { name: 'Your cards' });
    expect(within(mine).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['Ace of spades', 'Ace of diamonds']);
    expect(document.body.innerHTML).not.toMatch(/King of/); // another seat's cards are face down
    expect(document.body.textContent).not.toMatch(/€|¤|XXX/); // tournament chips are not money
    expect(screen.getByText(/You play your own hands/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Check/ }));
    await screen.findByText('Level 2: blinds 50/100 · ante 10');
    expect(await screen.findByRole('main')).toBeTruthy();
    expect(document.querySelector('[data-seq="99"]')).not.toBeNull(); // the action's answer is the new frame
    const r = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(r.violations.map((v) => v.id)).toEqual([]);
  });

  it('away (TRN-ABSENT): the blinds still paid and the hand folded on their turns — never a robot — until the player takes the seat back; Swedish', async () => {
    renderWithFelt(<TournamentTableScreen tournamentId="trn_1" />, { catalogues, user, lng: 'sv', routes: { '/tournaments/trn_1/table': tournamentFrame({ sittingIn: false, myActions: [{ action: 'fold', by: 'absent', at: 1 }] }), '/tournaments/trn_1/seat': tournamentFrame({ seq: 7 }) } });
    expect(await screen.findByText(/Du är borta: du betalar ändå mörkar och ante, och din hand läggs när det är din tur/)).toBeTruthy();
    expect(screen.getByText('Din hand lades medan du var borta.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/En robot spelar|Låt en robot/); // the seat is not left to a robot
    fireEvent.click(screen.getByRole('button', { name: 'Ta din plats' }));
    expect(await screen.findByText(/Du spelar dina egna händer/)).toBeTruthy();
  });

  it('S1-TIMEBANK: in a tournament with a bank, the live table\'s time-bank button presses it through the tournament (POST …/actions, action time-bank)', async () => {
    const f = tournamentFrame();
    const { api } = renderWithFelt(<TournamentTableScreen tournamentId="trn_1" />, { catalogues, user, routes: { '/tournaments/trn_1/table': f, '/tournaments/trn_1/actions': tournamentFrame({ seq: 42 }) } });
    const act = vi.spyOn(api, 'tournamentAct');
    fireEvent.click(await screen.findByRole('button', { name: /^Use time bank \(\+30 s\)/ }));
    await vi.waitFor(() => expect(document.querySelector('[data-seq="42"]')).not.toBeNull());
    expect(act).toHaveBeenCalledWith('trn_1', { handId: f.hand?.handId, action: 'time-bank' });
  });
});
