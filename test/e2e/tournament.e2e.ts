/**
 * Poker tournaments in real browsers against the whole studio (issue 24; docs/tournaments.md): the pit boss
 * publishes a tournament; a player on a phone finds it in the lobby and registers (buy-in + fee out of the
 * wallet); the pit boss cancels it from the Tournaments screen with a reason, confirming once more; the player
 * gets buy-in and fee back (TRN-CANCEL).
 */
import { FeltClient } from '@felt-studio/client-sdk';
import { tournament as T } from '@felt-studio/games';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ARTIFACTS, checkA11y, clientAs, createAccounts, launchBrowser, openApp, screenshot, type StudioHandle } from './harness.js';
import { sharedStudio } from './shared-studio.js';

const PLAYER = 'e2e-tourney-1';

describe('poker tournaments (browser)', () => {
  let studio: StudioHandle;
  let browser: Browser;
  let player: FeltClient;
  let pit: FeltClient;

  beforeAll(async () => {
    studio = sharedStudio();
    await createAccounts(studio, [{ username: PLAYER, name: 'E2E Tourney Player' }]);
    browser = await launchBrowser();
    player = await clientAs(studio, PLAYER);
    pit = new FeltClient({ baseUrl: studio.baseUrl });
    await pit.login('pitboss1', 'demo');
  });

  afterAll(async () => {
    await browser?.close();
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
});
