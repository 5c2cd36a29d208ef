/**
 * Table chat and tips in real browsers against the whole studio (issue 24; docs/chat-and-tips.md): a player on a
 * phone chats and tips the dealer; the dealer console shows the message and the shift's tips total (not who
 * tipped); the pit boss mutes the player with a reason; the player's chat closes with the reason shown, and the
 * player's next message is refused with CHAT_MUTED (CHAT-5); a player without the table open may not chat
 * (CHAT-7); the pit boss's tips report lists the tip under the dealer's open shift (TIP-4).
 */
import { FeltClient, newMessageId, type Table } from '@felt-studio/client-sdk';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, clientAs, createAccounts, launchBrowser, openApp, screenshot, type StudioHandle } from './harness.js';
import { sharedStudio } from './shared-studio.js';

const TABLE = 'Sic Bo 1';
const PLAYER = 'e2e-chat-1';
const PLAYER_NAME = 'E2E Chat Player';
const AWAY = 'e2e-chat-away';

describe('table chat and tips (browser)', () => {
  let studio: StudioHandle;
  let browser: Browser;
  let player: FeltClient;
  let table: Table;

  beforeAll(async () => {
    studio = sharedStudio();
    await createAccounts(studio, [{ username: PLAYER, name: PLAYER_NAME }, { username: AWAY, name: 'E2E Away' }]);
    browser = await launchBrowser();
    player = await clientAs(studio, PLAYER);
    table = (await player.listTables()).find((t) => t.name === TABLE) as Table;
    expect(table).toBeDefined();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('a player chats and tips, the dealer sees both, a pit boss mutes the player and the next message is refused', async () => {
    // The dealer signs in at the table's console first: the shift (the tips total) starts there (TIP-3).
    const dealer = await openApp(browser, studio, 'dealer', 'dealer1', 'desktop');
    await dealer.page.getByRole('heading', { name: 'Pick your table' }).waitFor();
    await dealer.page.getByRole('button', { name: new RegExp(`^${TABLE}`) }).click();
    const tips = dealer.page.getByRole('region', { name: 'Tips this shift' });
    await tips.getByText('0 tips').waitFor();

    // The player, on a phone: the chat opens from the table's tool bar, over the picture.
    const p = await openApp(browser, studio, 'play', PLAYER, 'phone');
    await p.page.getByRole('button', { name: `Join ${TABLE}` }).click();
    await p.page.locator('.felt-identity-name', { hasText: TABLE }).waitFor();
    await p.page.locator('.table-stage [data-spot]').first().waitFor();
    await p.page.getByRole('button', { name: /^Chat/ }).click();
    const chat = p.page.getByRole('region', { name: 'Table chat' });
    await chat.getByRole('textbox', { name: 'Message to the table' }).fill('Good luck everyone at Sic Bo');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByRole('log').getByText('Good luck everyone at Sic Bo').waitFor();
    // on a phone the panel leaves the bet layout's tool bar (chips, undo, stake) uncovered
    const panel = await chat.boundingBox();
    const bar = await p.page.getByRole('toolbar', { name: 'Chips and bet actions' }).boundingBox();
    expect(panel && bar && panel.y + panel.height <= bar.y).toBe(true);
    const balance = await p.page.getByLabel('Balance').first().boundingBox();
    expect(panel && balance && balance.y + balance.height <= panel.y).toBe(true);
    // issue 20: …and covers no bet spot (it lay over the top rows of sic bo's layout): the layout stays usable
    const covered = await p.page.evaluate(() => {
      const r = document.querySelector('#table-chat')?.getBoundingClientRect();
      if (!r) return ['no panel'];
      return [...document.querySelectorAll('.table-stage [data-spot]')]
        .filter((e) => !e.closest('.side-panels'))
        .filter((e) => {
          const b = e.getBoundingClientRect();
          return b.width > 0 && !(b.right <= r.left || b.left >= r.right || b.bottom <= r.top || b.top >= r.bottom);
        })
        .map((e) => e.getAttribute('data-spot'));
    });
    expect(covered, 'bet spots under the open chat').toEqual([]);
    const timer = p.page.locator('.stage-timer');
    if ((await timer.count()) > 0) {
      const tb = await timer.boundingBox();
      expect(panel && tb && (tb.x + tb.width <= panel.x || tb.y >= panel.y + panel.height)).toBe(true); // the bet timer stays in sight
    }
    await screenshot(p.page, 'player-chat-phone');
    const a11yPhone = await checkA11y(p.page);
    expect(a11yPhone.filter((v) => /chat/.test(v.targets.join(' '))).map((v) => `${v.id}: ${v.help} ${v.targets.join(', ')}`)).toEqual([]);

    // …and at desktop size: over the picture's right side, clear of the layout and the header
    const d = await openApp(browser, studio, 'play', PLAYER, 'desktop');
    await d.page.getByRole('button', { name: `Join ${TABLE}` }).click();
    await d.page.locator('.felt-identity-name', { hasText: TABLE }).waitFor();
    // the person opens the chat once they see the table (the layout is a lazy chunk: until it is there, the panel
    // takes the room down to the action bar, and shrinks to the picture's height when the layout arrives)
    await d.page.locator('.table-stage [data-spot]').first().waitFor();
    await d.page.getByRole('button', { name: /^Chat/ }).click();
    await d.page.getByRole('region', { name: 'Table chat' }).getByRole('log').getByText('Good luck everyone at Sic Bo').waitFor();
    const underChat = (): Promise<string[]> => d.page.evaluate(() => {
      const r = document.querySelector('#table-chat')?.getBoundingClientRect();
      const header = document.querySelector('.table-top')?.getBoundingClientRect();
      if (!r || !header) return ['no panel'];
      const over = (b: DOMRect): boolean => b.width > 0 && !(b.right <= r.left || b.left >= r.right || b.bottom <= r.top || b.top >= r.bottom);
      return [...document.querySelectorAll('.table-stage [data-spot]')].filter((e) => !e.closest('.side-panels') && over(e.getBoundingClientRect())).map((e) => e.getAttribute('data-spot') ?? '?').concat(over(header) ? ['the header'] : []);
    });
    // the panel follows the layout (re-measured twice a second): settled within a second or two
    await expect.poll(underChat, { message: 'desktop: under the open chat', timeout: 3_000 }).toEqual([]);
    await screenshot(d.page, 'player-chat-desktop');
    await d.context.close();

    const before = (await player.myWallet()).balanceMinor;
    await chat.getByRole('button', { name: 'Tip the dealer' }).click(); // the tip in place of the input row
    await chat.getByRole('button', { name: 'Tip €2.00' }).click();
    await chat.getByRole('button', { name: 'Send tip' }).click();
    await chat.getByRole('status').filter({ hasText: 'Thank you! Your tip of €2.00 was sent to the dealer.' }).waitFor();
    expect((await player.myWallet()).balanceMinor).toBe(before - 200);

    // The dealer: the message, and the tip in the shift's total without the player's name.
    await dealer.page.getByRole('region', { name: 'Table chat' }).getByRole('log').getByText('Good luck everyone at Sic Bo').waitFor();
    await tips.getByText('€2.00').waitFor();
    await tips.getByText('1 tip').waitFor();
    expect(await tips.innerText()).not.toContain(PLAYER_NAME);
    // …and answers with a canned message, which the player reads
    await screenshot(dealer.page, 'dealer-chat-tips');
    await dealer.page.getByRole('button', { name: 'Send “Thank you for the tip!”' }).click();
    await chat.getByRole('log').getByText('Thank you for the tip!').waitFor();
    const a11y = await checkA11y(dealer.page);
    expect(a11y.filter((v) => /chat|tips|canned/.test(v.targets.join(' '))).map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // The pit boss mutes the player from the message, with a reason (audited).
    const pit = await openApp(browser, studio, 'pit', 'pitboss1', 'desktop');
    await pit.page.getByRole('region', { name: 'All tables' }).getByRole('article').first().waitFor();
    await pit.page.goto(`${studio.baseUrl}/pit/#/tables/${table.tableId}`);
    const moderation = pit.page.getByRole('region', { name: 'Chat moderation' });
    await moderation.getByRole('log').getByText('Good luck everyone at Sic Bo').waitFor();
    await moderation.getByRole('button', { name: `Mute ${PLAYER_NAME}` }).first().click();
    const dialog = pit.page.getByRole('dialog', { name: `Mute ${PLAYER_NAME} for 10 minutes` });
    await dialog.getByRole('textbox').fill('e2e: spamming the table');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await moderation.getByRole('listitem').filter({ hasText: 'Reason: e2e: spamming the table' }).waitFor();
    await screenshot(pit.page, 'pit-chat-moderation');

    // The player's chat closes with the reason at once (the moderation frame), and the next message is refused.
    await chat.getByRole('status').filter({ hasText: /muted you in this chat until/ }).waitFor();
    expect(await chat.getByRole('textbox').count()).toBe(0);
    const refused = await player.command('chat.send', table.tableId, { messageId: newMessageId(), text: 'let me talk' }).then(
      () => null,
      (e: unknown) => e as { rejection?: { code: string; ruleId: string | null } },
    );
    expect(refused?.rejection).toMatchObject({ code: 'CHAT_MUTED', ruleId: 'CHAT-5' });

    // lifted again (the shared studio: later runs start unmuted)
    await moderation.getByRole('button', { name: /^Lift for / }).first().click();
    const lift = pit.page.getByRole('dialog');
    await lift.getByRole('textbox').fill('e2e: cleanup');
    await lift.getByRole('button', { name: 'Confirm' }).click();
    await moderation.getByText('Nobody is muted or banned.').waitFor();
    await chat.getByRole('textbox', { name: 'Message to the table' }).waitFor();

    // CHAT-7: a player without the table open may not chat there
    const away = await clientAs(studio, AWAY);
    const notHere = await away.command('chat.send', table.tableId, { messageId: newMessageId(), text: 'hello from the lobby' }).then(
      () => null,
      (e: unknown) => e as { rejection?: { code: string; ruleId: string | null } },
    );
    expect(notHere?.rejection).toMatchObject({ code: 'CHAT_NOT_AT_TABLE', ruleId: 'CHAT-7' });

    // TIP-4: the pit boss's tips report has the tip under the dealer at the console, the shift still open
    await pit.page.getByRole('link', { name: 'Tips' }).click();
    const report = pit.page.getByRole('table', { name: /Tips per dealer/ });
    await report.getByRole('row').filter({ hasText: TABLE }).filter({ hasText: 'Open: the dealer is at the console' }).first().waitFor();
    expect(await report.innerText()).not.toContain(PLAYER_NAME);
    await screenshot(pit.page, 'pit-tips-report');
    const tipsA11y = await checkA11y(pit.page);
    expect(tipsA11y.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    for (const c of [dealer, p, pit]) await c.context.close();
  });
});
