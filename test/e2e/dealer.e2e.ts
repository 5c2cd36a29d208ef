import { FeltClient, type Table } from '@felt-studio/client-sdk';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ONLY_TABLES } from './e2e-tables.js';
import { checkA11y, screenshot, type StudioHandle } from './harness.js';
import { sharedBrowser, sharedStudio } from './shared-studio.js';

/**
 * Dealer console in Chromium against the whole studio on simulated devices (felt studio: server,
 * simulated shoe/wheel/timer/shaker, robot dealer dealing from the simulated shoes, demo players):
 * a dealer signs in, picks Baccarat 2 (this file's own table in the shared studio: the dealer runs its rounds), opens a round, closes betting early, sees the cards the
 * simulated shoe deals, requests a void with a reason, calls the pit boss. axe on every screen
 * (no serious/critical violations); screenshots at tablet landscape and phone (test-results/screens).
 */
const TABLET: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, locale: 'en-GB' };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-GB' };
/** This file's baccarat table (its own in the shared studio: the dealer opens its rounds by hand and voids one). */
const BACCARAT = E2E_ONLY_TABLES.dealer;
const CARD_NAME = /^(Ace|King|Queen|Jack|10|[2-9]) of (hearts|spades|diamonds|clubs)$/;

let studio: StudioHandle;
let browser: Browser;
let pit: FeltClient;
let tables: Table[];

const tableNamed = (name: string): Table => {
  const t = tables.find((x) => x.name === name);
  if (!t) throw new Error(`no table ${name}`);
  return t;
};

async function a11y(page: Page, screen: string): Promise<void> {
  const v = await checkA11y(page);
  expect(v, `${screen}: ${JSON.stringify(v, null, 1)}`).toEqual([]);
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/dealer/`);
  await page.getByRole('button', { name: 'Sign in as dealer1' }).click();
  await page.getByRole('heading', { name: 'Pick your table' }).waitFor();
}

const phase = (page: Page) => page.getByRole('region', { name: 'Round status' }).locator('.dc-phase-text');

/**
 * Issue 20 (the screenshot review): on a 1280×800 tablet in landscape the console was ~190 px taller than the
 * screen (the quick answers at the bottom). Now one screen: the page never scrolls; the round's status, the
 * controls and what is due lie in it whole; the chat's quick answers are in sight (a long list scrolls inside).
 */
async function oneScreen(page: Page, screen: string): Promise<void> {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const vh = innerHeight;
    const doc = document.scrollingElement;
    if (doc && (doc.scrollHeight > vh + 1 || scrollY !== 0)) out.push(`the page scrolls (${doc.scrollHeight} px for ${vh})`);
    const whole = (sel: string, what: string): void => {
      const el = document.querySelector(sel);
      if (!el) return void out.push(`no ${what}`);
      const r = el.getBoundingClientRect();
      if (r.top < -1 || r.bottom > vh + 1) out.push(`${what} at ${Math.round(r.top)}–${Math.round(r.bottom)} (screen ${vh})`);
    };
    whole('.dc-status', 'the round status');
    whole('.dc-controls', 'the controls');
    whole('.dc-due', 'what is due');
    const canned = document.querySelector('.dc-canned')?.getBoundingClientRect();
    if (!canned) out.push('no quick answers');
    else if (canned.top > vh - 44 || canned.height < 40) out.push(`the quick answers out of sight (${Math.round(canned.top)}, ${Math.round(canned.height)} px high)`);
    return out;
  });
  expect(problems, `${screen} (tablet 1280×800): one screen`).toEqual([]);
}

describe('dealer console (browser, simulated studio)', () => {
  beforeAll(async () => {
    studio = sharedStudio();
    browser = await sharedBrowser();
    pit = new FeltClient({ baseUrl: studio.baseUrl });
    await pit.login('pitboss1', 'demo');
    tables = await pit.listTables();
    // The dealer opens the baccarat table's rounds by hand: no automatic cadence there.
    const bac = tableNamed(BACCARAT);
    await pit.updateTable(bac.tableId, { cadence: { auto: false, pauseS: 4 } });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a dealer opens a round, closes betting early, sees the cards as the shoe deals them, requests a void and calls the pit boss', async () => {
    const bac = tableNamed(BACCARAT);
    const context = await browser.newContext(TABLET);
    const page = await context.newPage();
    try {
      await page.goto(`${studio.baseUrl}/dealer/`);
      await page.getByRole('button', { name: 'Sign in as dealer1' }).waitFor();
      await a11y(page, 'login');
      await screenshot(page, 'dealer-login-tablet');
      await page.getByRole('button', { name: 'Sign in as dealer1' }).click();
      await page.getByRole('heading', { name: 'Pick your table' }).waitFor();
      await page.getByRole('button', { name: new RegExp(`^${BACCARAT}`) }).waitFor();
      await a11y(page, 'table picker');
      await screenshot(page, 'dealer-picker-tablet');

      await page.getByRole('button', { name: new RegExp(`^${BACCARAT}`) }).click();
      await page.getByRole('region', { name: 'Round status' }).waitFor();
      // The round running when the cadence was switched off finishes; then the dealer opens the next.
      const open = page.getByRole('button', { name: 'Open betting' });
      await open.waitFor({ timeout: 90_000 });
      await page.getByRole('region', { name: 'Devices' }).getByText('Working').waitFor({ timeout: 30_000 });
      await a11y(page, 'console idle');
      await screenshot(page, 'dealer-console-idle-tablet');
      await oneScreen(page, 'console idle');

      await open.click();
      await page.getByRole('button', { name: 'No more bets' }).waitFor();
      expect(await phase(page).textContent()).toBe('Betting open');
      await page.getByRole('timer', { name: 'Betting closes in' }).waitFor();
      await page.getByText('Betting is open.').waitFor();
      // The demo players bet: the status counts them (never names them).
      await page.waitForFunction(() => {
        const dts = [...document.querySelectorAll('.dc-figures dt')];
        const dd = dts.find((d) => d.textContent === 'Players')?.nextElementSibling;
        return Number(dd?.textContent ?? '0') > 0;
      }, undefined, { timeout: 15_000 });
      expect(await page.getByRole('region', { name: 'Round status' }).textContent()).not.toMatch(/player[123]/);
      await a11y(page, 'console betting');
      await screenshot(page, 'dealer-console-betting-tablet');
      await oneScreen(page, 'console betting');

      // "No more bets" early: the robot dealer deals from the simulated shoe; the manual entry is offered meanwhile.
      await page.getByRole('button', { name: 'No more bets' }).click();
      await page.getByRole('button', { name: 'Enter card by hand' }).click({ timeout: 5_000 });
      const manual = page.getByRole('dialog', { name: 'Enter a card by hand' });
      await manual.waitFor();
      await manual.getByRole('group', { name: 'Rank' }).getByRole('button', { name: 'Queen' }).click();
      await manual.getByRole('group', { name: 'Suit' }).getByRole('button', { name: 'hearts' }).click();
      await manual.getByText('Card to enter: Queen of hearts').waitFor();
      await a11y(page, 'manual card dialog');
      await screenshot(page, 'dealer-manual-card-tablet');
      await manual.getByRole('button', { name: 'Cancel' }).click();

      const cards = page.getByRole('region', { name: 'Cards on the table' }).getByRole('img', { name: CARD_NAME });
      await page.waitForFunction(() => document.querySelectorAll('.dc-hand .felt-card').length >= 4, undefined, { timeout: 30_000 });
      expect(await cards.count()).toBeGreaterThanOrEqual(4);
      // What the server recorded is what the console shows.
      const round = await pit.currentRound(bac.tableId);
      const dealt = ((round.view as { cards: { card: string }[] }).cards ?? []).length;
      expect(dealt).toBeGreaterThanOrEqual(4);
      await page.getByRole('region', { name: 'What is due' }).waitFor();
      await page.getByText(/^(Round finished|Result — settling)$/).waitFor({ timeout: 30_000 });
      await a11y(page, 'console result');
      await screenshot(page, 'dealer-console-result-tablet');
      await oneScreen(page, 'console result');

      // Next round: a void request with a reason, then a call for the pit boss.
      await page.getByRole('button', { name: 'Open betting' }).click({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Request void' }).click();
      const voidDialog = page.getByRole('dialog', { name: 'Request a void' });
      await voidDialog.waitFor();
      await voidDialog.getByRole('radio', { name: 'Device fault' }).check();
      await a11y(page, 'void dialog');
      await screenshot(page, 'dealer-void-dialog-tablet');
      await voidDialog.getByRole('button', { name: 'Send void request' }).click();
      await voidDialog.waitFor({ state: 'detached' });
      await page.getByRole('region', { name: 'Waiting for the pit boss' }).getByText(/Void requested: “Device fault”/).waitFor();
      const pending = await pit.pendingRequests(bac.tableId);
      expect(pending.map((p) => [p.kind, p.by, p.reason])).toContainEqual(['void', 'dealer1', 'Device fault']);
      expect(await page.getByRole('button', { name: 'Request void' }).count()).toBe(0);
      await screenshot(page, 'dealer-void-pending-tablet');
      await oneScreen(page, 'void pending');

      await page.getByRole('button', { name: 'Call pit boss' }).click();
      const call = page.getByRole('dialog', { name: 'Call the pit boss' });
      await call.getByRole('radio', { name: 'Player dispute' }).check();
      await screenshot(page, 'dealer-call-pitboss-tablet');
      await call.getByRole('button', { name: 'Call now' }).click();
      await page.getByText('The pit boss has been called.').waitFor();
      const alerts = await pit.alerts({ tableId: bac.tableId });
      expect(alerts.find((a) => a.code === 'PIT_BOSS_CALLED')?.message).toContain('Player dispute');

      // The pit boss approves the void: the console says so and what to do.
      const req = pending.find((p) => p.kind === 'void');
      await pit.approveVoid(bac.tableId, req?.requestId ?? '', 'approved in the e2e test');
      await page.getByRole('status', { name: 'Attention' }).getByText('Round void').waitFor({ timeout: 15_000 });
      await a11y(page, 'console void');
      await screenshot(page, 'dealer-console-void-tablet');
      await oneScreen(page, 'console void');

      // The other tables, live on their own cadence.
      for (const [name, shot] of [
        ['Roulette 1', 'roulette'],
        ['Blackjack 1', 'blackjack'],
        ['Sic Bo 1', 'sicbo'],
      ] as const) {
        await page.getByRole('button', { name: 'Change table' }).click();
        await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
        await page.getByRole('region', { name: 'Round status' }).waitFor();
        await page.getByRole('region', { name: 'Devices' }).getByText('Working').first().waitFor({ timeout: 30_000 });
        await a11y(page, `console ${name}`);
        await screenshot(page, `dealer-console-${shot}-tablet`);
        await oneScreen(page, `console ${name}`);
      }
    } finally {
      await context.close();
    }
  });

  it('phone: the picker and the console stack into one column, still accessible', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await signIn(page, studio.baseUrl);
      await a11y(page, 'phone picker');
      await screenshot(page, 'dealer-picker-phone');
      await page.getByRole('button', { name: /^Roulette 1/ }).click();
      await page.getByRole('region', { name: 'Dealer controls' }).waitFor();
      await page.getByRole('region', { name: 'Devices' }).getByText('Working').first().waitFor({ timeout: 30_000 });
      await a11y(page, 'phone console');
      await screenshot(page, 'dealer-console-roulette-phone');
      // the dealing first: the status and the controls above the tips and the chat (which came first, pushing them below the fold)
      const topOf = (name: string): Promise<number> => page.getByRole('region', { name, exact: true }).evaluate((e) => e.getBoundingClientRect().top);
      const [status, controls, tips, chat] = await Promise.all([topOf('Round status'), topOf('Dealer controls'), topOf('Tips this shift'), topOf('Table chat')]);
      expect(status, 'the round status above the tips').toBeLessThan(tips);
      expect(controls, 'the controls above the tips and the chat').toBeLessThan(Math.min(tips, chat));
      expect(controls, 'the controls on the first screen').toBeLessThan(page.viewportSize()?.height ?? 844);
      await page.getByRole('button', { name: 'Change table' }).click();
      await page.getByRole('button', { name: new RegExp(`^${BACCARAT}`) }).click();
      await page.getByRole('region', { name: 'Dealer controls' }).waitFor();
      await page.getByRole('button', { name: 'Call pit boss' }).click();
      await page.getByRole('dialog', { name: 'Call the pit boss' }).waitFor();
      await a11y(page, 'phone dialog');
      await screenshot(page, 'dealer-call-pitboss-phone');
      await page.getByRole('dialog', { name: 'Call the pit boss' }).getByRole('button', { name: 'Cancel' }).click();
      // Swedish: every string of the console is translated.
      await page.getByRole('combobox', { name: 'Language' }).selectOption('sv');
      await page.getByRole('button', { name: 'Kalla pitboss' }).waitFor();
      await page.getByRole('region', { name: 'Omgångens status' }).waitFor();
      await page.getByRole('region', { name: 'Enheter' }).getByText('Fungerar').first().waitFor();
      await a11y(page, 'phone console (Swedish)');
      await screenshot(page, 'dealer-console-baccarat-phone-sv');
    } finally {
      await context.close();
    }
  });
});
