import type { andarBahar } from '@felt-studio/games';
import type { PlayerGamePlugin } from '../../table/game';
import { andarBaharStrings } from './i18n';

/** Andar Bahar (libs/games/src/andar-bahar, AB-1..AB-8). */
export const andarBaharPlugin: PlayerGamePlugin = {
  games: ['andar-bahar'],
  load: () => import('./components/AndarBaharTable'),
  i18n: andarBaharStrings,
  lastResult: (view) => {
    const winner = (view as Pick<andarBahar.AndarBaharView, 'winner'> | null)?.winner ?? null;
    return winner === null ? null : { spot: winner, tone: winner === 'andar' ? 'a' : 'b' };
  },
};
