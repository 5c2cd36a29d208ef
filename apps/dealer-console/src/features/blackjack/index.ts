import { type Card } from '@felt-studio/games';
import { isRobotPlayerId } from '@felt-studio/protocol';
import { type DealerGamePlugin, type GamePart, type Obj, arr, cardOrHidden, isCardCode, isObj, num, str } from '../../round/plugin';
import type { HandModel, RoundModel } from '../../round/round.types';

function blackjackHands(view: Obj): { hands: HandModel[]; outcome: RoundModel['dealerOutcome'] } {
  const dealer = isObj(view['dealer']) ? view['dealer'] : {};
  const dealerCards = arr(dealer['cards']).map(cardOrHidden).filter((c): c is Card | 'hidden' => c !== null);
  const revealed = dealer['holeRevealed'] === true || !dealerCards.includes('hidden');
  const visibleTotal = num(dealer['visibleTotal']);
  const stage = str(view['stage']);
  const turn = isObj(view['turn']) ? { seat: num(view['turn']['seat']), hand: num(view['turn']['hand']) } : null;
  const hands: HandModel[] = [
    { id: 'dealer', label: 'dealer', labelParams: {}, cards: dealerCards, total: visibleTotal === null ? null : { value: visibleTotal, soft: false }, active: stage === 'dealer' },
  ];
  for (const s of arr(view['seats']).filter(isObj)) {
    const seat = num(s['seat']) ?? 0;
    const seatHands = arr(s['hands']).filter(isObj);
    // issue 20 defect 1: a demo robot's seat is flagged to the dealer
    const robot = isRobotPlayerId(str(s['playerId']));
    // issue 24: the staff view counts the players betting behind the seat (RAY-8.1), never names them
    const behind = isObj(s['behind']) ? (num(s['behind']['bettors']) ?? 0) : 0;
    seatHands.forEach((h, i) => {
      const cards = arr(h['cards']).filter(isCardCode);
      const total = num(h['total']);
      hands.push({
        id: `seat-${seat}-${i}`,
        label: `${seatHands.length > 1 ? 'seatHand' : 'seat'}${robot ? 'Robot' : ''}`,
        labelParams: { seat, hand: i + 1 },
        cards,
        total: total === null || cards.length === 0 ? null : { value: total, soft: h['soft'] === true },
        active: turn !== null && turn.seat === seat && turn.hand === i,
        ...(i === 0 && behind > 0 ? { behind } : {}),
      });
    });
  }
  let outcome: RoundModel['dealerOutcome'] = null;
  const phase = str(view['phase']);
  if (revealed && visibleTotal !== null && dealerCards.length >= 2 && (stage === 'done' || phase === 'resolved' || phase === 'settled')) {
    if (visibleTotal > 21) outcome = { kind: 'busts', total: visibleTotal };
    else if (dealerCards.length === 2 && visibleTotal === 21) outcome = { kind: 'blackjack', total: 21 };
    else outcome = { kind: 'stands', total: visibleTotal };
  }
  return { hands, outcome };
}

/** Blackjack on the dealer console: the dealer and every seat's hands, the hand to act and its timer. */
export const blackjackPlugin: DealerGamePlugin = {
  games: ['blackjack'],
  cards: true,
  cutCard: true,
  derive(_game, view, rawPhase): GamePart {
    const v: Obj = isObj(view) ? view : {};
    const bj = blackjackHands(v);
    const halt = isObj(v['halt']) ? v['halt'] : null;
    return { hands: bj.hands, dealerOutcome: bj.outcome, special: rawPhase === 'halted' && halt ? { kind: 'misdeal', detail: str(halt['message']) ?? '', ruleId: 'S-2' } : null, decisionDeadline: num(v['decisionDeadline']) };
  },
};

