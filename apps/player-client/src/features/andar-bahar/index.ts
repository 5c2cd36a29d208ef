import type { PlayerGamePlugin } from '../table/game';
import { andarBaharStrings } from './i18n';

/** Andar Bahar (libs/games/src/andar-bahar, AB-1..AB-8). */
export const andarBaharPlugin: PlayerGamePlugin = { games: ['andar-bahar'], load: () => import('./components/AndarBaharTable'), i18n: andarBaharStrings };
