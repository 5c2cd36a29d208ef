import type { TFunction } from 'i18next';

/** A bet spot as a person reads it ("Straight 17", "Split 0-2", "Neighbours of 26 (±2)", "Banker"). */
export function spotLabel(game: string, spot: string, t: TFunction): string {
  const [kind = spot, a, b] = spot.split(':');
  const k = `spots.${game}.${kind}`;
  if (game === 'roulette' && kind === 'neighbours') return t('spots.roulette.neighbours', { n: a, k: b ?? '2' });
  if (a === undefined) return t(k, { defaultValue: spot });
  return t(k, { defaultValue: spot, v: a.replace(/-/g, '-'), w: b });
}
