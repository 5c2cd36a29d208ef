import type { moneyWheel } from '@felt-studio/games';
import type { PitGamePlugin } from '../../lib/plugin';

type View = moneyWheel.MoneyWheelView;
const isView = (v: unknown): v is View => typeof v === 'object' && v !== null && (v as { game?: unknown }).game === 'money-wheel';

/** A round in one line (issue 20 defect 2): `spins 2x · 10 — 10 at 2x`, void spins marked (MW-2, MW-4). */
export function moneyWheelOutcome(view: unknown): string | null {
  if (!isView(view) || view.spins.length === 0) return null;
  const spins = view.spins.map((s) => (s.valid ? s.label : 'void spin')).join(' · ');
  if (view.result === null) return `spins ${spins}`;
  return `spins ${spins} — ${view.result}${view.multiplier !== null ? ` at ${view.multiplier}x` : ''}`;
}

/** Money Wheel in the pit boss (MW-1..MW-4): its rounds replay through the game's kernel. */
export const moneyWheelPlugin: PitGamePlugin = { games: ['money-wheel'], presets: ['custom'], outcome: moneyWheelOutcome };
