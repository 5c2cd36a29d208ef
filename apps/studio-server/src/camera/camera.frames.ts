import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { drawScene, FRAME, movingRects, type CameraEquipment, type CameraScene } from './camera.render.js';
import { CameraTimeline } from './camera.timeline.js';

/**
 * Issue 21 §2 (a quarter of a core per watched table): how the camera's frames are made without a new 0.9 MB
 * buffer per frame and without redrawing what did not move. Frames are painted into a few buffers allocated once
 * (the slots); a slot is painted again only once every encoder it was written to is done with it. Thread-agnostic:
 * the built server runs this in a worker thread (camera.worker.ts), the sources under vitest on the calling one
 * (camera.feed.ts).
 */
export const FRAME_BYTES = FRAME.width * FRAME.height * 4;
export const FRAME_MS = 1000 / FRAME.fps;
/** Frame buffers per camera: one being painted, the last ones still being written to the encoders' pipes. */
export const FRAME_SLOTS = 4;

/** How a frame was painted: the whole picture (the view changed), or only what moves over the last one. */
export type Painted = 'full' | 'patched';

/**
 * Paints scenes into frame buffers. While the view in force stays the same object (the timeline's entry), only
 * `movingRects` are drawn (clipped) and read back — the clock and the stamp, a turning wheel — over a copy of the
 * last frame; the pixels are those a full redraw gives (camera.frames.spec.ts).
 */
export class FramePainter {
  private readonly canvas: Canvas = createCanvas(FRAME.width, FRAME.height);
  private readonly ctx: SKRSContext2D = this.canvas.getContext('2d');
  private last: { readonly view: CameraScene['view']; readonly spinSince: number | null; readonly equipment: CameraEquipment; readonly tableName: string } | null = null;

  /**
   * Paints `scene` into `target`. `previous` is the buffer holding the last frame this painter painted (it may be
   * `target` itself), or null when there is none: then the whole picture is drawn.
   */
  paint(scene: CameraScene, target: Uint8Array, previous: Uint8Array | null): Painted {
    const l = this.last;
    const same = previous !== null && l !== null && l.view === scene.view && l.spinSince === scene.spinSince && l.equipment === scene.equipment && l.tableName === scene.tableName;
    this.last = { view: scene.view, spinSince: scene.spinSince, equipment: scene.equipment, tableName: scene.tableName };
    if (!same) {
      drawScene(this.ctx, scene);
      target.set(this.canvas.data());
      return 'full';
    }
    const rects = movingRects(scene);
    const ctx = this.ctx;
    ctx.save();
    ctx.beginPath();
    for (const r of rects) ctx.rect(r.x, r.y, r.w, r.h);
    ctx.clip();
    drawScene(ctx, scene);
    ctx.restore();
    if (target !== previous) target.set(previous);
    const row = FRAME.width * 4;
    for (const r of rects) {
      const px = this.ctx.getImageData(r.x, r.y, r.w, r.h).data;
      const w = r.w * 4;
      for (let y = 0; y < r.h; y++) target.set(px.subarray(y * w, (y + 1) * w), (r.y + y) * row + r.x * 4);
    }
    return 'patched';
  }
}

/**
 * A frame made: frame number `n` (captured at `at`, studio clock) is in slot `slot` until released — or, when every
 * slot was lent (the encoders behind, e.g. an ffmpeg still starting), in a buffer of its own (`spare`, slot -1,
 * nothing to release): a repeated picture would carry the previous frame's stamp under this frame's time.
 */
export interface FrameOut {
  readonly n: number;
  readonly at: number;
  readonly slot: number;
  readonly spare?: Uint8Array;
}

export interface FrameTable {
  readonly name: string;
  readonly equipment: CameraEquipment;
}

/**
 * One table's frame clock: frame n is captured at t0 + n / fps and made once its time is `captureDelayMs` past
 * (the commits of that instant have arrived). Each frame names the slot holding it; the slot is lent until
 * `release` is called once for that frame (every encoder is done with it). A slot lent out is never painted: when
 * every slot is lent (the encoders are behind) the frame is painted into a spare buffer of its own (allocated for
 * that frame: every frame's picture and stamp are its own time, which the LL-HLS segments' dates count on). A clock
 * that fell behind (the server's event loop stalled) catches up by painting every missed frame at its own time:
 * a repeated picture under a later frame's time let a player see the result before the frame that shows it (a
 * 1–1.5 s stall of the loaded browser-tier studio: a page showed the winning number 307 ms early). Only a freeze of
 * more than FREEZE_MS (a suspended machine) repeats the last picture (the count, hence the time, stays exact).
 */
/** Behind by more than this, the camera repeats its last picture instead of painting each missed frame (a freeze, not a stall). */
export const FREEZE_MS = 10_000;

export class FrameProducer {
  readonly timeline = new CameraTimeline();
  private n = 0;
  private last = -1;
  private readonly lent: number[];
  readonly painted = { full: 0, patched: 0, repeated: 0, spare: 0 };

  constructor(
    private readonly table: FrameTable,
    private readonly t0: number,
    private readonly captureDelayMs: number,
    private readonly slots: readonly Uint8Array[],
    private readonly out: (frame: FrameOut) => void,
    private readonly painter = new FramePainter(),
  ) {
    this.lent = slots.map(() => 0);
  }

  /** The encoders are done with one frame in `slot`. */
  release(slot: number): void {
    if ((this.lent[slot] ?? 0) > 0) this.lent[slot]! -= 1;
  }

  /** Whether `slot` is lent to the encoders now (tests). */
  isLent(slot: number): boolean {
    return (this.lent[slot] ?? 0) > 0;
  }

  /** Makes every frame whose capture time has come by `now` (studio clock). */
  tick(now: number): void {
    const due = now - this.captureDelayMs;
    while (this.t0 + this.n * FRAME_MS <= due) {
      const at = this.t0 + this.n * FRAME_MS;
      const behind = due - at > FREEZE_MS;
      let slot = this.last;
      const free = behind && this.last >= 0 ? null : this.freeSlot();
      if (free === null && !behind && this.last >= 0) {
        const spare = new Uint8Array(this.slots[this.last]!.byteLength);
        const e = this.timeline.at(at);
        this.painter.paint({ tableName: this.table.name, equipment: this.table.equipment, view: e?.view ?? null, at, spinSince: e?.spinSince ?? null }, spare, this.slots[this.last]!);
        this.painted.spare++;
        this.out({ n: this.n, at, slot: -1, spare });
        this.n++;
        continue;
      }
      if (free !== null) {
        const e = this.timeline.at(at);
        const previous = this.last >= 0 ? (this.slots[this.last] ?? null) : null;
        const how = this.painter.paint({ tableName: this.table.name, equipment: this.table.equipment, view: e?.view ?? null, at, spinSince: e?.spinSince ?? null }, this.slots[free]!, previous);
        this.painted[how]++;
        this.last = free;
        slot = free;
      } else this.painted.repeated++;
      this.lent[slot]! += 1;
      this.out({ n: this.n, at, slot });
      this.n++;
    }
  }

  /** A slot no encoder holds: the last frame's (patched in place: nothing to copy), else the first free one. */
  private freeSlot(): number | null {
    if (this.last >= 0 && this.lent[this.last] === 0) return this.last;
    const i = this.lent.indexOf(0);
    return i < 0 ? null : i;
  }
}
