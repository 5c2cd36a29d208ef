import type { RoundEventFrame } from '@felt-studio/protocol';
import { describe, expect, it } from 'vitest';
import { GATE_TIMING, RevealGate, type VideoReading } from './reveal-gate.js';

const frame = (seq: number, type: string, at: number, view: unknown = { seq }): RoundEventFrame => ({ tableId: 'tbl_1', roundId: 'rnd_1', seq, type, at, event: null, view });
const video = (studioTime: number): VideoReading => ({ studioTime });
const seqs = (fs: readonly RoundEventFrame[]) => fs.map((f) => f.seq);

/** Issue 21 §3: results, cards and the winning number appear when the video shows them; betting stays on the server clock. */
describe('the reveal gate', () => {
  it('holds the winning number until the video reaches its studio time, never before', () => {
    const g = new RevealGate();
    expect(seqs(g.push(frame(5, 'SpinResultRecorded', 10_000), 0, video(8_000)))).toEqual([]);
    expect(seqs(g.release(500, video(9_999)))).toEqual([]);
    expect(seqs(g.release(600, video(10_000)))).toEqual([5]);
    expect(g.holding).toBe(false);
  });

  it('shows at once what the video has already shown (a frame that arrives late)', () => {
    const g = new RevealGate();
    expect(seqs(g.push(frame(5, 'CardRecorded', 10_000), 0, video(10_050)))).toEqual([5]);
  });

  it('betting closes on the server clock: "no more bets" passes at once and first shows everything held before it', () => {
    const g = new RevealGate();
    expect(seqs(g.push(frame(3, 'CardRecorded', 10_000), 0, video(8_000)))).toEqual([]);
    expect(seqs(g.push(frame(4, 'BettingClosed', 10_100, null), 10, video(8_010)))).toEqual([]); // the commit's view comes on its last frame
    expect(seqs(g.push(frame(5, 'BallLaunched', 10_100), 10, video(8_010)))).toEqual([3, 4, 5]);
    expect(seqs(g.push(frame(6, 'RoundOpened', 20_000), 20, video(8_020)))).toEqual([6]);
  });

  it('a bet passes at once, unless a reveal is held before it (views are cumulative: order is kept)', () => {
    const g = new RevealGate();
    expect(seqs(g.push(frame(2, 'BetAccepted', 9_000), 0, video(8_000)))).toEqual([2]);
    g.push(frame(3, 'CardRecorded', 10_000), 0, video(8_000));
    expect(seqs(g.push(frame(4, 'BetAccepted', 10_010), 5, video(8_005)))).toEqual([]);
    expect(seqs(g.release(2_000, video(10_000)))).toEqual([3, 4]);
  });

  it('a stalled video falls back to showing the result within 3 s of its arrival', () => {
    const g = new RevealGate();
    g.push(frame(5, 'RoundSettled', 10_000), 1_000, 'stalled');
    expect(seqs(g.release(1_000 + GATE_TIMING.stallFallbackMs - 1, 'stalled'))).toEqual([]);
    expect(seqs(g.release(1_000 + GATE_TIMING.stallFallbackMs, 'stalled'))).toEqual([5]);
    expect(GATE_TIMING.stallFallbackMs).toBeLessThan(3_000);
  });

  it('one "stalled" reading of a moving video releases nothing: the fallback waits for a stall of its own length', () => {
    const g = new RevealGate();
    g.push(frame(5, 'SpinResultRecorded', 10_000), 0, video(7_900)); // the picture 2.1 s behind, moving
    expect(seqs(g.release(1_600, video(9_400)))).toEqual([]);
    // a reading in between says stalled (the position between fragments, a poll late under load): held 1.6 s, still held
    expect(seqs(g.release(1_700, 'stalled'))).toEqual([]);
    expect(seqs(g.release(1_800, video(9_700)))).toEqual([]);
    expect(seqs(g.release(2_100, video(10_000)))).toEqual([5]);
    // a stall that begins after the frame arrived: shown the fallback's length after the stall began
    const h = new RevealGate();
    h.push(frame(6, 'SpinResultRecorded', 20_000), 0, video(18_000));
    expect(seqs(h.release(1_000, 'stalled'))).toEqual([]);
    expect(seqs(h.release(1_000 + GATE_TIMING.stallFallbackMs - 1, 'stalled'))).toEqual([]);
    expect(seqs(h.release(1_000 + GATE_TIMING.stallFallbackMs, 'stalled'))).toEqual([6]);
  });

  it('without video nothing is held; a video that lags for ever is not waited for longer than the cap', () => {
    expect(seqs(new RevealGate().push(frame(5, 'SpinResultRecorded', 10_000), 0, null))).toEqual([5]);
    const g = new RevealGate();
    g.push(frame(5, 'SpinResultRecorded', 10_000), 0, video(1_000));
    expect(seqs(g.release(GATE_TIMING.maxHoldMs - 1, video(2_000)))).toEqual([]);
    expect(seqs(g.release(GATE_TIMING.maxHoldMs, video(2_000)))).toEqual([5]);
  });

  it('the video going away shows what was held', () => {
    const g = new RevealGate();
    g.push(frame(5, 'SpinResultRecorded', 10_000), 0, video(9_000));
    expect(seqs(g.release(100, null))).toEqual([5]);
  });

  it('the next round opens on the server clock; the result it overtook still waits for its frame (no spoiler, no betting time lost)', () => {
    const g = new RevealGate();
    const next = (seq: number, type: string, at: number): RoundEventFrame => ({ ...frame(seq, type, at), roundId: 'rnd_2' });
    expect(seqs(g.push(frame(7, 'SpinResultRecorded', 10_000), 0, video(7_000)))).toEqual([]);
    expect(seqs(g.push(frame(8, 'RoundSettled', 10_050), 10, video(7_010)))).toEqual([]);
    // the video is 3 s behind, the pause 2 s: the next round opens before the video shows the ball in its pocket
    expect(seqs(g.push(next(1, 'RoundOpened', 12_000), 2_000, video(9_000)))).toEqual([1]);
    // the new round's bets are not held behind the old round's result
    expect(seqs(g.push(next(2, 'BetAccepted', 12_500), 2_500, video(9_500)))).toEqual([2]);
    expect(seqs(g.release(2_900, video(9_999)))).toEqual([]);
    expect(seqs(g.release(3_000, video(10_000)))).toEqual([7]);
    expect(seqs(g.release(3_050, video(10_050)))).toEqual([8]);
    expect(g.holding).toBe(false);
  });
});
