import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { workerFeed } from './camera.feed.js';
import { FRAME_MS, FRAME_SLOTS } from './camera.frames.js';
import { FRAME, readStamp } from './camera.render.js';

/**
 * Issue 21 §2: the built server makes each watched table's frames in a worker thread (camera.worker.ts), off the
 * event loop and the server's heap. Runs the compiled worker of `npm run build` (the int tier runs after the
 * build), as the server loads it from dist.
 */
const script = new URL('../../dist/camera/camera.worker.js', import.meta.url);

describe('the camera worker (issue 21 §2)', () => {
  it('is built (npm run build)', () => {
    expect(existsSync(script), `${script.pathname}: run npm run build`).toBe(true);
  });

  it('sends the frames in order on the 15 fps clock, each stamped with its capture time, in buffers lent until released', async () => {
    const t0 = Math.ceil((Date.now() - 300) / FRAME_MS) * FRAME_MS;
    const frames: { n: number; stamp: number; slot: Buffer }[] = [];
    const held: (() => void)[] = [];
    const logged: string[] = [];
    const feed = workerFeed(script)({ table: { name: 'Roulette 1', equipment: 'roulette-wheel' }, t0, captureDelayMs: 300, now: () => Date.now(), log: (l) => logged.push(l) }, (rgba, n, release) => {
      frames.push({ n, stamp: readStamp(rgba, FRAME.width, FRAME.height), slot: rgba });
      // the encoders hold the first frames a while: the worker must not paint their buffers meanwhile
      if (n < FRAME_SLOTS) held.push(release);
      else release();
    });
    feed.push(t0 - 1, { phase: 'betting', result: null });
    const until = Date.now() + 10_000;
    while (frames.length < 20 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const copies = frames.slice(0, FRAME_SLOTS).map((f) => Buffer.from(f.slot));
    await new Promise((r) => setTimeout(r, 300));
    // still held: untouched while later frames were made
    frames.slice(0, FRAME_SLOTS).forEach((f, i) => expect(f.slot.equals(copies[i]!)).toBe(true));
    for (const r of held) r();
    const released = frames.length;
    while (frames.length < released + 10 && Date.now() < until + 5_000) await new Promise((r) => setTimeout(r, 50));
    await feed.stop();
    expect(frames.slice(released).some((f) => f.stamp > frames[FRAME_SLOTS - 1]!.stamp)).toBe(true); // painted again once released
    expect(logged).toEqual([]);
    expect(frames.length).toBeGreaterThanOrEqual(20);
    expect(frames.map((f) => f.n)).toEqual(frames.map((_, i) => i));
    // each new picture carries its own capture time; a frame made while every buffer was held repeats the last one
    const fresh = frames.filter((f, i) => i === 0 || f.stamp !== frames[i - 1]!.stamp);
    for (const f of fresh) expect(f.stamp).toBe(Math.floor(t0 + f.n * FRAME_MS));
  }, 20_000);
});
