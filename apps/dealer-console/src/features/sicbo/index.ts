import { type DealerGamePlugin, type GamePart, type Obj, arr, isObj, num } from '../../round/plugin';

/** Sic Bo on the dealer console: the three dice, shaker faults (SB-4). */
export const sicboPlugin: DealerGamePlugin = {
  games: ['sicbo'],
  derive(_game, view, rawPhase): GamePart {
    const v: Obj = isObj(view) ? view : {};
    const d = arr(v['dice']).map(num).filter((x): x is number => x !== null);
    const faults = num(v['faults']) ?? 0;
    return { dice: d.length === 3 ? d : null, special: faults > 0 && (rawPhase === 'closed' || rawPhase === 'play') ? { kind: 'dice-fault', count: faults, ruleId: 'SB-4' } : null };
  },
};

