// @vitest-environment happy-dom
import type { TournamentSummary, TournamentView } from '@felt-studio/protocol';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import { withGameStrings } from '../../../app/games';
import { TournamentsSection } from './TournamentsSection';

afterEach(() => cleanup());
const catalogues = { player: withGameStrings({ en: playerEn, sv: playerSv }) };
const user = { userId: 'player1', role: 'player' as const, name: 'Player One' };

const summary = (over: Partial<TournamentSummary>): TournamentSummary => ({
  tournamentId: 'trn_1', name: 'Friday 30', kind: 'scheduled', status: 'registering', currency: 'EUR', buyInMinor: 1_000, feeMinor: 100, startingStack: 1_500, maxPlayers: 30,
  startsAt: Date.UTC(2026, 10, 28, 20), startedAt: null, endedAt: null, entries: 12, remaining: 12, poolMinor: 12_000, registrationOpen: true,
  level: { index: 0, type: 'level', smallBlind: 10, bigBlind: 20, ante: 0, endsAt: null, remainingMs: null }, ...over,
});
const view = (s: TournamentSummary, over: Partial<TournamentView> = {}): TournamentView => ({
  ...s, structure: [], lateRegistrationLevels: 0, reEntry: null, prizes: [6_000, 3_600, 2_400], tables: [], entriesView: [], chipCounts: [], handForHand: false, payouts: [], endReason: null, ...over,
});

describe('tournaments in the player lobby (issue 24)', () => {
  it('shows an open tournament with its buy-in, fee, field and prizes, and registers the player', async () => {
    const s = summary({});
    renderWithFelt(<TournamentsSection />, { catalogues, user, routes: { '/tournaments': [s, summary({ tournamentId: 'trn_old', name: 'Old', status: 'finished', registrationOpen: false })], '/tournaments/trn_1': view(s), '/tournaments/trn_1/entries': { tournamentId: 'trn_1', entryId: 'ent_1', reEntry: false, duplicate: false, tableNo: null, seat: null } } });
    const card = await screen.findByRole('article', { name: 'Friday 30' });
    expect(card.textContent).toContain('Buy-in €10.00 + fee €1.00');
    expect(card.textContent).toContain('12/30 entries');
    expect(await within(card).findByText(/Prizes: 1\. €60\.00, 2\. €36\.00, 3\. €24\.00/)).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Old' })).toBeNull(); // finished ones are not offered
    fireEvent.click(within(card).getByRole('button', { name: 'Register for Friday 30' }));
    expect((await screen.findByRole('status')).textContent).toBe('You are registered: good luck!');
    const r = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(r.violations.map((v) => v.id)).toEqual([]);
  });

  it("a running tournament: the level, the player's own chips and table (their view) and Take your seat; Swedish", async () => {
    const s = summary({ status: 'running', registrationOpen: false, level: { index: 2, type: 'level', smallBlind: 25, bigBlind: 50, ante: 5, endsAt: 1, remainingMs: null } });
    renderWithFelt(<TournamentsSection />, { catalogues, user, lng: 'sv', routes: { '/tournaments': [s], '/tournaments/trn_1': view(s, { entriesView: [{ entryId: 'ent_1', status: 'playing', chips: 2_750, tableNo: 2, seat: 4 }] }) } });
    const card = await screen.findByRole('article', { name: 'Friday 30' });
    expect(card.textContent).toContain('Nivå 3: mörkar 25/50');
    expect(await within(card).findByText('Du: 2750 marker, bord 2')).toBeTruthy();
    // TRN-PLAY: the player's seat is one click away (no Register: they have an entry in play)
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Ta din plats i Friday 30']);
    fireEvent.click(within(card).getByRole('button', { name: 'Ta din plats i Friday 30' }));
    expect(window.location.pathname).toBe('/tournament/trn_1');
  });
});
