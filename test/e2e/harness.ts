/**
 * Browser-test harness (reusable by every web app's e2e tests): starts the whole studio — server,
 * simulated devices, robot dealer — as `felt studio` does (`npm start`), on free ports with a
 * throw-away data dir, and drives the machine's Chromium with playwright-core (never downloads).
 *
 *   const studio = await startStudio({ speed: 4 });
 *   const browser = await launchBrowser();
 *   const { page } = await openApp(browser, studio, 'play', 'player1', 'phone');
 *   await checkA11y(page, 'lobby');  await screenshot(page, 'player-lobby-phone');
 *   await studio.stop(); await browser.close();
 *
 * Needs `npm run build` first (the CLI, the server and the web builds in apps/<app>/dist).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FeltClient } from '@felt-studio/client-sdk';
import { DEMO_PEOPLE, type CreateTableBody as DemoTable } from '@felt-studio/protocol';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer, type Page } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = join(ROOT, 'test-results');

import { freePort } from '../support/processes.js';

export { freePort };

export interface StudioHandle {
  readonly baseUrl: string;
  readonly logs: () => string;
  stop(): Promise<void>;
}

/** The browser tests run the studio on its embedded defaults: CI's service URLs are for the integration suites. */
function embeddedEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FELT_DEBUG: '' };
  delete env['DATABASE_URL'];
  delete env['REDIS_URL'];
  delete env['MQTT_URL'];
  return env;
}

type StudioOptions = { speed?: number; bots?: boolean; video?: boolean; timeoutMs?: number; tables?: readonly DemoTable[]; env?: Readonly<Record<string, string>> };

/**
 * `felt studio` on free ports (fresh PGlite, simulated devices, robot dealer). Resolves once it prints its URLs.
 * A port found free can be taken before the studio binds it (a clean-clone CI run: the tier's Chromium, started
 * beside the studio, was handed the same ephemeral port — EADDRINUSE); then it starts again on other ports, twice
 * at most.
 */
export async function startStudio(opts: StudioOptions = {}): Promise<StudioHandle> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStudioOnce(opts);
    } catch (e) {
      if (attempt >= 3 || !String((e as Error).message).includes('EADDRINUSE')) throw e;
      console.log(`[startStudio] a port was taken before the studio bound it (attempt ${attempt}): starting again on other ports`);
    }
  }
}

async function startStudioOnce(opts: StudioOptions): Promise<StudioHandle> {
  const port = await freePort();
  const mqttPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'felt-e2e-'));
  const args = [join(ROOT, 'apps/cli/bin/felt.js'), 'studio', '--port', String(port), '--mqtt-port', String(mqttPort), '--data-dir', dataDir, '--speed', String(opts.speed ?? 4)];
  if (opts.bots !== true) args.push('--no-bots');
  if (opts.video === false) args.push('--no-video');
  if (opts.tables) {
    const file = join(dataDir, 'tables.json');
    writeFileSync(file, JSON.stringify(opts.tables));
    args.push('--tables-file', file);
  }
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...embeddedEnv(), ...opts.env } });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`studio did not start in time:\n${out}`)), opts.timeoutMs ?? 120_000);
    const check = (): void => {
      if (out.includes('Felt studio is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      let server = '';
      try {
        server = readFileSync(join(dataDir, 'studio-server.log'), 'utf8').slice(-2000);
      } catch (_e) {
        server = '';
      }
      rmSync(dataDir, { recursive: true, force: true });
      reject(new Error(`studio exited (${code}):\n${out}\n${server}`));
    });
  });
  return {
    baseUrl,
    logs: () => {
      let server = '';
      try {
        server = readFileSync(join(dataDir, 'studio-server.log'), 'utf8').slice(-4000);
      } catch (_e) {
        server = '(no server log)';
      }
      return `${out}\n--- server log ---\n${server}`;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.kill('SIGINT');
        // the grace timer is cleared once the studio has exited: left running, it kept the browser tier's main
        // process alive past vitest's 10 s close timeout ("something prevents 2 Vite servers from exiting")
        let grace: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([exited, new Promise((r) => (grace = setTimeout(r, 15_000)))]);
        clearTimeout(grace);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/** A Chromium of its own (`npm run budgets`, the poker harness outside the browser tier). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/**
 * One Chromium for the whole browser tier (test/e2e/studio.global.ts): a browser server the files connect
 * to (`sharedBrowser()`, ./shared-studio.ts), each in contexts of its own, instead of one launch per file.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(CHROMIUM);
}

/** Connects to the tier's browser server; `close()` on the result closes this file's contexts and disconnects. */
export function connectBrowser(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

/** Simulated devices: desktop, phone portrait and landscape, tablet landscape (dealer console). */
export const DEVICES = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  phoneLandscape: { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  tablet: { viewport: { width: 1180, height: 820 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} as const satisfies Record<string, BrowserContextOptions>;
export type DeviceName = keyof typeof DEVICES;

export const APP_PATHS = { play: '/play/', dealer: '/dealer/', pit: '/pit/' } as const;

/** A new browser context on `device`, the app opened and `user` signed in through the login screen's demo button. */
export async function openApp(browser: Browser, studio: StudioHandle, app: keyof typeof APP_PATHS, user: string, device: DeviceName = 'desktop'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...DEVICES[device], locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${studio.baseUrl}${APP_PATHS[app]}`);
  await signIn(page, user);
  return { context, page };
}

/** Signs in on the login screen: a demo user with its one-tap button, an account of `createAccounts` through the form. */
export async function signIn(page: Page, user: string): Promise<void> {
  if (DEMO_USERNAMES.has(user)) {
    await page.getByRole('button', { name: `Sign in as ${user}` }).click();
  } else {
    await page.locator('input[name="username"]').fill(user);
    await page.locator('input[name="password"]').fill(E2E_PASSWORD);
    await page.locator('form.felt-form button[type="submit"]').click();
  }
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** The demo studio's users (password "demo"); every other user of the browser tests is made by `createAccounts`. */
const DEMO_USERNAMES: ReadonlySet<string> = new Set(DEMO_PEOPLE.map((u) => u.username));
export const E2E_PASSWORD = 'e2e-password';

/** The password of a demo user or of an account made by `createAccounts`. */
export const passwordOf = (user: string): string => (DEMO_USERNAMES.has(user) ? 'demo' : E2E_PASSWORD);

/** A client signed in as `user` (demo user or `createAccounts` account). */
export async function clientAs(studio: StudioHandle, user: string): Promise<FeltClient> {
  const c = new FeltClient({ baseUrl: studio.baseUrl });
  await c.login(user, passwordOf(user));
  return c;
}

/**
 * Accounts of their own for one test file (the browser files share one studio and run side by side: no
 * two files bet on one account). Players get the demo deposit (€1 000.00) from the admin. Idempotent per
 * username within a studio (a second call returns the same names). Usernames: `e2e-<tag>` (3–40 of a-z 0-9 . _ -).
 */
export async function createAccounts(studio: StudioHandle, accounts: readonly { readonly username: string; readonly name: string; readonly role?: 'player' | 'dealer' | 'pitboss' }[]): Promise<void> {
  const admin = new FeltClient({ baseUrl: studio.baseUrl });
  await admin.login('admin1', 'demo');
  const existing = new Set((await admin.listUsers()).map((u) => u.username));
  for (const a of accounts) {
    if (existing.has(a.username)) continue;
    const u = await admin.createUser({ username: a.username, name: a.name, role: a.role ?? 'player', password: E2E_PASSWORD, reason: 'browser tests: an account per test file' });
    if ((a.role ?? 'player') === 'player') await admin.deposit({ playerId: u.userId, amountMinor: 100_000, currency: 'EUR', depositId: `e2e-${a.username}`, reason: 'browser tests: demo deposit' });
  }
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: number;
  readonly targets: readonly string[];
}

/** axe-core injected into the page; returns the serious and critical violations (WCAG 2 A/AA rules). */
export async function checkA11y(page: Page): Promise<AxeViolation[]> {
  const axeSource = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A full-page screenshot saved as a test artifact: test-results/screens/<name>.png (gitignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join(ARTIFACTS, 'screens');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

// ---- The player's table screen: what the player-client files (player, Casino Hold'em, infinite blackjack) share ----

/** An amount in minor units as the player client shows it (en-GB, EUR). */
export const euro = (minor: number): string => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(minor / 100);
/** The minor units of an amount the player client shows ("€1,234.50" → 123450). */
export const parseEuro = (s: string): number => Math.round(Number(s.replace(/[^0-9.-]/g, '')) * 100);

/** The balance in the player client's header, in minor units. */
export async function balanceOf(page: Page): Promise<number> {
  return parseEuro(await page.locator('.balance-amount').innerText());
}

/** From a player-client page, back to the lobby and into the table `name` (its identity shown). */
export async function joinTable(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: /^(Lobby|Back to the lobby)$/ }).first().click(); // the table page's own back button on a phone (issue 20)
  await page.getByRole('button', { name: `Join ${name}` }).click();
  await page.locator('.felt-identity-name', { hasText: name }).waitFor();
}

/** Waits until betting is open with at least `minS` seconds left (else for the next round's window); each wait at most `roundMs`. */
export async function waitForBetting(page: Page, roundMs: number, minS = 6): Promise<void> {
  for (;;) {
    await page.locator('.table-top .felt-phase', { hasText: 'Place your bets' }).waitFor({ timeout: roundMs });
    const left = Number((await page.locator('.table-page .felt-timer-text').innerText()) || '0');
    if (left >= minS) return;
    await page.locator('.table-top .felt-phase', { hasText: 'Place your bets' }).waitFor({ state: 'detached', timeout: roundMs });
  }
}

/**
 * Fails unless the page has no serious or critical axe violation (`screen` names it in the failure). Throws
 * rather than using vitest's expect: the budgets script and the global setup load this module outside a test.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const violations = await checkA11y(page);
  if (violations.length > 0) throw new Error(`${screen}: ${JSON.stringify(violations, null, 1)}`);
}

/** A player-client screen: checked with axe, then saved as test-results/screens/player-<screen>-<device>.png. */
export async function capturePlayer(page: Page, screen: string, device: DeviceName): Promise<void> {
  await expectAccessible(page, `${screen} (${device})`);
  await screenshot(page, `player-${screen}-${device}`);
}
