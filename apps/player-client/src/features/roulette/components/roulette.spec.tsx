// @vitest-environment happy-dom
import { ROULETTE_LAYOUT_SIZE, roulette, rouletteSpotAnchor } from '@felt-studio/games';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Table } from '@felt-studio/client-sdk';
import { keyPaths } from '@felt-studio/ui';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import { BetSpot } from '../../../table/components/BetSpot';
import { Limits } from '../../../table/components/Limits';
import { Racetrack } from './Racetrack';
import { RouletteStats } from './RouletteStats';
import { RouletteLayout, type Orientation } from './RouletteLayout';

afterEach(() => cleanup());
const catalogues = { player: { en: playerEn, sv: playerSv } };
const profile = roulette.europeanProfile;
const { width: W, height: H } = ROULETTE_LAYOUT_SIZE;
const PX = 100; // pixels per layout unit

function renderLayout(orientation: Orientation, over: Partial<Parameters<typeof RouletteLayout>[0]> = {}) {
  const onPlace = vi.fn();
  const onPreview = vi.fn();
  const r = renderWithFelt(
    <RouletteLayout profile={profile} stakes={new Map()} pending={new Map()} currency="EUR" open orientation={orientation} highlight={[]} winning={null} onPlace={onPlace} onPreview={onPreview} describe={(s) => `spot ${s}`} {...over} />,
    { catalogues },
  );
  const svg = screen.getByRole('img', { name: 'Roulette betting layout' });
  const [w, h] = orientation === 'horizontal' ? [W * PX, H * PX] : [H * PX, W * PX];
  Object.defineProperty(svg, 'getBoundingClientRect', { value: () => ({ left: 10, top: 20, width: w, height: h, right: 10 + w, bottom: 20 + h, x: 10, y: 20, toJSON: () => ({}) }) });
  /** Client coordinates of a layout point, like a finger on the screen. */
  const at = (p: { x: number; y: number }) => (orientation === 'horizontal' ? { clientX: 10 + p.x * PX, clientY: 20 + p.y * PX } : { clientX: 10 + (H - p.y) * PX, clientY: 20 + p.x * PX });
  return { ...r, svg, onPlace, onPreview, at };
}

describe('roulette layout (GEN-7: the spot under the chip is unambiguous)', () => {
  for (const orientation of ['horizontal', 'vertical'] as const) {
    it(`every simple spot of the grammar is placed by a click at its position (${orientation})`, () => {
      const { svg, onPlace, at } = renderLayout(orientation);
      for (const s of roulette.ALL_SIMPLE_SPOTS) {
        const anchor = rouletteSpotAnchor(s.key, profile);
        if (!anchor) throw new Error(`no anchor for ${s.key}`);
        fireEvent.click(svg, at(anchor));
        expect(onPlace).toHaveBeenLastCalledWith(s.key);
      }
      expect(onPlace).toHaveBeenCalledTimes(roulette.ALL_SIMPLE_SPOTS.length);
    });
  }

  it('previews the covered numbers of the spot under the pointer before the click (zero split, first four, six line)', () => {
    const { svg, onPreview, at } = renderLayout('horizontal');
    fireEvent.pointerMove(svg, at({ x: 1, y: 1.5 }));
    expect(onPreview).toHaveBeenLastCalledWith([0, 2]);
    expect(screen.getByText('spot split:0-2')).toBeTruthy();
    expect(screen.getByText(/Covers 0, 2/)).toBeTruthy();
    fireEvent.pointerMove(svg, at({ x: 1, y: 3 }));
    expect(onPreview).toHaveBeenLastCalledWith([0, 1, 2, 3]);
    fireEvent.pointerMove(svg, at({ x: 2, y: 3 }));
    expect(onPreview).toHaveBeenLastCalledWith([1, 2, 3, 4, 5, 6]);
    fireEvent.pointerLeave(svg);
    expect(onPreview).toHaveBeenLastCalledWith([]);
  });

  it('places nothing while betting is closed', () => {
    const { svg, onPlace, at } = renderLayout('horizontal', { open: false });
    fireEvent.click(svg, at({ x: 5.5, y: 1.5 }));
    expect(onPlace).not.toHaveBeenCalled();
    expect(screen.getByText('Betting is closed — watch the wheel.')).toBeTruthy();
  });

  it('stacks chips: one per spot with the total, an announced bet spread over its chip spots', () => {
    const { container } = renderLayout('horizontal', { stakes: new Map([['straight:17', 500], ['voisins', 900]]), pending: new Map([['straight:17', 100]]) });
    const chip = (k: string) => container.querySelector(`[data-chip="${k}"]`);
    expect(chip('straight:17')?.getAttribute('data-amount')).toBe('600');
    expect(chip('straight:17')?.textContent).toContain('6');
    expect(chip('street:0-2-3')?.getAttribute('data-amount')).toBe('200'); // 2 of voisins' 9 chips
    expect(chip('corner:25-26-28-29')?.getAttribute('data-amount')).toBe('200');
    expect(chip('split:4-7')?.getAttribute('data-amount')).toBe('100');
    expect(container.querySelectorAll('[data-chip]')).toHaveLength(1 + 7);
  });
});

describe('racetrack', () => {
  const render = () => {
    const onPlace = vi.fn();
    const onPreview = vi.fn();
    renderWithFelt(<Racetrack profile={profile} open highlight={[]} stakes={new Map()} onPlace={onPlace} onPreview={onPreview} />, { catalogues });
    return { onPlace, onPreview };
  };

  it('a number bets it with its neighbours on the wheel; n is adjustable; the preview expands to the covered numbers', () => {
    const { onPlace, onPreview } = render();
    const n26 = screen.getByRole('button', { name: 'Bet 26 and 2 neighbours each side' });
    fireEvent.pointerEnter(n26);
    expect(onPreview).toHaveBeenLastCalledWith([0, 3, 26, 32, 35]);
    fireEvent.click(n26);
    expect(onPlace).toHaveBeenLastCalledWith('neighbours:26:2');
    fireEvent.click(screen.getByRole('button', { name: 'More neighbours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bet 26 and 3 neighbours each side' }));
    expect(onPlace).toHaveBeenLastCalledWith('neighbours:26:3');
  });

  it('the French announced bets are sectors drawn inside the racetrack (not buttons beside it), with chip counts, hover and press previews', () => {
    const { onPlace, onPreview } = render();
    const track = screen.getByRole('group', { name: 'Numbers in wheel order' });
    const sectors = within(track).getByRole('group', { name: 'Announced bets' });
    const tiers = within(sectors).getByRole('button', { name: /^Tiers du cylindre/ });
    expect(tiers.tagName.toLowerCase()).toBe('g'); // a region of the racetrack's SVG
    expect(tiers.getAttribute('aria-label')).toBe('Tiers du cylindre · 6 chips');
    expect(tiers.textContent).toBe('Tiers');
    fireEvent.pointerEnter(tiers);
    expect(onPreview).toHaveBeenLastCalledWith([5, 8, 10, 11, 13, 16, 23, 24, 27, 30, 33, 36]);
    fireEvent.pointerDown(within(sectors).getByRole('button', { name: /^Jeu zéro/ })); // a press previews on touch
    expect(onPreview).toHaveBeenLastCalledWith([0, 3, 12, 15, 26, 32, 35]);
    fireEvent.click(within(sectors).getByRole('button', { name: /^Voisins du zéro/ }));
    expect(onPlace).toHaveBeenLastCalledWith('voisins');
    fireEvent.click(within(sectors).getByRole('button', { name: /^Jeu zéro/ }));
    expect(onPlace).toHaveBeenLastCalledWith('jeu-zero');
    fireEvent.keyDown(within(sectors).getByRole('button', { name: /^Orphelins/ }), { key: 'Enter' });
    expect(onPlace).toHaveBeenLastCalledWith('orphelins');
    expect(within(sectors).getByRole('button', { name: /^Orphelins/ }).getAttribute('aria-label')).toContain('5 chips');
    expect(within(sectors).getAllByRole('button')).toHaveLength(4);
    expect(screen.queryAllByRole('button', { name: /Voisins|Tiers|Orphelins|Jeu/ }).every((b) => b.closest('svg') !== null)).toBe(true);
  });

  it('a sector with a bet on it is marked; betting closed: clicks place nothing', () => {
    const onPlace = vi.fn();
    renderWithFelt(<Racetrack profile={profile} open={false} highlight={[]} stakes={new Map([['tiers', 600]])} onPlace={onPlace} onPreview={vi.fn()} />, { catalogues });
    const tiers = screen.getByRole('button', { name: /^Tiers du cylindre/ });
    expect(tiers.getAttribute('class')).toContain('has-bet');
    fireEvent.click(tiers);
    fireEvent.click(screen.getByRole('button', { name: 'Bet 26 and 2 neighbours each side' }));
    expect(onPlace).not.toHaveBeenCalled();
  });
});

describe('limits (GEN-2) and bet spots', () => {
  const table = { tableId: 'tbl_1', name: 'Roulette 1', game: 'roulette', currency: 'EUR', limits: { tableMinMinor: 100, tableMaxMinor: 200_000, spots: { straight: { minMinor: 100, maxMinor: 5_000 } } } } as unknown as Table;

  it('shows per-spot limits and the table limit', () => {
    renderWithFelt(<Limits table={table} kinds={['straight', 'split']} locale="en-GB" />, { catalogues });
    expect(screen.getByRole('row', { name: 'Straight up €1 – €50' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Split €1 – €2,000' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Table (total per round) €1 – €2,000' })).toBeTruthy();
  });

  it('a bet spot names itself with payout and limits, and draws the stake', () => {
    const onPlace = vi.fn();
    const { container } = renderWithFelt(<BetSpot spot="tie" label="Tie" pays="8:1" stakeMinor={2_500} pendingMinor={0} currency="EUR" locale="en-GB" limit={{ minMinor: 100, maxMinor: 20_000 }} open onPlace={onPlace} />, { catalogues });
    const b = screen.getByRole('button', { name: /^Tie 8:1 €1 – €200/ });
    expect(b.textContent).toContain('your bet €25');
    fireEvent.click(b);
    expect(onPlace).toHaveBeenCalledOnce();
    expect(container.querySelector('.felt-chip-stack')?.getAttribute('data-amount')).toBe('2500');
  });
});

describe('chips never hide the numbers (issue 20 defect 12)', () => {
  it('a number with a chip on it is drawn again above the chip; a number without a chip is not', () => {
    const { svg } = renderLayout('horizontal', { stakes: new Map([['straight:17', 500], ['split:0-2', 100]]) });
    const order = [...svg.querySelectorAll('.layout-chip, text.is-over')].map((e) => (e.classList.contains('layout-chip') ? 'chip' : `over:${e.textContent}`));
    const lastChip = order.lastIndexOf('chip');
    expect(order.indexOf('over:17')).toBeGreaterThan(lastChip);
    expect(order.indexOf('over:2')).toBeGreaterThan(lastChip);
    expect(order).not.toContain('over:18');
  });

  it('a stake on the layout is drawn as its denominations: €5 on 17 is one €5 chip, €4 on the split four €1 chips', () => {
    const { svg } = renderLayout('horizontal', { stakes: new Map([['straight:17', 500], ['split:0-2', 400]]) });
    const values = (key: string) => [...svg.querySelectorAll(`[data-chip="${key}"] .layout-chip-face`)].map((g) => Number(g.getAttribute('data-value')));
    expect(values('straight:17')).toEqual([500]);
    expect(values('split:0-2')).toEqual([100, 100, 100, 100]);
  });
});

describe('last results strip (issue 20 defect 4)', () => {
  it('the big badge is the latest spin and new numbers appear first (results come oldest first)', () => {
    const results = Array.from({ length: 20 }, (_, i) => i); // 0 … 19, 19 the newest
    const { container } = renderWithFelt(<RouletteStats results={results} />, { catalogues });
    const strip = [...container.querySelectorAll('.recent-strip .num-badge')].map((b) => [b.textContent, b.classList.contains('is-lg')]);
    expect(strip[0]).toEqual(['19', true]);
    expect(strip.map(([n]) => n)).toEqual(['19', '18', '17', '16', '15', '14', '13', '12', '11', '10', '9', '8']);
    expect(screen.getByRole('heading', { name: 'Last 20 results' })).toBeTruthy();
  });

  it('one result: "Last result", not "Last 1 results"', () => {
    renderWithFelt(<RouletteStats results={[7]} />, { catalogues });
    expect(screen.getByRole('heading', { name: 'Last result' })).toBeTruthy();
  });
});

describe('player catalogue', () => {
  it('Swedish has every English key', () => {
    expect(keyPaths(playerSv)).toEqual(keyPaths(playerEn));
  });
});
