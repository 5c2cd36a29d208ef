import { describe, expect, it } from 'vitest';
import type { Card } from '../cards/card.js';
import { record, trackShoe, type Shoe } from '../cards/shoe.js';
import type { Violation } from '../common/result.js';
import { replay, type RoundLimits } from '../kernel/kernel.js';
import { BACCARAT_DEAL_STALL_MS, baccaratDefinition, baccaratKernel as K, type BaccaratCommand, type BaccaratEvent, type BaccaratState } from './baccarat.kernel.js';

const LIMITS: RoundLimits = { spots: { banker: { minMinor: 100, maxMinor: 1000 } }, tableMinMinor: 100, tableMaxMinor: 100_000 };
const T0 = 1_000_000;
const CLOSES = T0 + 15_000;

/** A round driven through decide/evolve, keeping every event (the append-only log). */
class Round {
  state: BaccaratState = K.initial();
  events: BaccaratEvent[] = [];
  constructor(profileId = 'punto-banco') {
    this.ok({ type: 'OpenRound', at: T0, roundId: 'rnd_1', tableId: 'tbl_1', profileId, bettingClosesAt: CLOSES, limits: LIMITS });
  }
  /** Apply a command; returns the events (or the violation). */
  do(cmd: BaccaratCommand): { events: BaccaratEvent[] } | { violation: Violation } {
    const d = K.decide(this.state, cmd);
    if (!d.ok) return { violation: d.violation };
    for (const e of d.events) this.state = K.evolve(this.state, e);
    this.events.push(...d.events);
    return { events: [...d.events] };
  }
  ok(cmd: BaccaratCommand): BaccaratEvent[] {
    const r = this.do(cmd);
    if ('violation' in r) throw new Error(`${cmd.type} rejected: ${r.violation.code} ${r.violation.message}`);
    return r.events;
  }
  no(cmd: BaccaratCommand): Violation {
    const r = this.do(cmd);
    if (!('violation' in r)) throw new Error(`${cmd.type} unexpectedly accepted`);
    return r.violation;
  }
  bet(betId: string, playerId: string, spot: string, stakeMinor: number, at = T0 + 1000): BaccaratEvent[] {
    return this.ok({ type: 'PlaceBet', at, bet: { betId, playerId, spot, stakeMinor } });
  }
  cards(cards: Card[], at = CLOSES + 1000): BaccaratEvent[] {
    return cards.flatMap((card, i) => this.ok({ type: 'RecordCard', at: at + i, card }));
  }
}

const types = (es: readonly BaccaratEvent[]): string[] => es.map((e) => e.type);

describe('betting (GEN-3, GEN-4, BAC-4, RES-2)', () => {
  it('rejects a Banker bet from a player who already bet on Player (RES-2)', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'player', 500);
    const v = r.no({ type: 'PlaceBet', at: T0 + 2000, bet: { betId: 'bet_2', playerId: 'p1', spot: 'banker', stakeMinor: 500 } });
    expect(v).toMatchObject({ code: 'OPPOSITE_BETS', ruleId: 'RES-2' });
    // another player may still bet Banker, and p1 may add Tie
    r.bet('bet_3', 'p2', 'banker', 500);
    r.bet('bet_4', 'p1', 'tie', 100);
    expect(Object.keys(r.state.bets).sort()).toEqual(['bet_1', 'bet_3', 'bet_4']);
  });
  it('a repeat click on the same spot with a new bet id adds to the spot; limits count the spot total (BAC-4, GEN-4)', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'banker', 600);
    expect(types(r.bet('bet_2', 'p1', 'banker', 400))).toEqual(['BetAccepted']);
    const v = r.no({ type: 'PlaceBet', at: T0 + 3000, bet: { betId: 'bet_3', playerId: 'p1', spot: 'banker', stakeMinor: 100 } });
    expect(v).toMatchObject({ code: 'ABOVE_MAX', ruleId: 'GEN-4' });
  });
  it('the same bet id twice is one bet (idempotent PlaceBet)', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'player', 500);
    expect(r.bet('bet_1', 'p1', 'player', 500)).toEqual([]);
    expect(Object.keys(r.state.bets)).toEqual(['bet_1']);
  });
  it('rejects a pair side bet on the spec profile and accepts it where the profile offers it (BAC-10)', () => {
    const r = new Round();
    expect(r.no({ type: 'PlaceBet', at: T0 + 1, bet: { betId: 'b', playerId: 'p1', spot: 'player-pair', stakeMinor: 100 } })).toMatchObject({ code: 'UNKNOWN_SPOT', ruleId: 'BAC-4' });
    const r2 = new Round('punto-banco-pairs');
    expect(types(r2.bet('b', 'p1', 'player-pair', 100))).toEqual(['BetAccepted']);
  });
  it('the first card out of the shoe closes betting (reason device) and later bets are refused (GEN-3)', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'player', 500);
    const es = r.ok({ type: 'RecordCard', at: T0 + 5000, card: '9H', shoeIndex: 1 });
    expect(es[0]).toEqual({ type: 'BettingClosed', at: T0 + 5000, reason: 'device' });
    expect(types(es)).toEqual(['BettingClosed', 'CardRecorded']);
    expect(r.no({ type: 'PlaceBet', at: T0 + 5001, bet: { betId: 'bet_2', playerId: 'p2', spot: 'tie', stakeMinor: 100 } })).toMatchObject({ code: 'BETTING_CLOSED', ruleId: 'GEN-3' });
  });
  it('arms the betting-close deadline while betting is open, and refuses a bet at the deadline (GEN-3)', () => {
    const r = new Round();
    expect(K.deadlines(r.state)).toEqual([{ at: CLOSES, command: { type: 'CloseBetting', at: CLOSES, reason: 'deadline' } }]);
    expect(r.no({ type: 'PlaceBet', at: CLOSES, bet: { betId: 'late', playerId: 'p1', spot: 'tie', stakeMinor: 100 } }).ruleId).toBe('GEN-3');
    r.ok({ type: 'CloseBetting', at: CLOSES, reason: 'deadline' });
    // the betting deadline is gone; the deal is owed within BACCARAT_DEAL_STALL_MS (issue 9 §5)
    const due = CLOSES + BACCARAT_DEAL_STALL_MS;
    expect(K.deadlines(r.state)).toEqual([{ at: due, command: { type: 'StallPlay', at: due, step: 'deal', ruleId: 'GEN-6' } }]);
    // each card restarts the step; a halt waits for the pit boss instead of a stall deadline
    r.cards(['2S'], CLOSES + 1000);
    expect(K.deadlines(r.state)[0]?.at).toBe(CLOSES + 1000 + BACCARAT_DEAL_STALL_MS);
    r.ok({ type: 'RecordUnreadableCard', at: CLOSES + 2000 });
    expect(K.deadlines(r.state)).toEqual([]);
  });
  it('players see only their own bets; the dealer and the pit boss see the table totals', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'player', 500);
    r.bet('bet_2', 'p2', 'banker', 500);
    expect(K.view(r.state, { role: 'player', playerId: 'p1' }).bets.map((b) => b.betId)).toEqual(['bet_1']);
    expect(K.view(r.state, { role: 'player', playerId: 'p1' }).totals).toBeUndefined();
    for (const role of ['dealer', 'pitboss'] as const) {
      expect(K.view(r.state, { role }).totals).toEqual({ stakeMinor: 1000, bets: 2, players: 2, byKind: { player: 500, banker: 500 }, bySpot: { player: 500, banker: 500 } });
    }
  });
});

describe('dealing, resolving and settling (BAC-5…BAC-8, BAC-12…BAC-16, GEN-5)', () => {
  it('tells the dealer what is due, resolves the hand and settles it', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'banker', 1000);
    r.bet('bet_2', 'p2', 'player', 500);
    r.bet('bet_3', 'p3', 'tie', 100);
    r.ok({ type: 'CloseBetting', at: CLOSES, reason: 'deadline' });
    expect(K.next(r.state).map((a) => a.message)).toEqual(["Deal Player's first card"]);
    r.cards(['2S', '7H', 'KD', 'KC']); // P 2, B 7
    expect(K.next(r.state).map((a) => a.message)).toEqual(['Player draws on 2', "Deal Player's third card"]);
    const es = r.cards(['3S']); // P 5; Banker 7 stands
    expect(types(es)).toEqual(['CardRecorded', 'RoundResolved']);
    expect(r.state.phase).toBe('resolved');
    expect(K.next(r.state).map((a) => a.message)).toEqual(['Player draws on 2', 'Banker stands on 7 against a third card of 3', 'Round complete: Banker wins, Player 5 – Banker 7']);
    const s = K.settle(r.state);
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(s.value.lines.map((l) => [l.betId, l.outcome, l.returnMinor])).toEqual([
      ['bet_1', 'win', 1950],
      ['bet_2', 'lose', 0],
      ['bet_3', 'lose', 0],
    ]);
    expect(s.value.houseResultMinor).toBe(1600 - 1950);
    r.ok({ type: 'MarkSettled', at: CLOSES + 9000 });
    expect(r.state.phase).toBe('settled');
    expect(replay(K, r.events)).toEqual(r.state);
  });
  it('a tie pays Tie 8:1 and pushes Player and Banker (BAC-5, BAC-6, BAC-7)', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'banker', 1000);
    r.bet('bet_2', 'p2', 'player', 500);
    r.bet('bet_3', 'p3', 'tie', 100);
    r.cards(['6S', '6H', 'KD', 'QC']);
    const s = K.settle(r.state);
    if (!s.ok) throw new Error('not settled');
    expect(s.value.lines.map((l) => [l.outcome, l.returnMinor])).toEqual([
      ['push', 1000],
      ['push', 500],
      ['win', 900],
    ]);
  });
  it('cannot settle a hand that is still being dealt (GEN-5)', () => {
    const r = new Round();
    r.cards(['2S', '7H']);
    const s = K.settle(r.state);
    expect(s.ok).toBe(false);
    if (!s.ok) expect(s.violation.code).toBe('ROUND_NOT_RESOLVED');
  });
});

describe('misdeals (BAC-17, S-2)', () => {
  it('a third card when the tableau says stand halts the round for the pit boss (BAC-17, S-2)', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'banker', 1000);
    r.cards(['7S', '6H', 'KD', 'QC']); // P 7, B 6: both stand
    expect(r.state.phase).toBe('resolved');
    const es = r.ok({ type: 'RecordCard', at: CLOSES + 9000, card: '4H' });
    expect(types(es)).toEqual(['MisdealDetected']);
    expect(es[0]).toMatchObject({ ruleId: 'BAC-17', card: '4H' });
    expect(r.state.phase).toBe('halted');
    expect(r.state.halt).toMatchObject({ reason: 'misdeal', ruleId: 'BAC-17' });
    expect(K.next(r.state)[0]).toMatchObject({ kind: 'call-pit-boss', ruleId: 'BAC-17' });
    expect(K.settle(r.state).ok).toBe(false); // no result while halted
  });
  it('the pit boss voids a misdealt round: every bet is refunded (S-2, GEN-6)', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'banker', 1000);
    r.bet('bet_2', 'p2', 'tie', 100);
    r.cards(['7S', '6H', 'KD', 'QC', '4H']);
    expect(types(r.ok({ type: 'ResolveMisdeal', at: CLOSES + 9999, action: 'void', by: 'pit_anna' }))).toEqual(['MisdealResolved', 'RoundVoided']);
    expect(r.state.phase).toBe('void');
    const s = K.settle(r.state);
    if (!s.ok) throw new Error('no settlement');
    expect(s.value.voided).toBe(true);
    expect(s.value.lines.map((l) => [l.outcome, l.returnMinor])).toEqual([
      ['refund', 1000],
      ['refund', 100],
    ]);
    expect(s.value.houseResultMinor).toBe(0);
  });
  it('the pit boss may accept a corrected sequence only if it is itself legal (S-2, BAC-17)', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'player', 1000);
    r.cards(['7S', '6H', 'KD', 'QC', '4H']);
    const bad = r.no({ type: 'ResolveMisdeal', at: CLOSES + 9999, action: 'accept-corrected', correctedCards: ['7S', '6H', 'KD', 'QC', '4H'], by: 'pit_anna' });
    expect(bad).toMatchObject({ code: 'CORRECTED_SEQUENCE_ILLEGAL', ruleId: 'BAC-17' });
    // The 4H was burned: the hand is the first four cards; Player 7 beats Banker 6.
    const es = r.ok({ type: 'ResolveMisdeal', at: CLOSES + 10_000, action: 'accept-corrected', correctedCards: ['7S', '6H', 'KD', 'QC'], by: 'pit_anna' });
    expect(types(es)).toEqual(['MisdealResolved', 'RoundResolved']);
    expect(r.state.result).toMatchObject({ outcome: 'player', playerPoints: 7, bankerPoints: 6 });
    expect(r.state.extraCards).toEqual(['4H']);
    expect(r.state.shoe.dealt).toBe(5); // the burned card still left the shoe (S-1 tracking)
    expect(replay(K, r.events)).toEqual(r.state);
  });
});

describe('shoe integrity (S-1)', () => {
  const shoeWithoutAceOfSpades = (): Shoe => {
    let s = trackShoe({ decks: 8, cutFromEnd: 7 });
    for (let i = 0; i < 8; i++) {
      const d = record(s, 'AS');
      if (!d.ok) throw new Error('unexpected');
      s = d.value.shoe;
    }
    return s;
  };
  it('a 33rd ace of spades (9th in 8 decks) is a fault that halts the round, not a result (S-1)', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'player', 500);
    r.ok({ type: 'AttachShoe', at: T0 + 10, shoe: shoeWithoutAceOfSpades() });
    r.cards(['2S', '7H']);
    const es = r.ok({ type: 'RecordCard', at: CLOSES + 5000, card: 'AS' });
    expect(types(es)).toEqual(['ImpossibleCardDetected']);
    expect(es[0]).toMatchObject({ ruleId: 'S-1', card: 'AS' });
    expect(r.state.phase).toBe('halted');
    expect(r.state.cards.map((c) => c.card)).toEqual(['2S', '7H']);
    expect(r.state.faults).toHaveLength(1);
    expect(r.state.shoe.remaining.AS).toBe(0);
    // a corrected sequence containing the impossible card is refused as well (S-1)
    const v = r.no({ type: 'ResolveMisdeal', at: CLOSES + 6000, action: 'accept-corrected', correctedCards: ['2S', '7H', 'AS'], by: 'pit_anna' });
    expect(v).toMatchObject({ code: 'IMPOSSIBLE_CARD', ruleId: 'S-1' });
  });
  it('the shoe is tracked across rounds: the next round continues the composition (S-1, S-4)', () => {
    const r1 = new Round();
    r1.cards(['7S', '6H', 'KD', 'QC']);
    const r2 = new Round();
    r2.ok({ type: 'AttachShoe', at: T0 + 10, shoe: r1.state.shoe });
    expect(r2.state.shoe.dealt).toBe(4);
    expect(r2.state.shoe.remaining['7S']).toBe(7);
  });
  it("the definition's carry attaches the previous round's shoe to the next round, and nothing after the cut card (S-1, S-4, BAC-18)", () => {
    const r1 = new Round();
    r1.cards(['7S', '6H', 'KD', 'QC']);
    const carry = baccaratDefinition.carry?.next(r1.state, T0 + 5);
    expect(carry).toMatchObject({ type: 'AttachShoe', at: T0 + 5, shoe: { decks: 8, dealt: 4 } });
    const r2 = new Round();
    r2.ok(carry as BaccaratCommand);
    expect(r2.state.shoe.remaining['7S']).toBe(7);
    r1.ok({ type: 'RecordCutCard', at: CLOSES + 9000 });
    expect(baccaratDefinition.carry?.next(r1.state, T0 + 6)).toBeNull();
  });
  it('refuses a shoe snapshot that does not add up or has the wrong deck count (S-4, BAC-1)', () => {
    const r = new Round();
    const fresh = trackShoe({ decks: 8, cutFromEnd: 7 });
    expect(r.no({ type: 'AttachShoe', at: T0 + 10, shoe: { ...fresh, remaining: { ...fresh.remaining, KH: 0 } } })).toMatchObject({ code: 'INVALID_SHOE' });
    expect(r.no({ type: 'AttachShoe', at: T0 + 10, shoe: trackShoe({ decks: 6 }) })).toMatchObject({ code: 'WRONG_DECK_COUNT', ruleId: 'BAC-1' });
    r.cards(['2S']);
    expect(r.no({ type: 'AttachShoe', at: CLOSES + 10, shoe: fresh })).toMatchObject({ code: 'SHOE_LOCKED' });
  });
  it('the same shoe frame twice is one card; a different card under the same index is refused (S-1)', () => {
    const r = new Round();
    r.ok({ type: 'RecordCard', at: CLOSES + 1, card: '2S', shoeIndex: 41 });
    expect(r.ok({ type: 'RecordCard', at: CLOSES + 2, card: '2S', shoeIndex: 41 })).toEqual([]);
    expect(r.no({ type: 'RecordCard', at: CLOSES + 3, card: '3S', shoeIndex: 41 })).toMatchObject({ code: 'SHOE_INDEX_CONFLICT', ruleId: 'S-1' });
    expect(r.state.cards).toHaveLength(1);
  });
});

describe('unreadable card (S-3)', () => {
  it('halts the round until the dealer enters the card and a different person approves it (S-3)', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'player', 500);
    r.cards(['2S', '7H']);
    expect(types(r.ok({ type: 'RecordUnreadableCard', at: CLOSES + 3000, shoeIndex: 3 }))).toEqual(['CardUnreadable']);
    expect(r.state.phase).toBe('halted');
    expect(r.state.halt).toMatchObject({ reason: 'unreadable-card', ruleId: 'S-3', pending: { to: 'player', position: 2, index: 2 } });
    expect(K.next(r.state)[0]).toMatchObject({ kind: 'manual-entry', ruleId: 'S-3' });
    expect(r.no({ type: 'EnterManualCard', at: CLOSES + 4000, card: 'KD', enteredBy: 'dealer_bo', approvedBy: 'dealer_bo' })).toMatchObject({ code: 'SECOND_PERSON_REQUIRED', ruleId: 'S-3' });
    const es = r.ok({ type: 'EnterManualCard', at: CLOSES + 5000, card: 'KD', enteredBy: 'dealer_bo', approvedBy: 'pit_anna' });
    expect(es[0]).toMatchObject({ type: 'ManualCardEntered', card: 'KD', enteredBy: 'dealer_bo', approvedBy: 'pit_anna', to: 'player', position: 2 });
    expect(r.state.phase).toBe('play');
    expect(r.state.cards[2]).toMatchObject({ card: 'KD', source: 'manual', approvedBy: 'pit_anna' });
    r.cards(['KC', '3S']); // P 2 draws 3 → 5; B 7 stands
    expect(r.state.result).toMatchObject({ outcome: 'banker', playerPoints: 5, bankerPoints: 7 });
    expect(replay(K, r.events)).toEqual(r.state);
  });
  it('a card dealt while waiting for the manual entry turns the halt into a misdeal for the pit boss (S-2, S-3)', () => {
    const r = new Round();
    r.cards(['2S', '7H']);
    r.ok({ type: 'RecordUnreadableCard', at: CLOSES + 3000 });
    expect(types(r.ok({ type: 'RecordCard', at: CLOSES + 3500, card: 'KC' }))).toEqual(['ExtraCardRecorded']);
    expect(r.state.halt).toMatchObject({ reason: 'misdeal', ruleId: 'S-2' });
    expect(r.no({ type: 'EnterManualCard', at: CLOSES + 4000, card: 'KD', enteredBy: 'dealer_bo', approvedBy: 'pit_anna' }).code).toBe('NO_MANUAL_ENTRY_DUE');
    // the pit boss lays the hand out again: P 2S KD, B 7H KC → Player draws
    r.ok({ type: 'ResolveMisdeal', at: CLOSES + 5000, action: 'accept-corrected', correctedCards: ['2S', '7H', 'KD', 'KC'], by: 'pit_anna' });
    expect(r.state.phase).toBe('play');
    expect(K.next(r.state).at(-1)?.message).toBe("Deal Player's third card");
    expect(r.state.shoe.dealt).toBe(4); // 2S 7H KC scanned + KD entered by the correction
  });
  it('an impossible card during a pending manual entry halts for the pit boss instead (S-1)', () => {
    const r = new Round();
    r.ok({ type: 'AttachShoe', at: T0 + 10, shoe: { ...r.state.shoe, remaining: { ...r.state.shoe.remaining, QS: 0 }, dealt: 8 } });
    r.cards(['2S']);
    r.ok({ type: 'RecordUnreadableCard', at: CLOSES + 3000 });
    r.ok({ type: 'RecordCard', at: CLOSES + 3500, card: 'QS' });
    expect(r.state.halt).toMatchObject({ reason: 'impossible-card', ruleId: 'S-1' });
  });
  it('refuses a manual entry when no card is waiting for one (S-3)', () => {
    const r = new Round();
    expect(r.no({ type: 'EnterManualCard', at: CLOSES, card: 'KD', enteredBy: 'a', approvedBy: 'b' })).toMatchObject({ code: 'NO_MANUAL_ENTRY_DUE', ruleId: 'S-3' });
  });
});

describe('cut card (BAC-18, S-4)', () => {
  it('flags the last hand before the shuffle, completes the hand, and refuses the shoe for the next round (BAC-18)', () => {
    const r = new Round();
    r.cards(['2S', '7H']);
    expect(types(r.ok({ type: 'RecordCutCard', at: CLOSES + 2000, shoeIndex: 400 }))).toEqual(['CutCardRecorded']);
    expect(r.state.lastHand).toBe(true);
    expect(K.next(r.state)[0]).toEqual({ kind: 'last-hand', message: 'Last hand before shuffle', ruleId: 'BAC-18' });
    r.cards(['KD', 'KC', '3S']);
    expect(r.state.phase).toBe('resolved');
    const next = new Round();
    expect(next.no({ type: 'AttachShoe', at: T0 + 10, shoe: r.state.shoe })).toMatchObject({ code: 'SHUFFLE_DUE', ruleId: 'BAC-18' });
  });
});

describe('void (GEN-6)', () => {
  it('a round voided before resolution refunds every bet; a resolved round cannot be voided', () => {
    const r = new Round();
    r.bet('bet_1', 'p1', 'player', 500);
    r.ok({ type: 'VoidRound', at: CLOSES, reason: 'camera failure', by: 'pit_anna' });
    const s = K.settle(r.state);
    expect(s.ok && s.value.lines[0]).toMatchObject({ outcome: 'refund', returnMinor: 500 });
    const r2 = new Round();
    r2.cards(['9S', '2H', 'KD', 'KC']);
    expect(r2.no({ type: 'VoidRound', at: CLOSES + 9000, reason: 'x', by: 'pit_anna' }).code).toBe('ROUND_RESOLVED');
  });
});
