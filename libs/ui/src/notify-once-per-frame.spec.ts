import { notifyManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, notifyOncePerFrame } from './data.js';

/**
 * The pit floor's cache notifications (docs/testing.md "The pit floor's renderer"). A component's
 * query hook hears the cache through `notifyManager.batchCalls` (as useBaseQuery subscribes): those calls wait
 * for the frame, and run in that one task — React renders once for all of them.
 */
describe('notifyOncePerFrame', () => {
  let undo: (() => void) | null = null;
  afterEach(() => {
    undo?.();
    undo = null;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('many socket frames between two paints reach an observer as one notification, at the animation frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    undo = notifyOncePerFrame(100);
    const qc = createQueryClient();
    const seen: number[] = [];
    const obs = new QueryObserver<number>(qc, { queryKey: ['round', 't1'], queryFn: () => 0, enabled: false });
    const off = obs.subscribe(notifyManager.batchCalls((r: { data?: number }) => void seen.push(r.data ?? -1)));
    for (let seq = 1; seq <= 20; seq++) qc.setQueryData(['round', 't1'], seq);
    await Promise.resolve();
    expect(seen).toEqual([]); // nothing before the frame
    expect(frames).toHaveLength(1); // one frame asked for, not twenty
    frames[0]!(16);
    expect(seen).toHaveLength(20); // every change, all in the frame's one task (one render)
    expect(seen.at(-1)).toBe(20);
    qc.setQueryData(['round', 't1'], 21);
    expect(frames).toHaveLength(2);
    frames[1]!(32);
    expect(seen).toHaveLength(21);
    expect(seen.at(-1)).toBe(21);
    off();
  });

  it('a hidden tab (no animation frames) still gets its notifications after the fallback delay', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0); // never called back
    undo = notifyOncePerFrame(100);
    const qc = createQueryClient();
    const seen: number[] = [];
    const obs = new QueryObserver<number>(qc, { queryKey: ['round', 't2'], queryFn: () => 0, enabled: false });
    const off = obs.subscribe(notifyManager.batchCalls((r: { data?: number }) => void seen.push(r.data ?? -1)));
    qc.setQueryData(['round', 't2'], 1);
    qc.setQueryData(['round', 't2'], 2);
    vi.advanceTimersByTime(99);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([1, 2]);
    off();
  });
});
