import { useEffect, useRef } from 'react';

/** Motion only for those who have not asked to reduce it (prefers-reduced-motion). */
export const motionAllowed = (): boolean => !(globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);

const centre = (el: Element): { x: number; y: number } | null => {
  const r = el.getBoundingClientRect();
  return r.width === 0 && r.height === 0 ? null : { x: r.left + r.width / 2, y: r.top + r.height / 2 };
};

/**
 * A chip that flies from one element to another: a fixed-position element moved by `transform` only
 * (the Web Animations API, on the compositor), removed when it lands — it never moves the page (no
 * layout shift) and never delays a frame. Nothing happens under prefers-reduced-motion.
 */
export function flyChip(from: Element | null, to: Element | null, tone: 'bet' | 'win' = 'bet'): void {
  if (!from || !to || !motionAllowed() || typeof document === 'undefined') return;
  const a = centre(from);
  const b = centre(to);
  if (!a || !b) return;
  const chip = document.createElement('span');
  chip.className = `chip-flight is-${tone}`;
  chip.setAttribute('aria-hidden', 'true');
  chip.style.left = `${a.x - 14}px`;
  chip.style.top = `${a.y - 14}px`;
  document.body.appendChild(chip);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const anim = chip.animate?.(
    [
      { transform: 'translate(0, 0) scale(1)', opacity: 1 },
      { transform: `translate(${dx / 2}px, ${dy / 2 - 40}px) scale(1.1)`, opacity: 1, offset: 0.5 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.8)`, opacity: 0.2 },
    ],
    { duration: tone === 'win' ? 650 : 380, easing: 'cubic-bezier(.3,.7,.4,1)' },
  );
  if (!anim) return void chip.remove();
  anim.onfinish = () => chip.remove();
  anim.oncancel = () => chip.remove();
}

const spotEl = (spot: string): Element | null => document.querySelector(`.table-stage [data-spot="${CSS.escape(spot)}"]`);

/** Chips fly from the rack to a spot whenever the player's chips on it grow (pending or accepted). */
export function useChipFlights(stakes: ReadonlyMap<string, number>, pending: ReadonlyMap<string, number>): void {
  const before = useRef<Map<string, number>>(new Map());
  useEffect(() => {
    const now = new Map<string, number>();
    for (const [s, m] of stakes) now.set(s, m);
    for (const [s, m] of pending) now.set(s, Math.max(now.get(s) ?? 0, m));
    for (const [s, m] of now) {
      if (m > (before.current.get(s) ?? 0)) flyChip(document.querySelector('.felt-chip-rack .is-selected'), spotEl(s), 'bet');
    }
    before.current = now;
  }, [stakes, pending]);
}

/** The winnings fly from each paid spot to the balance. */
export function flyWinnings(spots: readonly string[]): void {
  if (typeof document === 'undefined') return;
  const balance = document.querySelector('.table-top .balance');
  for (const s of spots) flyChip(spotEl(s), balance, 'win');
}
