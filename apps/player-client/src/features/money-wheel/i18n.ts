import type { Catalogue } from '@felt-studio/ui';

/** Money Wheel's strings in the `player` namespace (merged in by app/games.ts). */
export const moneyWheelStrings: Catalogue = {
  en: {
    spots: { 'money-wheel': { number: 'Number {{v}}' } },
    limits: { kinds: { 'money-wheel': { number: 'A number' } } },
    moneyWheel: {
      wheel: 'The money wheel',
      numbers: 'Numbers on the wheel',
      segments_one: '{{count}} segment',
      segments_other: '{{count}} segments',
      betting: 'Place your bets on the number the wheel stops on',
      spinning: 'The wheel spins…',
      multiplier: 'Multiplier {{list}}: your bets stand and win {{m}}x (MW-2)',
      invalid: 'That spin did not count: the wheel spins again (MW-4)',
      result: 'The wheel stopped on {{n}}',
      resultMultiplied: 'The wheel stopped on {{n}} · {{m}}x',
      void: 'Round void: every bet refunded',
      waiting: 'Waiting for the next round',
      multipliers: 'Multipliers 2x and 7x: every bet stands for another spin, its win multiplied (MW-2).',
    },
  },
  sv: {
    spots: { 'money-wheel': { number: 'Nummer {{v}}' } },
    limits: { kinds: { 'money-wheel': { number: 'Ett nummer' } } },
    moneyWheel: {
      wheel: 'Lyckohjulet',
      numbers: 'Numren på hjulet',
      segments_one: '{{count}} segment',
      segments_other: '{{count}} segment',
      betting: 'Satsa på numret hjulet stannar på',
      spinning: 'Hjulet snurrar…',
      multiplier: 'Multiplikator {{list}}: dina insatser står kvar och vinner {{m}}x (MW-2)',
      invalid: 'Snurret räknades inte: hjulet snurrar igen (MW-4)',
      result: 'Hjulet stannade på {{n}}',
      resultMultiplied: 'Hjulet stannade på {{n}} · {{m}}x',
      void: 'Rundan ogiltig: alla insatser återbetalda',
      waiting: 'Väntar på nästa runda',
      multipliers: 'Multiplikatorerna 2x och 7x: alla insatser står kvar till nästa snurr, vinsten multipliceras (MW-2).',
    },
  },
};
