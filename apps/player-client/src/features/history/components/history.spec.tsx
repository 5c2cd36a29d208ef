// @vitest-environment happy-dom
import type { PlayerRound } from '@felt-studio/client-sdk';
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { withGameStrings } from '../../../app/games';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import { History } from './History';

afterEach(() => cleanup());
const catalogues = { player: withGameStrings({ en: playerEn, sv: playerSv }) };
const user = { userId: 'player1', role: 'player' as const, name: 'Player One' };
const mw = tableFixture({ tableId: 'tbl_mw', name: 'Money Wheel 1', game: 'money-wheel' });
const round = (roundId: string, placedAt: number, spot: string): PlayerRound =>
  ({ roundId, tableId: 'tbl_mw', placedAt, settledAt: placedAt + 30_000, stakeMinor: 100, returnMinor: 0, currency: 'EUR', bets: [{ betId: `bet_${roundId}`, roundId, tableId: 'tbl_mw', spot, stakeMinor: 100, currency: 'EUR', status: 'settled', returnMinor: 0, placedAt }] }) as unknown as PlayerRound;

describe('my history (issue 20 defect 12)', () => {
  it('names a bet as the table does ("Number 2", not the raw key number:2) and lists the newest round first', async () => {
    const rounds = [round('rnd_a', 1_000_000, 'number:2'), round('rnd_c', 3_000_000, 'number:10'), round('rnd_b', 2_000_000, 'number:5')];
    renderWithFelt(<History />, { catalogues, user, routes: { '/me/rounds': rounds, '/tables': [mw] } });
    await screen.findByText('Number 10');
    const ids = screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    expect(ids).toEqual(['Round rnd_c', 'Round rnd_b', 'Round rnd_a']);
    expect(within(screen.getByRole('article', { name: 'Round rnd_a' })).getByText('Number 2')).toBeTruthy();
    expect(screen.queryByText('number:2')).toBeNull();
  });
});
