// @vitest-environment happy-dom
import type { TournamentSummary } from '@felt-studio/protocol';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import { TournamentsScreen } from './TournamentsScreen';

afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };

const summary = (over: Partial<TournamentSummary>): TournamentSummary => ({
  tournamentId: 'trn_1', name: 'Friday 30', kind: 'scheduled', status: 'running', currency: 'EUR', buyInMinor: 1_000, feeMinor: 100, startingStack: 1_500, maxPlayers: 30,
  startsAt: 0, startedAt: 0, endedAt: null, entries: 30, remaining: 12, poolMinor: 30_000, registrationOpen: false,
  level: { index: 2, type: 'level', smallBlind: 25, bigBlind: 50, ante: 5, endsAt: 1, remainingMs: null }, ...over,
});

describe('the Tournaments screen (issue 24: the pit boss’s tournament control)', () => {
  it('lists each tournament with its status, level, field and pool; a reason is needed before any action; pause is sent and confirmed', async () => {
    const list = [summary({}), summary({ tournamentId: 'trn_2', name: 'Done', status: 'finished', remaining: 0 })];
    const { api } = renderWithFelt(<TournamentsScreen />, { catalogues, user, routes: { '/tournaments': list, '/tournaments/trn_1/control': { ...summary({ status: 'paused' }) } } });
    const table = await screen.findByRole('table', { name: /Tournaments/ });
    const row = within(table).getByRole('row', { name: /Friday 30/ });
    expect(row.textContent).toContain('Level 3: 25/50 ante 5');
    expect(row.textContent).toContain('12 of 30 left');
    expect(row.textContent).toContain('€300.00');
    // a finished tournament has no controls
    expect(within(within(table).getByRole('row', { name: /Done/ })).queryByRole('button')).toBeNull();
    const pause = within(row).getByRole('button', { name: 'Pause' });
    expect((pause as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(row).getByRole('textbox', { name: 'Reason for Friday 30' }), { target: { value: 'shoe fault' } });
    expect((pause as HTMLButtonElement).disabled).toBe(false);
    const sent: unknown[] = [];
    const orig = api.controlTournament.bind(api);
    api.controlTournament = (id, body) => {
      sent.push([id, body]);
      return orig(id, body);
    };
    fireEvent.click(pause);
    expect((await screen.findByRole('status')).textContent).toBe('Friday 30: Paused');
    expect(sent).toEqual([['trn_1', { action: 'pause', reason: 'shoe fault' }]]);
    const results = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('cancel asks again before it is sent (refunds by the rules cannot be undone)', async () => {
    renderWithFelt(<TournamentsScreen />, { catalogues, user, routes: { '/tournaments': [summary({ status: 'registering', remaining: 3, entries: 3 })], '/tournaments/trn_1/control': summary({ status: 'cancelled' }) } });
    const row = await screen.findByRole('row', { name: /Friday 30/ });
    expect(within(row).queryByRole('button', { name: 'Pause' })).toBeNull();
    fireEvent.change(within(row).getByRole('textbox', { name: 'Reason for Friday 30' }), { target: { value: 'no dealers' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel with refunds' }));
    const confirm = within(row).getByRole('group', { name: /cannot be undone/ });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel with refunds' }));
    expect((await screen.findByRole('status')).textContent).toBe('Friday 30: Cancelled');
  });

  it('Swedish: every string translated', async () => {
    renderWithFelt(<TournamentsScreen />, { catalogues, user, lng: 'sv', routes: { '/tournaments': [summary({})] } });
    const row = await screen.findByRole('row', { name: /Friday 30/ });
    expect(row.textContent).toContain('Pågår');
    expect(within(row).getByRole('button', { name: 'Pausa' })).toBeTruthy();
  });
});
