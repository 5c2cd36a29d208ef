import { type DealerGamePlugin, type GamePart, type Obj, isObj, num, str } from '../../round/plugin';

/** Lucky Dice on the dealer console: the red and green die, method B's shooter (LD-6, LD-7), faults (LD-8). */
export const luckyDicePlugin: DealerGamePlugin = {
  games: ['lucky-dice'],
  derive(_game, view, rawPhase): GamePart {
    const v: Obj = isObj(view) ? view : {};
    // RAY 2011 (docs/rules) §5.1: the red die (group) first, then the green die (number)
    const d = isObj(v['dice']) ? [num(v['dice']['red']), num(v['dice']['green'])] : [];
    const faults = num(v['faults']) ?? 0;
    const method = v['drawMethod'] === 'dealer-cups' || v['drawMethod'] === 'player-throw' ? v['drawMethod'] : null;
    const pt = isObj(v['pendingThrow']) ? { red: num(v['pendingThrow']['red']), green: num(v['pendingThrow']['green']) } : null;
    return {
      dice: d.length === 2 && d.every((x) => x !== null) ? (d as number[]) : null,
      special: faults > 0 && rawPhase === 'closed' ? { kind: 'dice-fault', count: faults, ruleId: 'LD-8' } : null,
      luckyDice: { method, hasShooter: str(v['shooter']) !== null, permitted: v['throwPermitted'] === true, pendingThrow: pt && pt.red !== null && pt.green !== null ? { red: pt.red, green: pt.green } : null },
    };
  },
};

