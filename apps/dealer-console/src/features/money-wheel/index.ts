import type { moneyWheel } from '@felt-studio/games';
import type { DealerGamePlugin, GamePart } from '../../round/plugin';

type View = moneyWheel.MoneyWheelView;

/**
 * Money Wheel on the dealer console (MW-1..MW-4, issue 20 defect 2): the wheel spins on the server's
 * `moneywheel.spin` once the dealer closes betting (and again after a multiplier or a void spin), so the
 * dealer's controls are the common ones (open, close = spin, void, call the pit boss); the console shows
 * the wheel's state: spins, the multipliers landed and their stacked value (MW-2), void spins (MW-4),
 * the winning number. Read from the game's own dealer view type.
 */
export function moneyWheelPart(view: View | null): GamePart {
  if (view === null) return {};
  let invalidInARow = 0;
  for (const s of view.spins) invalidInARow = s.valid ? 0 : invalidInARow + 1;
  const valid = view.spins.filter((s) => s.valid);
  const last = valid.length > 0 ? (valid[valid.length - 1] as Extract<View['spins'][number], { valid: true }>).label : null;
  return {
    moneyWheel: { spins: view.spins.length, last, multipliers: view.multipliers, multiplier: view.multiplier, result: view.result, invalidInARow },
  };
}

const isView = (v: unknown): v is View => typeof v === 'object' && v !== null && (v as { game?: unknown }).game === 'money-wheel';

export const moneyWheelPlugin: DealerGamePlugin = {
  games: ['money-wheel'],
  derive: (_game, view) => moneyWheelPart(isView(view) ? view : null),
  i18n: {
    en: {
      moneyWheel: {
        region: 'Money wheel',
        winning: 'Winning number',
        result: 'Winning number {{n}}',
        resultMultiplied: 'Winning number {{n}} · {{m}}x',
        waiting: 'Close betting: the wheel spins',
        spinning: 'The wheel spins…',
        multiplier: 'Multiplier {{list}}: every bet stands, now {{m}}x (MW-2)',
        invalid: 'Spin {{spin}} made too few turns and does not count: the wheel spins again (MW-4)',
        spins: 'Spins this round: {{count}}',
        last: 'Last segment: {{label}}',
      },
    },
    sv: {
      moneyWheel: {
        region: 'Lyckohjul',
        winning: 'Vinnande nummer',
        result: 'Vinnande nummer {{n}}',
        resultMultiplied: 'Vinnande nummer {{n}} · {{m}}x',
        waiting: 'Stäng spelet: hjulet snurrar',
        spinning: 'Hjulet snurrar…',
        multiplier: 'Multiplikator {{list}}: alla insatser står kvar, nu {{m}}x (MW-2)',
        invalid: 'Snurr {{spin}} gick för få varv och räknas inte: hjulet snurrar igen (MW-4)',
        spins: 'Snurr denna runda: {{count}}',
        last: 'Senaste segment: {{label}}',
      },
    },
  },
};
