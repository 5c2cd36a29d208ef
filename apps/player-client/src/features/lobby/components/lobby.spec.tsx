// @vitest-environment happy-dom
import type { Table } from '@felt/client-sdk';
import { GAME_IDS } from '@felt/games';
import { renderWithFelt } from '@felt/ui/test-utils';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import { playerPlugin, withGameStrings } from '../../../app/games';
import { Lobby } from './Lobby';

afterEach(() => cleanup());
const catalogues = { player: withGameStrings({ en: playerEn, sv: playerSv }) };
const user = { userId: 'player1', role: 'player' as const, name: 'Player One' };

const tableOf = (tableId: string, game: string, name: string): Table => ({
  tableId,
  name,
  game,
  profileId: 'standard',
  currency: 'EUR',
  limits: { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 },
  betWindowS: 12,
  cadence: { auto: true, pauseS: 4 },
  devices: [],
  status: 'open',
  preOpenCheck: null,
  createdAt: 0,
  updatedAt: 0,
});

describe('lobby (issue 20 defect 2)', () => {
  it('Money Wheel has a screen; the games with none are only the opt-in RAY poker games (felt studio --ray-poker), which the lobby hides', () => {
    expect(playerPlugin('money-wheel')).toBeDefined();
    expect(GAME_IDS.filter((g) => playerPlugin(g) === undefined).sort()).toEqual(['dynamic-poker', 'riverside-poker', 'triple-bet-poker']);
  });

  it('never offers a table whose game has no screen in the player app', async () => {
    const tables = [tableOf('tbl_r', 'roulette', 'Roulette 1'), tableOf('tbl_mw', 'money-wheel', 'Money Wheel 1'), tableOf('tbl_x', 'crazy-coin', 'Crazy Coin 1')];
    renderWithFelt(<Lobby pluginOf={playerPlugin} />, { catalogues, user, routes: { '/tables': tables, '/presence': [], '/poker-tables': { tables: [] } } });
    expect(await screen.findByRole('heading', { name: 'Roulette 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Money Wheel 1' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Crazy Coin 1' })).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Join/ })).toHaveLength(2);
  });
});
