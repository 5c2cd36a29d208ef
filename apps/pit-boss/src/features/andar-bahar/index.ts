import type { andarBahar } from '@felt-studio/games';
import type { PitGamePlugin } from '../../lib/plugin';

type View = andarBahar.AndarBaharView;
const isView = (v: unknown): v is View => typeof v === 'object' && v !== null && (v as { game?: unknown }).game === 'andar-bahar';

/** A round in one line, from the game's own pit-boss view: `joker 7H · andar 2C 9S · bahar KD 7S — bahar wins, 4 cards`. */
export function andarBaharOutcome(view: unknown): string | null {
  if (!isView(view) || view.joker === null) return null;
  const side = (s: 'andar' | 'bahar'): string => `${s} ${view[s].join(' ') || '—'}`;
  const deal = `joker ${view.joker} · ${side('andar')} · ${side('bahar')}`;
  return view.winner === null ? deal : `${deal} — ${view.winner} wins, ${view.dealtCount} cards`;
}

/** Andar Bahar in the pit boss (AB-1..AB-8): its rounds replay through the game's kernel; a card may be corrected. */
export const andarBaharPlugin: PitGamePlugin = { games: ['andar-bahar'], presets: ['card', 'custom'], outcome: andarBaharOutcome };
