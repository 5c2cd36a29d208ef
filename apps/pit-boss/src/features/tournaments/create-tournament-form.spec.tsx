// @vitest-environment happy-dom
import { FeltApiError } from '@felt-studio/client-sdk';
import type { CreateTournamentBody, TournamentSummary, TournamentView } from '@felt-studio/protocol';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import { fieldOfRejection, toBody, DEFAULT_FORM } from './create-tournament.model';
import { TournamentsScreen } from './TournamentsScreen';

afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };

const viewOf = (b: CreateTournamentBody): TournamentView => ({
  tournamentId: 'trn_new', name: b.name, kind: b.kind, status: 'registering', currency: b.currency, buyInMinor: b.buyInMinor, feeMinor: b.feeMinor, startingStack: b.startingStack, maxPlayers: b.maxPlayers,
  startsAt: b.startsAt, startedAt: null, endedAt: null, entries: 0, remaining: 0, poolMinor: 0, registrationOpen: true,
  level: { index: 0, type: 'level', smallBlind: 10, bigBlind: 20, ante: 0, endsAt: null, remainingMs: null },
  structure: b.structure, lateRegistrationLevels: b.lateRegistrationLevels, reEntry: b.reEntry, prizes: [0], tables: [], entriesView: [], chipCounts: [], handForHand: false, payouts: [], endReason: null,
});

const fill = (label: string | RegExp, value: string): void => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const describedText = (el: HTMLElement): string =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

describe('the pit boss creates a tournament from the Tournaments screen (issue 24)', () => {
  it('fills the form (major units), reviews, publishes minor units; a server refusal (TRN-DEF) is shown on its field; fixed, it publishes and the tournament is listed', async () => {
    const list: TournamentSummary[] = [];
    const { api } = renderWithFelt(<TournamentsScreen />, { catalogues, user, routes: { '/tournaments': list } });
    await screen.findByText('No tournaments yet.');
    fireEvent.click(screen.getByRole('button', { name: 'New tournament' }));
    const form = screen.getByRole('region', { name: 'New tournament' });

    // the obvious is caught here: no name, an amount that is not one, min above max
    fill('Name', '');
    fill('Buy-in (EUR)', '12,345');
    fill('Minimum players', '8');
    fill('Maximum players', '6');
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(name)).toBe('Required.');
    expect(document.activeElement).toBe(name); // focus on the first problem
    expect(describedText(screen.getByLabelText('Buy-in (EUR)'))).toContain('An amount, like 10 or 10.50.');
    expect(describedText(screen.getByLabelText('Maximum players'))).toContain('At least the minimum players.');

    fill('Name', 'Tuesday Turbo');
    fireEvent.click(screen.getByLabelText('Scheduled'));
    fill('Start time', '2099-06-01T20:00');
    fill('Buy-in (EUR)', '12.50');
    fill('Fee (EUR)', '1,25');
    expect(form.textContent).toContain('€12.50 + €1.25 = €13.75 per entry'); // shown as money
    fill('Starting stack', '2000');
    fill('Seats per table', '6');
    fill('Minimum players', '4');
    fill('Maximum players', '18');
    fireEvent.change(screen.getByLabelText('Structure'), { target: { value: 'standard' } });
    expect((screen.getByLabelText('Minutes a level') as HTMLInputElement).value).toBe('15'); // the preset's level length
    fill('Minutes a level', '10');
    expect(within(form).getByText(/Standard: 18 levels, 4 breaks/)).toBeTruthy();
    const levels = within(form).getByRole('table', { name: 'Structure' });
    expect(within(levels).getByRole('row', { name: /Level 4 \(item 4\) 25\/50 5 10/ })).toBeTruthy();
    expect(within(levels).getByRole('row', { name: /Break \(item 5\)/ })).toBeTruthy();
    fill('Late registration (structure items)', '30'); // past the structure's 22 items: the server's to refuse (TRN-DEF)
    fireEvent.click(screen.getByLabelText('A busted player may buy a new entry'));
    fill('Re-entries a player', '1');
    fill('Until structure item', '4');
    fill('Time bank (seconds)', '45'); // S1-TIMEBANK: each player's bank for the tournament
    // the standard payout table, the rows up to 36 entries (18 players, one re-entry each)
    const payouts = within(form).getByRole('table', { name: /Payout table/ });
    expect(within(payouts).getAllByRole('row').map((r) => r.textContent)).toEqual(['EntriesPrizes, 1st first', '2–5100 %', '6–965 % · 35 %', '10–1850 % · 30 % · 20 %', '19–2740 % · 25 % · 16 % · 11 % · 8 %', '28–4535 % · 22 % · 15 % · 11 % · 9 % · 8 %']);

    const sent: CreateTournamentBody[] = [];
    api.createTournament = async (b) => {
      sent.push(b);
      if (sent.length === 1) throw new FeltApiError(422, 'TOURNAMENT_INVALID_DEF', 'TRN-DEF', 'late registration ends within the structure', { field: 'lateRegistrationLevels' });
      list.push(viewOf(b));
      return viewOf(b);
    };
    fireEvent.click(within(form).getByRole('button', { name: 'Review' }));
    const review = screen.getByRole('region', { name: 'Publish Tuesday Turbo?' });
    expect(review.textContent).toContain('€12.50 + €1.25 = €13.75 per entry');
    expect(review.textContent).toContain('4–18 players, 6 a table');
    expect(review.textContent).toContain('Standard, 18 levels of 10 min');
    expect(review.textContent).toContain('Up to 1, until structure item 4');
    expect(review.textContent).toContain('45 s per player for the tournament');
    fireEvent.click(within(review).getByRole('button', { name: 'Publish' }));

    // refused: back on the form, the server's reason beside the field it names, focus there
    const late = await screen.findByLabelText('Late registration (structure items)');
    await expect.poll(() => late.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(late)).toContain('Refused by the server (TRN-DEF): late registration ends within the structure');
    // focus moves in the effect after the refusal is shown: polled, as the refusal itself is
    await expect.poll(() => document.activeElement).toBe(late);
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('false'); // only that field
    expect(sent[0]).toMatchObject({ name: 'Tuesday Turbo', kind: 'scheduled', currency: 'EUR', buyInMinor: 1_250, feeMinor: 125, startingStack: 2_000, seatsPerTable: 6, minPlayers: 4, maxPlayers: 18, startsAt: new Date('2099-06-01T20:00').getTime(), lateRegistrationLevels: 30, reEntry: { maxReEntries: 1, untilLevel: 4 }, timeBankMs: 45_000 });
    expect(sent[0]?.structure).toHaveLength(22);
    expect(sent[0]?.structure[0]).toEqual({ type: 'level', smallBlind: 10, bigBlind: 20, ante: 0, durationMs: 600_000 });
    const results = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    fill('Late registration (structure items)', '2');
    expect(late.getAttribute('aria-invalid')).toBe('false'); // editing the field clears the refusal
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    fireEvent.click(within(screen.getByRole('region', { name: 'Publish Tuesday Turbo?' })).getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('status')).textContent).toBe('Published Tuesday Turbo: it is in the list and in the players’ lobby.');
    const row = await screen.findByRole('row', { name: /Tuesday Turbo/ });
    expect(row.textContent).toContain('Registering');
    expect(sent[1]?.lateRegistrationLevels).toBe(2);
  });

  it('maps the server’s refusals to fields: TRN-DEF by details.field, a schema refusal by its path', () => {
    expect(fieldOfRejection({ code: 'TOURNAMENT_INVALID_DEF', ruleId: 'TRN-DEF', message: 'x', details: { field: 'buyInMinor' } })).toBe('buyIn');
    expect(fieldOfRejection({ code: 'TOURNAMENT_INVALID_DEF', ruleId: 'TRN-DEF', message: 'x', details: { field: 'payoutTable' } })).toBe('payoutTable');
    expect(fieldOfRejection({ code: 'TOURNAMENT_INVALID_DEF', ruleId: 'TRN-DEF', message: 'x', details: { field: 'timeBankMs' } })).toBe('timeBankSeconds');
    expect(fieldOfRejection({ code: 'INVALID_INPUT', ruleId: null, message: 'maxPlayers: Number must be less than or equal to 1000' })).toBe('maxPlayers');
    expect(fieldOfRejection({ code: 'INVALID_INPUT', ruleId: null, message: 'structure.0.bigBlind: too small' })).toBe('structure');
    expect(fieldOfRejection({ code: 'FORBIDDEN', ruleId: null, message: 'no' })).toBeNull();
    // a sit-and-go needs no start time; amounts in minor units
    const r = toBody({ ...DEFAULT_FORM, name: 'SNG', buyIn: '5', fee: '0.5' }, 0);
    expect(r.ok && [r.body.kind, r.body.startsAt, r.body.buyInMinor, r.body.feeMinor, r.body.structure.length]).toEqual(['sit-and-go', null, 500, 50, 13]);
    expect(toBody({ ...DEFAULT_FORM, name: 'X', buyIn: '0', fee: '0' }, 0)).toEqual({ ok: false, errors: { buyIn: { key: 'bothZero' } } });
    expect(toBody({ ...DEFAULT_FORM, name: 'X', kind: 'scheduled', startsAt: '2000-01-01T10:00' }, Date.now())).toEqual({ ok: false, errors: { startsAt: { key: 'inPast' } } });
  });

  it('Swedish: the form is translated', async () => {
    renderWithFelt(<TournamentsScreen />, { catalogues, user, lng: 'sv', routes: { '/tournaments': [] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Ny turnering' }));
    expect(screen.getByLabelText('Startavgift (EUR)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Granska' })).toBeTruthy();
  });
});
