// @vitest-environment happy-dom
import { integrity, roulette } from '@felt-studio/games';
import type { LateBettorRead, PlayerIntegrityRead, ShoeIntegrity, WheelIntegrity } from '@felt-studio/client-sdk';
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pitEn } from '../../i18n/pit.en';
import { pitSv } from '../../i18n/pit.sv';
import IntegrityScreen, { formatP } from './IntegrityScreen';

afterEach(() => cleanup());
const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };
const report = (spins: number[]): WheelIntegrity['report'] => integrity.wheelBias(spins, { pockets: 37, order: roulette.WHEEL_ORDER, window: 4000 });

const shoeOf = (): ShoeIntegrity => {
  const sessions = Array.from({ length: 6 }, (_, i) => ({ cards: integrity.shoeCards(8, 70 + i, { T: 16 }).slice(0, 312) }));
  const report = integrity.shoeIntegrity(sessions, { decks: 8 });
  return { shoeId: 'shoe-7', tableId: 'tbl_r', decks: 8, lastAt: 1, sessions: 6, currentCards: 40, report: { ...report, composition: report.composition.slice(-1) } };
};

/** The accounts' names as the server reads them (null: the account is gone — the id names the player). */
const NAMES: Readonly<Record<string, string | null>> = { counter: 'Carl Counter', flat: null, ballistic: 'Bea Ballistic', early: 'Robot 2' };
const playersOf = (): PlayerIntegrityRead[] => {
  const rounds = integrity.simulateCountedTable({ ...integrity.SIM_TABLES.blackjack, shoes: 20, seed: 101 }, { counter: integrity.simBettors.counter(), flat: integrity.simBettors.flat() });
  return integrity.advantagePlay(rounds).map((report) => ({ playerId: report.playerId, tables: [{ tableId: 'tbl_bj', game: 'blackjack' }], lastAt: 1, report, name: NAMES[report.playerId] ?? null }));
};

const lateOf = (): LateBettorRead[] =>
  integrity.lateBettors(integrity.simulateTimedBets(400, 104, { ballistic: integrity.simTimedBettors.ballistic, early: integrity.simTimedBettors.early })).map((report) => (report.playerId === 'early' ? { playerId: 'bot_robot2', tables: ['tbl_r'], report: { ...report, playerId: 'bot_robot2' }, name: 'Robot 2' } : { playerId: report.playerId, tables: ['tbl_r'], report, name: NAMES[report.playerId] ?? null }));

describe('the Integrity view (issue 23)', () => {
  it('lists the wheels, most suspicious first, with the alarm, its suspect pockets and every test named', async () => {
    const wheels: WheelIntegrity[] = [
      { wheelId: 'wheel-A', tableId: 'tbl_r', lastAt: 1, report: report(integrity.wheelSpins(4000, 37, 3, { pocket: 17, factor: 2 })) },
      { wheelId: 'wheel-B', tableId: 'tbl_r2', lastAt: 2, report: report(integrity.wheelSpins(900, 37, 4)) },
      { wheelId: 'wheel-C', tableId: 'tbl_r2', lastAt: 3, report: report([1, 2, 3]) },
    ];
    const tables = [tableFixture({ tableId: 'tbl_r', name: 'Roulette 1', game: 'roulette' }), tableFixture({ tableId: 'tbl_r2', name: 'Roulette 2', game: 'roulette' }), tableFixture({ tableId: 'tbl_bj', name: 'Blackjack 1', game: 'blackjack' })];
    renderWithFelt(<IntegrityScreen tables={tables} />, { catalogues, user, routes: { '/integrity/wheels': { wheels }, '/integrity/shoes': { shoes: [shoeOf()] }, '/integrity/players': { players: playersOf() }, '/integrity/late-bettors': { players: lateOf() } } });
    // issue 20: a wheel is named by its table and its kind, not its device id (the id under the name, for staff);
    // two wheels that report from one table keep their ids in the name
    const a = await screen.findByRole('region', { name: 'Roulette 1 — wheel' });
    expect(within(a).getByText('wheel-A', { selector: '.felt-mono' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Wheel / })).toBeNull();
    expect(within(a).getByText('Suspected bias')).toBeTruthy();
    expect(within(a).getByText('Roulette 1')).toBeTruthy();
    expect(within(a).getByText(/17/, { selector: 'dd' })).toBeTruthy();
    expect(within(a).getByRole('rowheader', { name: 'Busiest pocket' })).toBeTruthy();
    expect(within(a).getByRole('rowheader', { name: 'Distance from the last number (dealer signature)' })).toBeTruthy();
    const b = screen.getByRole('region', { name: 'Roulette 2 — wheel (wheel-B)' });
    expect(within(b).getByText('Fair so far')).toBeTruthy();
    expect(within(b).getByText('900 of 900')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Roulette 2 — wheel (wheel-C)' })).getByText('Collecting spins')).toBeTruthy();
    // issue 20: a shoe is named by its table and kind, as a wheel is, its device id under it (was "Shoe shoe-7")
    const shoe = screen.getByRole('region', { name: 'Roulette 1 — shoe' });
    expect(within(shoe).getByText('shoe-7')).toBeTruthy();
    expect(within(shoe).getByText('Suspect composition')).toBeTruthy();
    expect(within(shoe).getByText(/(^|, )T(,|$)/, { selector: 'dd' })).toBeTruthy();
    expect(within(within(shoe).getByRole('list', { name: 'Findings' })).getAllByText(/ten|T:/).length).toBeGreaterThan(0);
    // §3: the counter first, flagged, with the bets against the count as evidence; the flat bettor plays blind to it
    // issue 20: a player is named by the account's name, the id under it (the id when the account is gone)
    const players = screen.getAllByRole('region', { name: /^Player [\w ]+$/ }).filter((x) => x.getAttribute('aria-labelledby')?.startsWith('player-'));
    expect(players.map((x) => x.getAttribute('aria-labelledby'))).toEqual(['player-counter', 'player-flat']);
    const counter = screen.getByRole('region', { name: 'Player Carl Counter' });
    expect(within(counter).getByText('counter', { selector: '.felt-mono' })).toBeTruthy();
    expect(within(counter).getByText('Suspected advantage play')).toBeTruthy();
    expect(within(counter).getByText('Blackjack 1')).toBeTruthy();
    expect(within(counter).getByRole('rowheader', { name: 'Bet size against the count (counting)' })).toBeTruthy();
    const evidence = within(counter).getByRole('table', { name: 'Bets at each true count' });
    expect(within(within(evidence).getByRole('rowheader', { name: '−1' }).closest('tr')!).getByText('1')).toBeTruthy(); // 1 unit = 1.00 → "1"
    const flat = screen.getByRole('region', { name: 'Player flat' });
    expect(within(flat).getByText('Plays blind to the count')).toBeTruthy();
    // a player not flagged: the evidence is one click away
    expect(within(flat).queryByRole('table', { name: 'Bets at each true count' })).toBeNull();
    fireEvent.click(within(flat).getByText('Evidence'));
    expect(await within(flat).findByRole('table', { name: 'Bets at each true count' })).toBeTruthy();
    // §5: the ballistics player wins too often in the last seconds; the early bettor as chance allows
    const eye = screen.getByRole('region', { name: 'Player Bea Ballistic at roulette' });
    expect(within(eye).getByText('Wins too often late')).toBeTruthy();
    expect(within(eye).getByText('400 of 400 (100%)')).toBeTruthy();
    expect(within(within(eye).getByRole('table', { name: 'Bets and wins by seconds before the close' })).getByRole('rowheader', { name: '0–1' })).toBeTruthy();
    // a demo robot: its name, its id and the robot badge — never a bare `bot_robot2`
    const robot = screen.getByRole('region', { name: 'Player Robot 2 at roulette' });
    expect(within(robot).getByText('Collecting late bets')).toBeTruthy();
    expect(within(robot).getByText('bot_robot2', { selector: '.felt-mono' })).toBeTruthy();
    expect(within(robot).getByText('Robot', { exact: false, selector: '.pit-badge-robot' })).toBeTruthy();
  });

  it('says so when no wheel has reported, and reads p-values as a person would', async () => {
    const patterns = { evaluatedAt: null, report: integrity.sharedPatterns([]), names: [] };
    renderWithFelt(<IntegrityScreen tables={[]} />, { catalogues, user, routes: { '/integrity/wheels': { wheels: [] }, '/integrity/shoes': { shoes: [] }, '/integrity/players': { players: [] }, '/integrity/late-bettors': { players: [] }, '/integrity/bet-patterns': patterns } });
    expect(await screen.findByText('No wheel has reported a result yet.')).toBeTruthy();
    expect(await screen.findByText('No shoe has finished a session yet.')).toBeTruthy();
    expect(await screen.findByText('No player evaluated yet: players are checked every 10 rounds of a blackjack or baccarat table.')).toBeTruthy();
    expect(await screen.findByText('No settled roulette bets yet.')).toBeTruthy();
    // issue 23 §5: the shared-pattern section before its first evaluation
    expect(await screen.findByText('Not evaluated yet.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Shared betting patterns' })).toBeTruthy();
    expect(formatP(3e-9, 'en')).toBe('< 0.0001');
    expect(formatP(0.0456, 'en')).toBe('0.046');
    expect(formatP(0.5, 'sv')).toBe('0,5');
  });
});
