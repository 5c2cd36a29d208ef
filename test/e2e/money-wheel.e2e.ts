/**
 * Money Wheel in Chromium against the studio with its robots on (`npm start`'s "Money Wheel 1", the wheel
 * spinning on the server's `moneywheel.spin`), issue 20 defects 1 and 2: the lobby offers the table and
 * it can be played (the wheel, its numbers with their payouts); a person bets on a number, the wheel
 * stops, the round settles and the balance changes by exactly what was paid minus the stake — while the
 * demo robots bet every round on their own accounts, never on this person's. The dealer console shows
 * the same table's wheel state on a tablet. Screens in test-results/screens, each checked with axe.
 */
import { type PlayerRound } from '@felt-studio/client-sdk';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs, DEVICES, expectAccessible as a11y, openApp, screenshot, signIn, type StudioHandle } from './harness.js';
import { joinSharedStudio } from './shared-studio.js';

let studio: StudioHandle;
let browser: Browser;
const ROUND_MS = 120_000;
const TABLE = 'Money Wheel 1';
/** This file's player (the browser files share one studio: an account nobody else bets on). */
const PLAYER = 'e2e-mw-1';
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  // the shared studio runs the demo robots (they bet at Money Wheel 1 every round, on their own accounts)
  ({ studio, browser } = await joinSharedStudio([{ username: PLAYER, name: 'E2E Wheel' }]));
});
afterAll(async () => {
  await browser?.close();
});

describe('Money Wheel in the player client and the dealer console (issue 20 defects 1 and 2)', () => {
  it('a person plays a round; the balance changes by exactly the paid amount minus the stake; the robots never bet on their account', async () => {
    const api = await clientAs(studio, PLAYER);
    const before = (await api.myWallet()).balanceMinor;
    const { page, context } = await openApp(browser, studio, 'play', PLAYER);
    try {
      await page.getByRole('button', { name: `Join ${TABLE}` }).click();
      const numbers = page.getByRole('group', { name: 'Numbers on the wheel' });
      await numbers.waitFor();
      expect(await page.getByText('cannot be played here').count()).toBe(0);
      expect(await page.locator('.mw-wheel .mw-seg').count()).toBe(54);
      await a11y(page, 'money wheel');
      await screenshot(page, 'player-money-wheel-desktop');

      // bet €1 on 5 while betting is open (a tap that arrives as betting closes is refused: try the next round)
      let mine: PlayerRound | undefined;
      for (let attempt = 0; attempt < 3 && mine === undefined; attempt++) {
        await page.locator('.mw-spots [data-spot="number:5"]:not([disabled])').waitFor({ timeout: ROUND_MS });
        await page.locator('.mw-spots [data-spot="number:5"]').click();
        for (let i = 0; i < 40 && mine === undefined; i++) {
          mine = (await api.myRounds(10)).find((r) => r.bets.some((b) => b.spot === 'number:5'));
          if (mine === undefined) await sleep(250);
        }
        if (mine === undefined) await page.locator('.mw-spots [data-spot="number:5"][disabled]').waitFor({ timeout: ROUND_MS });
      }
      expect(mine, 'the bet was accepted in one of three rounds').toBeDefined();
      await page.locator('.mw-live .live-status', { hasText: 'The wheel stopped on' }).waitFor({ timeout: ROUND_MS });
      await screenshot(page, 'player-money-wheel-result-desktop');

      // settled: every bet of the round has its return
      let settled: PlayerRound | undefined;
      for (let i = 0; i < 120 && settled === undefined; i++) {
        settled = (await api.myRounds(10)).find((r) => r.roundId === mine?.roundId && r.returnMinor !== null);
        if (settled === undefined) await sleep(500);
      }
      expect(settled).toBeDefined();
      // the robots bet every round too: none of it on this person's account
      const rounds = await api.myRounds(50);
      expect(rounds.map((r) => r.roundId)).toEqual([settled?.roundId]);
      expect(settled?.bets.map((b) => b.spot)).toEqual(['number:5']);
      const after = (await api.myWallet()).balanceMinor;
      expect(after - before).toBe((settled?.returnMinor ?? 0) - (settled?.stakeMinor ?? 0));
    } finally {
      await context.close();
    }
  });

  it('the dealer console runs Money Wheel 1 (no "not supported"): the wheel state and closing betting spins it', async () => {
    const context = await browser.newContext({ ...DEVICES.tablet, locale: 'en-GB' });
    const page = await context.newPage();
    try {
      await page.goto(`${studio.baseUrl}/dealer/`);
      await signIn(page, 'dealer1');
      await page.getByRole('button', { name: new RegExp(`^${TABLE}`) }).click();
      await page.getByRole('region', { name: 'Money wheel' }).waitFor();
      expect(await page.getByText('is not supported on this console').count()).toBe(0);
      await a11y(page, 'dealer money wheel');
      await screenshot(page, 'dealer-money-wheel-tablet');
    } finally {
      await context.close();
    }
  });
});
