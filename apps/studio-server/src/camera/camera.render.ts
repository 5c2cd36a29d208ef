import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { CAMERA_STAMP, readCameraStamp } from '@felt-studio/protocol';

/**
 * Issue 21 §2: what the demo studio camera sees of a table at one instant — drawn from the table's public
 * view (the redacted view a player without bets gets, built from the device events: the wheel's reported
 * pocket, the shoe's cards, the dice), never from anything a camera could not see. Pure drawing: the caller
 * gives the view in force at the frame's capture time (`at`, studio clock) and when the current spin started.
 */
export const FRAME = { width: 640, height: 360, fps: 15 } as const;

/** The machine-readable stamp: the capture time in ms as STAMP.bits black/white blocks along the bottom edge (one definition, @felt-studio/protocol). */
export const STAMP = CAMERA_STAMP;

/**
 * What stands on the table for a camera to see (issue 19 §4: no game names here). It follows from what the
 * game's devices report (`equipmentOf`): a roulette wheel's ball, a money wheel's segment, or a table of cards and
 * dice drawn from the view.
 */
export type CameraEquipment = 'roulette-wheel' | 'money-wheel' | 'table';

/** The equipment of a game whose devices report these messages (its definition's `devices.reporters`). */
export function equipmentOf(reports: readonly string[]): CameraEquipment {
  if (reports.includes('wheel')) return 'roulette-wheel';
  if (reports.includes('moneywheel')) return 'money-wheel';
  return 'table';
}

export interface CameraScene {
  readonly tableName: string;
  readonly equipment: CameraEquipment;
  /** The public view in force at `at` (null: no round yet). */
  readonly view: Record<string, unknown> | null;
  /** The capture time of this frame (studio clock, ms since the epoch). */
  readonly at: number;
  /** When the ball of the current spin was launched (roulette) / the wheel set spinning; null when at rest. */
  readonly spinSince: number | null;
}

// European wheel order (ROU: single zero)
const WHEEL = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26] as const;
const REDS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const CARD_RE = /^(A|[2-9]|10|T|J|Q|K)([SHDC])$/;
const SUIT_GLYPH: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** Draws one frame of the table at `scene.at`. */
export function drawScene(ctx: SKRSContext2D, scene: CameraScene): void {
  const { width: W, height: H } = FRAME;
  ctx.fillStyle = '#0b5d3b';
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = 'rgba(0,0,0,0.25)';
  ctx.fillRect(0, 0, W, 28);
  ctx.fillStyle = '#f4e9c8';
  ctx.font = 'bold 16px sans-serif';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(scene.tableName, 10, 14);
  const phase = typeof scene.view?.['phase'] === 'string' ? scene.view['phase'] : 'waiting';
  ctx.textAlign = 'right';
  ctx.fillText(phase, W - 10, 14);
  if (scene.equipment === 'roulette-wheel') drawRoulette(ctx, scene);
  else if (scene.equipment === 'money-wheel') drawMoneyWheel(ctx, scene);
  else drawGeneric(ctx, scene);
  drawClock(ctx, scene.at);
}

function spinAngle(scene: CameraScene, speed: number): number {
  // the wheel turns slowly all the time; the ball runs against it while in motion
  return ((scene.at % 60_000) / 60_000) * Math.PI * 2 * speed;
}

/** The wheel's pockets drawn once (a sprite turned per frame: 37 sectors and their numbers are most of a frame's cost). */
let wheelSprite: Canvas | null = null;
const WHEEL_R = 140;
function wheel(): Canvas {
  if (wheelSprite) return wheelSprite;
  const size = (WHEEL_R + 14) * 2;
  const c = createCanvas(size, size);
  const ctx = c.getContext('2d');
  const cx = size / 2;
  const step = (Math.PI * 2) / WHEEL.length;
  ctx.fillStyle = '#4a2c12';
  ctx.beginPath();
  ctx.arc(cx, cx, WHEEL_R + 14, 0, Math.PI * 2);
  ctx.fill();
  WHEEL.forEach((n, i) => {
    const a0 = i * step;
    ctx.fillStyle = n === 0 ? '#1f8a3b' : REDS.has(n) ? '#b3261e' : '#161616';
    ctx.beginPath();
    ctx.moveTo(cx, cx);
    ctx.arc(cx, cx, WHEEL_R, a0, a0 + step);
    ctx.closePath();
    ctx.fill();
    ctx.save();
    ctx.translate(cx, cx);
    ctx.rotate(a0 + step / 2);
    ctx.fillStyle = '#fff';
    ctx.font = 'bold 11px sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText(String(n), WHEEL_R - 16, 4);
    ctx.restore();
  });
  ctx.fillStyle = '#7a5a2a';
  ctx.beginPath();
  ctx.arc(cx, cx, WHEEL_R * 0.45, 0, Math.PI * 2);
  ctx.fill();
  wheelSprite = c;
  return c;
}

function drawRoulette(ctx: SKRSContext2D, scene: CameraScene): void {
  const cx = 200;
  const cy = 190;
  const r = WHEEL_R;
  const rot = spinAngle(scene, 3);
  const step = (Math.PI * 2) / WHEEL.length;
  const sprite = wheel();
  ctx.save();
  ctx.translate(cx, cy);
  ctx.rotate(rot);
  ctx.drawImage(sprite, -sprite.width / 2, -sprite.height / 2);
  ctx.restore();
  const v = scene.view;
  const result = (v?.['result'] as { number?: unknown } | null | undefined)?.number;
  const inMotion = v?.['ballInMotion'] === true;
  let ball: { a: number; rr: number } | null = null;
  if (typeof result === 'number' && !inMotion) {
    const i = WHEEL.indexOf(result as (typeof WHEEL)[number]);
    ball = { a: rot + i * step + step / 2, rr: r - 34 };
  } else if (inMotion && scene.spinSince !== null) {
    const t = Math.max(0, scene.at - scene.spinSince) / 1000;
    // the ball runs fast on the rim, slowing, against the wheel's turn
    ball = { a: -(t * 9 - t * t * 0.25), rr: r + 4 };
  }
  if (ball) {
    ctx.fillStyle = '#f8f8f8';
    ctx.beginPath();
    ctx.arc(cx + Math.cos(ball.a) * ball.rr, cy + Math.sin(ball.a) * ball.rr, 7, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.textAlign = 'left';
  ctx.fillStyle = '#f4e9c8';
  ctx.font = 'bold 22px sans-serif';
  const caption = typeof result === 'number' && !inMotion ? `Ball in ${result}` : inMotion ? 'Ball in motion' : 'Place your bets';
  ctx.fillText(caption, 380, 150);
}

function drawMoneyWheel(ctx: SKRSContext2D, scene: CameraScene): void {
  const cx = 200;
  const cy = 190;
  const r = 140;
  const v = scene.view;
  const result = v?.['result'];
  const spinning = scene.spinSince !== null && (result === null || result === undefined);
  const rot = spinning ? ((scene.at - (scene.spinSince ?? 0)) / 1000) * 4 : 0;
  const segs = 54;
  const step = (Math.PI * 2) / segs;
  const colours = ['#e0b52a', '#2a7be0', '#8a2ae0', '#2ae07b', '#e02a5c'];
  for (let i = 0; i < segs; i++) {
    ctx.fillStyle = colours[i % colours.length] as string;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.arc(cx, cy, r, rot + i * step, rot + (i + 1) * step);
    ctx.closePath();
    ctx.fill();
  }
  ctx.fillStyle = '#f4e9c8';
  ctx.beginPath();
  ctx.moveTo(cx - 10, cy - r - 16);
  ctx.lineTo(cx + 10, cy - r - 16);
  ctx.lineTo(cx, cy - r + 6);
  ctx.fill();
  ctx.font = 'bold 22px sans-serif';
  ctx.textAlign = 'left';
  ctx.fillText(result !== null && result !== undefined ? `Wheel stops on ${String(result)}` : spinning ? 'Wheel spinning' : 'Place your bets', 380, 150);
}

/** Cards (grouped by where they lie in the view), dice and the result, as a camera over the layout would show them. */
function drawGeneric(ctx: SKRSContext2D, scene: CameraScene): void {
  const found = collect(scene.view);
  let y = 50;
  for (const [label, cards] of found.cards) {
    ctx.fillStyle = '#f4e9c8';
    ctx.font = 'bold 15px sans-serif';
    ctx.textAlign = 'left';
    ctx.fillText(label, 20, y + 30);
    cards.slice(0, 10).forEach((c, i) => drawCard(ctx, 130 + i * 52, y, c));
    y += 84;
    if (y > 260) break;
  }
  if (found.dice.length > 0) {
    found.dice.slice(0, 3).forEach((d, i) => drawDie(ctx, 140 + i * 90, Math.max(y, 120), d));
  }
  const result = scene.view?.['result'];
  if (result !== null && result !== undefined) {
    ctx.fillStyle = '#f4e9c8';
    ctx.font = 'bold 18px sans-serif';
    ctx.textAlign = 'left';
    ctx.fillText(`Result: ${summarise(result)}`, 20, 300);
  }
}

function summarise(v: unknown): string {
  if (typeof v !== 'object' || v === null) return String(v);
  const o = v as Record<string, unknown>;
  for (const k of ['winner', 'outcome', 'side', 'number', 'total']) if (o[k] !== undefined && typeof o[k] !== 'object') return String(o[k]);
  return JSON.stringify(v).slice(0, 60);
}

interface Found {
  readonly cards: Map<string, string[]>;
  readonly dice: number[];
}

function collect(view: Record<string, unknown> | null): Found {
  const out: Found = { cards: new Map(), dice: [] };
  const walk = (v: unknown, label: string, depth: number): void => {
    if (depth > 6 || v === null || v === undefined) return;
    if (typeof v === 'string') {
      if (CARD_RE.test(v)) out.cards.set(label, [...(out.cards.get(label) ?? []), v]);
      return;
    }
    if (Array.isArray(v)) {
      if (/dice|die/i.test(label) && v.every((d) => typeof d === 'number' && d >= 1 && d <= 6)) out.dice.push(...(v as number[]));
      else for (const x of v) walk(x, label, depth + 1);
      return;
    }
    if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      // a card lying on a side (baccarat `to`, a hand or seat) is labelled by it
      const side = typeof o['to'] === 'string' ? o['to'] : typeof o['hand'] === 'string' ? o['hand'] : typeof o['side'] === 'string' ? o['side'] : null;
      for (const [k, x] of Object.entries(o)) {
        if (k === 'bets' || k === 'limits' || k === 'totals' || k === 'history') continue;
        walk(x, side ?? (typeof x === 'string' ? label : k), depth + 1);
      }
    }
  };
  walk(view, 'cards', 0);
  return out;
}

function drawCard(ctx: SKRSContext2D, x: number, y: number, card: string): void {
  const m = CARD_RE.exec(card);
  const rank = m?.[1] === 'T' ? '10' : (m?.[1] ?? '?');
  const suit = m?.[2] ?? 'S';
  ctx.fillStyle = '#fafafa';
  ctx.fillRect(x, y, 46, 68);
  ctx.fillStyle = suit === 'H' || suit === 'D' ? '#c62828' : '#111';
  ctx.font = 'bold 20px sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(rank, x + 23, y + 22);
  ctx.font = '22px sans-serif';
  ctx.fillText(SUIT_GLYPH[suit] ?? suit, x + 23, y + 50);
}

function drawDie(ctx: SKRSContext2D, x: number, y: number, n: number): void {
  ctx.fillStyle = '#fafafa';
  ctx.fillRect(x, y, 64, 64);
  ctx.fillStyle = '#111';
  const pips: Record<number, [number, number][]> = {
    1: [[1, 1]],
    2: [[0, 0], [2, 2]],
    3: [[0, 0], [1, 1], [2, 2]],
    4: [[0, 0], [0, 2], [2, 0], [2, 2]],
    5: [[0, 0], [0, 2], [1, 1], [2, 0], [2, 2]],
    6: [[0, 0], [0, 1], [0, 2], [2, 0], [2, 1], [2, 2]],
  };
  for (const [px, py] of pips[n] ?? []) {
    ctx.beginPath();
    ctx.arc(x + 14 + px * 18, y + 14 + py * 18, 6, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** A rectangle of the frame, in pixels (whole numbers). */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

// the turned sprite's disk (radius WHEEL_R + 14) and its smoothed edge; the ball stays inside it
const WHEEL_BOX: Rect = { x: 200 - (WHEEL_R + 16), y: 190 - (WHEEL_R + 16), w: (WHEEL_R + 16) * 2, h: (WHEEL_R + 16) * 2 };
const MONEY_WHEEL_BOX: Rect = { x: 200 - 142, y: 190 - 142, w: 284, h: 284 };
/** The readable clock's box and the stamp's row (drawClock). */
const CLOCK_RECTS: readonly Rect[] = [
  { x: FRAME.width - 200, y: FRAME.height - STAMP.height - 30, w: 190, h: 24 },
  { x: STAMP.left, y: FRAME.height - STAMP.height, w: STAMP.bits * STAMP.block, h: STAMP.height },
];

/**
 * Where a frame of `scene` can differ from the frame of the same scene (same view, same spin) at another time:
 * the clock and the stamp, the roulette wheel's box (it turns all the time; the ball runs on its rim, inside the
 * box), the money wheel's box while it spins. Everything else drawScene draws depends on the view alone. The
 * painter (camera.frames.ts) redraws only these while the view stays; keep them in step with the drawing above.
 */
export function movingRects(scene: CameraScene): readonly Rect[] {
  switch (scene.equipment) {
    case 'roulette-wheel':
      return [WHEEL_BOX, ...CLOCK_RECTS];
    case 'money-wheel': {
      const result = scene.view?.['result'];
      const spinning = scene.spinSince !== null && (result === null || result === undefined);
      return spinning ? [MONEY_WHEEL_BOX, ...CLOCK_RECTS] : CLOCK_RECTS;
    }
    case 'table':
      return CLOCK_RECTS;
  }
}

/** The studio clock, readable (top right) and machine-readable (STAMP blocks along the bottom, most significant bit first). */
function drawClock(ctx: SKRSContext2D, at: number): void {
  const { width: W, height: H } = FRAME;
  ctx.fillStyle = 'rgba(0,0,0,0.55)';
  ctx.fillRect(W - 200, H - STAMP.height - 30, 190, 24);
  ctx.fillStyle = '#fff';
  ctx.font = '14px monospace';
  ctx.textAlign = 'right';
  ctx.fillText(`studio ${new Date(at).toISOString().slice(11, 23)}`, W - 16, H - STAMP.height - 18);
  const y = H - STAMP.height;
  for (let i = 0; i < STAMP.bits; i++) {
    const bit = Math.floor(at / 2 ** (STAMP.bits - 1 - i)) % 2;
    ctx.fillStyle = bit === 1 ? '#ffffff' : '#000000';
    ctx.fillRect(STAMP.left + i * STAMP.block, y, STAMP.block, STAMP.height);
  }
}

/** Reads the capture time back from a frame's RGBA pixels (tests; the player reads the video's row the same way). */
export function readStamp(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): number {
  return readCameraStamp(rgba, width, height - Math.ceil(STAMP.height / 2));
}
