import { baccarat, bankedPoker, rayPoker, type Card } from '@felt/games';
import { viewTotals } from '@felt/ui';

/**
 * The dealer's view-model of the live round, derived from the kernel's dealer view (the server never
 * sends the dealer what that view hides — BJ-5a: the hole card is `'hidden'` until revealed). Pure:
 * no React, no clock. Player identities are never read into the model: only counts and totals.
 */

export type GameId = 'roulette' | 'baccarat' | 'blackjack' | 'sicbo' | 'dragon-tiger' | 'football-studio' | 'lucky-dice' | PokerGameId;

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

/** A hand on the table as the dealer sees it. `label` is an i18n key under `dealer:hands`. */
export interface HandModel {
  readonly id: string;
  readonly label: string;
  readonly labelParams: Readonly<Record<string, string | number>>;
  readonly cards: readonly (Card | 'hidden')[];
  /** Shown total (baccarat points, blackjack total like "17" or "soft 17"); null while unknown. */
  readonly total: { readonly value: number; readonly soft: boolean } | null;
  /** The hand to act / to receive the next card. */
  readonly active: boolean;
}

/** A state that stops normal play and tells the dealer what to do (ROU-4, ROU-6, BAC-17, S-1..S-3). */
export type SpecialState =
  | { readonly kind: 'no-spin'; readonly count: number; readonly ruleId: 'ROU-4' }
  | { readonly kind: 'wheel-fault'; readonly detail: string; readonly ruleId: 'ROU-6' }
  | { readonly kind: 'misdeal'; readonly detail: string; readonly ruleId: string }
  | { readonly kind: 'impossible-card'; readonly detail: string; readonly ruleId: string }
  | { readonly kind: 'unreadable-card'; readonly detail: string; readonly ruleId: string }
  | { readonly kind: 'dice-fault'; readonly count: number; readonly ruleId: 'SB-4' | 'LD-8' }
  | { readonly kind: 'void'; readonly reason: string; readonly ruleId: 'GEN-6' };

export interface RoundModel {
  readonly game: GameId;
  readonly roundId: string | null;
  /** Kernel phase, or `none` before the first round. Roulette's ball in motion is `spinning`. */
  readonly phase: string;
  readonly bettingClosesAt: number | null;
  /** Distinct players with an accepted bet (never who they are). */
  readonly players: number;
  readonly bets: number;
  readonly stakeMinor: number;
  readonly hands: readonly HandModel[];
  readonly roulette: { readonly number: number | null; readonly colour: string | null; readonly ballInMotion: boolean; readonly noSpins: number; readonly spin: number | null } | null;
  readonly dice: readonly number[] | null;
  readonly special: SpecialState | null;
  /** Blackjack: the decision timer of the hand to act (server clock). */
  readonly decisionDeadline: number | null;
  /** Baccarat: the hand's result once known (kept on screen after settlement). */
  readonly baccaratResult: { readonly outcome: 'player' | 'banker' | 'tie'; readonly p: number; readonly b: number } | null;
  /** Blackjack: "Dealer stands on 17" / "Dealer busts" once the dealer's hand is complete. */
  readonly dealerOutcome: { readonly kind: 'stands' | 'busts' | 'blackjack'; readonly total: number } | null;
  /** The decision timer's full length (ms) for the ring: blackjack 15 s, poker the profile's published timer. */
  readonly decisionWindowMs: number;
  /** Banked poker: cards dealt of the round's total, the open decision window (counts only, never who) and whether the dealer's hand is revealed. */
  readonly poker: {
    readonly dealt: number;
    readonly total: number;
    readonly revealed: boolean;
    readonly decision: { readonly point: number; readonly closesAt: number; readonly options: readonly string[]; readonly decided: number; readonly waiting: number } | null;
  } | null;
  /** Lucky Dice: the draw method and, for method B (players throw, LD-6/LD-7), the shooter's turn (whether someone holds the dice, never who). */
  readonly luckyDice: { readonly method: 'dealer-cups' | 'player-throw' | null; readonly hasShooter: boolean; readonly permitted: boolean; readonly pendingThrow: { readonly red: number; readonly green: number } | null } | null;
}

type Obj = Readonly<Record<string, unknown>>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const arr = (v: unknown): readonly unknown[] => (Array.isArray(v) ? v : []);
const isCardCode = (v: unknown): v is Card => typeof v === 'string' && /^[A2-9TJQK][SHDC]$/.test(v);
const cardOrHidden = (v: unknown): Card | 'hidden' | null => (v === 'hidden' ? 'hidden' : isCardCode(v) ? v : null);

export const GAME_IDS: readonly GameId[] = ['roulette', 'baccarat', 'blackjack', 'sicbo', 'dragon-tiger', 'football-studio', 'lucky-dice', 'casino-holdem', 'three-card-poker', 'ultimate-texas-holdem', 'texas-holdem-bonus', 'fast-poker', 'triple-bet-poker', 'dynamic-poker', 'riverside-poker'];
export const isGameId = (g: string): g is GameId => (GAME_IDS as readonly string[]).includes(g);

/** Bets of any game's view (array or record) → counts and the total stake; player ids are only counted. */
export function betTotals(view: unknown): { players: number; bets: number; stakeMinor: number } {
  return viewTotals(view);
}

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

function duelHands(game: 'dragon-tiger' | 'football-studio', view: Obj, phase: string): HandModel[] {
  const sides = game === 'dragon-tiger' ? ['dragon', 'tiger'] : ['home', 'away'];
  const cards = isObj(view['cards']) ? view['cards'] : {};
  return sides.map((s, i) => {
    const c = cards[s];
    return { id: s, label: s, labelParams: {}, cards: isCardCode(c) ? [c] : [], total: null, active: (phase === 'closed' && i === 0) || (phase === 'play' && i === 1) };
  });
}

/**
 * Banked poker: the dealer's hand, the board and the shared player hand in the kernel's shoe order;
 * the hand the next card goes to is active. The dealer's cards are drawn face down on the console
 * until the kernel reveals them (the console may be on camera; the scan is in the round's record).
 */
function pokerHands(game: PokerGameId, view: Obj, phase: string): { hands: HandModel[]; poker: NonNullable<RoundModel['poker']> } {
  const slots = POKER[game].slots;
  const codes = (k: string): Card[] => arr(view[k]).filter(isCardCode);
  const revealed = view['revealed'] === true;
  const dealer = arr(view['dealer']).map((c) => (revealed && isCardCode(c) ? c : 'hidden') as Card | 'hidden');
  const board = codes('board');
  const player = codes('player');
  const dealt = dealer.length + board.length + player.length;
  const d = isObj(view['decision']) ? view['decision'] : null;
  const decision = d ? { point: num(d['point']) ?? 0, closesAt: num(d['closesAt']) ?? 0, options: arr(d['options']).filter((x): x is string => typeof x === 'string'), decided: num(d['decided']) ?? 0, waiting: num(d['waiting']) ?? 0 } : null;
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

/** The live round (kernel dealer view) → what the console shows. `view` null/undefined: no round yet. */
export function deriveRound(game: GameId, roundId: string | null, view: unknown): RoundModel {
  const v: Obj = isObj(view) ? view : {};
  const rawPhase = roundId === null ? 'none' : (str(v['phase']) ?? 'none');
  const totals = betTotals(v);
  let hands: HandModel[] = [];
  let roulette: RoundModel['roulette'] = null;
  let dice: number[] | null = null;
  let special: SpecialState | null = null;
  let dealerOutcome: RoundModel['dealerOutcome'] = null;
  let baccaratResult: RoundModel['baccaratResult'] = null;
  let poker: RoundModel['poker'] = null;
  let ld: RoundModel['luckyDice'] = null;
  let decisionWindowMs = 15_000;
  let phase = rawPhase;
  switch (game) {
    case 'roulette': {
      const result = isObj(v['result']) ? v['result'] : null;
      const ballInMotion = v['ballInMotion'] === true;
      const noSpins = num(v['noSpinCount']) ?? 0;
      roulette = { number: result ? num(result['number']) : null, colour: result ? str(result['colour']) : null, ballInMotion, noSpins, spin: num(v['spin']) };
      if (rawPhase === 'play' && ballInMotion) phase = 'spinning';
      const fault = str(v['fault']);
      if (fault !== null && rawPhase === 'void') special = { kind: 'wheel-fault', detail: fault, ruleId: 'ROU-6' };
      else if (rawPhase === 'play' && !ballInMotion && noSpins > 0) special = { kind: 'no-spin', count: noSpins, ruleId: 'ROU-4' };
      break;
    }
    case 'baccarat':
      hands = baccaratHands(v, rawPhase);
      special = baccaratSpecial(v);
      if (isObj(v['result'])) {
        const r = v['result'];
        const outcome = r['outcome'];
        const p = num(r['playerPoints']);
        const b = num(r['bankerPoints']);
        if ((outcome === 'player' || outcome === 'banker' || outcome === 'tie') && p !== null && b !== null) baccaratResult = { outcome, p, b };
      }
      break;
    case 'blackjack': {
      const bj = blackjackHands(v);
      hands = bj.hands;
      dealerOutcome = bj.outcome;
      const halt = isObj(v['halt']) ? v['halt'] : null;
      if (rawPhase === 'halted' && halt) special = { kind: 'misdeal', detail: str(halt['message']) ?? '', ruleId: 'S-2' };
      break;
    }
    case 'sicbo': {
      const d = arr(v['dice']).map(num).filter((x): x is number => x !== null);
      dice = d.length === 3 ? d : null;
      const faults = num(v['faults']) ?? 0;
      if (faults > 0 && (rawPhase === 'closed' || rawPhase === 'play')) special = { kind: 'dice-fault', count: faults, ruleId: 'SB-4' };
      break;
    }
    case 'lucky-dice': {
      // rules-ray-2011.md §5.1: the red die (group) first, then the green die (number)
      const d = isObj(v['dice']) ? [num(v['dice']['red']), num(v['dice']['green'])] : [];
      dice = d.length === 2 && d.every((x) => x !== null) ? (d as number[]) : null;
      const faults = num(v['faults']) ?? 0;
      if (faults > 0 && rawPhase === 'closed') special = { kind: 'dice-fault', count: faults, ruleId: 'LD-8' };
      const method = v['drawMethod'] === 'dealer-cups' || v['drawMethod'] === 'player-throw' ? v['drawMethod'] : null;
      const pt = isObj(v['pendingThrow']) ? { red: num(v['pendingThrow']['red']), green: num(v['pendingThrow']['green']) } : null;
      ld = { method, hasShooter: str(v['shooter']) !== null, permitted: v['throwPermitted'] === true, pendingThrow: pt && pt.red !== null && pt.green !== null ? { red: pt.red, green: pt.green } : null };
      break;
    }
    case 'casino-holdem':
    case 'three-card-poker':
    case 'ultimate-texas-holdem':
    case 'texas-holdem-bonus':
    case 'fast-poker':
    case 'triple-bet-poker':
    case 'dynamic-poker':
    case 'riverside-poker': {
      const p = pokerHands(game, v, rawPhase);
      hands = p.hands;
      poker = p.poker;
      const profileId = str(v['profileId']);
      decisionWindowMs = (profileId !== null ? POKER[game].profiles[profileId]?.decisionMs : undefined) ?? 15_000;
      break;
    }
    case 'dragon-tiger':
    case 'football-studio':
      hands = duelHands(game, v, rawPhase);
      break;
  }
  const voidReason = str(v['voidReason']);
  // A voided round stays "void" for the dealer after its refunds are settled.
  if (rawPhase === 'settled' && voidReason !== null) phase = 'void';
  if (special === null && phase === 'void') special = { kind: 'void', reason: voidReason ?? '', ruleId: 'GEN-6' };
  return {
    game,
    roundId,
    phase,
    bettingClosesAt: rawPhase === 'betting' ? num(v['bettingClosesAt']) : null,
    players: totals.players,
    bets: totals.bets,
    stakeMinor: totals.stakeMinor,
    hands,
    roulette,
    dice,
    special,
    decisionDeadline: game === 'blackjack' ? num(v['decisionDeadline']) : (poker?.decision?.closesAt ?? null),
    dealerOutcome,
    baccaratResult,
    decisionWindowMs,
    poker,
    luckyDice: ld,
  };
}

export const CARD_GAMES: ReadonlySet<GameId> = new Set(['baccarat', 'blackjack', 'dragon-tiger', 'football-studio', 'casino-holdem', 'three-card-poker', 'ultimate-texas-holdem', 'texas-holdem-bonus', 'fast-poker', 'triple-bet-poker', 'dynamic-poker', 'riverside-poker']);

/** Which dealer controls the phase allows (the server still decides; these only avoid pointless taps). */
export interface Controls {
  readonly openRound: boolean;
  readonly closeBetting: boolean;
  readonly requestVoid: boolean;
  readonly declareNoSpin: boolean;
  /** Manual card entry for pit-boss sign-off (S-3), and which kernel command carries it. */
  readonly manualCard: 'EnterManualCard' | 'RecordCard' | null;
  readonly cutCard: boolean;
  readonly callPitBoss: boolean;
  /** Manual entry of the game's result when its device fails (wheel number, dice), for pit-boss sign-off (S-3). */
  readonly manualResult: 'roulette' | 'dice' | null;
  /** Lucky Dice method B (LD-6, LD-7): permit the shooter's throw, judge the throw read, pass the turn. */
  readonly luckyDice: { readonly permit: boolean; readonly judge: boolean; readonly pass: boolean } | null;
}

export function controlsFor(round: RoundModel, opts: { tableOpen: boolean; voidPending: boolean }): Controls {
  const p = round.phase;
  const finished = p === 'none' || p === 'idle' || p === 'settled' || p === 'void';
  const unresolved = p === 'betting' || p === 'closed' || p === 'play' || p === 'spinning' || p === 'halted';
  let manualCard: Controls['manualCard'] = null;
  if (CARD_GAMES.has(round.game)) {
    if (round.special?.kind === 'unreadable-card') manualCard = 'EnterManualCard';
    // banked poker: no card is due while players decide (S-2), so no manual card either
    else if ((p === 'closed' || p === 'play') && round.special === null && (round.poker?.decision ?? null) === null) manualCard = 'RecordCard';
  }
  const ld = round.luckyDice;
  const methodB = ld !== null && ld.method === 'player-throw' && p === 'closed' && ld.hasShooter;
  return {
    openRound: opts.tableOpen && finished,
    closeBetting: p === 'betting',
    requestVoid: unresolved && !opts.voidPending,
    declareNoSpin: round.game === 'roulette' && p === 'spinning',
    manualCard,
    cutCard: (round.game === 'baccarat' || round.game === 'blackjack' || round.poker !== null) && (p === 'closed' || p === 'play'),
    callPitBoss: true,
    // The kernel takes a result only for a spin in progress (a launch was reported: a result with no launch
    // is a device fault, never an outcome) and, for sic bo, once betting closed without dice.
    manualResult: round.game === 'roulette' && p === 'spinning' && round.roulette?.number === null ? 'roulette' : round.game === 'sicbo' && p === 'closed' && round.dice === null ? 'dice' : null,
    // the kernel's order: permit → (throw read) → judge; the turn passes only while no throw waits for judgement
    luckyDice: methodB && ld ? { permit: !ld.permitted && ld.pendingThrow === null, judge: ld.pendingThrow !== null, pass: ld.pendingThrow === null } : null,
  };
}

/** Ball and wheel directions (ROU-4: a valid spin turns the ball against the wheel). */
export type Direction = 'cw' | 'ccw';

/** What a dealer saw of a spin when the wheel's reader failed. */
// A type (not an interface): it travels as a game command body, a record of fields.
export type ObservedSpin = {
  readonly number: number;
  readonly revolutions: number;
  readonly ballDirection: Direction;
  readonly wheelDirection: Direction;
};

/**
 * The roulette result a dealer enters by hand (S-3; the pit boss signs it off, then the kernel rules on
 * it like a device's, ROU-4 included). It names the spin in progress (W-2); the console offers it only
 * while a launched ball has no result (the reader failed).
 */
export function manualSpinCommand(round: Pick<RoundModel, 'roulette'>, seen: ObservedSpin): { readonly type: 'RecordSpinResult'; readonly spin: number } & ObservedSpin {
  const r = round.roulette;
  const spin = r?.ballInMotion && r.spin !== null ? r.spin : (r?.spin ?? 0) + 1;
  return { type: 'RecordSpinResult', spin, ...seen };
}
