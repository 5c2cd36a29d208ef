/**
 * Issue 21 §2/§3 in Chromium: the studio camera's LL-HLS at a roulette table of this file's own (the shared studio
 * runs `--no-video`; an admin registers the camera here, as `felt studio` does for every table), watched on a
 * desktop and a phone. The winning number reaches the page when the video shows the ball in its pocket: at the
 * moment the page shows it, the frame on screen is stamped at or after the result's studio time (never before),
 * and the page shows it within ±150 ms of the first frame that does. Then the video's segments stop arriving
 * (a network pause): the result still appears within 3 s.
 *
 * How a frame is read: the camera stamps its capture time in ms into every frame (44 black/white blocks along the
 * bottom, apps/studio-server/src/camera/camera.render.ts); the page draws the video into a canvas and reads them.
 */
import type { StreamSource } from '@felt-studio/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ONLY_TABLES } from './e2e-tables.js';
import { clientAs, createAccounts, launchBrowser, openApp, screenshot, type StudioHandle } from './harness.js';
import { sharedStudio } from './shared-studio.js';

let studio: StudioHandle;
let browser: Browser;
let tableId = '';
const USERS = ['e2e-video-1', 'e2e-video-2'] as const;
const ROUND_MS = 45_000;

/** In the page, before it loads: samples the stamp of the frame on screen and records when the table's round seq changes. */
const INSTRUMENT = `(() => {
  const W = 640, H = 360, BITS = 44, BLOCK = 14, LEFT = 12, STAMP_H = 12;
  const canvas = document.createElement('canvas'); canvas.width = W; canvas.height = H;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const rec = (window.__video = { frames: [], seqs: [], lastTime: -1 });
  const stamp = () => {
    const v = document.querySelector('video');
    if (!v || v.readyState < 2 || v.videoWidth === 0) return null; // any rendition: drawn at 640×360, the stamp's blocks land where they are read
    ctx.drawImage(v, 0, 0, W, H);
    const row = ctx.getImageData(0, H - Math.ceil(STAMP_H / 2), W, 1).data;
    let n = 0;
    for (let i = 0; i < BITS; i++) { const o = (LEFT + i * BLOCK + BLOCK / 2) * 4; n = n * 2 + ((row[o] + row[o + 1] + row[o + 2]) / 3 > 127 ? 1 : 0); }
    return n;
  };
  rec.stamp = stamp;
  const sample = () => {
    const v = document.querySelector('video');
    if (v && v.currentTime !== rec.lastTime) {
      rec.lastTime = v.currentTime;
      const s = stamp();
      if (s !== null && (rec.frames.length === 0 || rec.frames[rec.frames.length - 1].s !== s)) rec.frames.push({ t: performance.now(), s });
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  new MutationObserver(() => {
    const m = document.querySelector('[data-live-table]');
    if (!m) return;
    const seq = Number(m.getAttribute('data-seq')), round = m.getAttribute('data-round');
    const last = rec.seqs[rec.seqs.length - 1];
    if (last && last.seq === seq && last.round === round) return;
    rec.seqs.push({ t: performance.now(), wall: Date.now(), seq, round, onScreen: stamp() });
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-seq', 'data-round'] });
})();`;

interface Recording {
  readonly frames: readonly { t: number; s: number }[];
  readonly seqs: readonly { t: number; wall: number; seq: number; round: string; onScreen: number | null }[];
}

/**
 * Glass-to-glass in the page, over `frames` frames (at most `ms`): for each frame Chromium presents (requestVideoFrameCallback), the wall
 * time it was presented minus the capture time stamped in it. Sorted, in ms.
 */
async function glassToGlass(page: Page, ms: number, frames = 60): Promise<number[]> {
  return page.evaluate(
    ({ ms, frames }) =>
      new Promise<number[]>((resolve) => {
        const v = document.querySelector('video') as HTMLVideoElement;
        const rec = (window as unknown as { __video: { stamp(): number | null } }).__video;
        const out: number[] = [];
        const end = performance.now() + ms;
        const onFrame = (now: number): void => {
          const s = rec.stamp();
          if (s !== null) out.push(performance.timeOrigin + now - s);
          if (performance.now() < end && out.length < frames) v.requestVideoFrameCallback(onFrame);
          else resolve(out.sort((a, b) => a - b));
        };
        v.requestVideoFrameCallback(onFrame);
      }),
    { ms, frames },
  );
}

const pct = (xs: readonly number[], p: number): number => Math.round(xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN);

async function watch(user: string, device: 'desktop' | 'phone', transport: 'whep' | 'll-hls' = 'll-hls', prepare?: (page: Page) => Promise<void>): Promise<Page> {
  const { page } = await openApp(browser, studio, 'play', user, device);
  await prepare?.(page);
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') media.push(`console ${m.type()}: ${m.text().slice(0, 200)}`);
  });
  const media: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/media/')) media.push(`${Math.round(performance.now())} ${r.status()} ${new URL(r.url()).pathname.split('/').pop() ?? ''}`);
  });
  await page.addInitScript(INSTRUMENT);
  await page.goto(`${studio.baseUrl}/play/table/${tableId}`);
  await page
    .locator(`video[data-transport="${transport}"]`)
    .waitFor({ timeout: 30_000 })
    .catch(async (e: unknown) => {
      const seen = await page.evaluate(() => ({ videos: [...document.querySelectorAll('video')].map((v) => v.getAttribute('data-transport')), badge: document.querySelector('.video-badge')?.textContent ?? null, url: location.href }));
      throw new Error(`${device}: no ${transport} video: ${JSON.stringify(seen)}; media: ${media.slice(-12).join(', ')}`, { cause: e });
    });
  await page
    .getByRole('status')
    .filter({ hasText: /^Live · / })
    .waitFor({ timeout: 30_000 })
    .catch(async (e: unknown) => {
      const state = await page.evaluate(() => {
        const v = document.querySelector('video');
        return { badge: document.querySelector('.video-badge')?.textContent, currentTime: v?.currentTime, readyState: v?.readyState, paused: v?.paused, error: v?.error?.message, frames: (window as unknown as { __video: Recording }).__video.frames.slice(-3) };
      });
      throw new Error(`${device}: the video did not go live: ${JSON.stringify(state)}; media: ${media.slice(-12).join(', ')}`, { cause: e });
    });
  return page;
}

/** The next spin result of the table after `afterMs` (wall clock): its round, seq and studio time. */
async function nextResult(afterMs: number): Promise<{ roundId: string; seq: number; at: number }> {
  const pit = await clientAs(studio, 'pitboss1');
  const end = Date.now() + ROUND_MS;
  while (Date.now() < end) {
    const r = await pit.currentRound(tableId);
    if (r.roundId !== null) {
      const hit = (await pit.roundEvents(r.roundId)).find((e) => e.type === 'SpinResultRecorded' && e.at > afterMs);
      if (hit) return { roundId: r.roundId, seq: hit.seq, at: hit.at };
    }
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`no spin result at ${tableId} within ${ROUND_MS} ms`);
}

/** When the page showed the result (its view reached the result's seq) and the frame on screen then; and when the video first showed it. */
async function revealOf(page: Page, r: { roundId: string; seq: number; at: number }, stalledOk = false): Promise<{ shown: Recording['seqs'][number]; frameT: number | null }> {
  const handle = await page.waitForFunction(
    ({ roundId, seq }) => {
      const rec = (window as unknown as { __video: Recording }).__video;
      const hit = rec.seqs.find((x) => x.round === roundId && x.seq >= seq);
      if (hit) return hit;
      // the next round opened before the picture showed it: overtaken
      const first = rec.seqs.findIndex((x) => x.round === roundId);
      return first >= 0 && rec.seqs.slice(first).some((x) => x.round !== roundId) ? 'overtaken' : null;
    },
    { roundId: r.roundId, seq: r.seq },
    { timeout: 20_000, polling: 100 },
  ).catch(async (e: unknown) => {
    const seqs = await page.evaluate(() => (window as unknown as { __video: Recording }).__video.seqs.slice(-6));
    throw new Error(`the page did not show ${JSON.stringify(r)}: its last views ${JSON.stringify(seqs)}`, { cause: e });
  });
  const got = (await handle.jsonValue()) as Recording['seqs'][number] | 'overtaken';
  if (got === 'overtaken') throw new Error(`${r.roundId}/${r.seq} was overtaken by the next round before the picture showed it`);
  const shown = got;
  await page.waitForTimeout(300); // the frames around it are recorded
  const frames = await page.evaluate(() => (window as unknown as { __video: Recording }).__video.frames);
  // the picture had stopped (no new frame for longer than the player's stall threshold, VideoArea STALL_MS 600 ms)
  // when the result appeared: the stall fallback showed it, by design ahead of the frozen picture — the stall case
  // below, not this check's (a clean-clone CI run: the LL-HLS picture froze 3.3 s behind under load)
  const lastFrame = frames.filter((f) => f.t <= shown.t).at(-1);
  if (!stalledOk && lastFrame !== undefined && shown.t - lastFrame.t > 600 && (shown.onScreen ?? 0) < r.at) throw new Error(`${r.roundId}/${r.seq} shown by the stall fallback: no new frame for ${Math.round(shown.t - lastFrame.t)} ms`);
  return { shown, frameT: frames.find((f) => f.s >= r.at)?.t ?? null };
}

/** The video table of this file with the studio camera's `sources` (an admin registers them, as `felt studio` does), the users, a browser. */
async function videoTable(users: readonly string[], sources: (base: string) => StreamSource[]): Promise<void> {
  studio = sharedStudio();
  await createAccounts(studio, users.map((username) => ({ username, name: 'E2E Video' })));
  const admin = await clientAs(studio, 'admin1');
  const table = (await admin.listTables()).find((t) => t.name === E2E_ONLY_TABLES.video);
  if (!table) throw new Error(`no table ${E2E_ONLY_TABLES.video}`);
  tableId = table.tableId;
  await admin.setTableStreams(tableId, sources(`${studio.baseUrl}/media/${tableId}/`), 'browser tests: the studio camera');
  browser = await launchBrowser();
}

/**
 * In CI since 2026-11-28 (FELT_E2E_VIDEO=0 skips it). It was opt-in while it failed on a loaded machine: the camera of
 * the busy browser-tier studio encoded far below real time, so results came through the stall fallback or were
 * overtaken by the next round. Now a result the next round overtakes is skipped for the next (up to three), the
 * stall fallback is 1.5 s, and the video table pauses 5 s between rounds (e2e-tables.ts). 2026-11-28 (sixth
 * session): the clock names the presented frame by the nearest frame of the grid (flooring its media time named
 * the frame before: 123–304 ms late), and a restarted LL-HLS encoder writes a directory of its own (its
 * predecessor's playlist, served as its, left a page "Video starting…" for good); on the quiet machine the pages
 * then showed the result 2–19 ms before the test's rAF sampler saw its frame. docs/streaming.md "Measuring".
 */
describe.skipIf(process.env['FELT_E2E_VIDEO'] === '0')('the table video and the game in sync (issue 21 §3)', () => {
  beforeAll(async () => {
    await videoTable(USERS, (base) => [{ kind: 'll-hls', url: `${base}index.m3u8`, label: '360p', height: 360 }]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  it('the winning number appears with the frame that shows the ball in its pocket, never before (desktop and phone); a stalled video still shows it within 3 s', async () => {
    const [desktop, phone] = await Promise.all([watch(USERS[0], 'desktop'), watch(USERS[1], 'phone')]);
    // each page: the first of up to three results its picture shows (a result the next round's opening overtakes —
    // the video further behind than the pause — reaches the overlay, not the picture: docs/streaming.md)
    let result = await nextResult(Date.now());
    for (const [name, page] of [['desktop', desktop], ['phone', phone]] as const) {
      let why = '';
      const reveal = (x: typeof result): Promise<Awaited<ReturnType<typeof revealOf>> | null> =>
        revealOf(page, x).catch((e: unknown) => {
          why = String((e as Error).message);
          return null;
        });
      let seen = await reveal(result);
      for (let i = 0; i < 2 && seen === null; i++) {
        console.log(`${name}: ${why}`);
        result = await nextResult(result.at);
        seen = await reveal(result);
      }
      expect(seen, `${name}: one of three results shown in the picture (the last: ${why})`).not.toBeNull();
      const { shown, frameT } = seen!;
      // never before: when the page showed it, the frame on screen was captured at or after the result
      expect(shown.onScreen, `${name}: a frame on screen when the result appeared`).not.toBeNull();
      expect(shown.onScreen!, `${name}: the frame on screen when the result appeared`).toBeGreaterThanOrEqual(result.at);
      // with the frame: within ±150 ms of the first frame that shows it
      expect(frameT, `${name}: the video showed the result`).not.toBeNull();
      console.log(`${name}: LL-HLS result shown ${Math.round(shown.t - frameT!)} ms after its frame`);
      expect(Math.abs(shown.t - frameT!), `${name}: result shown ${Math.round(shown.t - frameT!)} ms after its frame`).toBeLessThanOrEqual(150);
    }
    await screenshot(desktop, 'player-video-desktop');
    await screenshot(phone, 'player-video-phone');

    // a network pause: no more segments reach the phone; the next result appears within 3 s all the same
    await phone.route('**/media/**', (route) => route.abort('internetdisconnected'));
    const stalled = await nextResult(result.at);
    const { shown } = await revealOf(phone, stalled, true);
    expect(shown.wall - stalled.at, 'shown after the result, stalled video').toBeLessThanOrEqual(3_000);
    await phone.getByRole('status').filter({ hasText: 'Video reconnecting…' }).waitFor({ timeout: 5_000 });
  }, 150_000);
});

/**
 * Issue 21 §2: the WebRTC path (WHEP) in Chromium, in CI: the player takes WebRTC when the table offers it, plays
 * it, and reveals the winning number no earlier than the frame that shows it; a refused offer falls back to LL-HLS.
 * Glass-to-glass (capture time stamped in the frame → the frame presented) is printed for both paths, not asserted
 * (a timing on a shared machine; docs/streaming.md has the numbers).
 */
describe('the table video over WebRTC, and LL-HLS when WebRTC is refused (issue 21 §2)', () => {
  const RTC_USERS = ['e2e-rtc-1', 'e2e-rtc-2'] as const;
  beforeAll(async () => {
    await videoTable(RTC_USERS, (base) => [
      { kind: 'whep', url: `${base}whep`, label: '360p WebRTC', height: 360 },
      { kind: 'll-hls', url: `${base}index.m3u8`, label: '360p', height: 360 },
    ]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('WebRTC: plays at once, the result no earlier than its frame; a refused offer: LL-HLS', async () => {
    const rtc = await watch(RTC_USERS[0], 'desktop', 'whep');
    const g2g = await glassToGlass(rtc, 30_000);
    expect(g2g.length, 'frames presented over WebRTC').toBe(60);
    console.log(`WebRTC glass-to-glass: p50 ${pct(g2g, 0.5)} ms, p95 ${pct(g2g, 0.95)} ms, max ${pct(g2g, 1)} ms over ${g2g.length} frames`);
    // a result the video had not reached when the next round opened is overtaken (the overlay and the history get
    // it, the picture moves on: docs/streaming.md): up to three results, at least one shown in the picture
    let since = Date.now();
    let checked = 0;
    for (let i = 0; i < 3 && checked === 0; i++) {
      const result = await nextResult(since);
      since = result.at;
      const seen = await revealOf(rtc, result).catch(() => null);
      if (seen === null) {
        console.log(`WebRTC: result ${result.roundId}/${result.seq} overtaken by the next round (video behind: glass-to-glass now p50 ${pct(await glassToGlass(rtc, 2_000, 15), 0.5)} ms)`);
        continue;
      }
      const { shown, frameT } = seen;
      expect(shown.onScreen, 'a frame on screen when the result appeared').not.toBeNull();
      expect(shown.onScreen!, 'the frame on screen when the result appeared (never before its frame)').toBeGreaterThanOrEqual(result.at);
      console.log(`WebRTC: result shown ${frameT === null ? '?' : Math.round(shown.t - frameT)} ms after the first frame that shows it`);
      checked++;
    }
    expect(checked, 'results shown in the picture over WebRTC').toBe(1);
    await screenshot(rtc, 'player-video-webrtc-desktop');

    // the WHEP endpoint refuses (a full table): the phone plays LL-HLS instead
    const hls = await watch(RTC_USERS[1], 'phone', 'll-hls', (page) => page.route(/\/media\/[^/]+\/whep(\?|$)/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'WHEP_FULL', ruleId: null, message: 'full' }) })));
    const h = await glassToGlass(hls, 30_000);
    console.log(`LL-HLS glass-to-glass: p50 ${pct(h, 0.5)} ms, p95 ${pct(h, 0.95)} ms over ${h.length} frames`);
    expect(h.length, 'frames presented over LL-HLS (a rendition switch by hls.js may pause it: at least 20)').toBeGreaterThanOrEqual(20);
    await screenshot(hls, 'player-video-hls-fallback-phone');
    // issue 21 §4: the renditions — the menu offers them; the player picks 180p by hand and the picture follows
    // (it was opt-in while a restarted LL-HLS encoder served its predecessor's playlist: camera.service.ts startHls)
    const quality = hls.getByRole('combobox', { name: 'Video quality' });
    expect(await quality.locator('option').allTextContents()).toEqual([expect.stringMatching(/^Auto/), '360p', '180p']);
    await quality.selectOption({ label: '180p' });
    await hls.waitForFunction(() => document.querySelector('video')?.videoHeight === 180, null, { timeout: 20_000 });
  }, 150_000);
});
