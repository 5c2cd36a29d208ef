/**
 * The live poker table screen WITHOUT the server (issue 11): the player client's `poker-harness.html`, which
 * renders the screen on frames built from the pure core (@felt-studio/ui/poker-fixtures), built with Vite into a
 * directory of its own and served by `vite preview`. Every scene at desktop and phone portrait, checked with axe,
 * screenshots in test-results/screens/poker-harness-*.png. No studio. (Served by the Vite dev server instead, every
 * page load fetched the app as hundreds of untransformed modules: 40–47 s of the browser tier's CPU-bound minutes
 * for this file.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEVICES, freePort, screenshot, type DeviceName } from './harness.js';
import { sharedBrowser } from './shared-studio.js';

const APP = join(import.meta.dirname, '../../apps/player-client');
let server: PreviewServer;
let browser: Browser;
let base: string;
const outDir = mkdtempSync(join(tmpdir(), 'felt-poker-harness-'));

beforeAll(async () => {
  const configFile = join(APP, 'vite.config.ts');
  await build({ root: APP, configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true, rollupOptions: { input: join(APP, 'poker-harness.html') } } });
  const port = await freePort();
  server = await preview({ root: APP, configFile, logLevel: 'warn', build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1' } });
  base = `http://127.0.0.1:${port}/play/poker-harness.html`;
  browser = await sharedBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(outDir, { recursive: true, force: true });
});

async function scene(name: string, device: DeviceName, query = ''): Promise<import('playwright-core').Page> {
  const context = await browser.newContext({ ...DEVICES[device], locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${base}?scene=${name}${query}`);
  await page.locator('[data-poker-table]').waitFor({ timeout: 120_000 });
  return page;
}

describe('poker table harness (no server)', () => {
  for (const device of ['desktop', 'phone'] as const) {
    it(`every scene renders, passes axe and is captured (${device})`, async () => {
      for (const name of ['waiting', 'my-turn', 'time-bank', 'flop', 'showdown', 'fixed-limit', 'sit-down', 'full', 'ten', 'draw', 'stud']) {
        const page = await scene(name, device, name === 'waiting' ? '&error=1' : '');
        const violations = await checkA11y(page);
        expect(violations, `${name} (${device}): ${JSON.stringify(violations, null, 1)}`).toEqual([]);
        await screenshot(page, `poker-harness-${name}-${device}`);
        if (name === 'sit-down') {
          await page.getByRole('button', { name: 'Sit at seat 3' }).click();
          await page.getByRole('dialog').waitFor();
          expect(await checkA11y(page)).toEqual([]);
          await screenshot(page, `poker-harness-sit-dialog-${device}`);
        }
        if (name === 'time-bank') {
          // S1-STRADDLE: the switch explains itself, the seat shows the choice; S1-TIMEBANK: the bank is running, its button disabled
          const sw = page.getByRole('switch', { name: 'Straddle when after the big blind: 2 × BB (€2.00)' });
          await expect(sw.isChecked()).resolves.toBe(true);
          await expect(page.getByRole('group', { name: /^Seat 1:/ }).innerText()).resolves.toContain('Straddle');
          await expect(page.getByRole('button', { name: /Using time bank/ }).isDisabled()).resolves.toBe(true);
          await expect(page.getByRole('timer', { name: 'Your time to act' }).innerText()).resolves.toMatch(/\d+ s · time bank/);
          await sw.click();
          const sent = await page.evaluate(() => (window as unknown as { __pokerSent: unknown[] }).__pokerSent);
          expect(sent.at(-1)).toMatchObject({ message: 'poker.straddle', body: { straddle: false } });
        }
        if (name === 'my-turn') {
          await page.getByRole('button', { name: 'Pot', exact: true }).click();
          await page.getByRole('button', { name: 'Raise to €10.50' }).click();
          const sent = await page.evaluate(() => (window as unknown as { __pokerSent: unknown[] }).__pokerSent);
          expect(sent.at(-1)).toMatchObject({ message: 'poker.act', body: { action: 'raise', toMinor: 1050 } });
          // S1-TIMEBANK: the button offers the seconds left of the bank
          await page.getByRole('button', { name: /Use time bank \(\+30 s\)/ }).click();
          expect((await page.evaluate(() => (window as unknown as { __pokerSent: unknown[] }).__pokerSent)).at(-1)).toMatchObject({ message: 'poker.time-bank' });
        }
        await page.context().close();
      }
    });
  }
});
