import { baccarat, bankedPoker, dragonTiger, rayPoker, type Card } from '@felt/games';
import { arr, cardOrHidden, isCardCode, isGameView, isObj, num, str, type DealerGamePlugin, type GamePart, type Obj } from './plugin';
import type { HandModel, RoundModel, SpecialState } from './round.types';

/**
 * The dealer plugins of the games that came before the plugin list (issue 19 §4): each game's part
 * of the round model, as the console's switch had it. A new game brings its own plugin from its
 * feature folder (features/andar-bahar/index.ts) instead.
 */

/** The live banked poker games (other-games.md CHE/TCP/UTH/THB, RAY §7.1 Fast Poker live). */
export type PokerGameId = 'casino-holdem' | 'three-card-poker' | 'ultimate-texas-holdem' | 'texas-holdem-bonus' | 'fast-poker' | 'triple-bet-poker' | 'dynamic-poker' | 'riverside-poker';

/** Each poker game's shoe order and decision timers, from the kernel's own spec (never a copy). */
const POKER: Readonly<Record<PokerGameId, { readonly slots: readonly bankedPoker.Slot[]; readonly profiles: Readonly<Record<string, bankedPoker.BankedPokerProfileBase>> }>> = {
  'casino-holdem': { slots: bankedPoker.casinoHoldemSpec.slots, profiles: bankedPoker.casinoHoldemProfiles },
  'three-card-poker': { slots: bankedPoker.threeCardPokerSpec.slots, profiles: bankedPoker.threeCardPokerProfiles },
  'ultimate-texas-holdem': { slots: bankedPoker.ultimateTexasHoldemSpec.slots, profiles: bankedPoker.ultimateTexasHoldemProfiles },
  'texas-holdem-bonus': { slots: bankedPoker.texasHoldemBonusSpec.slots, profiles: bankedPoker.texasHoldemBonusProfiles },
  'fast-poker': { slots: rayPoker.fastPokerSpec.slots, profiles: rayPoker.fastPokerProfiles },
  'triple-bet-poker': { slots: rayPoker.tripleBetPokerSpec.slots, profiles: rayPoker.tripleBetPokerProfiles },
  'dynamic-poker': { slots: rayPoker.dynamicPokerSpec.slots, profiles: rayPoker.dynamicPokerProfiles },
  'riverside-poker': { slots: rayPoker.riversidePokerSpec.slots, profiles: rayPoker.riversidePokerProfiles },
};
export const isPokerGame = (g: string): g is PokerGameId => Object.prototype.hasOwnProperty.call(POKER, g);

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
    seatHands.forEach((h, i) => {
      const cards = arr(h['cards']).filter(isCardCode);
      const total = num(h['total']);
      hands.push({
        id: `seat-${seat}-${i}`,
        label: seatHands.length > 1 ? 'seatHand' : 'seat',
        labelParams: { seat, hand: i + 1 },
        cards,
        total: total === null || cards.length === 0 ? null : { value: total, soft: h['soft'] === true },
        active: turn !== null && turn.seat === seat && turn.hand === i,
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

function duelHands(game: 'dragon-tiger' | 'football-studio', view: dragonTiger.DuelView | null, phase: string): HandModel[] {
  const sides = game === 'dragon-tiger' ? ['dragon', 'tiger'] : ['home', 'away'];
  return sides.map((s, i) => {
    const c = view?.cards[s];
    return { id: s, label: s, labelParams: {}, cards: c ? [c] : [], total: null, active: (phase === 'closed' && i === 0) || (phase === 'play' && i === 1) };
  });
}

/**
 * Banked poker: the dealer's hand, the board and the shared player hand in the kernel's shoe order;
 * the hand the next card goes to is active. The dealer's cards are drawn face down on the console
 * until the kernel reveals them (the console may be on camera; the scan is in the round's record).
 */
function pokerHands(game: PokerGameId, view: bankedPoker.BankedPokerView | null, phase: string): { hands: HandModel[]; poker: NonNullable<RoundModel['poker']> } {
  const slots = POKER[game].slots;
  const revealed = view?.revealed === true;
  const dealer = (view?.dealer ?? []).map((c): Card | 'hidden' => (revealed && c !== null ? c : 'hidden'));
  const board = view?.board ?? [];
  const player = view?.player ?? [];
  const dealt = dealer.length + board.length + player.length;
  const d = view?.decision ?? null;
  const decision = d ? { point: d.point, closesAt: d.closesAt, options: d.options, decided: d.decided, waiting: d.waiting } : null;
  const due = (phase === 'closed' || phase === 'play') && decision === null && dealt < slots.length ? slots[dealt] : null;
  const hands: HandModel[] = [];
  // Triple Bet Poker has no dealer hand (§7.2: the player's five cards against the paytable)
  if (slots.includes('dealer')) hands.push({ id: 'dealer', label: revealed ? 'pokerDealer' : 'pokerDealerDown', labelParams: {}, cards: dealer, total: null, active: due === 'dealer' });
  if (slots.includes('board')) hands.push({ id: 'board', label: 'pokerBoard', labelParams: {}, cards: board, total: null, active: due === 'board' });
  hands.push({ id: 'player', label: 'pokerPlayer', labelParams: {}, cards: player, total: null, active: due === 'player' });
  return { hands, poker: { dealt, total: slots.length, revealed, decision } };
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


const roulette: DealerGamePlugin = {
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

const baccaratPlugin: DealerGamePlugin = {
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

const blackjack: DealerGamePlugin = {
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

const sicbo: DealerGamePlugin = {
  games: ['sicbo'],
  derive(_game, view, rawPhase): GamePart {
    const v: Obj = isObj(view) ? view : {};
    const d = arr(v['dice']).map(num).filter((x): x is number => x !== null);
    const faults = num(v['faults']) ?? 0;
    return { dice: d.length === 3 ? d : null, special: faults > 0 && (rawPhase === 'closed' || rawPhase === 'play') ? { kind: 'dice-fault', count: faults, ruleId: 'SB-4' } : null };
  },
};

const luckyDice: DealerGamePlugin = {
  games: ['lucky-dice'],
  derive(_game, view, rawPhase): GamePart {
    const v: Obj = isObj(view) ? view : {};
    // rules-ray-2011.md §5.1: the red die (group) first, then the green die (number)
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

const poker: DealerGamePlugin = {
  games: Object.keys(POKER),
  cards: true,
  cutCard: true,
  derive(game, view, rawPhase): GamePart {
    const v = isGameView<bankedPoker.BankedPokerView>(view) ? view : null;
    const g = game as PokerGameId;
    const p = pokerHands(g, v, rawPhase);
    const profileId = v?.profileId ?? null;
    return { hands: p.hands, poker: p.poker, decisionWindowMs: (profileId !== null ? POKER[g].profiles[profileId]?.decisionMs : undefined) ?? 15_000, decisionDeadline: p.poker.decision?.closesAt ?? null };
  },
};

const duel: DealerGamePlugin = {
  games: ['dragon-tiger', 'football-studio'],
  cards: true,
  derive: (game, view, rawPhase) => ({ hands: duelHands(game as 'dragon-tiger' | 'football-studio', isGameView<dragonTiger.DuelView>(view) ? view : null, rawPhase) }),
};

/** In the order the console listed them. */
export const BUILTIN_GAMES: readonly DealerGamePlugin[] = [roulette, baccaratPlugin, blackjack, sicbo, duel, luckyDice, poker];
