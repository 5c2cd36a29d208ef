import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session.js';

/**
 * Milliseconds left until a server-clock deadline, ticking locally (corrected by the session's clock offset): every
 * `tick` ms, or — `'seconds'` — only when the whole seconds left change (a timer's text: one render a second). The
 * value is exact at each render.
 */
export function useCountdown(deadlineServerMs: number | null, tick: number | 'seconds' = 200): number | null {
  const { serverNow } = useSession();
  const [left, setLeft] = useState<number | null>(deadlineServerMs === null ? null : Math.max(0, deadlineServerMs - serverNow()));
  useEffect(() => {
    if (deadlineServerMs === null) {
      setLeft(null);
      return;
    }
    let h: ReturnType<typeof setTimeout> | undefined;
    const step = (): void => {
      const ms = Math.max(0, deadlineServerMs - serverNow());
      setLeft(ms);
      // 'seconds': the next change of Math.ceil(ms / 1000), just past the next whole second
      if (ms > 0) h = setTimeout(step, tick === 'seconds' ? (ms % 1000 || 1000) + 5 : tick);
    };
    step();
    return () => clearTimeout(h);
  }, [deadlineServerMs, serverNow, tick]);
  return left;
}

/** useCountdown re-rendering once a second (the seconds of a timer's text). */
export const useSecondsCountdown = (deadlineServerMs: number | null): number | null => useCountdown(deadlineServerMs, 'seconds');

/** Ring updates per second: smooth to the eye, a sixth of the paints of a free-running transition. */
const RING_STEPS_PER_S = 10;

/**
 * The seconds as text of a constant width for the window (tabular digits, figure-space padded): a
 * countdown from 10 to 9 never moves the text, so the timer causes no layout shift.
 */
export function padSeconds(seconds: number, windowMs: number): string {
  const digits = String(Math.max(seconds, Math.ceil(windowMs / 1000))).length;
  return String(seconds).padStart(digits, '\u2007');
}

export interface BetTimerProps {
  /** `bettingClosesAt` (server clock, epoch ms); null when no betting window is open. */
  readonly closesAt: number | null;
  /** The table's bet window (for the ring's fraction). */
  readonly windowMs: number;
  /** Betting is open on the server (phase `betting`). */
  readonly open: boolean;
  readonly size?: number;
  /** Label for the timer (default "Betting time left"); blackjack uses it for the decision timer. */
  readonly label?: string;
  /**
   * One timer of many (the lobby's grid): no red flash at the close and no colour fades. Each flash is a filter
   * re-rastered every frame for 2 s and each fade 0.3 s of frames; a lobby of nine tables closing in turn kept its
   * browser at ~35 % of a core, ~21 % without them (software raster, measured 2026-11-29). The state still shows:
   * the ring's colour and the "Wait" / "Closed" words.
   */
  readonly quiet?: boolean;
}

/**
 * The bet timer: a ring and the seconds left, counted down to the server's `bettingClosesAt`
 * corrected for the clock offset. Amber under 5 s, red and "No more bets" at 0 (GEN-3).
 */
export function BetTimer({ closesAt, windowMs, open, size = 72, label, quiet = false }: BetTimerProps) {
  const { t } = useTranslation('common');
  const left = useSecondsCountdown(open ? closesAt : null);
  const seconds = left === null ? null : Math.ceil(left / 1000);
  const state = !open || seconds === 0 ? 'closed' : seconds !== null && seconds <= 5 ? 'urgent' : 'open';
  const r = 30;
  const c = 2 * Math.PI * r;
  const ring = useRingDrain(open ? closesAt : null, windowMs, c);
  const text = open && seconds !== null && seconds > 0 ? t('timer.seconds', { s: seconds }) : open ? t('timer.closed') : t('timer.waiting');
  return (
    <div className={`felt-timer is-${state}${quiet ? ' is-quiet' : ''}`} role="timer" aria-label={label ?? t('timer.label')} aria-live="off" style={{ width: size, height: size }}>
      <svg viewBox="0 0 72 72" width={size} height={size} aria-hidden="true">
        <circle cx="36" cy="36" r={r} className="felt-timer-track" />
        <circle cx="36" cy="36" r={r} className="felt-timer-ring" strokeDasharray={c} ref={ring} transform="rotate(-90 36 36)" />
      </svg>
      <span className="felt-timer-text">{open && seconds !== null && seconds > 0 ? padSeconds(seconds, windowMs) : ''}</span>
      {/* issue 20 defect 12: an idle ring says so ("Wait" / "Closed"), never a blank black disc */}
      {open && seconds !== null && seconds > 0 ? null : (
        <span className="felt-timer-idle" aria-hidden="true">
          {open ? t('timer.closedShort') : t('timer.idleShort')}
        </span>
      )}
      <span className="felt-visually-hidden">{text}</span>
    </div>
  );
}

/**
 * One clock for every ring on the page: all of them are set in the same tick, so the browser paints once per
 * step whatever the number of rings. Each ring with its own timer fired in a frame of its own — a lobby of 16 rings
 * was 160 paints a second (software raster: ~0.17 of a core of Chromium for the rings alone, measured 2026-11-28).
 * A ring's step returns false once it has drained; the clock stops when none is left.
 */
const rings = new Set<() => boolean>();
let ringTimer: ReturnType<typeof setTimeout> | undefined;
function ringTick(): void {
  ringTimer = undefined;
  for (const step of [...rings]) if (!step()) rings.delete(step);
  if (rings.size > 0) ringTimer = setTimeout(ringTick, 1000 / RING_STEPS_PER_S);
}
function onRingClock(step: () => boolean): () => void {
  rings.add(step);
  ringTimer ??= setTimeout(ringTick, 1000 / RING_STEPS_PER_S);
  return () => {
    rings.delete(step);
    if (rings.size === 0 && ringTimer !== undefined) {
      clearTimeout(ringTimer);
      ringTimer = undefined;
    }
  };
}

/**
 * The ring's drain to the deadline: the circle's offset set straight on the element ten times a second on the page's
 * one ring clock (a step a whole second under prefers-reduced-motion: the offset changes only when the whole seconds
 * left do), no React render and no animation — a free-running transition re-started every 200 ms kept a table page's
 * browser at ~16 % of a core (software raster, 60 paints a second), its lobby of rings at ~30 %; a stepped CSS
 * animation still re-styled every frame (~10 %).
 */
function useRingDrain(closesAtServerMs: number | null, windowMs: number, circumference: number): RefObject<SVGCircleElement | null> {
  const { serverNow } = useSession();
  const ref = useRef<SVGCircleElement | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (closesAtServerMs === null || windowMs <= 0) {
      el.style.strokeDashoffset = '';
      return;
    }
    const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    let last = '';
    const set = (): boolean => {
      const exact = Math.max(0, closesAtServerMs - serverNow());
      const left = reduce ? Math.ceil(exact / 1000) * 1000 : exact;
      const offset = String(circumference * (1 - Math.min(1, left / windowMs)));
      if (offset !== last) el.style.strokeDashoffset = last = offset; // the same value again: not written (no style change)
      return exact > 0;
    };
    return set() ? onRingClock(set) : undefined;
  }, [closesAtServerMs, windowMs, circumference, serverNow]);
  return ref;
}
