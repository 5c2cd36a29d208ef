/**
 * Pit-boss dashboard in a real browser against the whole studio (simulated devices, robot dealer):
 * a dealer requests a void (through the SDK: the dealer console is another app), the pit boss
 * approves it in the dashboard with a reason, the player gets the stake back to the cent; the voided
 * round's replay steps through its event log; axe finds no serious/critical violation on any
 * screen; screenshots of every screen at desktop and phone size land in test-results/screens.
 */
import { FeltClient, type Table } from '@felt-studio/client-sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, clientAs, createAccounts, openApp, screenshot, type StudioHandle } from './harness.js';
import { sharedBrowser, sharedStudio } from './shared-studio.js';
import { E2E_ONLY_TABLES } from './e2e-tables.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function a11y(page: Page, screen: string): Promise<void> {
  const v = await checkA11y(page);
  if (v.length > 0) console.error(`axe on ${screen}:`, JSON.stringify(v, null, 1));
  expect(v.map((x) => `${screen}: ${x.id} (${x.impact}) ${x.help} — ${x.targets.join(', ')}`)).toEqual([]);
}

async function pitAlerts(baseUrl: string) {
  const pit = new FeltClient({ baseUrl });
  await pit.login('pitboss1', 'demo');
  return pit.alerts({ limit: 50 });
}

describe('pit-boss dashboard (browser)', () => {
  let studio: StudioHandle;
  let browser: Browser;
  let player: FeltClient;
  let dealer: FeltClient;
  let roulette: Table;
  let voidedRound = '';

  beforeAll(async () => {
    // The shared studio; this file's roulette table is its own (a round of it is voided) with a 25 s betting
    // window (time to approve the void before the wheel spins), and its player an account of its own.
    studio = sharedStudio();
    await createAccounts(studio, [{ username: 'e2e-pit-1', name: 'E2E Pit Player' }]);
    browser = await sharedBrowser();
    player = await clientAs(studio, 'e2e-pit-1');
    dealer = await clientAs(studio, 'dealer1');
    const tables = await player.listTables();
    roulette = tables.find((t) => t.name === E2E_ONLY_TABLES.pit) as Table;
    expect(roulette).toBeDefined();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a dealer requests a void, the pit boss approves it in the dashboard with a reason, and the player is refunded', async () => {
    const before = (await player.myWallet()).balanceMinor;
    // A fresh betting window on the roulette table (the wheel then takes a while to spin: time to act).
    const bet = await until('a roulette round taking bets', async () => {
      const r = await player.currentRound(roulette.tableId);
      const v = r.view as { phase?: string; bettingClosesAt?: number } | null;
      if (v?.phase !== 'betting' || (v.bettingClosesAt ?? 0) - Date.now() < 15_000) return null;
      return player.placeBet(roulette.tableId, { spot: 'red', stakeMinor: 500 });
    });
    voidedRound = bet.roundId;
    expect((await player.myWallet()).balanceMinor).toBe(before - 500);
    const req = await dealer.requestVoid(roulette.tableId, 'e2e: ball jumped out of the wheel');
    expect(req.roundId).toBe(voidedRound);

    const { page } = await openApp(browser, studio, 'pit', 'pitboss1', 'desktop');
    const requests = page.getByRole('region', { name: /Waiting for approval/ });
    // other files' requests may wait beside it (the studio is shared): this file's request, by its reason
    const request = requests.getByRole('listitem').filter({ hasText: 'Reason given: e2e: ball jumped out of the wheel' });
    await request.waitFor();
    await page.getByRole('region', { name: 'All tables' }).getByRole('article').first().waitFor();
    await screenshot(page, 'pit-floor-request-desktop');
    await a11y(page, 'floor');
    await request.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: /Approve void of round/ });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByText('A reason is required.').waitFor();
    await a11y(page, 'approval dialog');
    await dialog.getByLabel('Reason (recorded in the audit log)').fill('e2e: confirmed on camera 2');
    await screenshot(page, 'pit-approve-dialog-desktop');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The player sees the refund: the stake is back, to the cent, and the bet is refunded.
    await until('the refund', async () => (await player.myWallet()).balanceMinor === before);
    const pit = new FeltClient({ baseUrl: studio.baseUrl });
    await pit.login('pitboss1', 'demo');
    const detail = await until('the voided round', async () => {
      const d = await pit.roundDetail(voidedRound);
      // A voided round refunds every bet, then is marked settled (RoundVoided … RoundSettled).
      return d.events.some((e) => e.type === 'RoundVoided') && d.bets.length > 0 && d.bets.every((b) => b.status === 'refunded') ? d : null;
    });
    const me = (await player.me()).userId;
    expect(detail.bets.filter((b) => b.playerId === me).map((b) => [b.status, b.stakeMinor])).toEqual([['refunded', 500]]);
    const audit = await pit.audit({ target: voidedRound });
    expect(audit.find((a) => a.action === 'round.void-approve')?.reason).toContain('e2e: confirmed on camera 2');
    await page.close();
  });

  it('the floor shows which dealer is at each table’s console; an alert acknowledged by one pit boss shows as acknowledged (by whom) to every pit boss', async () => {
    const a = await openApp(browser, studio, 'pit', 'pitboss1', 'desktop');
    const tile = a.page.getByRole('region', { name: 'All tables' }).getByRole('article', { name: roulette.name });
    await tile.getByText('not signed in').waitFor();
    // The dealer signs in at Roulette 1's console (another app, another browser).
    const d = await openApp(browser, studio, 'dealer', 'dealer1', 'tablet');
    await d.page.getByRole('button', { name: new RegExp(`^${roulette.name}`) }).click();
    await tile.getByText('Dealer One').waitFor();

    // The dealer calls the pit boss: a live alert; pit boss session A acknowledges it; session B (another
    // browser: nothing shared but the server) sees it acknowledged, with who did it.
    const b = await openApp(browser, studio, 'pit', 'pitboss1', 'desktop');
    // B shows the floor (its tables and the dealer at Roulette's console) before the call: a CI run at high load
    // called while B's page was still loading, and B's list had not come in 30 s later
    await b.page.getByRole('region', { name: 'All tables' }).getByRole('article', { name: roulette.name }).getByText('Dealer One').waitFor({ timeout: 60_000 });
    const alerts = (p: typeof a.page) => p.getByRole('list', { name: 'Live alerts' });
    await dealer.callPitBoss(roulette.tableId, 'e2e: player dispute at the table');
    const item = alerts(a.page).getByRole('listitem').filter({ hasText: 'e2e: player dispute at the table' });
    await item.waitFor();
    // the live frame, else the list fetched again on (re)connection or every 30 s (useAlertsFeed)
    await alerts(b.page).getByRole('listitem').filter({ hasText: 'e2e: player dispute at the table' }).waitFor({ timeout: 65_000 });
    await item.getByRole('button', { name: 'Acknowledge' }).click();
    await item.waitFor({ state: 'detached' });
    await alerts(b.page).getByRole('listitem').filter({ hasText: 'e2e: player dispute at the table' }).waitFor({ state: 'detached' });
    await b.page.getByText(/^Acknowledged \(\d+\)$/).click();
    const acked = b.page.getByRole('list', { name: 'Acknowledged' }).getByRole('listitem').filter({ hasText: 'e2e: player dispute at the table' });
    await acked.getByText(/^Acknowledged by Pit Boss One at /).waitFor();
    await screenshot(b.page, 'pit-floor-acknowledged-desktop');
    await a11y(b.page, 'floor with acknowledged alerts');
    const stored = await pitAlerts(studio.baseUrl);
    expect(stored.find((x) => x.message.includes('e2e: player dispute'))?.ack).toMatchObject({ byName: 'Pit Boss One' });

    // The dealer leaves the console: the floor says so.
    await d.context.close();
    await tile.getByText('not signed in').waitFor();
    await a.context.close();
    await b.context.close();
  });

  it("the voided round's replay steps through its events", async () => {
    const { page } = await openApp(browser, studio, 'pit', 'pitboss1', 'desktop');
    await page.goto(`${studio.baseUrl}/pit/#/rounds/${voidedRound}`);
    const replay = page.getByRole('region', { name: 'Replay' });
    const stepText = replay.getByText(/^Step \d+ of \d+$/);
    await stepText.waitFor();
    const total = Number((await stepText.textContent())?.match(/of (\d+)/)?.[1]);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(await stepText.textContent()).toBe(`Step 1 of ${total}`);
    await expect(replay.getByText('RoundOpened', { exact: true }).count()).resolves.toBe(1);
    await replay.getByRole('button', { name: 'Next event' }).click();
    expect(await stepText.textContent()).toBe(`Step 2 of ${total}`);
    await expect(replay.getByText('BetAccepted', { exact: true }).count()).resolves.toBe(1);
    const voidedAt = (await page.getByRole('region', { name: 'Event log' }).first().getByRole('row').allTextContents()).findIndex((r) => r.includes('RoundVoided'));
    expect(voidedAt).toBeGreaterThan(1);
    for (let n = 2; n < voidedAt; n++) await replay.getByRole('button', { name: 'Next event' }).click();
    expect(await stepText.textContent()).toBe(`Step ${voidedAt} of ${total}`);
    await expect(replay.getByText('RoundVoided', { exact: true }).count()).resolves.toBe(1);
    await replay.getByText('Round cancelled').waitFor();
    await replay.getByRole('button', { name: 'Last event' }).click();
    expect(await stepText.textContent()).toBe(`Step ${total} of ${total}`);
    await replay.getByRole('button', { name: 'First event' }).click();
    expect(await stepText.textContent()).toBe(`Step 1 of ${total}`);
    const events = page.getByRole('region', { name: 'Event log' }).first();
    expect(await events.getByRole('row').count()).toBe(total + 1);
    await page.getByRole('region', { name: 'Bets and settlement' }).first().getByText('Refunded').first().waitFor(); // every bet of the round is refunded (robots' too)
    await replay.getByRole('button', { name: 'Next event' }).click();
    await screenshot(page, 'pit-round-replay-desktop');
    await a11y(page, 'round detail');
    await page.close();
  });

  /**
   * Issue 23: flagging a player. (Opt-in until 2026-11-28: it looked for an exact "Flagged", but the badge's text goes
   * on, for screen readers, with the reason — the flag was there all along.)
   */
  it('issue 23: the pit boss flags a player from the Integrity view with a reason; the flag shows beside the name on the other screens, and is lifted with a reason', async () => {
    // the player's bet at this file's roulette table is settled: the player appears among the late bettors
    const bet = await until('a roulette round taking bets', async () => {
      const r = await player.currentRound(roulette.tableId);
      const v = r.view as { phase?: string; bettingClosesAt?: number } | null;
      if (v?.phase !== 'betting' || (v.bettingClosesAt ?? 0) - Date.now() < 3_000) return null;
      return player.placeBet(roulette.tableId, { spot: 'black', stakeMinor: 100 });
    });
    const pit = await clientAs(studio, 'pitboss1');
    await until('the bet settled and read by the late-bettor monitor', async () => (await pit.integrityLateBettors()).some((p) => p.name === 'E2E Pit Player'), 120_000);
    const { page } = await openApp(browser, studio, 'pit', 'pitboss1', 'desktop');
    await page.goto(`${studio.baseUrl}/pit/#/integrity`);
    const card = page.getByRole('region', { name: 'Player E2E Pit Player at roulette' });
    await card.waitFor({ timeout: 60_000 });
    const flagButton = card.getByRole('button', { name: 'Flag the player: E2E Pit Player' });
    await flagButton.waitFor({ timeout: 30_000 });
    const t0 = Date.now();
    await page.evaluate(() => 1);
    console.log(`[pit-boss.e2e] the page answered in ${Date.now() - t0} ms`);
    await flagButton.click({ timeout: 90_000 });
    const dialog = page.getByRole('dialog', { name: 'Flag E2E Pit Player' });
    await dialog.getByLabel('Reason (recorded in the audit log)').fill('e2e: wins too often in the last second');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    // the card names the player with the flag beside the id, and the flagged players' list has them with the reason
    // the badge reads "Flagged"; for screen readers it goes on with who, when and why (so not an exact "Flagged")
    await card.getByText(/^Flagged: Flagged by .*: e2e: wins too often/).waitFor();
    const flagged = page.getByRole('list', { name: 'Flagged players' });
    await flagged.getByText(/e2e: wins too often in the last second/).waitFor();
    await card.getByRole('button', { name: 'Lift the flag: E2E Pit Player' }).waitFor();
    await screenshot(page, 'pit-integrity-flagged-desktop');
    await a11y(page, 'integrity with a flagged player');
    // the server: stored with who and why, audited
    const flags = await pit.playerFlags();
    const mine = flags.find((f) => f.name === 'E2E Pit Player');
    expect(mine).toMatchObject({ reason: 'e2e: wins too often in the last second', by: expect.any(String), lifted: null });
    expect((await pit.audit({ target: `player:${mine!.playerId}` })).map((a) => a.action)).toContain('player.flag');
    // another screen naming the player: the round's bets show the flag beside the player's id
    await page.goto(`${studio.baseUrl}/pit/#/rounds/${bet.roundId}`);
    const bets = page.getByRole('region', { name: 'Bets and settlement' }).first();
    await bets.getByText(mine!.playerId).first().waitFor({ timeout: 30_000 });
    await bets.getByText(/^Flagged: Flagged by .*: e2e: wins too often/).first().waitFor();
    await screenshot(page, 'pit-round-flagged-player-desktop');
    // lifted with a reason from the flagged players' list
    await page.goto(`${studio.baseUrl}/pit/#/integrity`);
    await page.getByRole('list', { name: 'Flagged players' }).getByRole('button', { name: 'Lift the flag: E2E Pit Player' }).click();
    const lift = page.getByRole('dialog', { name: 'Lift the flag on E2E Pit Player' });
    await lift.getByLabel('Reason (recorded in the audit log)').fill('e2e: reviewed, a fast but fair player');
    await lift.getByRole('button', { name: 'Confirm' }).click();
    await lift.waitFor({ state: 'detached' });
    await until('the flag lifted', async () => !(await pit.playerFlags()).some((f) => f.playerId === mine!.playerId));
    await page.close();
  }, 240_000);

  for (const device of ['desktop', 'phone'] as const) {
    it(`every screen at ${device} size: screenshots and no serious/critical axe violations`, async () => {
      const { page } = await openApp(browser, studio, 'pit', 'pitboss1', device);
      const go = async (hash: string, ready: () => Promise<unknown>, name: string): Promise<void> => {
        await page.goto(`${studio.baseUrl}/pit/${hash}`);
        await ready();
        await sleep(400);
        await screenshot(page, `pit-${name}-${device}`);
        await a11y(page, `${name} (${device})`);
      };
      await go('#/', () => page.getByRole('region', { name: 'All tables' }).getByRole('article').first().waitFor(), 'floor');
      // issue 20: live alerts come before the tables (on a phone, where the columns stack: on the first screen)
      const alertsAt = await page.getByRole('list', { name: 'Live alerts' }).evaluate((e) => e.closest('section')?.getBoundingClientRect().top ?? Infinity);
      const tablesAt = await page.getByRole('region', { name: 'All tables' }).evaluate((e) => e.getBoundingClientRect().top);
      // on a phone the columns stack: the alerts above the tables; at every size on the first screen
      if (device === 'phone') expect(alertsAt, 'the live alerts above the tables').toBeLessThan(tablesAt);
      expect(alertsAt, 'the live alerts on the first screen').toBeLessThan(page.viewportSize()?.height ?? 0);
      // issue 20: a phone's tile is compact (the still a thumbnail beside the name): it was ≈ 700 px, a floor of 25 tables 17 556 px
      if (device === 'phone') {
        const tallest = await page.getByRole('region', { name: 'All tables' }).getByRole('article').evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().height)));
        expect(tallest, 'the tallest table tile on a phone (px)').toBeLessThanOrEqual(330);
      }
      await go(`#/tables/${roulette.tableId}`, () => page.getByRole('region', { name: 'Table actions' }).waitFor(), 'table');
      await go(`#/rounds?tableId=${roulette.tableId}`, () => page.getByRole('region', { name: 'Results' }).first().getByRole('link').first().waitFor(), 'rounds');
      await go(`#/rounds/${voidedRound}`, () => page.getByRole('region', { name: 'Replay' }).getByText(/^Step/).waitFor(), 'round');
      await go('#/charts', () => page.getByText('Hold per table, by hour').waitFor(), 'charts');
      // issue 23: the Integrity view with live data — the studio's wheels (by their reporting device) and their evidence
      // issue 20: its players by their names (the studio's robots bet at roulette: "Robot 1", the id under it), never by a bare id
      await go('#/integrity', async () => {
        await page.getByRole('region', { name: / — wheel/ }).first().getByRole('table', { name: 'Tests' }).or(page.getByRole('region', { name: / — wheel/ }).first().getByText('Collecting spins')).first().waitFor();
        await page.getByRole('region', { name: / at roulette$/ }).first().waitFor({ timeout: 60_000 });
      }, 'integrity');
      const named = await page.getByRole('region', { name: /^Player / }).evaluateAll((els) => els.map((e) => e.querySelector('h2')?.textContent ?? ''));
      expect(named.filter((n) => /\b(bot|usr)_/.test(n)), 'integrity cards named by an id').toEqual([]);
      expect(named.some((n) => /^Player Robot \d at roulette$/.test(n)), `a robot by its name: ${named.join('; ')}`).toBe(true);
      // issue 23 §3, §5: the players' sections (advantage play at the card tables, late bettors at roulette) are on the same view
      await page.getByRole('heading', { name: 'Players at blackjack and baccarat' }).waitFor();
      await page.getByRole('heading', { name: 'Late bettors at roulette' }).waitFor();
      // issue 23 §4: live poker — the studio's Hold'em 1 (its robots play from the start) with its report; axe over the section too
      const poker = page.getByRole('region', { name: "Poker: Hold'em 1" });
      await poker.waitFor({ timeout: 60_000 });
      await poker.getByRole('term').filter({ hasText: 'Hands tested' }).waitFor();
      await screenshot(page, `pit-integrity-poker-${device}`);
      await a11y(page, `integrity poker (${device})`);
      await go('#/audit', () => page.getByRole('table').waitFor(), 'audit');
      await page.goto(`${studio.baseUrl}/pit/#/tables/${roulette.tableId}`);
      await page.getByRole('button', { name: 'Change limits' }).click();
      await page.getByRole('dialog').waitFor();
      await screenshot(page, `pit-limits-dialog-${device}`);
      await a11y(page, `limits dialog (${device})`);
      await page.close();
    });
  }
});
