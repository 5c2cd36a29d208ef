import { baccarat, type Card } from '@felt-studio/games';
import { type DealerGamePlugin, type GamePart, type Obj, arr, isCardCode, isObj, num, str } from '../../round/plugin';
import type { HandModel, RoundModel, SpecialState } from '../../round/round.types';

function baccaratHands(view: Obj, phase: string): HandModel[] {
  const dealt = arr(view['cards']).filter(isObj);
  const side = (to: 'player' | 'banker'): Card[] => dealt.filter((c) => c['to'] === to && isCardCode(c['card'])).map((c) => c['card'] as Card);
  const p = side('player');
  const b = side('banker');
  // The side that receives the next card (BAC-12..16), from the pure rules.
  let dueTo: string | null = null;
  if (phase === 'closed' || phase === 'play') {
    const due = baccarat.nextDue(dealt.filter((c) => isCardCode(c['card'])).map((c) => c['card'] as Card));
    if (due.type === 'deal') dueTo = due.to;
  }
  return [
    { id: 'player', label: 'baccaratPlayer', labelParams: {}, cards: p, total: p.length > 0 ? { value: baccarat.points(p), soft: false } : null, active: dueTo === 'player' },
    { id: 'banker', label: 'baccaratBanker', labelParams: {}, cards: b, total: b.length > 0 ? { value: baccarat.points(b), soft: false } : null, active: dueTo === 'banker' },
  ];
}

function baccaratSpecial(view: Obj): SpecialState | null {
  const halt = isObj(view['halt']) ? view['halt'] : null;
  if (!halt || view['phase'] !== 'halted') return null;
  const detail = str(halt['message']) ?? '';
  const ruleId = str(halt['ruleId']) ?? 'S-2';
  switch (halt['reason']) {
    case 'unreadable-card':
      return { kind: 'unreadable-card', detail, ruleId };
    case 'impossible-card':
      return { kind: 'impossible-card', detail, ruleId };
    default:
      return { kind: 'misdeal', detail, ruleId };
  }
}

/** Baccarat on the dealer console: both hands as scanned, the side due next (BAC-12..16), halts (BAC-17, S-1..S-3). */
export const baccaratPlugin: DealerGamePlugin = {
  games: ['baccarat'],
  cards: true,
  cutCard: true,
  derive(_game, view, rawPhase): GamePart {
    const v: Obj = isObj(view) ? view : {};
    let baccaratResult: RoundModel['baccaratResult'] = null;
    if (isObj(v['result'])) {
      const r = v['result'];
      const outcome = r['outcome'];
      const p = num(r['playerPoints']);
      const b = num(r['bankerPoints']);
      if ((outcome === 'player' || outcome === 'banker' || outcome === 'tie') && p !== null && b !== null) baccaratResult = { outcome, p, b };
    }
    return { hands: baccaratHands(v, rawPhase), special: baccaratSpecial(v), baccaratResult };
  },
};

