/**
 * Live poker (issue 11) in Chromium against the studio: the pit boss creates a no-limit Hold'em table
 * dealt by the certified shuffle with two robot players (POST /poker-tables); player1 (desktop) and
 * player2 (phone) open it from the lobby, sit down with a buy-in (S1-STACK) posting to enter
 * (S1-ENTRY-2), and act through hands with the buttons the server's `hand.legal` offers until a hand
 * they played ends with its pot and result on screen. The dealer console's poker screen (tablet) and
 * the pit boss's floor tile of the table are captured too. Every screen through axe; screenshots in
 * test-results/screens/poker-*.png.
 */
import { FeltClient } from '@felt-studio/client-sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, type DeviceName, openApp, screenshot, type StudioHandle } from './harness.js';
import { joinSharedStudio } from './shared-studio.js';

let studio: StudioHandle;
let browser: Browser;
/** This file's players: accounts of its own on the shared studio (no other file bets on them). */
const PLAYERS = { player1: 'e2e-pt-1', player2: 'e2e-pt-2' } as const;
const TABLE_ID = 'ptb_e2e_holdem';
const TABLE = "Hold'em E2E";
const HAND_MS = 240_000;

async function capture(page: Page, name: string, device: DeviceName): Promise<void> {
  const violations = await checkA11y(page);
  expect(violations, `${name} (${device}): ${JSON.stringify(violations, null, 1)}`).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header stays at the top of a full-page shot
  await screenshot(page, `poker-${name}-${device}`);
}

/** From the lobby to the table's screen. */
async function openTable(page: Page): Promise<void> {
  await page.getByRole('button', { name: `Open ${TABLE}` }).click();
  await page.locator(`[data-poker-table="${TABLE_ID}"]`).waitFor();
}

/** Takes the first free seat with a €50 buy-in, posting a big blind to play the next hand. */
async function sitDown(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Sit at seat \d+$/ }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Buy-in' }).fill('50');
  await dialog.getByRole('radio', { name: /Post a big blind/ }).check();
  await dialog.getByRole('button', { name: 'Sit down with €50.00' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('group', { name: /^Seat \d+: .*\(you\)$/ }).waitFor();
}

/**
 * Plays until a hand this player was dealt into is over: checks when free, else calls (only the
 * buttons the server offers). Returns how many decisions were made.
 */
async function playOneHand(page: Page, device: DeviceName, shots: { turn: boolean }): Promise<number> {
  const turn = page.getByRole('region', { name: 'Your turn' });
  const result = page.getByRole('region', { name: 'Hand result' });
  const deadline = Date.now() + HAND_MS;
  let decisions = 0;
  let played = false;
  while (Date.now() < deadline) {
    await Promise.race([turn.waitFor({ timeout: HAND_MS }), result.waitFor({ timeout: HAND_MS })]);
    if (await turn.isVisible()) {
      played = true;
      if (!shots.turn) {
        shots.turn = true;
        await capture(page, 'my-turn', device);
      }
      const check = turn.getByRole('button', { name: 'Check', exact: true });
      if (await check.isVisible()) await check.click();
      else await turn.getByRole('button', { name: /^Call / }).click();
      decisions++;
      await turn.waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
      continue;
    }
    // a hand is over: was it one this player played? (own cards on screen)
    const mine = await page.getByRole('region', { name: 'Your cards' }).count();
    if (played || mine > 0) return decisions;
    await result.waitFor({ state: 'detached', timeout: HAND_MS });
  }
  throw new Error('no hand finished in time');
}

/**
 * Leaves the table as a person does when done (S1-STACK cash out): "Stand up", still acting on their own turns
 * in a hand they are dealt into until it ends, and the seat is free again. (Closing the page instead left the seat
 * to S1-DISCONNECT: the next player's hand waited out its action clock.)
 */
async function standUp(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Stand up' }).click();
  const mine = page.getByRole('group', { name: /^Seat \d+: .*\(you\)$/ });
  const turn = page.getByRole('region', { name: 'Your turn' });
  while ((await mine.count()) > 0) {
    await Promise.race([mine.waitFor({ state: 'detached', timeout: HAND_MS }), turn.waitFor({ timeout: HAND_MS })]);
    if ((await mine.count()) === 0) break;
    const check = turn.getByRole('button', { name: 'Check', exact: true });
    if (await check.isVisible()) await check.click();
    else await turn.getByRole('button', { name: /^Call / }).click();
    await turn.waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
  }
  await page.getByRole('button', { name: /^Sit at seat \d+$/ }).first().waitFor();
}

/**
 * The pit boss opens the table's details from its floor tile, names an exposed card (P4-IRR) and
 * reaches the confirm step (captured); confirming answers either with the ruling or the server's
 * refusal with its code (the pit boss cannot see hole cards, so the named card may not be a down card
 * of that seat). The hand history of the hand is on the same screen (captured).
 */
async function pitExposedCard(page: Page, device: DeviceName): Promise<void> {
  await page.getByRole('link', { name: `Details and hand history of ${TABLE}` }).click();
  await page.locator(`[data-pit-poker="${TABLE_ID}"]`).waitFor();
  await page.getByRole('list', { name: 'Hand history' }).waitFor({ timeout: 30_000 });
  const exposed = page.getByRole('button', { name: 'Exposed card' });
  await exposed.waitFor({ timeout: 30_000 }); // only while a hand is in play
  await exposed.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Rank' }).selectOption('Q');
  await dialog.getByRole('combobox', { name: 'Suit' }).selectOption('H');
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Rule the card exposed' }).waitFor();
  await expect(dialog.innerText()).resolves.toMatch(/Confirm: seat \d+ \(.+\), Queen hearts exposed/);
  await capture(page, 'pit-exposed-confirm', device);
  await dialog.getByRole('button', { name: 'Rule the card exposed' }).click();
  const ruled = page.getByText(/ruled exposed\.$/);
  const refused = dialog.getByText(/POKER_NOT_A_DOWN_CARD|POKER_HAND_OVER|POKER_/);
  await ruled.or(refused).first().waitFor();
  if (await refused.isVisible()) await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('[data-hand-history] li').first().waitFor();
  await capture(page, 'pit-hand-history', device);
}

beforeAll(async () => {
  // The shared studio (test/e2e/studio.global.ts) runs with bots on (the poker robots, FELT_POKER_ROBOTS, are
  // part of the studio's bots), FELT_POKER_NEXT_HAND_MS=2500 and FELT_POKER_ROBOT_MS=400.
  ({ studio, browser } = await joinSharedStudio(Object.values(PLAYERS)));
  const pit = new FeltClient({ baseUrl: studio.baseUrl });
  await pit.login('pitboss1', 'demo');
  const res = await fetch(`${studio.baseUrl}/poker-tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${pit.token ?? ''}` },
    body: JSON.stringify({
      tableId: TABLE_ID,
      name: TABLE,
      currency: 'EUR',
      dealing: 'rng',
      config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 30_000, timeBankMs: 15_000 },
      seats: { seatCount: 6, minBuyInMinor: 2_000, maxBuyInMinor: 10_000 },
      robots: 2,
    }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
});

afterAll(async () => {
  await browser?.close();
});

describe('live poker table (Chromium, studio with robot players)', () => {
  it('player1 (desktop) sits down from the lobby, acts with the offered buttons through a hand and sees the pot and the result', async () => {
    const { page, context } = await openApp(browser, studio, 'play', PLAYERS.player1, 'desktop');
    await page.getByRole('region', { name: 'Poker tables' }).getByRole('article').first().waitFor();
    await capture(page, 'lobby', 'desktop');
    await openTable(page);
    await capture(page, 'table-watching', 'desktop');
    await sitDown(page);
    const shots = { turn: false };
    const decisions = await playOneHand(page, 'desktop', shots);
    expect(decisions).toBeGreaterThan(0);
    const result = page.getByRole('region', { name: 'Hand result' });
    await expect(result.getByText(/Main pot/).first().isVisible()).resolves.toBe(true);
    await expect(page.locator('.pt-pot').isVisible()).resolves.toBe(true);
    await capture(page, 'result', 'desktop');
    await standUp(page);
    await context.close();
  }, 400_000);

  it('player2 (phone portrait) sits down and plays a hand; the dealer console and the pit boss floor show the table', async () => {
    const { page, context } = await openApp(browser, studio, 'play', PLAYERS.player2, 'phone');
    await openTable(page);
    await sitDown(page);
    const shots = { turn: false };
    await playOneHand(page, 'phone', shots);
    await capture(page, 'result', 'phone');

    const dealer = await openApp(browser, studio, 'dealer', 'dealer1', 'tablet');
    await dealer.page.locator(`[data-poker-tile="${TABLE_ID}"]`).click();
    await dealer.page.locator(`[data-poker-console="${TABLE_ID}"]`).waitFor();
    await dealer.page.getByRole('region', { name: 'Seats' }).waitFor();
    // RNG-dealt: nothing to scan; never a hole card value on the dealer's screen while a hand is in play
    await expect(dealer.page.getByRole('region', { name: 'What is due' }).innerText()).resolves.toMatch(/certified shuffle|Between hands|to act|drawing/);
    await capture(dealer.page, 'dealer-console', 'tablet');
    await dealer.context.close();
    // "Call pit boss" goes to POST /tables/:id/pit-boss-calls: reported, not asserted (that route knows only spot-bet tables)
    const dealerApi = new FeltClient({ baseUrl: studio.baseUrl });
    await dealerApi.login('dealer1', 'demo');
    const call = await dealerApi.callPitBoss(TABLE_ID, 'e2e: assistance at the poker table').then(
      (a) => `alert ${a.code}`,
      (e: unknown) => `refused: ${String((e as { code?: string }).code ?? e)}`,
    );
    console.log(`dealer call pit boss at a poker table: ${call}`);

    const pit = await openApp(browser, studio, 'pit', 'pitboss1', 'desktop');
    await pit.page.locator(`[data-poker-tile="${TABLE_ID}"]`).waitFor();
    await capture(pit.page, 'pit-floor', 'desktop');
    await pitExposedCard(pit.page, 'desktop');
    await pit.context.close();
    const pitPhone = await openApp(browser, studio, 'pit', 'pitboss1', 'phone');
    await pitPhone.page.locator(`[data-poker-tile="${TABLE_ID}"]`).waitFor();
    await pitExposedCard(pitPhone.page, 'phone');
    await pitPhone.context.close();
    await context.close();
  }, 400_000);
});
