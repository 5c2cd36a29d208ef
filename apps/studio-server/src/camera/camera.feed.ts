import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FRAME_BYTES, FRAME_MS, FRAME_SLOTS, FrameProducer, type FrameOut, type FrameTable } from './camera.frames.js';

/**
 * Issue 21 §2: where a table's frames are made — in a worker thread in the built server (camera.worker.ts, its own
 * isolate: the drawing and its garbage stay off the server's event loop and heap), on the calling thread under
 * vitest (no compiled worker there). Either way the frames arrive in order, each in a buffer lent until the
 * caller's `release`: the buffer is not painted again before that.
 */
export interface FrameFeed {
  /** The table's public view in force from `at` (studio clock). */
  push(at: number, view: Record<string, unknown> | null): void;
  stop(): Promise<void>;
}

export interface FeedInit {
  readonly table: FrameTable;
  /** Capture time of frame 0. */
  readonly t0: number;
  readonly captureDelayMs: number;
  /** The studio clock (the feed's frame clock follows it). */
  readonly now: () => number;
  readonly log: (line: string) => void;
}

/** One frame for the encoders: `rgba` stays untouched until `release()` (call it once, when every write of it is done). */
export type FrameHandler = (rgba: Buffer, n: number, release: () => void) => void;

export type FeedFactory = (init: FeedInit, onFrame: FrameHandler) => FrameFeed;

/** Messages to camera.worker.ts. */
export type CameraWorkerIn =
  | { readonly type: 'start'; readonly table: FrameTable; readonly t0: number; readonly captureDelayMs: number; readonly now: number; readonly slots: SharedArrayBuffer }
  | { readonly type: 'view'; readonly at: number; readonly view: Record<string, unknown> | null }
  | { readonly type: 'release'; readonly slot: number }
  | { readonly type: 'stop' };

/** On the calling thread (the sources under vitest). */
export const inlineFeed: FeedFactory = (init, onFrame) => {
  const slots = Array.from({ length: FRAME_SLOTS }, () => Buffer.alloc(FRAME_BYTES));
  const producer: FrameProducer = new FrameProducer(init.table, init.t0, init.captureDelayMs, slots, (f) => (f.spare ? onFrame(Buffer.from(f.spare.buffer, f.spare.byteOffset, f.spare.byteLength), f.n, () => undefined) : onFrame(slots[f.slot]!, f.n, once(() => producer.release(f.slot)))));
  const timer = setInterval(() => producer.tick(init.now()), Math.floor(FRAME_MS / 2));
  return {
    push: (at, view) => producer.timeline.push(at, view),
    stop: () => {
      clearInterval(timer);
      return Promise.resolve();
    },
  };
};

/** The compiled worker beside this file (`dist/camera/camera.worker.js`), or null when running from sources. */
export const compiledCameraWorker = (): URL | null => {
  const url = new URL('./camera.worker.js', import.meta.url);
  return import.meta.url.endsWith('.js') && existsSync(fileURLToPath(url)) ? url : null;
};

/** A worker thread per camera, its frames in FRAME_SLOTS slots of one SharedArrayBuffer (nothing allocated per frame). */
export function workerFeed(script: URL): FeedFactory {
  return (init, onFrame) => {
    const shared = new SharedArrayBuffer(FRAME_BYTES * FRAME_SLOTS);
    const slots = Array.from({ length: FRAME_SLOTS }, (_, i) => Buffer.from(shared, i * FRAME_BYTES, FRAME_BYTES));
    const w = new Worker(script);
    w.unref();
    let stopping = false;
    const post = (m: CameraWorkerIn): void => w.postMessage(m);
    w.on('message', (f: FrameOut) => (f.spare ? onFrame(Buffer.from(f.spare.buffer, f.spare.byteOffset, f.spare.byteLength), f.n, () => undefined) : onFrame(slots[f.slot]!, f.n, once(() => post({ type: 'release', slot: f.slot })))));
    w.on('error', (e) => init.log(`camera worker failed: ${e.message}`));
    const exited = new Promise<void>((resolve) =>
      w.once('exit', (code) => {
        if (!stopping) init.log(`camera worker exited (${code}): this camera makes no frames until it is started again`);
        resolve();
      }),
    );
    post({ type: 'start', table: init.table, t0: init.t0, captureDelayMs: init.captureDelayMs, now: init.now(), slots: shared });
    return {
      push: (at, view) => {
        try {
          post({ type: 'view', at, view });
        } catch {
          // a view that does not clone (not plain data): its JSON, as the client would see it
          post({ type: 'view', at, view: JSON.parse(JSON.stringify(view)) as Record<string, unknown> | null });
        }
      },
      stop: async () => {
        stopping = true;
        post({ type: 'stop' });
        const t = setTimeout(() => void w.terminate(), 2_000);
        await exited;
        clearTimeout(t);
      },
    };
  };
}

/** The server's feed: a worker thread when asked for (FELT_CAMERA_THREAD=worker) and built, else on this thread. */
export function cameraFeed(thread: 'main' | 'worker'): FeedFactory {
  const script = thread === 'worker' ? compiledCameraWorker() : null;
  return script === null ? inlineFeed : workerFeed(script);
}

function once(f: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    f();
  };
}
