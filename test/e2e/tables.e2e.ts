/**
 * Issue 20: every table of the default studio as a person meets it — at desktop (1440×900) and on a
 * phone (390×844) in the same round, one in English and one in Swedish:
 *  - one viewport: while betting is open every bet spot, the chip rack, the timer, the balance and the
 *    total bet are on the first screen (nothing below the fold, nothing scrolled);
 *  - no internal ids (tbl_…, rnd_…) and no second balance in the player's view;
 *  - a full round: a bet, the decisions the game asks for, the settlement; the balance changes by
 *    exactly what the round paid minus the stakes (the round record of `GET /me/rounds`), and the result
 *    overlay says what was paid;
 *  - CLS 0 through the whole round (PerformanceObserver 'layout-shift'): overlays, never inserts;
 *  - the "Bet accepted" toast over no bet spot and no chip, in the header, never over the picture, the name or the
 *    balance (on a phone over the header's status row; on the desktop in the header's free middle, clear of the
 *    status and the tools too); the phone's action bar in at most two rows;
 *  - nothing laid over a bet spot (the banked poker decision bar) and a bet's chip count inside its spot;
 *  - roulette: the bet timer ring clear of the wheel; sic bo, lucky dice: the result overlay clear of the dice;
 *  - the header's table name, status and balance read in full (nothing cut off), on a phone too;
 *  - axe: no serious or critical violation, betting and settled; a screenshot of each screen
 *    (test-results/screens/table-<game>-<state>-<device>.png).
 * The studio is the one every browser file shares (test/e2e/studio.global.ts, its robots betting on their
 * own accounts); each game's test plays one round at both sizes at once, on two accounts of its own
 * (`e2e-t-<game>-d`, `-p`: nobody else bets on them), and up to three games play side by side
 * (`it.concurrent`, the config's maxConcurrency).
 */
import { FeltClient, type Table } from '@felt-studio/client-sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PATHS, checkA11y, openApp, passwordOf, screenshot, type DeviceName, type StudioHandle } from './harness.js';
import { E2E_ONLY_TABLES } from './e2e-tables.js';
import { joinSharedStudio } from './shared-studio.js';

let studio: StudioHandle;
let browser: Browser;
let tables: Table[] = [];
const ROUND_MS = 90_000;

/** The spot a person would try first, per game (else the first open spot on the layout). */
const FIRST_SPOT: Readonly<Record<string, string>> = {
  roulette: 'straight:17',
  baccarat: 'player',
  sicbo: 'small',
  'lucky-dice': 'over-7',
  'casino-holdem': 'ante',
  'three-card-poker': 'ante',
  'andar-bahar': 'andar',
  'money-wheel': 'number:1',
};

const ONLY_FOR_ONE_FILE: ReadonlySet<string> = new Set(Object.values(E2E_ONLY_TABLES));

/** The default studio's tables (the demo set), in lobby order. */

const GAMES = ['roulette', 'baccarat', 'blackjack', 'sicbo', 'lucky-dice', 'casino-holdem', 'money-wheel', 'three-card-poker', 'andar-bahar'] as const;

/** Each game's two people (desktop, phone): accounts of their own, so the games can play side by side. */
const userOf = (game: string, device: 'desktop' | 'phone'): string => `e2e-t-${game}-${device === 'desktop' ? 'd' : 'p'}`;

interface Seat {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly user: string;
  readonly device: DeviceName;
  readonly lang: 'en' | 'sv';
}

async function sit(user: string, device: DeviceName, lang: 'en' | 'sv', table: Table): Promise<Seat> {
  const { context, page } = await openApp(browser, studio, 'play', user, device);
  await page.evaluate((l) => localStorage.setItem('felt.lang', l), lang);
  await page.goto(`${studio.baseUrl}${APP_PATHS.play}table/${encodeURIComponent(table.tableId)}`);
  await page.locator('.table-top .felt-identity-name', { hasText: table.name }).waitFor();
  await page.locator('.table-stage [data-spot]').first().or(page.getByText(/This game cannot be played here yet|Det här spelet kan inte spelas här än/)).first().waitFor();
  await recordOverlays(page);
  return { context, page, user, device, lang };
}

const phaseOf = (page: Page): Promise<string | null> => page.locator('main.table-page').getAttribute('data-phase');
const secondsLeft = async (page: Page): Promise<number> => Number((await page.locator('.stage-timer .felt-timer-text').innerText().catch(() => '0')) || '0');

/** Waits for a betting window with at least `minS` seconds left; returns its round id. */
async function nextBettingWindow(page: Page, minS = 7): Promise<string> {
  for (;;) {
    await page.locator('main.table-page[data-phase="betting"]').waitFor({ timeout: ROUND_MS });
    if ((await secondsLeft(page)) >= minS) return (await page.locator('main.table-page').getAttribute('data-round')) ?? '';
    await page.locator('main.table-page[data-phase="betting"]').waitFor({ state: 'detached', timeout: ROUND_MS });
  }
}

async function watchLayoutShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = globalThis as unknown as { __shifts: { value: number; inPlace: boolean; inPicture: boolean; sources: string[] }[]; __shiftsWatched?: boolean };
    w.__shifts = [];
    if (w.__shiftsWatched) return; // watched again (a betting window that closed during the checks): counted from now, once
    w.__shiftsWatched = true;
    new PerformanceObserver((list) => {
      // As the CLS metric counts them: a shift right after the person's own input (a tap placing a bet) is not one.
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null; previousRect?: DOMRectReadOnly; currentRect?: DOMRectReadOnly }[] }[]) {
        // inPlace: every source kept its box (a text re-laid inside it as its words changed): nothing a person sees move
        const same = (a?: DOMRectReadOnly, b?: DOMRectReadOnly): boolean => a !== undefined && b !== undefined && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
        if (!e.hadRecentInput) w.__shifts.push({ value: e.value, inPlace: (e.sources ?? []).length > 0 && (e.sources ?? []).every((s) => same(s.previousRect, s.currentRect)), inPicture: (e.sources ?? []).every((s) => (s.node instanceof Element ? s.node : s.node?.parentElement)?.closest('.video-area') != null), sources: (e.sources ?? []).map((s) => `${s.node?.nodeName ?? '?'}.${(s.node as Element | null)?.className?.toString?.() ?? ''} ${(s.node?.textContent ?? '').slice(0, 40)} ${JSON.stringify([s.previousRect, s.currentRect])}`) });
      }
    }).observe({ type: 'layout-shift' });
  });
}

async function layoutShifts(page: Page): Promise<{ value: number; inPlace: boolean; inPicture: boolean; sources: string[] }[]> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  return page.evaluate(() => (globalThis as unknown as { __shifts: { value: number; inPlace: boolean; inPicture: boolean; sources: string[] }[] }).__shifts);
}

/** Everything a bettor needs, measured on the first screen (no scrolling): spots, chips, timer, balance, total bet. */
async function belowTheFold(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vh = innerHeight;
    const vw = innerWidth;
    const bar = document.querySelector('.action-bar')?.getBoundingClientRect();
    const inView = (r: DOMRect, bottom = vh): boolean => r.top >= -1 && r.left >= -1 && r.bottom <= bottom + 1 && r.right <= vw + 1;
    if (scrollY !== 0 || document.scrollingElement!.scrollHeight > vh + 1) out.push(`page scrolls (${document.scrollingElement!.scrollHeight} > ${vh})`);
    for (const el of document.querySelectorAll('.table-stage [data-spot]')) {
      if (el.closest('.side-panels')) continue; // the drawer (closed)
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (!inView(r, bar ? bar.top : vh)) out.push(`spot ${el.getAttribute('data-spot')} at ${Math.round(r.top)}–${Math.round(r.bottom)} (bar at ${Math.round(bar?.top ?? vh)})`);
    }
    for (const sel of ['.felt-chip-rack', '.stage-timer [role="timer"]', '.table-top .balance', '.action-stake']) {
      const el = document.querySelector(sel);
      if (!el) out.push(`missing ${sel}`);
      else if (!inView(el.getBoundingClientRect())) out.push(`${sel} off screen`);
    }
    return out;
  });
}

/**
 * What of the table's header does not read in full (issue 20: on a phone the name and the status pill were
 * cut off once the chat button came): a name, status or balance clipped by its own box or by a box around it.
 */
async function headerCut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const header = document.querySelector('.table-top');
    for (const sel of ['.felt-identity-name', '.felt-phase', '.balance-amount']) {
      const el = header?.querySelector<HTMLElement>(sel);
      if (!el) continue;
      const r = el.getBoundingClientRect();
      const text = (el.textContent ?? '').trim();
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${sel} "${text}" overflows its box (${el.scrollWidth} > ${el.clientWidth})`);
      for (let a = el.parentElement; a && a !== header?.parentElement; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflow === 'visible' || style.display === 'contents') continue; // no box of its own: clips nothing
        const b = a.getBoundingClientRect();
        if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) out.push(`${sel} "${text}" cut by .${a.className.toString().split(' ')[0]} (${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(b.left)}–${Math.round(b.right)})`);
      }
    }
    return out;
  });
}

/** A bet spot whose words run out of its box (Swedish "Kombination 1-2" over the next sic bo spot, issue 20). */
async function spotTextOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const spot of document.querySelectorAll<HTMLElement>('.table-stage [data-spot]')) {
      if (spot.closest('.side-panels')) continue; // the drawer (closed)
      const box = spot.getBoundingClientRect();
      if (box.width === 0) continue;
      // every text line inside the spot, measured as laid out (a word wider than the spot overflows it)
      const walker = document.createTreeWalker(spot, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        // text for screen readers only (clipped to nothing) is not seen
        const hidden = (el: Element | null): boolean => {
          for (let a = el; a && a !== spot; a = a.parentElement) {
            const st = getComputedStyle(a);
            if ((st.clip !== 'auto' && st.clip !== '') || st.clipPath !== 'none' || st.visibility === 'hidden' || st.display === 'none') return true;
          }
          return false;
        };
        if (hidden(n.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) {
          if (r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1)) out.push(`${spot.getAttribute('data-spot')}: "${(n.textContent ?? '').trim()}" ${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(box.left)}–${Math.round(box.right)}`);
        }
      }
    }
    return out.slice(0, 6);
  });
}

/** Rows the action bar's parts take (the Swedish labels must not wrap it to three). */
const actionBarRows = (page: Page): Promise<number> =>
  page.evaluate(() => new Set([...document.querySelectorAll('.action-bar .felt-chip-rack, .action-bar .action-buttons > *, .action-bar .action-stake')].map((e) => Math.round(e.getBoundingClientRect().top / 8))).size);

/** Whether the confirmation toast lies over a bet spot or the chip rack. */
const toastCovers = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const toast = document.querySelector('.confirm-slot .felt-toast')?.getBoundingClientRect();
    if (!toast) return [];
    const hit = (r: DOMRect): boolean => r.width > 0 && !(r.right <= toast.left || r.left >= toast.right || r.bottom <= toast.top || r.top >= toast.bottom);
    return [...document.querySelectorAll('.table-stage [data-spot], .felt-chip-rack')].filter((e) => !e.closest('.side-panels') && hit(e.getBoundingClientRect())).map((e) => e.getAttribute('data-spot') ?? 'chip rack');
  });

/**
 * Where the confirmation toast lies (issue 20, the screenshot reviews: over the picture's top it hid the hand
 * headings of the banked poker games and Money Wheel's pointer for its seconds — on a phone, then on the desktop
 * at the picture's top right): in the header, never over the picture, the table's name or the balance. On a phone
 * over the header's status row (the phase a bet was just accepted in, and the tools); on the desktop over the
 * header's status (the limits and the phase) and its free middle — clear of the game's name and the tools too
 * (`desktop`).
 */
const toastOverGame = (page: Page, desktop = false): Promise<string[]> =>
  page.evaluate((wide) => {
    const toast = document.querySelector('.confirm-slot .felt-toast')?.getBoundingClientRect();
    if (!toast) return [];
    const hit = (r: DOMRect | undefined): boolean => r !== undefined && r.width > 0 && !(r.right <= toast.left + 1 || r.left >= toast.right - 1 || r.bottom <= toast.top + 1 || r.top >= toast.bottom - 1);
    const box = (sel: string): DOMRect | undefined => document.querySelector(sel)?.getBoundingClientRect();
    const out: string[] = [];
    const covered: (readonly [string, string])[] = [['.table-stage', 'the picture'], ['.table-top .felt-identity-name', "the table's name"], ['.table-top .balance', 'the balance']];
    if (wide) covered.push(['.table-top .felt-identity-game', 'the game'], ['.table-top .table-tools', 'the tools']);
    for (const [sel, what] of covered) if (hit(box(sel))) out.push(what);
    const top = box('.table-top');
    if (top && (toast.top < top.top - 1 || toast.bottom > top.bottom + 1)) out.push(`outside the header (${Math.round(toast.top)}–${Math.round(toast.bottom)} in ${Math.round(top.top)}–${Math.round(top.bottom)})`);
    return out;
  }, desktop);

/**
 * What lies over a bet spot, sampled at its centre and 12 px in from its corners (issue 20, the second screenshot review:
 * on the desktop Three Card Poker's Play/Fold bar covered ~20 px of the spots): anything but the spot itself, its
 * own content or another spot (roulette's splits lie on its numbers' edges).
 */
const spotsCovered = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out: string[] = [];
    const stage = document.querySelector('.table-stage')?.getBoundingClientRect();
    for (const el of document.querySelectorAll('.table-stage [data-spot]')) {
      if (el.closest('.side-panels')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // out of the stage's box: out of sight by design (sic bo's layout slides down once betting closes; while
      // betting is open belowTheFold holds every spot on the first screen)
      if (stage && (r.top < stage.top - 1 || r.bottom > stage.bottom + 1)) continue;
      const d = Math.min(12, r.width / 4, r.height / 4); // inside the rounded corners (up to a 40 px radius)
      const pts = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + d, r.top + d], [r.right - d, r.top + d], [r.left + d, r.bottom - d], [r.right - d, r.bottom - d]] as const;
      for (const [x, y] of pts) {
        const at = document.elementFromPoint(x, y);
        if (!at || el.contains(at) || at.closest('[data-spot]')) continue;
        out.push(`${el.getAttribute('data-spot')} under .${(at.closest('[class]')?.getAttribute('class') ?? at.nodeName).split(' ')[0]} at ${Math.round(x)},${Math.round(y)}`);
        break;
      }
    }
    return out;
  });

/** A bet's chip count (the "1" over its chips) outside its spot's box (issue 20, the second screenshot review: sic bo's sat above its spot). */
const badgesOutside = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const b of document.querySelectorAll('.table-stage [data-spot] .felt-chip-stack-total')) {
      const spot = b.closest('[data-spot]')!;
      const r = b.getBoundingClientRect();
      const s = spot.getBoundingClientRect();
      if (r.left < s.left - 1 || r.right > s.right + 1 || r.top < s.top - 1 || r.bottom > s.bottom + 1) out.push(`${spot.getAttribute('data-spot')}: "${b.textContent}" at ${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${Math.round(r.bottom)} in ${Math.round(s.left)}–${Math.round(s.right)} × ${Math.round(s.top)}–${Math.round(s.bottom)}`);
    }
    return out;
  });

/** Issue 20 (the screenshot review): on a phone the bet timer ring lay over the roulette wheel's edge. */
const timerOverWheel = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const ring = document.querySelector('.stage-timer')?.getBoundingClientRect();
    const wheel = document.querySelector('.roulette-live .wheel')?.getBoundingClientRect();
    if (!ring || !wheel) return `no ${ring ? 'wheel' : 'timer ring'}`;
    const h = Math.min(ring.bottom, wheel.bottom) - Math.max(ring.top, wheel.top);
    const w = Math.min(ring.right, wheel.right) - Math.max(ring.left, wheel.left);
    return h > 0 && w > 0 ? `${Math.round(w)}×${Math.round(h)} px of the wheel under the timer ring` : '';
  });

/** The words of the stage's headings (a hand's name: "Player", "Dealer", …) that lie under the (round) timer ring. */
const timerOverHeadings = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const ring = document.querySelector('.stage-timer')?.getBoundingClientRect();
    if (!ring) return [];
    const out: string[] = [];
    for (const h of document.querySelectorAll('.table-stage h2, .table-stage h3')) {
      const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        // the ring is round: a word is under it when the word's box comes nearer its centre than its radius
        const cx = (ring.left + ring.right) / 2;
        const cy = (ring.top + ring.bottom) / 2;
        const radius = ring.width / 2;
        for (const r of range.getClientRects()) {
          const dx = Math.max(r.left - cx, 0, cx - r.right);
          const dy = Math.max(r.top - cy, 0, cy - r.bottom);
          const depth = radius - Math.hypot(dx, dy);
          if (depth > 1) out.push(`"${n.textContent.trim()}": ${Math.round(depth)} px inside the timer ring`);
        }
      }
    }
    return out;
  });

async function placeFirstBet(seat: Seat, game: string): Promise<void> {
  const { page } = seat;
  // two people at one blackjack table take different seats
  const preferred = game === 'blackjack' ? (seat.device === 'desktop' ? 'seat:2' : 'seat:4') : FIRST_SPOT[game];
  if (game === 'roulette') {
    await page.locator(`[data-spot="${preferred}"] rect`).first().click();
  } else {
    const spot = preferred ? page.locator(`.table-stage button[data-spot="${preferred}"]:not([disabled])`) : page.locator('.table-stage button[data-spot]:not([disabled])');
    await (preferred && (await spot.count()) > 0 ? spot.first() : page.locator('.table-stage button[data-spot]:not([disabled])').first()).click();
  }
  await page.locator('.action-stake:not([data-minor="0"])').waitFor();
}

/** Money Wheel, sic bo, lucky dice: how much of the status line ("The wheel stopped on …") lies under the result overlay ('' when none). */
const coveredStatus = new WeakMap<Page, string>();
/** Sic bo, lucky dice: how much of the dice lies under the result overlay ('' when none; issue 20, the screenshot review: on a phone it covered them). */
const coveredDice = new WeakMap<Page, string>();
/**
 * What the result overlay said was paid, read the moment it appeared: the next round opens 2 s after a
 * settlement at the test pace, and with games side by side the checks after the round can take longer.
 */
const paidShown = new WeakMap<Page, number>();
/**
 * Records every result overlay in the page the moment it appears (a MutationObserver, so it is read even when the
 * test's polling is slower than the overlay's life under load: the next round opens 2 s after a settlement):
 * `window.__feltOverlays[roundId]` = what it paid and what it covers. Installed once the table is on screen.
 */
const recordOverlays = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const w = window as unknown as { __feltOverlays?: Record<string, { paid: number; status: string; dice: string }> };
    if (w.__feltOverlays) return;
    const seen: Record<string, { paid: number; status: string; dice: string }> = (w.__feltOverlays = {});
    const measure = (el: Element): { paid: number; status: string; dice: string } => {
      const o = el.getBoundingClientRect();
      const under = (sel: string, what: string): string => {
        const l = document.querySelector(sel)?.getBoundingClientRect();
        if (!l) return '';
        const h = Math.max(0, Math.min(o.bottom, l.bottom) - Math.max(o.top, l.top));
        const w2 = Math.max(0, Math.min(o.right, l.right) - Math.max(o.left, l.left));
        return h * w2 > 0 ? `${Math.round(w2)}×${Math.round(h)} px of ${what} under the overlay` : '';
      };
      return { paid: Number(el.getAttribute('data-paid')), status: under('.mw-live .live-status, .sicbo-live .live-status', 'the status line'), dice: under('.sicbo-live > .felt-dice-row', 'the dice') };
    };
    const look = (): void => {
      for (const el of document.querySelectorAll('.result-overlay[data-round][data-paid]')) {
        const id = el.getAttribute('data-round')!;
        if (!(id in seen) && el.getBoundingClientRect().height > 0) seen[id] = measure(el);
      }
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-round', 'data-paid', 'class'] });
    look();
  });

/** The overlay of `roundId` as the page's recorder saw it first (recordOverlays), else read now; null when it never appeared. */
const readOverlay = (page: Page, roundId: string): Promise<{ paid: number; status: string; dice: string } | null> =>
  page.evaluate((id) => {
    const first = (window as unknown as { __feltOverlays?: Record<string, { paid: number; status: string; dice: string }> }).__feltOverlays?.[id];
    if (first) return first;
    const el = document.querySelector(`.result-overlay[data-round="${id}"]`);
    if (!el) return null;
    const o = el.getBoundingClientRect();
    const under = (sel: string, what: string): string => {
      const l = document.querySelector(sel)?.getBoundingClientRect();
      if (!l) return '';
      const h = Math.max(0, Math.min(o.bottom, l.bottom) - Math.max(o.top, l.top));
      const w = Math.max(0, Math.min(o.right, l.right) - Math.max(o.left, l.left));
      return h * w > 0 ? `${Math.round(w)}×${Math.round(h)} px of ${what} under the overlay` : '';
    };
    return { paid: Number(el.getAttribute('data-paid')), status: under('.mw-live .live-status, .sicbo-live .live-status', 'the status line'), dice: under('.sicbo-live > .felt-dice-row', 'the dice') };
  }, roundId);

const keepOverlay = (page: Page, o: { paid: number; status: string; dice: string }): void => {
  coveredStatus.set(page, o.status);
  coveredDice.set(page, o.dice);
  paidShown.set(page, o.paid);
};

/** Banked poker: what lay over the bet spots while the decision bar was up ('' when nothing; read before the first decision). */
const coveredAtDecision = new WeakMap<Page, string[]>();

/** Plays the round to its end: stands at blackjack, calls / plays at banked poker (the cheapest honest line). */
async function playToTheEnd(seat: Seat, roundId: string): Promise<void> {
  const { page } = seat;
  const bj = page.locator('.bj-decision button:not([disabled])', { hasText: /^(Stand|Stå)$/ });
  const bp = page.locator('.bp-decide .bp-options .felt-btn:not(.bp-fold):not([disabled])');
  // Polls what is on screen (a decision bar may stay in the DOM hidden, so no or-locator on it).
  const until = Date.now() + ROUND_MS;
  while (Date.now() < until) {
    const shown = await readOverlay(page, roundId);
    if (shown) return keepOverlay(page, shown);
    // a short click: a button that went away (the decision was taken, the turn ended) must not hold the loop
    // for the default action timeout while the result overlay comes and goes (8 s; seen under load)
    if (await bj.first().isVisible()) await bj.first().click({ timeout: 1_000 }).catch(() => undefined);
    else if (await bp.first().isVisible()) {
      if (!coveredAtDecision.has(page)) {
        coveredAtDecision.set(page, await spotsCovered(page));
        await screenshot(page, `table-${await page.locator('main.table-page').getAttribute('class').then((c) => /game-(\S+)/.exec(c ?? '')?.[1] ?? 'x')}-decision-${seat.device}`);
      }
      await bp.first().click({ timeout: 1_000 }).catch(() => undefined);
    }
    await page.waitForTimeout(250);
  }
  const shown = await readOverlay(page, roundId);
  if (shown) return keepOverlay(page, shown);
  const api = new FeltClient({ baseUrl: studio.baseUrl });
  await api.login(seat.user, passwordOf(seat.user));
  const mine = await api.myRounds(3).then((r) => JSON.stringify(r).slice(0, 1200), (e: unknown) => `myRounds failed: ${String(e)}`);
  throw new Error(`${seat.device}: no result for ${roundId}; phase ${await phaseOf(page)}; my rounds: ${mine}`);
}

const balanceOf = async (page: Page): Promise<number> => Number(await page.locator('.table-top .balance').getAttribute('data-minor'));

async function capture(seat: Seat, game: string, state: string): Promise<void> {
  await screenshot(seat.page, `table-${game}-${state}-${seat.device}`);
  const violations = await checkA11y(seat.page);
  expect(violations, `${game} ${state} (${seat.device}, ${seat.lang}): ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

beforeAll(async () => {
  ({ studio, browser } = await joinSharedStudio(GAMES.flatMap((g) => (['desktop', 'phone'] as const).map((d) => ({ username: userOf(g, d), name: `${g} ${d}` })))));
  const api = new FeltClient({ baseUrl: studio.baseUrl });
  await api.login(userOf('roulette', 'desktop'), passwordOf(userOf('roulette', 'desktop')));
  tables = await api.listTables();
});
afterAll(async () => {
  await browser?.close();
});

describe('the player table as a person meets it (issue 20), desktop and phone', () => {
  it('every web app loads without a failed request (no favicon 404)', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    for (const app of Object.values(APP_PATHS)) {
      await page.goto(`${studio.baseUrl}${app}`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.evaluate(() => new Promise((r) => setTimeout(r, 300))); // the browser asks for its icon after load
    }
    expect(failed).toEqual([]);
    await context.close();
  });

  it.concurrent.for(GAMES.map((g, i) => [g, i] as const))('%s: one viewport, a full round at both sizes, exact balance, CLS 0, accessible', async ([game, i], { expect }) => {
    // the demo table of the game (the shared studio also runs tables only one other file uses: never those)
    const table = tables.find((t) => t.game === game && !ONLY_FOR_ONE_FILE.has(t.name));
    expect(table, `the default studio has a ${game} table`).toBeDefined();
    if (!table) return;
    const desktop = await sit(userOf(game, 'desktop'), 'desktop', i % 2 === 0 ? 'en' : 'sv', table);
    const phone = await sit(userOf(game, 'phone'), 'phone', i % 2 === 0 ? 'sv' : 'en', table);
    const seats = [desktop, phone];
    try {
      const unsupported = await desktop.page.getByText(/This game cannot be played here yet|Det här spelet kan inte spelas här än/).count();
      // every default table has its player screen (issue 20 defect 2: Money Wheel was offered without one)
      expect(unsupported, `${game}: the player client has no screen for this game`).toBe(0);
      // The open-state checks take seconds (screenshots, axe-free reads); under load the window can close during
      // them: then the next window is taken (at most three), never a bet that lands in a round the test does not follow.
      let roundId = '';
      let before: number[] = [];
      for (let attempt = 1; ; attempt++) {
        roundId = await nextBettingWindow(desktop.page);
        await phone.page.locator(`main.table-page[data-round="${roundId}"][data-phase="betting"]`).waitFor();
        for (const s of seats) await watchLayoutShifts(s.page);
        before = await Promise.all(seats.map((s) => balanceOf(s.page)));

        const stillOpen = async (): Promise<boolean> => (await Promise.all(seats.map(async (s) => (await s.page.locator('main.table-page').getAttribute('data-round')) === roundId && (await phaseOf(s.page)) === 'betting' && (await secondsLeft(s.page)) >= 4))).every(Boolean);
        let closed = false;
        for (const s of seats) {
          await screenshot(s.page, `table-${game}-open-${s.device}`);
          const below = await belowTheFold(s.page);
          // the timer leaves the stage when the window closes: a window that closed under the checks is taken again
          if (below.length > 0 && !(await stillOpen())) {
            closed = true;
            break;
          }
          expect(below, `${game} (${s.device}): below the fold while betting is open: ${below.slice(0, 6).join('; ')}`).toEqual([]);
          expect(await s.page.locator('main.table-page').innerText(), `${game} (${s.device}): internal ids`).not.toMatch(/\b(tbl|rnd)_[A-Za-z0-9]/);
          expect(await s.page.locator('.nav-balance').count(), `${game} (${s.device}): a second balance`).toBe(0);
          expect(await headerCut(s.page), `${game} (${s.device}, ${s.lang}): the header reads in full`).toEqual([]);
          expect(await spotTextOverflow(s.page), `${game} (${s.device}, ${s.lang}): a spot's words outside it`).toEqual([]);
          if (game === 'roulette') expect(await timerOverWheel(s.page), `roulette (${s.device}): the timer ring and the wheel`).toBe('');
          expect.soft(await timerOverHeadings(s.page), `${game} (${s.device}, ${s.lang}): a heading's words under the timer ring`).toEqual([]);
        }
        if (!closed && (await stillOpen())) break;
        expect(attempt, `${game}: the betting window closed during the open-state checks ${attempt} times`).toBeLessThan(3);
      }
      // Both people bet at once, each then checks their own toast (it lasts 3.5 s): one after the other, the phone's
      // bet waited out the desktop's checks and screenshots, and under load it landed in the next round (seen
      // 2026-11-29 at load 12: the checked round's window had closed, the page had moved on).
      await Promise.all(
        seats.map(async (s) => {
          await placeFirstBet(s, game);
          await s.page.locator('.confirm-slot .felt-toast').waitFor();
          // the bet is in the round this test follows (else its result and balance checks read another round)
          expect(await s.page.locator('main.table-page').getAttribute('data-round'), `${game} (${s.device}): the round the bet went into`).toBe(roundId);
          expect(await toastCovers(s.page), `${game} (${s.device}): the toast covers`).toEqual([]);
          expect.soft(await toastOverGame(s.page, s.device === 'desktop'), `${game} (${s.device}, ${s.lang}): the toast lies over`).toEqual([]);
          await screenshot(s.page, `table-${game}-toast-${s.device}`); // the toast in sight, to look at
          expect.soft(await badgesOutside(s.page), `${game} (${s.device}): a chip count outside its spot`).toEqual([]);
          expect.soft(await spotsCovered(s.page), `${game} (${s.device}): laid over the spots while betting`).toEqual([]);
        }),
      );
      for (const s of seats) {
        expect(await actionBarRows(s.page), `${game} (${s.device}, ${s.lang}): action bar rows`).toBeLessThanOrEqual(2);
        await capture(s, game, 'betting');
      }

      await Promise.all(seats.map((s) => playToTheEnd(s, roundId)));
      // banked poker: the Play/Fold (Call/Fold) bar over nothing of the bet layout
      for (const s of seats) if (coveredAtDecision.has(s.page)) expect.soft(coveredAtDecision.get(s.page), `${game} (${s.device}): laid over the spots while deciding`).toEqual([]);
      for (const [k, s] of seats.entries()) {
        const api = new FeltClient({ baseUrl: studio.baseUrl });
        await api.login(s.user, passwordOf(s.user));
        const round = (await api.myRounds(10)).find((r) => r.roundId === roundId);
        expect(round, `${game}: ${s.user}'s round record`).toBeDefined();
        const paid = round?.returnMinor ?? 0;
        const expected = (before[k] ?? 0) + paid - (round?.stakeMinor ?? 0);
        await s.page.locator(`.table-top .balance[data-minor="${expected}"]`).waitFor({ timeout: 10_000 });
        // issue 20: the result overlay left the "wheel stopped on …" line readable (measured the moment it appeared)
        // …and sic bo's and lucky dice's "Red 1, green 6: …" at desktop size (on a phone their dense layouts leave the
        // picture no room beside the overlay)
        if (game === 'money-wheel' || (s.device === 'desktop' && (game === 'sicbo' || game === 'lucky-dice'))) expect(coveredStatus.get(s.page), `${game} (${s.device}): the status line under the overlay`).toBe('');
        // …and the dice themselves at both sizes (on a phone the result is a compact strip over the status line: the dice stay in sight)
        if (game === 'sicbo' || game === 'lucky-dice') expect(coveredDice.get(s.page), `${game} (${s.device}): the dice under the overlay`).toBe('');
        expect(paidShown.get(s.page), `${game} (${s.device}): the result says what was paid`).toBe(round?.bets.every((b) => b.status === 'refunded') ? 0 : paid);
        // every game, the picture included (banked poker's hands now fill their cells with a fixed-height name:
        // they re-centred as their names changed, CLS 0.004–0.009 on a phone until the fourth session).
        // A status text re-laid inside its unchanged box as its words change ("Your choice is in — 1 player still
        // deciding", 0.0003–0.002 in CI) is not a movement a person sees: such shifts (inPlace) are not counted.
        const shifts = (await layoutShifts(s.page)).filter((x) => !x.inPlace);
        expect(shifts, `${game} (${s.device}): layout shifts through the round: ${JSON.stringify(shifts)}`).toEqual([]);
        await capture(s, game, 'settled');
      }
    } finally {
      for (const s of seats) await screenshot(s.page, `table-${game}-last-${s.device}`).catch(() => undefined);
      for (const s of seats) await s.context.close();
    }
  });
});
