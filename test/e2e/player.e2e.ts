/**
 * Player client in Chromium against the studio on simulated devices (wheel, shoes, shaker, robot
 * dealer). Web-first waits (locators wait for what the user sees), no fixed sleeps. Every screen is
 * checked with axe (no serious/critical violation) and saved as a screenshot (test-results/screens).
 */
import { FeltClient } from '@felt-studio/client-sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, capturePlayer as capture, euro, joinTable, openApp, passwordOf, type StudioHandle, waitForBetting } from './harness.js';
import { joinSharedStudio } from './shared-studio.js';
import { E2E_ONLY_TABLES } from './e2e-tables.js';

let studio: StudioHandle;
let browser: Browser;
/** This file's players: accounts of its own on the shared studio (no other file bets on them). */
const PLAYERS = { player1: 'e2e-pl-1', player2: 'e2e-pl-2', player3: 'e2e-pl-3' } as const;
const ROUND_MS = 90_000;

interface Shift {
  readonly value: number;
  readonly sources: readonly string[];
}

/** Starts recording every layout shift (PerformanceObserver 'layout-shift', with or without recent input). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = globalThis as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; sources?: { node?: Node | null }[] }[]) {
        w.__shifts.push({ value: e.value, sources: (e.sources ?? []).map((s) => `${s.node?.nodeName ?? '?'} ${(s.node?.textContent ?? '').slice(0, 40)}`) });
      }
    }).observe({ type: 'layout-shift' });
  });
}

/** The shifts recorded since watchLayoutShifts, after two more frames (the last changes painted). */
async function layoutShifts(page: Page): Promise<Shift[]> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  return page.evaluate(() => (globalThis as unknown as { __shifts: Shift[] }).__shifts);
}

beforeAll(async () => {
  ({ studio, browser } = await joinSharedStudio(Object.values(PLAYERS)));
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Records, in the page, every round whose result overlay (role status "Round result", `data-round`) was put on screen,
 * so a test can ask afterwards whether the player was shown a round's result — the overlay stays 8 s, and a wait
 * that starts after it has gone would otherwise see nothing.
 */
async function recordResults(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __feltResults?: string[] };
    if (w.__feltResults) return;
    const seen: string[] = [];
    w.__feltResults = seen;
    const look = (): void => {
      for (const el of document.querySelectorAll('.result-overlay[data-round]')) {
        const id = el.getAttribute('data-round') ?? '';
        if (!seen.includes(id)) seen.push(id);
      }
    };
    look();
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
  });
}

/** Waits until the page has shown the result of `roundId` (recordResults), at most `ms`. */
async function untilShown(page: Page, roundId: string, ms: number): Promise<void> {
  await page.waitForFunction((id) => ((window as unknown as { __feltResults?: string[] }).__feltResults ?? []).includes(id), roundId, { timeout: ms, polling: 250 });
}

describe('player client (Chromium, simulated studio)', () => {
  it('lobby: every open table with its identity, limits, phase and timer; accessible; login and lobby screenshots', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-GB' });
    const login = await context.newPage();
    await login.goto(`${studio.baseUrl}/play/`);
    await login.getByRole('heading', { name: 'Sign in' }).waitFor();
    await capture(login, 'login', 'desktop');
    await context.close();

    const { page, context: c2 } = await openApp(browser, studio, 'play', PLAYERS.player1);
    await page.getByRole('heading', { name: 'Live tables' }).waitFor();
    for (const name of ['Roulette 1', 'Baccarat 1', 'Blackjack 1', 'Sic Bo 1']) {
      const card = page.getByRole('article', { name });
      await card.waitFor();
      expect(await card.innerText()).toMatch(/Bets €\d/); // GEN-2
    }
    await page.getByRole('timer').first().waitFor();
    await capture(page, 'lobby', 'desktop');

    // Players at a table, live: another player opens a roulette table (the lobby's own glance does not count).
    // The table is this file's own (E2E_ONLY_TABLES.lobby): the other browser files play the demo tables at the same time.
    // The studio's robots sit at every table (issue 20 defect 12: they count as players); nobody else opens this one.
    const roulette = page.getByRole('article', { name: E2E_ONLY_TABLES.lobby });
    const count = roulette.getByText(/^\d+ players? at the table$/);
    await count.waitFor();
    const robots = Number((await count.innerText()).match(/^\d+/)?.[0]);
    const players = (n: number): string => `${n} ${n === 1 ? 'player' : 'players'} at the table`;
    await roulette.getByText(players(robots), { exact: true }).waitFor();
    const other = await openApp(browser, studio, 'play', PLAYERS.player3);
    await joinTable(other.page, E2E_ONLY_TABLES.lobby);
    await roulette.getByText(players(robots + 1), { exact: true }).waitFor();
    await other.context.close();
    await roulette.getByText(players(robots), { exact: true }).waitFor();
    await c2.close();
  });

  it('roulette: a straight-up and a racetrack bet, a reload mid-round keeps them, the wheel spins and the balance changes by exactly the settled amount', async () => {
    const { page, context } = await openApp(browser, studio, 'play', PLAYERS.player1);
    await joinTable(page, 'Roulette 1');
    await waitForBetting(page, ROUND_MS);
    const before = await balanceOf(page);
    await watchLayoutShifts(page);

    // Straight up on 17: click the centre of its cell on the layout (GEN-7 hit test).
    const cell = await page.locator('[data-spot="straight:17"] rect').first().boundingBox();
    if (!cell) throw new Error('no cell for 17');
    await page.mouse.move(cell.x + cell.width / 2, cell.y + cell.height / 2);
    await page.locator('.layout-hint', { hasText: 'Straight 17' }).waitFor(); // the hover preview names the spot
    await page.mouse.click(cell.x + cell.width / 2, cell.y + cell.height / 2);
    await page.getByRole('status').filter({ hasText: 'Bet accepted: Straight 17 · €1.00' }).waitFor();
    // A racetrack bet: tiers du cylindre, 6 chips of €1.
    await page.getByRole('button', { name: /^Tiers du cylindre/ }).click();
    await page.getByRole('status').filter({ hasText: 'Bet accepted: Tiers du cylindre · €6.00' }).waitFor();
    await page.locator('.action-stake-amount', { hasText: '€7.00' }).waitFor();
    // Budget "no layout shift when chips land": pointing at spots, the chips, the confirmations, the new
    // balance and stake — and the timer ticking meanwhile — moved nothing on the page.
    expect(await layoutShifts(page)).toEqual([]);
    await capture(page, 'roulette-betting', 'desktop');

    // Reload mid-round: the same round, the same bets (from the server's snapshot).
    const roundText = (await page.locator('main.table-page').getAttribute('data-round')) ?? ''; // no round id on the player's screen (issue 20)
    await page.reload();
    await page.locator(`main.table-page[data-round="${roundText}"]`).waitFor();
    await page.locator('.action-stake-amount', { hasText: '€7.00' }).waitFor();
    await page.locator('[data-chip="straight:17"]').waitFor();
    await page.locator('[data-chip="split:5-8"]').waitFor();

    // The simulated wheel spins; the round settles; the banner and the balance show it.
    await page.getByRole('status', { name: 'Round result' }).waitFor({ timeout: ROUND_MS });
    const api = new FeltClient({ baseUrl: studio.baseUrl });
    await api.login(PLAYERS.player1, passwordOf(PLAYERS.player1));
    const round = (await api.myRounds(5)).find((r) => roundText.includes(r.roundId));
    expect(round?.stakeMinor).toBe(700);
    const expected = before + (round?.returnMinor ?? 0) - 700;
    await page.locator('.balance-amount', { hasText: euro(expected) }).waitFor();
    expect(await balanceOf(page)).toBe(expected);
    await capture(page, 'roulette-settled', 'desktop');
    await context.close();
  });

  it('baccarat: a rejected bet shows its rule ID (RES-2); the round dealt by the simulated shoe appears on the cards and the roads', async () => {
    const { page, context } = await openApp(browser, studio, 'play', PLAYERS.player2);
    await joinTable(page, 'Baccarat 1');
    await waitForBetting(page, ROUND_MS);
    await page.locator('button[data-spot="player"]').click();
    await page.getByRole('status').filter({ hasText: 'Bet accepted: Player' }).waitFor();
    await page.locator('button[data-spot="banker"]').click();
    const alert = page.getByRole('alert').filter({ hasText: 'RES-2' });
    await alert.waitFor();
    // issue 20 defect 5: the rule ID once (a badge), the reason in words beside it
    const text = await alert.innerText();
    expect(text.match(/RES-2/g)).toHaveLength(1);
    expect(text.replace('RES-2', '').trim().length).toBeGreaterThan(10);
    await capture(page, 'baccarat-rejected', 'desktop');

    const playerHand = page.getByLabel('Player hand');
    await playerHand.getByRole('img', { name: / of / }).nth(1).waitFor({ timeout: ROUND_MS });
    await page.getByLabel('Banker hand').getByRole('img', { name: / of / }).nth(1).waitFor();
    await page.getByRole('status', { name: 'Round result' }).waitFor({ timeout: ROUND_MS });
    await page.getByRole('button', { name: 'Rules & stats' }).click(); // the roads are in the table's drawer (issue 20)
    await page.locator('svg[aria-label="Bead plate"] circle').first().waitFor();
    await page.locator('svg[aria-label="Big road"] circle').first().waitFor();
    expect(await page.locator('.road-counts').innerText()).toMatch(/\d+ rounds?/);
    await capture(page, 'baccarat-settled', 'desktop');
    await context.close();
  });

  it('blackjack: the player takes a seat, hits and stands before the decision timer', async () => {
    const { page, context } = await openApp(browser, studio, 'play', PLAYERS.player3);
    await joinTable(page, 'Blackjack 1');
    await recordResults(page);
    let hit = false;
    let stood = false;
    const lastResult = page.getByRole('status', { name: 'Round result' });
    for (let round = 0; round < 4 && !(hit && stood); round++) {
      await waitForBetting(page, ROUND_MS);
      // the last round's result (shown 8 s) must not stand for this round's: a round without both decisions (a bust
      // after the hit) made every later try end at once on the old overlay (a CI run: four tries in 37 s)
      await lastResult.waitFor({ state: 'hidden', timeout: ROUND_MS });
      await page.locator('button[data-spot="seat:3"]').click();
      await page.getByRole('status').filter({ hasText: 'Bet accepted: Seat 3' }).waitFor();
      const betRound = (await page.locator('main.table-page').getAttribute('data-round')) ?? '';
      const turn = page.getByRole('group', { name: 'Your turn — seat 3' });
      const settled = page.getByRole('status', { name: 'Round result' });
      await turn.or(settled).waitFor({ timeout: ROUND_MS });
      if (!(await turn.isVisible())) continue; // a blackjack or a dealer blackjack: no decision this round
      await page.getByRole('timer', { name: 'Time left to decide' }).waitFor();
      await capture(page, 'blackjack-decision', 'desktop');
      const total = Number((await turn.locator('.felt-muted').innerText()).replace(/\D/g, ''));
      const totalNow = async (): Promise<string> => (await turn.isVisible()) ? await turn.locator('.felt-muted').innerText().catch(() => '') : '';
      // hit once (the first round with a decision), stand in the same round if the card left the turn open, else in
      // the next one: hitting every round until a hand both hit and stood needed luck (a CI run: four hits, four busts)
      if (total < 21 && !hit) {
        const before = await totalNow();
        await turn.getByRole('button', { name: 'Hit' }).click();
        hit = true;
        // wait for the hit card: the total changes, or the turn ends (bust, 21) — the turn group stays on
        // screen until then, so deciding straight away raced the card (a Stand on a turn that had just ended)
        const until = Date.now() + ROUND_MS;
        while (Date.now() < until && (await turn.isVisible()) && (await totalNow()) === before) await page.waitForTimeout(200);
      }
      // Still our turn (not bust, not 21): stand. A turn that ends meanwhile (the timer) is another round's try.
      if (await turn.isVisible()) {
        const clicked = await turn
          .getByRole('button', { name: 'Stand' })
          .click({ timeout: 10_000 })
          .then(
            () => true,
            async (e: unknown) => {
              if (await turn.isVisible()) throw e;
              return false;
            },
          );
        if (clicked) {
          stood = true;
          await page.locator('.bj-seat.is-mine .bj-total', { hasText: /stands|21/ }).waitFor();
        }
      }
      // the round's result as the page showed it (recorded by resultsShown: it is on screen 8 s, and a slow hit loop on a
      // loaded machine could start waiting after it had gone — two clean-clone CI runs, 2026-11-29, bust then 90 s of nothing)
      await untilShown(page, betRound, ROUND_MS).catch(async (e: unknown) => {
        // what the page and the server said then (a clean-clone CI run timed out here once, load 5)
        const api = new FeltClient({ baseUrl: studio.baseUrl });
        await api.login(PLAYERS.player3, passwordOf(PLAYERS.player3));
        const mine = await api.myRounds(3).then((r) => JSON.stringify(r).slice(0, 1_500), (x: unknown) => `myRounds failed: ${String(x)}`);
        const shown = await page.locator('main.table-page').evaluate((m) => `${m.getAttribute('data-round')} ${m.getAttribute('data-phase')} ${m.getAttribute('data-seq')}`).catch(() => '?');
        throw new Error(`blackjack: no round result within ${ROUND_MS} ms (hit ${hit}, stood ${stood}); the page shows ${shown}; my rounds: ${mine}`, { cause: e });
      });
    }
    expect(hit && stood).toBe(true);
    await context.close();
  });

  it('every player screen on phone (portrait and landscape): accessible, screenshots saved', async () => {
    for (const device of ['phone', 'phoneLandscape'] as const) {
      const { page, context } = await openApp(browser, studio, 'play', PLAYERS.player1, device);
      await page.getByRole('heading', { name: 'Live tables' }).waitFor();
      await page.getByRole('article', { name: 'Roulette 1' }).waitFor();
      await capture(page, 'lobby', device);
      for (const [name, screen] of [['Roulette 1', 'roulette'], ['Baccarat 1', 'baccarat'], ['Blackjack 1', 'blackjack'], ['Sic Bo 1', 'sicbo']] as const) {
        await joinTable(page, name);
        await page.getByRole('toolbar', { name: 'Chips and bet actions' }).waitFor();
        // the game's own screen loaded (a lazy chunk): a CI run checked and captured Sic Bo's "Loading…" on a phone
        await page.locator('.table-stage', { hasText: 'Loading…' }).waitFor({ state: 'detached' });
        await capture(page, screen, device);
      }
      await page.getByRole('link', { name: /^(Lobby|Back to the lobby)$/ }).first().click(); // a phone's table page has only its back button
      await page.getByRole('link', { name: 'My history' }).click();
      await page.getByRole('heading', { name: 'My history' }).waitFor();
      await page.locator('.history-round, .history-empty').first().waitFor();
      await capture(page, 'history', device);
      await context.close();
    }
    const { page, context } = await openApp(browser, studio, 'play', PLAYERS.player1, 'desktop');
    await joinTable(page, 'Sic Bo 1');
    await page.getByText('You may not bet on both Big and Small').waitFor(); // the rule in words; its ID is for staff and rejections (issue 20)
    await capture(page, 'sicbo', 'desktop');
    await page.getByRole('link', { name: 'My history' }).click();
    await page.locator('.history-round, .history-empty').first().waitFor();
    await capture(page, 'history', 'desktop');
    await context.close();
  });
});
