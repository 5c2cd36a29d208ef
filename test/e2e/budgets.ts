/**
 * Player-client budgets (issue 7), measured in Chromium against the simulated studio:
 *  - initial JS (gzip) ≤ 200 KB: the scripts index.html loads (entry + modulepreloads), not the lazy chunks;
 *  - first render of a table view ≤ 1 s (navigation start → table identity and bet layout on screen);
 *  - a frame from the server is on screen within one animation frame (DOM shows its seq before the next paint);
 *  - no JS chunk over 500 kB in any web app (issue 20 §12);
 *  - no layout shift when chips land (CLS from PerformanceObserver 'layout-shift' while bets are placed).
 * Run: `npm run budgets` (after `npm run build`). Prints the numbers; exits 1 when a budget is broken.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser, openApp, startStudio } from './harness.js';

const DIST = join(import.meta.dirname, '../../apps/player-client/dist');
const results: { name: string; value: string; budget: string; ok: boolean }[] = [];
const record = (name: string, value: string, budget: string, ok: boolean): void => {
  results.push({ name, value, budget, ok });
};

// 1. Initial JS
const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/play\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
const gz = (f: string): number => gzipSync(readFileSync(join(DIST, f))).length;
const initialKb = initial.reduce((s, f) => s + gz(f), 0) / 1024;
const lazyKb = readdirSync(join(DIST, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
  .reduce((s, f) => s + gz(`assets/${f}`), 0) / 1024;
record('initial JS (gzip)', `${initialKb.toFixed(1)} KB (${initial.length} files; lazy chunks ${lazyKb.toFixed(1)} KB)`, '≤ 200 KB', initialKb <= 200);

// 2. No chunk over 500 kB in any of the three web apps (issue 20 §12: the pit boss had one of 830 kB).
const APPS_ROOT = join(import.meta.dirname, '../../apps');
const chunks = ['player-client', 'dealer-console', 'pit-boss'].flatMap((app) =>
  readdirSync(join(APPS_ROOT, app, 'dist/assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ name: `${app}/${f}`, kb: statSync(join(APPS_ROOT, app, 'dist/assets', f)).size / 1000 })),
);
const largest = chunks.reduce((a, b) => (b.kb > a.kb ? b : a), { name: '-', kb: 0 });
record('largest JS chunk (minified)', `${largest.kb.toFixed(0)} kB (${largest.name})`, '≤ 500 kB', largest.kb <= 500);

async function waitForBetting(page: Page, minS = 7): Promise<void> {
  for (;;) {
    await page.locator('.table-top .felt-phase', { hasText: 'Place your bets' }).waitFor({ timeout: 90_000 });
    const left = Number((await page.locator('.table-page .felt-timer-text').innerText()) || '0');
    if (left >= minS) return;
    await page.locator('.table-top .felt-phase', { hasText: 'Place your bets' }).waitFor({ state: 'detached', timeout: 90_000 });
  }
}

const studio = await startStudio({ speed: 4 });
const browser = await launchBrowser();
try {
  const { page, context } = await openApp(browser, studio, 'play', 'player1');
  await page.getByRole('article', { name: 'Roulette 1' }).waitFor();
  const api = await page.evaluate(async () => {
    const s = JSON.parse(sessionStorage.getItem('felt.session.player') ?? '{}') as { token: string };
    const r = await fetch('/tables', { headers: { authorization: `Bearer ${s.token}` } });
    return { status: r.status, body: (await r.json()) as unknown };
  }).then((x) => {
    if (!Array.isArray(x.body)) throw new Error(`GET /tables answered ${x.status}: ${JSON.stringify(x.body).slice(0, 300)}`);
    return x.body as { tableId: string; name: string }[];
  });
  const roulette = api.find((t) => t.name === 'Roulette 1');
  const baccarat = api.find((t) => t.name === 'Baccarat 1');
  if (!roulette || !baccarat) throw new Error('demo tables missing');
  await context.addInitScript(() => {
    (globalThis as unknown as { __feltFramePerf: unknown[] }).__feltFramePerf = [];
    (globalThis as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) (globalThis as unknown as { __cls: number }).__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });

  // 2. First render of a table view (fresh navigation, warm HTTP cache as for a returning player).
  const renders: number[] = [];
  for (let i = 0; i < 5; i++) {
    await page.goto(`${studio.baseUrl}/play/table/${roulette.tableId}`);
    await page.getByRole('img', { name: 'Roulette betting layout' }).waitFor();
    await page.locator('.felt-identity-name', { hasText: 'Roulette 1' }).waitFor();
    renders.push(await page.evaluate(() => performance.now()));
  }
  const sorted = [...renders].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  record('first render of a table view (median of 5 loads)', `${Math.round(median)} ms (min ${Math.round(sorted[0] as number)}, max ${Math.round(sorted[sorted.length - 1] as number)})`, '≤ 1000 ms', median <= 1000);

  // 3 + 4. Chips landing (CLS) on the roulette layout and the baccarat spots; frames (frame-to-screen) through a roulette spin.
  await waitForBetting(page);
  await page.evaluate(() => ((globalThis as unknown as { __cls: number }).__cls = 0));
  for (const n of [17, 20, 23, 5]) {
    const box = await page.locator(`[data-spot="straight:${n}"] rect`).first().boundingBox();
    if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
  await page.locator('.action-stake-amount', { hasText: '€4.00' }).waitFor();
  const clsRoulette = await page.evaluate(() => (globalThis as unknown as { __cls: number }).__cls);
  await page.getByRole('status', { name: 'Winning number' }).waitFor({ timeout: 90_000 }); // the simulated wheel spun
  const frames = await page.evaluate(() => (globalThis as unknown as { __feltFramePerf: { seq: number; ms: number; onScreen: boolean }[] }).__feltFramePerf);
  const onScreen = frames.filter((f) => f.onScreen).length;
  if (onScreen < frames.length) console.log('frames not on screen:', JSON.stringify(frames.filter((f) => !f.onScreen)));
  const worst = Math.max(0, ...frames.map((f) => f.ms));
  record('frame → screen (DOM shows the frame in the next animation frame)', `${onScreen}/${frames.length} frames, slowest ${worst.toFixed(1)} ms to the next frame callback`, 'all frames', frames.length > 0 && onScreen === frames.length);

  await page.goto(`${studio.baseUrl}/play/table/${baccarat.tableId}`);
  await waitForBetting(page);
  const clsBefore = await page.evaluate(() => (globalThis as unknown as { __cls: number }).__cls);
  await page.locator('button[data-spot="player"]').click();
  await page.locator('button[data-spot="player"]').click();
  await page.locator('button[data-spot="tie"]').click();
  await page.locator('.action-stake-amount', { hasText: '€3.00' }).waitFor();
  const clsBaccarat = (await page.evaluate(() => (globalThis as unknown as { __cls: number }).__cls)) - clsBefore;
  record('layout shift when chips land (CLS)', `roulette ${clsRoulette.toFixed(4)}, baccarat ${clsBaccarat.toFixed(4)}`, '0 (< 0.001)', clsRoulette < 0.001 && clsBaccarat < 0.001);
  await context.close();
} finally {
  await browser.close();
  await studio.stop();
}

for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.value}   (budget ${r.budget})`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
