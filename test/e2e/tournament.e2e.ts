/**
 * Poker tournaments in real browsers against the whole studio (issue 24; docs/tournaments.md): the pit boss
 * publishes a tournament; a player on a phone finds it in the lobby and registers (buy-in + fee out of the
 * wallet); the pit boss cancels it from the Tournaments screen with a reason, confirming once more; the player
 * gets buy-in and fee back (TRN-CANCEL). And the pit boss, on a phone, creates a sit-and-go through the creation
 * form (a client-side check first, the review step), and a player sees it in the lobby and registers.
 */
import { FeltClient } from '@felt-studio/client-sdk';
import { tournament as T } from '@felt-studio/games';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ARTIFACTS, checkA11y, clientAs, createAccounts, launchBrowser, openApp, screenshot, type StudioHandle } from './harness.js';
import { sharedStudio } from './shared-studio.js';

const PLAYER = 'e2e-tourney-1';
const PLAYER2 = 'e2e-tourney-2';
const PLAYER3 = 'e2e-tourney-3';
const PLAYER4 = 'e2e-tourney-4';

describe('poker tournaments (browser)', () => {
  let studio: StudioHandle;
  let browser: Browser;
  let player: FeltClient;
  let pit: FeltClient;

  beforeAll(async () => {
    studio = sharedStudio();
    await createAccounts(studio, [
      { username: PLAYER, name: 'E2E Tourney Player' },
      { username: PLAYER2, name: 'E2E Tourney Player Two' },
      { username: PLAYER3, name: 'E2E Tourney Player Three' },
      { username: PLAYER4, name: 'E2E Tourney Player Four' },
    ]);
    browser = await launchBrowser();
    player = await clientAs(studio, PLAYER);
    pit = new FeltClient({ baseUrl: studio.baseUrl });
    await pit.login('pitboss1', 'demo');
  });

  afterAll(async () => {
    await browser?.close();
    // This file's tournaments stop with it: on the shared studio a running sit-and-go plays a robot round every few
    // seconds (each a PGlite write on the studio's event loop) for the rest of the browser tier.
    for (const t of (await pit?.tournaments().catch(() => [])) ?? []) {
      if (!t.name.startsWith('E2E ') || t.status === 'finished' || t.status === 'cancelled') continue;
      await pit.controlTournament(t.tournamentId, { action: 'cancel', reason: 'browser tests: this file is done' }).catch(() => undefined);
    }
  });

  it('a player registers from the lobby on a phone; the pit boss cancels with a reason and the player gets buy-in and fee back', async () => {
    const name = `E2E Cup ${Date.now().toString(36)}`;
    const t = await pit.createTournament({
      name, kind: 'scheduled', currency: 'EUR', buyInMinor: 1_000, feeMinor: 100, startingStack: 1_500, seatsPerTable: 9, minPlayers: 2, maxPlayers: 30,
      startsAt: Date.now() + 3_600_000, structure: T.turboStructure(600_000), lateRegistrationLevels: 2, reEntry: null,
    });
    const before = (await player.myWallet()).balanceMinor;

    const p = await openApp(browser, studio, 'play', PLAYER, 'phone');
    const card = p.page.getByRole('article', { name });
    await card.waitFor();
    await card.getByRole('button', { name: `Register for ${name}` }).click();
    await card.getByRole('status').getByText('You are registered.').waitFor();
    await p.page.getByText('€989.00').first().waitFor(); // the header's balance follows
    await card.scrollIntoViewIfNeeded();
    await p.page.screenshot({ path: join(ARTIFACTS, 'screens', 'player-tournaments-phone.png') }); // the viewport, at the card
    await expect(card.getByRole('button', { name: `Register for ${name}` }).count()).resolves.toBe(0); // registered: no second offer
    const a11y = await checkA11y(p.page);
    expect(a11y.filter((v) => /trn-|lobby-tournaments/.test(v.targets.join(' '))).map((v) => `${v.id}: ${v.help} ${v.targets.join(', ')}`)).toEqual([]);
    expect((await player.myWallet()).balanceMinor).toBe(before - 1_100);
    const d = await openApp(browser, studio, 'play', PLAYER, 'desktop');
    const dc = d.page.getByRole('article', { name });
    await dc.getByText('You are registered.').waitFor(); // the player's own entry, from their view
    await expect(dc.getByRole('button', { name: `Register for ${name}` }).count()).resolves.toBe(0);
    await screenshot(d.page, 'player-tournaments-desktop');

    const pb = await openApp(browser, studio, 'pit', 'pitboss1', 'desktop');
    await pb.page.goto(`${studio.baseUrl}/pit/#/tournaments`);
    const row = pb.page.getByRole('row', { name: new RegExp(name) });
    await row.waitFor();
    await row.getByRole('textbox', { name: `Reason for ${name}` }).fill('browser test: no dealers tonight');
    await row.getByRole('button', { name: 'Cancel with refunds' }).click();
    await row.getByRole('group', { name: /cannot be undone/ }).getByRole('button', { name: 'Cancel with refunds' }).click();
    await row.getByRole('status').getByText(`${name}: Cancelled`).waitFor();
    await row.getByRole('cell', { name: 'Cancelled', exact: true }).waitFor(); // the list follows: no controls on a cancelled tournament
    await screenshot(pb.page, 'pit-tournaments');
    expect((await pit.tournament(t.tournamentId)).status).toBe('cancelled');
    expect((await player.myWallet()).balanceMinor).toBe(before);
  }, 120_000);

  it('the pit boss creates a sit-and-go through the form on a phone; a player sees it in the lobby and registers', async () => {
    const name = `E2E SNG ${Date.now().toString(36)}`;
    const pb = await openApp(browser, studio, 'pit', 'pitboss1', 'phone');
    await pb.page.goto(`${studio.baseUrl}/pit/#/tournaments`);
    await pb.page.getByRole('button', { name: 'New tournament' }).click();
    const form = pb.page.getByRole('region', { name: 'New tournament' });
    await expect(form.getByRole('radio', { name: 'Sit-and-go' }).isChecked()).resolves.toBe(true);
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Buy-in (EUR)').fill('5');
    await form.getByLabel('Fee (EUR)').fill('0,50');
    await form.getByText('€5.00 + €0.50 = €5.50 per entry').waitFor();
    await form.getByLabel('Seats per table').fill('6');
    await form.getByLabel('Minimum players').fill('4');
    await form.getByLabel('Maximum players').fill('3');
    await form.getByRole('button', { name: 'Review' }).click();
    // the obvious is caught on the phone, beside the field, before anything is sent
    const max = form.getByLabel('Maximum players');
    await expect(max.getAttribute('aria-invalid')).resolves.toBe('true');
    await form.getByText('At least the minimum players.').waitFor();
    await form.getByLabel('Minimum players').fill('2');
    await form.getByLabel('Structure', { exact: true }).selectOption('turbo');
    await form.getByText(/Turbo: 12 levels, 1 break —/).click(); // the levels, shown
    await form.getByRole('table', { name: 'Structure' }).getByRole('row', { name: /Level 1 \(item 1\) 10\/20/ }).waitFor();
    await form.getByRole('table', { name: /Payout table/ }).getByRole('row', { name: /2–5 100 %/ }).waitFor();
    const a11y = await checkA11y(pb.page);
    expect(a11y.map((v) => `${v.id}: ${v.help} ${v.targets.join(', ')}`)).toEqual([]);
    // the form fits the phone: nothing of it runs past the screen's right edge
    const past = await form.evaluate((f) => [f, ...f.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`));
    expect(past).toEqual([]);
    await screenshot(pb.page, 'pit-tournament-create-phone');
    await form.getByRole('button', { name: 'Review' }).click();
    const review = pb.page.getByRole('region', { name: `Publish ${name}?` });
    await review.getByText('3 players, 6 a table', { exact: false }).waitFor();
    await review.getByRole('button', { name: 'Publish' }).click();
    await pb.page.getByRole('status').getByText(`Published ${name}`).waitFor();
    const row = pb.page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('cell', { name: 'Registering', exact: true }).waitFor();
    const t = (await pit.tournaments()).find((x) => x.name === name);
    expect(t).toMatchObject({ kind: 'sit-and-go', currency: 'EUR', buyInMinor: 500, feeMinor: 50, maxPlayers: 3, status: 'registering' });

    const before = (await (await clientAs(studio, PLAYER2)).myWallet()).balanceMinor;
    const p = await openApp(browser, studio, 'play', PLAYER2, 'phone');
    const card = p.page.getByRole('article', { name });
    await card.waitFor();
    await card.getByRole('button', { name: `Register for ${name}` }).click();
    await card.getByRole('status').getByText('You are registered.').waitFor();
    expect((await (await clientAs(studio, PLAYER2)).myWallet()).balanceMinor).toBe(before - 550);
    await row.getByText('1 of 1 left').waitFor({ timeout: 15_000 }); // the pit boss's list follows (5 s refetch)
    // tidy: the shared studio keeps no open sit-and-go of this test
    if (t) await pit.controlTournament(t.tournamentId, { action: 'cancel', reason: 'browser test done' });
  }, 120_000);

  it('TRN-PLAY: a player takes their seat from the lobby on a phone, presses their time bank (S1-TIMEBANK) and plays an action in a real tournament hand', async () => {
    const name = `E2E Heads-up ${Date.now().toString(36)}`;
    const t = await pit.createTournament({
      name, kind: 'sit-and-go', currency: 'EUR', buyInMinor: 100, feeMinor: 10, startingStack: 5_000, seatsPerTable: 2, minPlayers: 2, maxPlayers: 2,
      startsAt: null, structure: T.turboStructure(600_000), lateRegistrationLevels: 0, reEntry: null, timeBankMs: 30_000,
    });
    await (await clientAs(studio, PLAYER4)).registerTournament(t.tournamentId); // PLAYER4 never sits in: away, blinds posted, folded on their turns (TRN-ABSENT)
    // the player registers last, from the lobby: the sit-and-go starts when full, and the card offers the seat at once
    // (registered first over the API, the robots played both seats until the lobby was open, and a heads-up robot hand
    // can end the tournament: a local run found it finished before the player could sit in)
    const p = await openApp(browser, studio, 'play', PLAYER3, 'phone');
    const card = p.page.getByRole('article', { name });
    await card.getByRole('button', { name: `Register for ${name}` }).click();
    await card.getByRole('button', { name: `Take your seat at ${name}` }).click({ timeout: 30_000 });
    await p.page.waitForURL(/\/tournament\//);
    await p.page.getByRole('button', { name: 'Take your seat' }).click();
    await p.page.getByText(/You play your own hands/).waitFor();
    // the pit boss opens the tournament from the Tournaments screen (before the player's turn: the action clock runs then)
    const pb = await openApp(browser, studio, 'pit', 'pitboss1', 'desktop');
    await pb.page.getByRole('link', { name: 'Tournaments' }).click();
    await pb.page.getByRole('link', { name: `Open ${name}: standings and tables` }).click();
    await pb.page.getByRole('heading', { name, level: 1 }).waitFor();
    // the next round waits for this player's turn: the poker table's action buttons, as the hand allows
    const action = p.page.getByRole('button', { name: /^(Check|Call)\b/ }).first();
    await action.waitFor({ timeout: 45_000 });
    // S1-TIMEBANK: the tournament publishes a 30 s bank — the live table's button adds it to this turn's clock
    await p.page.getByRole('button', { name: /^Use time bank \(\+30 s\)/ }).click();
    await p.page.getByRole('button', { name: /^Using time bank/ }).waitFor();
    await expect(p.page.locator('main.pt-page').getByText(/€|¤/).count()).resolves.toBe(0); // tournament chips are not money (the header's wallet balance is)
    await screenshot(p.page, 'player-tournament-table-phone');
    // while the hand waits on the player, the pit boss's tournament screen: the standings, the table with the hand in
    // play — the player to act, the other seat away (TRN-ABSENT) — and no down card's value
    const standings = pb.page.getByRole('region', { name: 'Standings' });
    await expect(standings.getByRole('row').count()).resolves.toBe(3);
    const table1 = pb.page.getByRole('region', { name: 'Table 1' });
    await table1.getByText(/Hand \S+ in play/).waitFor();
    const seat3 = table1.locator('tr[data-seat]', { hasText: 'E2E Tourney Player Three' });
    await seat3.getByText('← to act').waitFor();
    await expect(table1.locator('tr[data-seat]', { hasText: 'E2E Tourney Player Four' }).textContent()).resolves.toContain('away: folded on their turns (TRN-ABSENT)');
    await expect(standings.getByRole('rowheader').allTextContents()).resolves.toEqual(expect.arrayContaining(['E2E Tourney Player Three', 'E2E Tourney Player Four']));
    const seen = await table1.locator('tr[data-seat] [role="img"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen.filter((l) => l !== 'Card face down'), 'a down card the pit boss saw during the hand').toEqual([]);
    const pitA11y = await checkA11y(pb.page);
    expect(pitA11y.map((v) => `${v.id}: ${v.help} ${v.targets.join(', ')}`)).toEqual([]);
    await screenshot(pb.page, 'pit-tournament-detail');
    // the same screen on a phone: nothing past its edge (the seats table scrolls inside its own region)
    await pb.page.setViewportSize({ width: 390, height: 844 });
    await expect(pb.page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).resolves.toBeLessThanOrEqual(1);
    await screenshot(pb.page, 'pit-tournament-detail-phone');
    await pb.context.close();
    const label = (await action.textContent()) ?? '';
    await action.click();
    // the action is in the tournament's log, by the player (logged like the robots')
    let mine: { by?: unknown; action?: unknown }[] = [];
    for (let i = 0; i < 40 && mine.length === 0; i++) {
      const log = await pit.tournamentLog(t.tournamentId);
      mine = log.events.filter((e) => e.type === 'hand-action' && (e as { by?: unknown }).by === 'player' && (e as { action?: unknown }).action !== 'time-bank') as { by?: unknown; action?: unknown }[];
      if (mine.length === 0) await new Promise((r) => setTimeout(r, 250));
    }
    expect(mine.length, label).toBeGreaterThan(0);
    expect(String(mine[0]?.action)).toBe(label.startsWith('Check') ? 'check' : 'call');
    const presses = (await pit.tournamentLog(t.tournamentId)).events.filter((e) => e.type === 'hand-action' && (e as { action?: unknown }).action === 'time-bank');
    expect(presses.map((e) => (e as { by?: unknown }).by)).toEqual(['player']); // the press is logged by the player, before the action
    const a11y = await checkA11y(p.page);
    expect(a11y.filter((v) => /pt-/.test(v.targets.join(' '))).map((v) => `${v.id}: ${v.help} ${v.targets.join(', ')}`)).toEqual([]);
    await p.context.close();
    // tidy: the shared studio keeps no running tournament of this test
    const s = await pit.tournament(t.tournamentId);
    if (s.status === 'running' || s.status === 'paused') await pit.controlTournament(t.tournamentId, { action: 'cancel', reason: 'browser test done' });
  }, 150_000);
});
