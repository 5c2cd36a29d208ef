import type { luckyDice } from '@felt-studio/games';
import type { PlayerGamePlugin } from '../../table/game';

export const luckyDicePlugin: PlayerGamePlugin = {
  games: ['lucky-dice'],
  load: () => import('./components/LuckyDiceTable'),
  // issue 20 defect 12: the lobby shows the lucky number of each round (red and green: (red − 1) × 6 + green, LD-1)
  lastResult: (view) => {
    const d = (view as Pick<luckyDice.LuckyDiceView, 'dice'> | null)?.dice ?? null;
    if (d === null || typeof d.red !== 'number' || typeof d.green !== 'number') return null;
    const n = (d.red - 1) * 6 + d.green;
    return { spot: `plein:${n}`, tone: d.red + d.green > 7 ? 'a' : d.red + d.green < 7 ? 'b' : 'tie', text: String(n) };
  },
};
