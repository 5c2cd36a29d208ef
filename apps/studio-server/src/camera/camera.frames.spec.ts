import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { FRAME_BYTES, FRAME_MS, FREEZE_MS, FramePainter, FrameProducer, type FrameOut } from './camera.frames.js';
import { drawScene, FRAME, readStamp, type CameraScene } from './camera.render.js';

/**
 * Issue 21 §2, a quarter of a core per watched table: frames painted into buffers allocated once, and only what
 * moves redrawn while the view stays — without the picture or the stamp differing from a full redraw.
 */
const full = (scene: CameraScene): Buffer => {
  const c = createCanvas(FRAME.width, FRAME.height);
  drawScene(c.getContext('2d'), scene);
  return c.data();
};
/** Pixels that differ between two frames, and by how much at most (0–255, any channel). */
const differing = (a: Uint8Array, b: Uint8Array): { readonly pixels: number; readonly most: number } => {
  let pixels = 0;
  let most = 0;
  for (let i = 0; i < a.length; i += 4) {
    const d = Math.max(Math.abs(a[i]! - b[i]!), Math.abs(a[i + 1]! - b[i + 1]!), Math.abs(a[i + 2]! - b[i + 2]!), Math.abs(a[i + 3]! - b[i + 3]!));
    if (d > 0) pixels++;
    most = Math.max(most, d);
  }
  return { pixels, most };
};
/** The stamp the player reads (the bottom rows) and the readable clock (its box, bottom right), as pixels. */
const clock = (a: Uint8Array): Uint8Array => {
  const rows = [...Array.from({ length: 24 }, (_, k) => a.subarray(((FRAME.height - 42 + k) * FRAME.width + FRAME.width - 200) * 4, ((FRAME.height - 42 + k) * FRAME.width + FRAME.width - 10) * 4)), a.subarray((FRAME.height - 12) * FRAME.width * 4)];
  return Buffer.concat(rows);
};

const T = Date.UTC(2026, 10, 28, 12, 0, 0);
const views: Record<string, { readonly equipment: CameraScene['equipment']; readonly view: Record<string, unknown>; readonly spinSince: number | null }> = {
  'roulette, bets open (the wheel turns)': { equipment: 'roulette-wheel', view: { phase: 'betting', result: null }, spinSince: null },
  'roulette, the ball in motion': { equipment: 'roulette-wheel', view: { phase: 'closed', ballInMotion: true, result: null }, spinSince: T - 2_000 },
  'roulette, the ball in its pocket': { equipment: 'roulette-wheel', view: { phase: 'result', result: { number: 17 } }, spinSince: null },
  'money wheel spinning': { equipment: 'money-wheel', view: { phase: 'spinning', result: null }, spinSince: T - 1_000 },
  'money wheel stopped': { equipment: 'money-wheel', view: { phase: 'result', result: '10' }, spinSince: null },
  'cards and dice on a table': { equipment: 'table', view: { phase: 'dealing', cards: [{ card: 'KH', to: 'banker' }, { card: '9S', to: 'player' }], dice: [3, 5, 6] }, spinSince: null },
};

describe('the camera’s painter (a static scene is patched, not redrawn)', () => {
  for (const [name, v] of Object.entries(views)) {
    it(`${name}: each later frame of the same view, patched over the last, is the full redraw at its time, its stamp its own time`, () => {
      const painter = new FramePainter();
      const a = Buffer.alloc(FRAME_BYTES);
      const b = Buffer.alloc(FRAME_BYTES);
      const scene = (at: number): CameraScene => ({ tableName: 'Table 1', equipment: v.equipment, view: v.view, at, spinSince: v.spinSince });
      expect(painter.paint(scene(T), a, null)).toBe('full');
      expect(differing(a, full(scene(T))).pixels).toBe(0);
      let previous = a;
      let stamps = [readStamp(a, FRAME.width, FRAME.height)];
      // patched in place (the last frame's buffer is free) and into another buffer (the last one is still being written)
      for (const [k, target] of [a, b, b, a, a].entries()) {
        const at = T + (k + 1) * FRAME_MS * 7;
        expect(painter.paint(scene(at), target, previous)).toBe('patched');
        // the full redraw's picture: the stamp and the clock exactly; a turned wheel drawn under a clip may differ by
        // Skia's smoothing of an edge (a few levels of 255 on some pixels), never by a shape
        const whole = full(scene(at));
        expect(differing(clock(target), clock(whole)).pixels).toBe(0);
        expect(differing(target, whole).most).toBeLessThanOrEqual(8);
        stamps = [...stamps, readStamp(target, FRAME.width, FRAME.height)];
        previous = target;
      }
      expect(stamps).toEqual([0, 1, 2, 3, 4, 5].map((k) => Math.floor(T + k * FRAME_MS * 7)));
    });
  }

  it('a new view is drawn whole: the picture changes with the scene (cards dealt), not only the clock', () => {
    const painter = new FramePainter();
    const a = Buffer.alloc(FRAME_BYTES);
    const b = Buffer.alloc(FRAME_BYTES);
    const before: CameraScene = { tableName: 'Baccarat 1', equipment: 'table', view: { phase: 'betting' }, at: T, spinSince: null };
    painter.paint(before, a, null);
    const dealt: CameraScene = { ...before, view: { phase: 'dealing', cards: [{ card: 'AS', to: 'player' }] }, at: T + FRAME_MS };
    expect(painter.paint(dealt, b, a)).toBe('full');
    expect(differing(b, full(dealt)).pixels).toBe(0);
    expect(differing(a, b).pixels).toBeGreaterThan(2_000); // a card and its label, not a few clock pixels
    // the roulette wheel moves between two frames of the same view (it turns all the time)
    const wheel: CameraScene = { tableName: 'Roulette 1', equipment: 'roulette-wheel', view: { phase: 'betting' }, at: T, spinSince: null };
    painter.paint(wheel, a, null);
    painter.paint({ ...wheel, at: T + FRAME_MS }, b, a);
    expect(differing(a, b).pixels).toBeGreaterThan(5_000);
  });
});

describe('the camera’s frame buffers (never painted while an encoder still writes them)', () => {
  it('frames keep the 15 fps clock; a lent buffer keeps its bytes until released; with every buffer lent a frame gets a spare buffer with its own stamp', () => {
    const slots = Array.from({ length: 3 }, () => Buffer.alloc(FRAME_BYTES));
    const t0 = T;
    const got: FrameOut[] = [];
    const p = new FrameProducer({ name: 'Roulette 1', equipment: 'roulette-wheel' }, t0, 300, slots, (f) => got.push(f));
    p.timeline.push(t0 - 1, { phase: 'betting' });
    const bytesOf = (f: FrameOut): Uint8Array => f.spare ?? slots[f.slot]!;
    /** The frames the encoders still hold, and the bytes each had when it was handed over. */
    const out = new Map<number, { readonly f: FrameOut; readonly bytes: Buffer }>();
    const release = (f: FrameOut): void => {
      out.delete(f.n);
      if (!f.spare) p.release(f.slot);
    };
    let now = t0 + 300;
    const step = (): FrameOut[] => {
      const before = got.length;
      p.tick(now);
      now += FRAME_MS;
      const made = got.slice(before);
      for (const f of made) out.set(f.n, { f, bytes: Buffer.from(bytesOf(f)) });
      for (const { f, bytes } of out.values()) expect(Buffer.from(bytesOf(f)).equals(bytes), `frame ${f.n} changed while lent`).toBe(true);
      return made;
    };
    // the encoders hold every frame: three frames in the three buffers, then two spare ones — every frame stamped
    // with its own time (a repeated picture would carry the previous frame's stamp: an LL-HLS segment starting on
    // it was dated a frame after its picture, camera.spec)
    const first = [step(), step(), step(), step(), step()].flat();
    expect(first.map((f) => f.n)).toEqual([0, 1, 2, 3, 4]);
    expect(first.map((f) => f.at)).toEqual([0, 1, 2, 3, 4].map((n) => t0 + n * FRAME_MS));
    expect(new Set(first.slice(0, 3).map((f) => f.slot)).size).toBe(3);
    expect(first.slice(3).map((f) => [f.slot, f.spare?.byteLength])).toEqual([[-1, FRAME_BYTES], [-1, FRAME_BYTES]]);
    for (const f of first) expect(readStamp(Buffer.from(bytesOf(f)), FRAME.width, FRAME.height), `frame ${f.n}'s stamp`).toBe(Math.floor(f.at));
    expect(p.painted).toEqual({ full: 1, patched: 2, repeated: 0, spare: 2 });
    // frame 0's buffer comes back: the next frame is painted in it, with its own stamp
    release(first[0]!);
    const [next] = step();
    expect(next!.slot).toBe(first[0]!.slot);
    expect(readStamp(slots[next!.slot]!, FRAME.width, FRAME.height)).toBe(Math.floor(next!.at));
    // the spare frames hold no slot; a slot is painted again only after its release
    release(first[3]!);
    release(first[4]!);
    const [spare] = step();
    expect(spare!.slot).toBe(-1);
    release(first[2]!);
    const [painted] = step();
    expect(painted!.slot).toBe(first[2]!.slot);
    expect(readStamp(slots[painted!.slot]!, FRAME.width, FRAME.height)).toBe(Math.floor(painted!.at));
    // a stall of 1.5 s: every missed frame is painted at its own time (a repeated picture under a later time showed a
    // page the result before its frame, video.e2e), none repeated
    now += 1_500;
    const stalled = step();
    expect(stalled.length).toBeGreaterThan(20);
    expect(p.painted.repeated).toBe(0);
    for (const f of stalled) expect(readStamp(Buffer.from(bytesOf(f)), FRAME.width, FRAME.height), `frame ${f.n}'s stamp after a stall`).toBe(Math.floor(f.at));
    // a freeze (more than FREEZE_MS behind, a suspended machine): the last picture repeats while it catches up
    now += FREEZE_MS + 1_000;
    const frozen = step();
    expect(frozen.length).toBeGreaterThan(150);
    expect(p.painted.repeated).toBeGreaterThan(0);
  });
});
