import type { moneyWheel } from '@felt-studio/games';
import type { PlayerGamePlugin } from '../../table/game';
import { moneyWheelStrings } from './i18n';

/** Money Wheel (libs/games/src/money-wheel, MW-1..MW-4; issue 20 defect 2). */
export const moneyWheelPlugin: PlayerGamePlugin = {
  games: ['money-wheel'],
  load: () => import('./components/MoneyWheelTable'),
  i18n: moneyWheelStrings,
  lastResult: (view) => {
    const v = view as Pick<moneyWheel.MoneyWheelView, 'result' | 'multiplier'> | null;
    const n = v?.result ?? null;
    return n === null ? null : { spot: `number:${n}`, tone: n >= 10 ? 'a' : 'b', text: v?.multiplier ? `${n}·${v.multiplier}x` : String(n) };
  },
};
