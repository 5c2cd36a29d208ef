import type { RealtimeClient } from '@felt-studio/client-sdk';
import type { RoundEventFrame } from '@felt-studio/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachRealtime, createQueryClient, queryKeys, registerVideoClock, videoFrameShown, type FrameListener, type LiveRound } from './data.js';
import { GATE_TIMING, type VideoReading } from './reveal-gate.js';

/** A socket that the test drives: `emit` delivers a frame as the SDK would. */
function fakeSocket() {
  const handlers = new Map<string, (x: unknown) => void>();
  const rt = {
    on: (ev: string, h: (x: unknown) => void) => {
      handlers.set(ev, h);
      return () => handlers.delete(ev);
    },
    position: () => ({ roundId: 'rnd_1' }),
  } as unknown as RealtimeClient;
  return { rt, emit: (f: RoundEventFrame) => handlers.get('round.event')?.(f), emitAs: (ev: string, x: unknown) => handlers.get(ev)?.(x) };
}

const frame = (seq: number, type: string, at: number, view: unknown): RoundEventFrame => ({ tableId: 'tbl_v', roundId: 'rnd_1', seq, type, at, event: null, view });

/** Issue 21 §3: the app's round cache and frame listeners see a result when the table's video shows it. */
describe('round frames through the reveal gate', () => {
  afterEach(() => vi.useRealTimers());

  it('the winning number reaches the screen (cache and listeners) with the video frame that shows it, not before; betting closes at once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { rt, emit } = fakeSocket();
    const qc = createQueryClient();
    const heard: string[] = [];
    const listeners = new Set<FrameListener>([(f) => heard.push(f.type)]);
    const detach = attachRealtime(rt, qc, listeners);
    let video: VideoReading = { studioTime: 9_000 };
    const unregister = registerVideoClock('tbl_v', () => video);
    const shown = () => (qc.getQueryData<LiveRound>(queryKeys.round('tbl_v'))?.view as { phase: string; result: number | null } | undefined) ?? null;

    emit(frame(4, 'BettingClosed', 9_500, null));
    emit(frame(5, 'BallLaunched', 9_500, { phase: 'closed', result: null }));
    expect(shown()).toEqual({ phase: 'closed', result: null }); // "no more bets" on the server's clock, whatever the video shows
    emit(frame(6, 'SpinResultRecorded', 10_000, { phase: 'resolved', result: 17 }));
    emit(frame(7, 'RoundSettled', 10_050, { phase: 'settled', result: 17 }));
    vi.advanceTimersByTime(500);
    expect(shown()).toEqual({ phase: 'closed', result: null });
    expect(heard).toEqual(['BettingClosed', 'BallLaunched']); // the result overlay has not heard of the settlement either
    video = { studioTime: 10_000 };
    videoFrameShown('tbl_v');
    expect(shown()).toEqual({ phase: 'resolved', result: 17 });
    video = { studioTime: 10_067 };
    vi.advanceTimersByTime(20);
    expect(heard).toEqual(['BettingClosed', 'BallLaunched', 'SpinResultRecorded', 'RoundSettled']);
    unregister();
    detach();
  });

  it('a stalled video: the result appears within 3 s of its arrival', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { rt, emit } = fakeSocket();
    const qc = createQueryClient();
    const detach = attachRealtime(rt, qc, new Set());
    const unregister = registerVideoClock('tbl_v', () => 'stalled');
    emit(frame(6, 'SpinResultRecorded', 10_000, { result: 17 }));
    vi.advanceTimersByTime(GATE_TIMING.stallFallbackMs - 40);
    expect(qc.getQueryData<LiveRound>(queryKeys.round('tbl_v'))).toBeUndefined();
    vi.advanceTimersByTime(60);
    expect(qc.getQueryData<LiveRound>(queryKeys.round('tbl_v'))?.view).toEqual({ result: 17 });
    unregister();
    detach();
  });

  it('a table without video shows every frame at once', () => {
    const { rt, emit } = fakeSocket();
    const qc = createQueryClient();
    const detach = attachRealtime(rt, qc, new Set());
    emit(frame(6, 'SpinResultRecorded', Date.now() + 60_000, { result: 17 }));
    expect(qc.getQueryData<LiveRound>(queryKeys.round('tbl_v'))?.view).toEqual({ result: 17 });
    detach();
  });

  it('after a reconnect, the snapshot a resync ends with waits for the video like the events it stands for', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { rt, emit, emitAs } = fakeSocket();
    const qc = createQueryClient();
    const heard: string[] = [];
    const detach = attachRealtime(rt, qc, new Set<FrameListener>([(f) => heard.push(f.type)]));
    let video: VideoReading = { studioTime: 9_000 };
    const unregister = registerVideoClock('tbl_v', () => video);
    // the missing events (no view), then the snapshot with the view they lead to
    emit(frame(6, 'SpinResultRecorded', 10_000, null));
    emit(frame(7, 'RoundSettled', 10_050, null));
    emitAs('resynced', { snapshot: { tableId: 'tbl_v', roundId: 'rnd_1', seq: 7, view: { phase: 'settled', result: 17 }, next: [] } });
    vi.advanceTimersByTime(500);
    expect(qc.getQueryData<LiveRound>(queryKeys.round('tbl_v'))).toBeUndefined(); // not before the video shows it
    expect(heard).toEqual([]);
    video = { studioTime: 10_050 };
    videoFrameShown('tbl_v');
    expect(qc.getQueryData<LiveRound>(queryKeys.round('tbl_v'))?.view).toEqual({ phase: 'settled', result: 17 });
    expect(heard).toEqual(['SpinResultRecorded', 'RoundSettled', 'RoundSnapshot']);
    unregister();
    detach();
  });
});
