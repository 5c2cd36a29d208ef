/**
 * Issue 21 §2: a table's camera off the server's event loop. The built server runs this file (compiled) in a
 * worker thread per watched table (camera.feed.ts): the frame clock, the drawing and the canvas's pixel copies run
 * here, in an isolate of their own, so their garbage is collected here and not by the server's large heap. Frames
 * are painted into slots of a SharedArrayBuffer; the server writes them to the encoders and releases each slot.
 */
import { parentPort } from 'node:worker_threads';
import { FRAME_BYTES, FRAME_MS, FrameProducer } from './camera.frames.js';
import type { CameraWorkerIn } from './camera.feed.js';

let producer: FrameProducer | null = null;
let timer: NodeJS.Timeout | null = null;

parentPort?.on('message', (m: CameraWorkerIn) => {
  switch (m.type) {
    case 'start': {
      const slots = Array.from({ length: m.slots.byteLength / FRAME_BYTES }, (_, i) => new Uint8Array(m.slots, i * FRAME_BYTES, FRAME_BYTES));
      // a spare frame's buffer is moved to the server, not copied (transferred)
      const p = new FrameProducer(m.table, m.t0, m.captureDelayMs, slots, (f) => parentPort?.postMessage(f, f.spare ? [f.spare.buffer as ArrayBuffer] : []));
      producer = p;
      // the server's clock, as it was when it sent this: the worker's own plus the difference
      const offset = m.now - Date.now();
      timer = setInterval(() => p.tick(Date.now() + offset), Math.floor(FRAME_MS / 2));
      return;
    }
    case 'view':
      producer?.timeline.push(m.at, m.view);
      return;
    case 'release':
      producer?.release(m.slot);
      return;
    case 'stop':
      if (timer) clearInterval(timer);
      parentPort?.close();
      return;
  }
});
