// @vitest-environment happy-dom
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { playerEn } from '../../i18n/player.en';
import { playerSv } from '../../i18n/player.sv';
import { Notices } from '../components/Notices';
import type { CommonView } from '../view';
import { useBetting } from './useBetting';

afterEach(() => cleanup());
const catalogues = { player: { en: playerEn, sv: playerSv } };
const table = tableFixture({ tableId: 'tbl_r', name: 'Roulette 1', game: 'roulette', profileId: 'european' });
const view = (roundId: string, phase: string): CommonView => ({ roundId, seq: 1, phase, bettingClosesAt: null, bets: [] });

function Harness({ v }: { readonly v: CommonView }) {
  const betting = useBetting(table, v, (s) => s, (m) => `€${m / 100}`);
  return (
    <>
      <button type="button" onClick={() => void betting.place('straight:17', 10_000)}>
        bet
      </button>
      <Notices betting={betting} />
    </>
  );
}

describe('rejections at the table (issue 20 defect 5)', () => {
  it('the error box is dismissed when the round settles, and does not come back with the next round', async () => {
    // no socket, and the REST bet path answers with a rejection (no route: NOT_FOUND)
    const r = renderWithFelt(<Harness v={view('rnd_1', 'betting')} />, { catalogues });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'bet' }));
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    r.rerender(<Harness v={view('rnd_1', 'closed')} />);
    expect(screen.queryByRole('alert')).toBeTruthy(); // still the round it belongs to
    r.rerender(<Harness v={view('rnd_1', 'settled')} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the error box is dismissed when the next round opens', async () => {
    const r = renderWithFelt(<Harness v={view('rnd_1', 'betting')} />, { catalogues });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'bet' }));
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
    r.rerender(<Harness v={view('rnd_2', 'betting')} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
