import { type DealerGamePlugin, type GamePart, type Obj, isObj, num, str } from '../../round/plugin';
import type { SpecialState } from '../../round/round.types';

/** Roulette on the dealer console: the number, the ball in motion, no-spins (ROU-4) and wheel faults (ROU-6). */
export const roulettePlugin: DealerGamePlugin = {
  games: ['roulette'],
  derive(_game, view, rawPhase): GamePart {
    const v: Obj = isObj(view) ? view : {};
    const result = isObj(v['result']) ? v['result'] : null;
    const ballInMotion = v['ballInMotion'] === true;
    const noSpins = num(v['noSpinCount']) ?? 0;
    const fault = str(v['fault']);
    const special: SpecialState | null = fault !== null && rawPhase === 'void' ? { kind: 'wheel-fault', detail: fault, ruleId: 'ROU-6' } : rawPhase === 'play' && !ballInMotion && noSpins > 0 ? { kind: 'no-spin', count: noSpins, ruleId: 'ROU-4' } : null;
    return {
      roulette: { number: result ? num(result['number']) : null, colour: result ? str(result['colour']) : null, ballInMotion, noSpins, spin: num(v['spin']) },
      ...(rawPhase === 'play' && ballInMotion ? { phase: 'spinning' } : {}),
      special,
    };
  },
};

