// @vitest-environment happy-dom
import type { Table } from '@felt-studio/client-sdk';
import { GAME_IDS } from '@felt-studio/games';
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import { playerPlugin, withGameStrings } from '../../../app/games';
import { Lobby } from './Lobby';

afterEach(() => cleanup());
const catalogues = { player: withGameStrings({ en: playerEn, sv: playerSv }) };
const user = { userId: 'player1', role: 'player' as const, name: 'Player One' };

const tableOf = (tableId: string, game: string, name: string): Table => tableFixture({ tableId, name, game });

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

  it('last results: 12 at most (baccarat drew 13), and Lucky Dice, Money Wheel, Casino Hold\'em and Three Card Poker show theirs (issue 20 defect 12)', async () => {
    const res = (tableId: string, views: unknown[]) => views.map((view, i) => ({ roundId: `rnd_${tableId}_${i}`, phase: 'settled', openedAt: i, finishedAt: i + 1, view }));
    const tables = [tableOf('tbl_b', 'baccarat', 'Baccarat 1'), tableOf('tbl_ld', 'lucky-dice', 'Lucky Dice 1'), tableOf('tbl_mw', 'money-wheel', 'Money Wheel 1'), tableOf('tbl_ch', 'casino-holdem', "Casino Hold'em 1"), tableOf('tbl_tc', 'three-card-poker', 'Three Card Poker 1')];
    renderWithFelt(<Lobby pluginOf={playerPlugin} />, {
      catalogues,
      user,
      routes: {
        '/tables': tables,
        '/presence': [],
        '/poker-tables': { tables: [] },
        '/tables/tbl_b/results': res('b', Array.from({ length: 13 }, (_, i) => ({ result: { outcome: i % 2 ? 'banker' : 'player' } }))),
        '/tables/tbl_ld/results': res('ld', [{ dice: { red: 3, green: 4 } }, { dice: { red: 1, green: 1 } }]),
        '/tables/tbl_mw/results': res('mw', [{ result: 10, multiplier: null }, { result: 2, multiplier: 14 }]),
        '/tables/tbl_ch/results': res('ch', [{ hand: { player: 'Flush', dealer: 'Pair' } }]),
        '/tables/tbl_tc/results': res('tc', [{ hand: { player: 'Straight', dealer: null } }]),
      },
    });
    const strip = async (name: string): Promise<string[]> => {
      const card = (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;
      const group = await within(card).findByRole('group', { name: 'Last results' });
      return [...group.children].map((c) => c.textContent ?? '');
    };
    expect(await strip('Baccarat 1')).toHaveLength(12);
    expect(await strip('Lucky Dice 1')).toEqual(['16', '1']);
    expect(await strip('Money Wheel 1')).toEqual(['10', '2·14x']);
    expect(await strip("Casino Hold'em 1")).toEqual(['Flush']);
    expect(await strip('Three Card Poker 1')).toEqual(['Straight']);
  });
});
