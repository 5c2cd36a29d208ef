// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAME_IDS } from '@felt-studio/games';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BetTimer, padSeconds } from './components/BetTimer.js';
import { ChipSelector, ChipStack, chipBreakdown, chipsFor } from './components/Chip.js';
import { ErrorNotice } from './components/ErrorNotice.js';
import { LoginScreen } from './components/Login.js';
import { PlayingCard } from './components/PlayingCard.js';
import { TableIdentity } from './components/TableIdentity.js';
import { commonEn, commonSv } from './i18n/common.js';
import { keyPaths } from './i18n/i18n.js';
import { chipLabel, formatMoney, formatMoneyShort, minorDigits, parseMoney } from './money.js';
import { renderWithFelt } from '../testing/test-utils.js';

afterEach(() => cleanup());

describe('money (Intl, minor units)', () => {
  it('formats in the table currency and locale', () => {
    expect(formatMoney(123456, 'EUR', 'en-GB')).toBe('€1,234.56');
    expect(formatMoney(123456, 'EUR', 'sv-SE').replace(/\s/g, ' ')).toBe('1 234,56 €');
    expect(formatMoney(500, 'JPY', 'en-GB')).toBe('JP¥500');
    expect(minorDigits('BHD')).toBe(3);
    expect(formatMoneyShort(500, 'EUR', 'en-GB')).toBe('€5');
    expect(formatMoneyShort(250, 'EUR', 'en-GB')).toBe('€2.50');
    expect(chipLabel(2_500, 'EUR')).toBe('25');
    expect(chipLabel(250_000, 'EUR')).toBe('2.5K');
  });

  it('reads typed major units as minor units, with a dot or a comma, never more decimals than the currency has', () => {
    expect(parseMoney('10', 'EUR')).toBe(1_000);
    expect(parseMoney('10.5', 'EUR')).toBe(1_050);
    expect(parseMoney(' 1 000,25 ', 'EUR')).toBe(100_025);
    expect(parseMoney('0.10', 'EUR')).toBe(10);
    expect(parseMoney('0.29', 'EUR')).toBe(29); // not 28.999…: digits joined, no float multiply
    expect(parseMoney('500', 'JPY')).toBe(500);
    for (const bad of ['', 'abc', '-5', '1.005', '1e3', '5.5', '1.2.3']) expect(parseMoney(bad, bad === '5.5' ? 'JPY' : 'EUR'), bad).toBeNull();
  });
});

describe('bet timer text (no layout shift while it counts down)', () => {
  it('keeps one width for the whole window: single digits are figure-space padded to the window’s digits', () => {
    expect(padSeconds(15, 15_000)).toBe('15');
    expect(padSeconds(9, 15_000)).toBe('\u20079');
    expect(padSeconds(9, 9_000)).toBe('9');
    expect(padSeconds(5, 120_000)).toBe('\u2007\u20075');
    expect(new Set([15, 10, 9, 1].map((s) => padSeconds(s, 15_000).length))).toEqual(new Set([2]));
  });
});

describe('i18n catalogues', () => {
  it('Swedish has exactly the English keys', () => {
    expect(keyPaths(commonSv)).toEqual(keyPaths(commonEn));
  });

  it('the one game-name catalogue (shared by the player client, dealer console and pit boss) names every game id in English and Swedish', () => {
    // every live kernel's id, plus the offline-only RAY bank poker module (`felt rtp|settle ray-poker`)
    const ids = [...GAME_IDS, 'ray-poker'];
    const en: Readonly<Record<string, string>> = commonEn.games;
    const sv: Readonly<Record<string, string>> = commonSv.games;
    for (const id of ids) {
      expect(en[id], `en: ${id}`).toMatch(/\S/);
      expect(sv[id], `sv: ${id}`).toMatch(/\S/);
    }
    expect(Object.keys(en).sort()).toEqual([...ids].sort());
  });
});

describe('shared components', () => {
  it('the chip selector is a radio group with one named chip per value, limited to the table range', () => {
    const picked: number[] = [];
    renderWithFelt(<ChipSelector values={chipsFor(100, 20_000)} selected={500} currency="EUR" locale="en-GB" onSelect={(v) => picked.push(v)} />);
    const group = screen.getByRole('radiogroup', { name: 'Chip value' });
    expect(group).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['Chip €1', 'Chip €5', 'Chip €10', 'Chip €25', 'Chip €100']);
    expect(screen.getByRole('radio', { name: 'Chip €5' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'Chip €25' }));
    expect(picked).toEqual([2_500]);
  });

  it('a chip stack shows the total on the spot and nothing for 0', () => {
    const { container, rerender } = renderWithFelt(<ChipStack amountMinor={0} currency="EUR" />);
    expect(container.querySelector('.felt-chip-stack')).toBeNull();
    rerender(<ChipStack amountMinor={3_500} currency="EUR" />);
    expect(container.querySelector('.felt-chip-stack')?.textContent).toContain('35');
  });

  it('a chip stack shows its denominations: €4 is four €1 chips, €35 a €25 and a €10 (issue 20 defect 12)', () => {
    expect(chipBreakdown(400)).toEqual([100, 100, 100, 100]);
    expect(chipBreakdown(3_500)).toEqual([2_500, 1_000]);
    expect(chipBreakdown(250)).toEqual([100, 100, 50]);
    const { container } = renderWithFelt(<ChipStack amountMinor={400} currency="EUR" />);
    const stack = container.querySelector('.felt-chip-stack') as HTMLElement;
    expect(stack.querySelectorAll('.felt-chip-stack-chip')).toHaveLength(4);
    expect([...stack.querySelectorAll('.felt-chip-face text')].map((x) => x.textContent)).toEqual(['1', '1', '1', '1']);
    expect(stack.querySelector('.felt-chip-stack-total')?.textContent).toBe('4');
  });

  it('cards are named for screen readers; a hidden card says face-down', () => {
    renderWithFelt(
      <>
        <PlayingCard card="QH" />
        <PlayingCard card="TS" />
        <PlayingCard card="hidden" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Queen of hearts' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '10 of spades' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Face-down card' })).toBeTruthy();
  });

  it('the table identity shows name, game, id, limits and phase (GEN-1, GEN-2)', () => {
    renderWithFelt(<TableIdentity table={{ tableId: 'tbl_1', name: 'Roulette 1', game: 'roulette', currency: 'EUR', limits: { tableMinMinor: 100, tableMaxMinor: 200_000, spots: {} } }} roundId="rnd_9" phase="betting" locale="en-GB" />);
    expect(screen.getByText('Roulette 1')).toBeTruthy();
    expect(screen.getByText('Roulette')).toBeTruthy();
    expect(screen.getByText('#tbl_1')).toBeTruthy();
    expect(screen.getByText('Table €1 – €2,000')).toBeTruthy();
    expect(screen.getByText('Place your bets')).toBeTruthy();
  });

  it('staff see a long table or round id as its last six characters, the whole id in the tooltip (the dealer console quoted 28-character ids twice)', () => {
    renderWithFelt(<TableIdentity table={{ tableId: 'tbl_01a21e1abb710000003c2c53', name: 'Baccarat 2', game: 'baccarat', currency: 'EUR', limits: { tableMinMinor: 100, tableMaxMinor: 500_000, spots: {} } }} roundId="rnd_01a21e1b313f000000650f25" locale="en-GB" />);
    expect(screen.getByText('#…3c2c53').getAttribute('title')).toContain('tbl_01a21e1abb710000003c2c53');
    expect(screen.getByText('…650f25').getAttribute('title')).toBe('rnd_01a21e1b313f000000650f25');
    expect(document.body.textContent).not.toContain('tbl_01a21e1abb710000003c2c53');
  });

  it('a rejection shows its rule ID and code', () => {
    renderWithFelt(<ErrorNotice error={{ code: 'COVERAGE_LIMIT', ruleId: 'RES-1', message: 'these bets would cover more than 34 of 37 numbers' }} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('these bets would cover more than 34 of 37 numbers');
    expect(alert.querySelector('.felt-rule')?.textContent).toBe('RES-1');
    expect(alert.textContent).toContain('Code COVERAGE_LIMIT');
  });

  it('a rejection names its rule ID once, not three times (issue 20 defect 5)', () => {
    const message = 'Your bets this round would cover 35 of 37 numbers; at most 34 (92 %) are allowed (RES-1).';
    renderWithFelt(<ErrorNotice error={{ code: 'COVERAGE_LIMIT', ruleId: 'RES-1', message, details: { coveredAfter: 35, pockets: 37, maxCoveredPockets: 34 } }} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent?.match(/RES-1/g)).toHaveLength(1);
    expect(alert.querySelector('.felt-error-msg')?.textContent).toBe('Your bets this round would cover 35 of 37 numbers; at most 34 are allowed.');
  });

  it('amounts in a rejection are money in the table currency, not minor units, in English and Swedish (issue 20 defect 5)', () => {
    const error = { code: 'ABOVE_MAX', ruleId: 'GEN-4', message: 'The maximum on straight is 5000.', details: { maxMinor: 5000, kind: 'straight', alreadyMinor: 0 } };
    renderWithFelt(<ErrorNotice error={error} currency="EUR" />);
    expect(screen.getByRole('alert').querySelector('.felt-error-msg')?.textContent).toBe('The maximum on straight is €50.00.');
    cleanup();
    renderWithFelt(<ErrorNotice error={error} currency="EUR" />, { lng: 'sv' });
    expect(screen.getByRole('alert').querySelector('.felt-error-msg')?.textContent).toMatch(/^Högsta insats på rakt nummer är 50,00\s€\.$/);
    cleanup();
    // a server message the client has no translation for: shown as sent, its rule ID taken out
    renderWithFelt(<ErrorNotice error={{ code: 'SOMETHING_NEW', ruleId: 'BAC-9', message: 'BAC-9: not now (BAC-9).' }} />);
    expect(screen.getByRole('alert').querySelector('.felt-error-msg')?.textContent).toBe('not now.');
  });

  it('an idle timer ring says so, in English and Swedish, never a blank disc (issue 20 defect 12)', () => {
    renderWithFelt(<BetTimer closesAt={null} windowMs={15_000} open={false} />);
    expect(screen.getByRole('timer').querySelector('.felt-timer-idle')?.textContent).toBe('Wait');
    cleanup();
    renderWithFelt(<BetTimer closesAt={Date.now() - 1} windowMs={15_000} open />, { lng: 'sv' });
    expect(screen.getByRole('timer').querySelector('.felt-timer-idle')?.textContent).toBe('Stängt');
  });

  it('the ring drains to the deadline on the element, ten steps a second, and the seconds change once a second (no free-running transition)', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      renderWithFelt(<BetTimer closesAt={1_000_000 + 10_000} windowMs={20_000} open />);
      const ring = screen.getByRole('timer').querySelector<SVGCircleElement>('.felt-timer-ring')!;
      const c = 2 * Math.PI * 30;
      const offset = (): number => Number(ring.style.strokeDashoffset);
      expect(offset()).toBeCloseTo(c * 0.5, 3);
      act(() => void vi.advanceTimersByTime(5_010));
      expect(offset()).toBeCloseTo(c * 0.75, 0);
      expect(screen.getByRole('timer').querySelector('.felt-timer-text')?.textContent?.trim()).toBe('5');
      act(() => void vi.advanceTimersByTime(5_000));
      expect(offset()).toBeCloseTo(c, 3);
      expect(vi.getTimerCount(), 'nothing left ticking once the window closed').toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('every ring on the page drains on one clock: one timer for a lobby of rings, none once they have drained', () => {
    vi.useFakeTimers({ now: 2_000_000 });
    try {
      renderWithFelt(
        <>
          {[3_000, 7_000, 11_000].map((ms) => (
            <BetTimer key={ms} closesAt={2_000_000 + ms} windowMs={15_000} open />
          ))}
        </>,
      );
      const rings = [...document.querySelectorAll<SVGCircleElement>('.felt-timer-ring')];
      const offsets = (): number[] => rings.map((r) => Number(r.style.strokeDashoffset));
      const before = offsets();
      act(() => void vi.advanceTimersByTime(1_000));
      const after = offsets();
      expect(after.every((o, i) => o > before[i]!), 'every ring drained in the same ticks').toBe(true);
      // the three seconds texts' timers and the ONE ring clock (three rings of their own: six)
      expect(vi.getTimerCount()).toBe(4);
      act(() => void vi.advanceTimersByTime(11_000));
      expect(vi.getTimerCount(), 'nothing left ticking once every window closed').toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a quiet timer (the lobby grid) keeps its state but has no close flash or colour fade (CSS: no animation, no transition)', () => {
    renderWithFelt(<BetTimer closesAt={null} windowMs={15_000} open={false} quiet />);
    expect(screen.getByRole('timer').className).toBe('felt-timer is-closed is-quiet');
    cleanup();
    renderWithFelt(<BetTimer closesAt={null} windowMs={15_000} open={false} />);
    expect(screen.getByRole('timer').className).toBe('felt-timer is-closed');
    const css = readFileSync(join(__dirname, 'styles/felt.css'), 'utf8');
    const rule = css.split('\n').find((l) => l.startsWith('.felt-timer.is-quiet'));
    expect(rule).toMatch(/\.felt-timer\.is-quiet \.felt-timer-ring \{ animation: none; transition: none; \}/);
    // after the flash rule, so it wins at the same specificity
    expect(css.indexOf('.felt-timer.is-quiet')).toBeGreaterThan(css.indexOf('.felt-timer.is-closed { animation'));
  });

  it('the bet timer counts down to the server deadline', () => {
    renderWithFelt(<BetTimer closesAt={Date.now() + 9_500} windowMs={15_000} open />);
    const timer = screen.getByRole('timer', { name: 'Betting time left' });
    expect(timer.textContent).toContain('10');
  });

  it('the login screen offers the demo users of the app’s roles and in Swedish too', () => {
    renderWithFelt(<LoginScreen appName="Player" roles={['player']} />, { lng: 'sv' });
    expect(screen.getByRole('heading', { name: 'Logga in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Logga in som player1/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Logga in som dealer1/ })).toBeNull();
  });
});
