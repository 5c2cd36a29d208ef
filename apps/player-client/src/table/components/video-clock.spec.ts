import { describe, expect, it } from 'vitest';
import { frameOnScreen, presentedFrame } from './video-clock';

/** Issue 21 §3: the studio time of the frame on screen, from the player's program date-time. */
describe('the frame on screen', () => {
  const frame = 1000 / 15;
  const t0 = Math.ceil(1_800_000_000_000 / frame) * frame; // the camera's grid
  it('is the last frame captured at or before the player’s clock (a reveal waits for its frame, never leads it)', () => {
    expect(frameOnScreen(t0, 15)).toBe(Math.round(t0));
    expect(frameOnScreen(t0 + 30, 15)).toBe(Math.round(t0));
    expect(frameOnScreen(t0 + frame - 1, 15)).toBe(Math.round(t0));
    expect(frameOnScreen(t0 + frame, 15)).toBe(Math.round(t0 + frame));
    expect(frameOnScreen(t0 + 2.5 * frame, 15)).toBe(Math.round(t0 + 2 * frame));
  });
  it('the presented frame, from its own media time: the nearest frame of the grid (measured in Chromium: its date-time lands 0.1–1.6 ms before the stamp)', () => {
    expect(presentedFrame(t0 + 2 * frame - 1.6, 15)).toBe(Math.round(t0 + 2 * frame));
    expect(presentedFrame(t0 + 2 * frame + 1.6, 15)).toBe(Math.round(t0 + 2 * frame));
    expect(presentedFrame(t0 + 2 * frame, 15)).toBe(Math.round(t0 + 2 * frame));
    // flooring it named the frame before: one frame late
    expect(frameOnScreen(t0 + 2 * frame - 1.6, 15)).toBe(Math.round(t0 + frame));
  });
});
