import { describe, expect, it } from 'vitest';
import { trackShoe } from '../cards/shoe.js';
import { BLACKJACK_DEAL_STALL_MS, blackjackDefinition, blackjackMaxReturn, createBlackjackKernel, eventForAudience, type BlackjackCommand, type BlackjackEvent } from './kernel.js';
import { blackjackSettleOffline } from './module.js';
import { blackjackProfiles, standardProfile } from './profiles.js';
import { rejected, table } from './test-table.spec-helper.js';

const twoSeats = [
  [1, 'p1', 100],
  [3, 'p2', 100],
] as const;

const cardEvents = (evs: readonly BlackjackEvent[]) => evs.filter((e): e is Extract<BlackjackEvent, { type: 'CardRecorded' }> => e.type === 'CardRecorded');

describe('deal order and betting close (BJ-5, GEN-3)', () => {
  it('deals seat by seat left to right, dealer up card, second cards, then the hole card face down (BJ-5)', () => {
    const t = table('standard', twoSeats);
    expect(t.next()).toEqual(['Betting open']);
    const expected = ['Deal card to seat 1', 'Deal card to seat 3', 'Deal dealer up card', 'Deal card to seat 1', 'Deal card to seat 3', 'Deal dealer hole card face down'];
    for (const [i, r] of ['9', '8', '7', '5', '6', 'T'].entries()) {
      if (i > 0) expect(t.next()).toEqual([expected[i]]);
      t.deal(r);
    }
    expect(cardEvents(t.events).map((e) => e.to)).toEqual([
      { type: 'seat', seat: 1, hand: 0 },
      { type: 'seat', seat: 3, hand: 0 },
      { type: 'dealer', faceDown: false },
      { type: 'seat', seat: 1, hand: 0 },
      { type: 'seat', seat: 3, hand: 0 },
      { type: 'dealer', faceDown: true },
    ]);
    expect(t.next()).toEqual(['Waiting for seat 1 decision']);
  });

  it('the first card closes betting (reason device) and no bet is accepted after it (GEN-3, BJ-6)', () => {
    const t = table('standard', [[1, 'p1', 100]]);
    t.deal('9');
    const types = t.events.map((e) => e.type);
    expect(types.indexOf('BettingClosed')).toBe(types.indexOf('CardRecorded') - 1);
    expect(t.events.find((e) => e.type === 'BettingClosed')).toMatchObject({ reason: 'device' });
    expect(rejected(t.run({ type: 'PlaceBet', at: t.at + 1, bet: { betId: 'late', playerId: 'p9', spot: 'seat:2', stakeMinor: 100 } }))).toEqual({ code: 'BETTING_CLOSED', ruleId: 'GEN-3' });
  });

  it('one owner per seat; seats are seat:1..seat:7 (BJ-1)', () => {
    const t = table('standard', [[1, 'p1', 100]]);
    const bet = (betId: string, playerId: string, spot: string) => t.run({ type: 'PlaceBet', at: t.at + 1, bet: { betId, playerId, spot, stakeMinor: 100 } });
    expect(rejected(bet('x1', 'p2', 'seat:1')).code).toBe('SEAT_TAKEN');
    expect(rejected(bet('x2', 'p1', 'seat:1')).code).toBe('SEAT_HAS_BET');
    expect(rejected(bet('x3', 'p1', 'seat:8')).code).toBe('UNKNOWN_SPOT');
    expect(bet('b1', 'p1', 'seat:1')).toMatchObject({ ok: true, events: [], duplicate: true, accepted: { betId: 'b1', spot: 'seat:1' } }); // idempotent retry
    expect(bet('x4', 'p1', 'seat:7').ok).toBe(true); // a player may play several seats (RAY §8.1)
  });

  it('a card with no seat bet is not dealt (BJ-5)', () => {
    const t = table('standard', []);
    expect(rejected(t.run({ type: 'RecordCard', at: t.at + 1, card: 'AS' })).code).toBe('NO_CARD_DUE');
  });
});

describe('hole card and redaction (BJ-5a)', () => {
  it('the hole card is hidden from player, dealer and pit boss until dealer play reveals it', () => {
    const t = table('standard', twoSeats);
    t.deal('9S', '8S', '7S', '5S', '6S', 'KD');
    for (const a of [{ role: 'player', playerId: 'p1' }, { role: 'dealer' }, { role: 'pitboss' }] as const) {
      const v = t.view(a);
      expect(v.dealer.cards).toEqual(['7S', 'hidden']);
      expect(v.dealer.visibleTotal).toBe(7);
      expect(JSON.stringify(v)).not.toContain('KD');
    }
    expect(t.act(1, 0, 'stand').ok).toBe(true);
    expect(t.view({ role: 'dealer' }).dealer.cards).toEqual(['7S', 'hidden']);
    expect(t.act(3, 0, 'stand').ok).toBe(true);
    for (const a of [{ role: 'player', playerId: 'p2' }, { role: 'dealer' }, { role: 'pitboss' }] as const) {
      expect(t.view(a).dealer).toMatchObject({ cards: ['7S', 'KD'], holeRevealed: true, visibleTotal: 17 });
    }
  });

  it('published events hide the hole card from every audience and other players\' bets from players (BJ-5a)', () => {
    const t = table('standard', twoSeats);
    t.deal('9S', '8S', '7S', '5S', '6S', 'KD');
    for (const a of [{ role: 'player', playerId: 'p1' }, { role: 'dealer' }, { role: 'pitboss' }] as const) {
      const pub = t.events.map((e) => eventForAudience(e, a)).filter((e) => e !== null);
      expect(JSON.stringify(pub)).not.toContain('KD');
      expect(pub.filter((e) => e.type === 'CardRecorded')).toHaveLength(6);
    }
    const p1 = t.events.map((e) => eventForAudience(e, { role: 'player', playerId: 'p1' })).filter((e) => e?.type === 'BetAccepted');
    expect(p1).toEqual([expect.objectContaining({ bet: expect.objectContaining({ betId: 'b1' }) })]);
  });

  it("players never see other players' bets; dealer and pit boss see the table totals", () => {
    const t = table('standard', twoSeats);
    const p2 = t.view({ role: 'player', playerId: 'p2' });
    expect(p2.bets.map((b) => b.betId)).toEqual(['b3']);
    expect(p2.seats.find((x) => x.seat === 1)).toMatchObject({ mine: false, playerId: null, stakeMinor: null });
    expect(p2.seats.find((x) => x.seat === 3)).toMatchObject({ mine: true, playerId: 'p2', stakeMinor: 100 });
    t.deal('T', '9', 'A', '9', '9', '7');
    t.act(1, 0, 'insurance');
    expect(t.view({ role: 'player', playerId: 'p2' }).seats.find((x) => x.seat === 1)?.insurance).toBeNull();
    expect(t.view({ role: 'player', playerId: 'p1' }).seats.find((x) => x.seat === 1)?.insurance).toBe('taken');
    expect(t.view({ role: 'pitboss' }).totals).toMatchObject({ stakeMinor: 250, bets: 3, players: 2, byKind: { main: 200, insurance: 50 } });
    expect(t.view({ role: 'dealer' }).seats.map((x) => [x.seat, x.playerId, x.stakeMinor])).toEqual([[1, 'p1', 100], [3, 'p2', 100]]);
    expect(t.view({ role: 'player', playerId: 'p2' }).bets.map((b) => b.betId)).toEqual(['b3']);
  });
});

describe('player decisions (BJ-9, BJ-10)', () => {
  const dealt = () => {
    const t = table('standard', twoSeats);
    t.deal('9', '8', '7', '2', '6', 'T'); // seat 1: 9+2 = 11, seat 3: 8+6 = 14, dealer 7 + hole T
    return t;
  };

  it('seats act in order: seat 3 cannot act before seat 1 (BJ-9)', () => {
    expect(rejected(dealt().act(3, 0, 'stand'))).toEqual({ code: 'NOT_YOUR_TURN', ruleId: 'BJ-9' });
  });

  it('only the seat owner acts for the seat (BJ-9, RAY §8.1)', () => {
    expect(rejected(dealt().act(1, 0, 'stand', { playerId: 'p2' })).code).toBe('NOT_SEAT_OWNER');
  });

  it('no answer within the decision time = stand, and the dealer moves on (BJ-9)', () => {
    const t = dealt();
    const since = t.at;
    expect(blackjackProfiles.standard?.decisionTimeMs).toBe(15_000);
    expect(t.s.profile && createBlackjackKernel().deadlines(t.s)).toEqual([{ at: since + 15_000, command: { type: 'DecisionTimeout', at: since + 15_000, seat: 1, hand: 0 } }]);
    expect(rejected(t.run({ type: 'DecisionTimeout', at: since + 14_999, seat: 1, hand: 0 })).code).toBe('DECISION_TIME_NOT_OVER');
    t.must({ type: 'DecisionTimeout', at: since + 15_000, seat: 1, hand: 0 });
    const seat1 = t.s.seats[0];
    expect(seat1?.hands[0]).toMatchObject({ done: 'timeout' });
    expect(seat1?.hands[0]?.cards).toHaveLength(2); // hand untouched
    expect(t.next()).toEqual(['Waiting for seat 3 decision']);
    expect(createBlackjackKernel().deadlines(t.s)).toEqual([{ at: since + 30_000, command: { type: 'DecisionTimeout', at: since + 30_000, seat: 3, hand: 0 } }]);
  });

  it('a stale timeout after the player answered is rejected (BJ-9)', () => {
    const t = dealt();
    const since = t.at;
    expect(t.act(1, 0, 'stand').ok).toBe(true);
    expect(rejected(t.run({ type: 'DecisionTimeout', at: since + 15_000, seat: 1, hand: 0 })).code).toBe('DECISION_TIME_NOT_OVER');
    expect(rejected(t.run({ type: 'DecisionTimeout', at: since + 40_000, seat: 1, hand: 0 })).code).toBe('DECISION_NOT_PENDING');
  });

  it('a hand reaching 21 moves on automatically and is offered no more cards (BJ-9, BJ-10)', () => {
    const t = dealt();
    expect(t.act(1, 0, 'hit').ok).toBe(true);
    expect(t.next()).toEqual(['Deal card to seat 1']);
    expect(rejected(t.act(1, 0, 'stand')).code).toBe('WAITING_FOR_CARD');
    t.deal('K');
    expect(t.s.seats[0]?.hands[0]).toMatchObject({ done: 'twenty-one' });
    expect(t.next()).toEqual(['Waiting for seat 3 decision']);
    expect(rejected(t.act(1, 0, 'hit')).code).toBe('NOT_YOUR_TURN');
  });
});

describe('dealer play (BJ-13, BJ-14)', () => {
  it('dealer draws to 16 and stands on 17+: "Dealer draws" then "Round complete"', () => {
    const t = table();
    t.deal('T', '6', '8', 'T'); // player 18, dealer 6 + T = 16
    expect(t.act(1, 0, 'stand').ok).toBe(true);
    expect(t.next()).toEqual(['Dealer draws']);
    t.deal('5');
    expect(t.s.phase).toBe('resolved');
    expect(t.next()).toEqual(['Round complete']);
    expect(t.returns()).toEqual({ b1: 0 });
  });

  it('dealer stands on soft 17 by default; a dealerHitsSoft17 profile draws (BJ-13)', () => {
    const s17 = table();
    s17.deal('T', 'A', '8', '6'); // player 18, dealer A + 6 = soft 17
    s17.act(1, 0, 'no-insurance');
    s17.act(1, 0, 'stand');
    expect(s17.s.phase).toBe('resolved');
    expect(s17.returns()).toEqual({ b1: 200 });
    const h17Kernel = createBlackjackKernel({ h17: { ...standardProfile, id: 'h17', dealerHitsSoft17: true } });
    const h17 = table('h17', [[1, 'p1', 100]], h17Kernel);
    h17.deal('T', 'A', '8', '6');
    h17.act(1, 0, 'no-insurance');
    h17.act(1, 0, 'stand');
    expect(h17.next()).toEqual(['Dealer draws']);
    h17.deal('3'); // soft 20
    expect(h17.returns()).toEqual({ b1: 0 });
  });

  it('dealer draws nothing when every player hand is busted (BJ-14), and a card then is not accepted', () => {
    const t = table();
    t.deal('T', '9', '6', '7'); // player 16, dealer 9 + 7 = 16
    t.act(1, 0, 'hit');
    t.deal('K');
    expect(t.s.phase).toBe('resolved');
    expect(t.s.dealer).toEqual({ cards: [expect.any(String), expect.any(String)], holeRevealed: true });
    expect(rejected(t.run({ type: 'RecordCard', at: t.at + 1, card: '5C' })).code).toBe('NO_CARD_DUE');
    expect(t.returns()).toEqual({ b1: 0 });
  });
});

describe('settlement (BJ-15, BJ-16, BJ-17)', () => {
  it('Blackjack pays 3:2 and the dealer draws nothing against it (BJ-17, BJ-14)', () => {
    const t = table();
    t.deal('A', '9', 'K', '7'); // dealer 16 stays 16: nothing left to decide
    expect(t.s.phase).toBe('resolved');
    expect(t.returns()).toEqual({ b1: 250 });
  });

  it('3:2 on an odd stake rounds the fraction down (profile payoutRounding)', () => {
    const t = table('standard', [[1, 'p1', 15]]);
    t.deal('A', '9', 'K', '7');
    expect(t.returns()).toEqual({ b1: 37 });
  });

  it('both Blackjack = push (BJ-16)', () => {
    const t = table();
    t.deal('A', 'A', 'K', 'Q');
    t.act(1, 0, 'no-insurance');
    expect(t.s.peek).toBe('blackjack');
    expect(t.returns()).toEqual({ b1: 100 });
  });

  it('equal totals push (BJ-16)', () => {
    const t = table();
    t.deal('T', 'T', '8', '8');
    t.act(1, 0, 'stand');
    expect(t.returns()).toEqual({ b1: 100 });
  });

  it("dealer Blackjack beats a player's non-Blackjack 21 (BJ-16)", () => {
    const t = table();
    t.deal('5', 'K', '6', 'A'); // ten up: no peek (BJ-8a)
    t.act(1, 0, 'hit');
    t.deal('T'); // 21
    expect(t.s.phase).toBe('resolved');
    expect(t.view({ role: 'player', playerId: 'p1' }).dealer.cards).toHaveLength(2);
    expect(t.returns()).toEqual({ b1: 0 });
  });

  it('a busted player loses even when the dealer busts too (BJ-16)', () => {
    const t = table('standard', [[1, 'p1', 100], [2, 'p2', 100]]);
    t.deal('T', 'T', '6', '6', '7', 'T'); // seat 1: 16, seat 2: 17, dealer 6 + T
    t.act(1, 0, 'hit');
    t.deal('9'); // seat 1 busts
    t.act(2, 0, 'stand');
    expect(t.next()).toEqual(['Dealer draws']);
    t.deal('8'); // dealer 24
    expect(t.returns()).toEqual({ b1: 0, b2: 200 });
  });
});

describe('double and split (BJ-11, BJ-12)', () => {
  it('double adds a stake equal to the bet and gets exactly one card (BJ-11)', () => {
    const t = table();
    t.deal('5', '9', '6', '8');
    const d = t.act(1, 0, 'double');
    expect(d.ok && d.events[0]).toMatchObject({ type: 'BetAccepted', bet: { betId: 'b1-double-0', kind: 'double', parentBetId: 'b1', stakeMinor: 100, spot: 'seat:1' } });
    t.deal('9'); // 20, hand complete
    expect(t.s.seats[0]?.hands[0]).toMatchObject({ done: 'doubled' });
    expect(t.s.phase).toBe('resolved'); // dealer 17 stands
    expect(t.returns()).toEqual({ b1: 200, 'b1-double-0': 200 });
  });

  it('double is only on the first two cards (BJ-11)', () => {
    const t = table();
    t.deal('2', '9', '3', '8');
    t.act(1, 0, 'hit');
    t.deal('4');
    expect(rejected(t.act(1, 0, 'double'))).toEqual({ code: 'DOUBLE_NOT_ALLOWED', ruleId: 'BJ-11' });
  });

  it('a retried double with the same betId is one bet (idempotent)', () => {
    const t = table();
    t.deal('5', '9', '6', '8');
    expect(t.act(1, 0, 'double').ok).toBe(true);
    expect(t.act(1, 0, 'double')).toEqual({ ok: true, events: [], duplicate: true });
  });

  it('21 on a split hand is 21, not Blackjack: it pays 1:1 (BJ-12)', () => {
    const t = table();
    t.deal('A', '6', 'A', 'T');
    expect(t.act(1, 0, 'split').ok).toBe(true);
    expect(t.next()).toEqual(['Deal card to seat 1 hand 1']);
    t.deal('K'); // A+K on a split hand
    expect(t.view({ role: 'dealer' }).seats[0]?.hands[0]).toMatchObject({ total: 21, blackjack: false, fromSplit: true });
    expect(t.next()).toEqual(['Deal card to seat 1 hand 2']);
    t.deal('5');
    t.deal('T'); // dealer 6 + T + T busts
    expect(t.returns()).toEqual({ b1: 200, 'b1-split-0': 200 });
  });

  it('split aces get exactly one card each (BJ-12)', () => {
    const t = table();
    t.deal('A', '6', 'A', 'T');
    t.act(1, 0, 'split');
    t.deal('5');
    expect(t.s.seats[0]?.hands[0]).toMatchObject({ done: 'split-aces' });
    expect(rejected(t.act(1, 0, 'hit')).code).toBe('NOT_YOUR_TURN');
    t.deal('7');
    expect(t.s.seats[0]?.hands[1]).toMatchObject({ done: 'split-aces' });
    expect(t.next()).toEqual(['Dealer draws']);
  });

  it('one split only (BJ-12)', () => {
    const t = table();
    t.deal('8', '6', '8', 'T');
    t.act(1, 0, 'split');
    t.deal('8');
    expect(rejected(t.act(1, 0, 'split', { betId: 'second-split' }))).toEqual({ code: 'SPLIT_NOT_ALLOWED', ruleId: 'BJ-12' });
  });

  it('a second split reusing the first split\'s stake id is refused, not swallowed as a retry (issue 8); the true retry is a no-op', () => {
    const t = table();
    t.deal('8', '6', '8', 'T');
    expect(t.act(1, 0, 'split', { betId: 'sp1' }).ok).toBe(true);
    expect(t.act(1, 0, 'split', { betId: 'sp1' })).toEqual({ ok: true, events: [], duplicate: true }); // the same split again: a retry
    t.deal('8');
    expect(rejected(t.act(1, 0, 'split', { betId: 'sp1' }))).toEqual({ code: 'BET_ID_CONFLICT', ruleId: 'D-3' });
  });

  it('equal value splits (K + T) by default; unequal cards do not (BJ-12)', () => {
    const a = table();
    a.deal('K', '6', 'T', 'T');
    expect(a.act(1, 0, 'split').ok).toBe(true);
    const b = table();
    b.deal('K', '6', '9', 'T');
    expect(rejected(b.act(1, 0, 'split')).code).toBe('SPLIT_NOT_ALLOWED');
  });

  it('double after split is allowed on the standard table (BJ-11 default)', () => {
    const t = table();
    t.deal('9', '6', '9', 'T');
    t.act(1, 0, 'split');
    t.deal('2');
    expect(t.act(1, 0, 'double').ok).toBe(true);
  });
});

describe('insurance and peek (BJ-7, BJ-8, BJ-8a)', () => {
  it('insurance costs half the bet and pays 2:1 on a dealer Blackjack; the round ends at the peek (BJ-7, BJ-8)', () => {
    const t = table();
    t.deal('T', 'A', '9', 'K');
    expect(t.next()).toEqual(['Waiting for insurance decisions (seats 1)']);
    expect(rejected(t.act(1, 0, 'hit'))).toEqual({ code: 'INSURANCE_PERIOD', ruleId: 'BJ-7' });
    const d = t.act(1, 0, 'insurance');
    expect(d.ok && d.events[0]).toMatchObject({ type: 'BetAccepted', bet: { kind: 'insurance', stakeMinor: 50, parentBetId: 'b1' } });
    expect(t.s.phase).toBe('resolved');
    expect(t.s.dealer.holeRevealed).toBe(true);
    expect(t.returns()).toEqual({ b1: 0, 'b1-insurance-0': 150 });
  });

  it('losing insurance is collected after the peek and play continues (BJ-7)', () => {
    const t = table();
    t.deal('T', 'A', '9', '7');
    t.act(1, 0, 'insurance');
    expect(t.s.peek).toBe('no-blackjack');
    expect(t.view({ role: 'player', playerId: 'p1' }).dealer.cards).toEqual([expect.any(String), 'hidden']);
    expect(t.next()).toEqual(['Waiting for seat 1 decision']);
    expect(t.act(1, 0, 'insurance')).toEqual({ ok: true, events: [], duplicate: true }); // a retry with the same betId is the same bet
    expect(rejected(t.act(1, 0, 'insurance', { betId: 'late-insurance' })).code).toBe('INSURANCE_NOT_OFFERED');
    t.act(1, 0, 'stand'); // 19 vs A+7 = 18
    expect(t.returns()).toEqual({ b1: 200, 'b1-insurance-0': 0 });
  });

  it('insurance is offered only on a dealer Ace (BJ-7)', () => {
    const t = table();
    t.deal('T', 'K', '9', '7');
    expect(rejected(t.act(1, 0, 'insurance'))).toEqual({ code: 'INSURANCE_NOT_OFFERED', ruleId: 'BJ-7' });
  });

  it('no answer in the insurance period = no insurance (BJ-7, BJ-9)', () => {
    const t = table('standard', twoSeats);
    t.deal('T', '9', 'A', '9', '9', '7');
    const dl = createBlackjackKernel().deadlines(t.s);
    expect(dl.map((d) => d.command)).toEqual([
      { type: 'DecisionTimeout', at: t.at + 15_000, seat: 1, hand: 0 },
      { type: 'DecisionTimeout', at: t.at + 15_000, seat: 3, hand: 0 },
    ]);
    t.act(3, 0, 'insurance');
    t.must({ type: 'DecisionTimeout', at: t.at + 15_000, seat: 1, hand: 0 });
    expect(t.s.seats.map((x) => x.insurance)).toEqual(['declined', 'taken']);
    expect(t.s.stage).toBe('players');
  });

  it('no peek on a ten: a dealer Blackjack revealed at the end beats doubled and split stakes; a player Blackjack pushes (BJ-8a)', () => {
    const t = table('standard', [[1, 'p1', 100], [2, 'p2', 100], [3, 'p3', 100]]);
    t.deal('5', '8', 'A', 'K', '6', '8', 'Q', 'A'); // dealer K up, A in the hole
    expect(t.s.peek).toBeNull();
    t.act(1, 0, 'double');
    t.deal('9'); // seat 1: 20 doubled
    t.act(2, 0, 'split');
    t.deal('2');
    t.act(2, 0, 'stand'); // seat 2 hand 1: 10
    t.deal('3');
    t.act(2, 1, 'double');
    t.deal('7'); // seat 2 hand 2: 18 doubled; seat 3 has Blackjack
    expect(t.s.phase).toBe('resolved');
    expect(t.returns()).toEqual({ b1: 0, 'b1-double-0': 0, b2: 0, 'b2-split-0': 0, 'b2-double-1': 0, b3: 100 });
  });

  it('with peekOnTen the dealer Blackjack under a ten ends the round right after the deal (BJ-8a flag)', () => {
    const k = createBlackjackKernel({ peek10: { ...standardProfile, id: 'peek10', peekOnTen: true } });
    const t = table('peek10', [[1, 'p1', 100]], k);
    t.deal('5', 'K', '6', 'A');
    expect(t.s.peek).toBe('blackjack');
    expect(t.s.phase).toBe('resolved');
    expect(t.returns()).toEqual({ b1: 0 });
  });
});

describe('misdeal, void and cut card (S-2, GEN-6, S-4)', () => {
  it('a dealer card while a player still has a decision is a misdeal: rejected, not dealt, round halted (S-2)', () => {
    const t = table();
    t.deal('T', '9', '7', '8');
    const d = t.run({ type: 'RecordCard', at: t.at + 1, card: '5C' });
    expect(d.ok && d.events).toEqual([expect.objectContaining({ type: 'MisdealDetected', code: 'MISDEAL', card: '5C' })]);
    expect(t.s.phase).toBe('halted');
    expect(t.s.seats[0]?.hands[0]?.cards).toHaveLength(2);
    expect(t.s.dealer.cards).toHaveLength(2);
    expect(t.next()[0]).toMatch(/Misdeal/);
    expect(rejected(t.run({ type: 'RecordCard', at: t.at + 2, card: '6C' })).code).toBe('ROUND_HALTED');
    expect(rejected(t.act(1, 0, 'stand')).code).toBe('ROUND_HALTED');
  });

  it('the pit boss voids the round: every bet refunded, doubles included (GEN-6)', () => {
    const w = table();
    w.deal('5', '9', '6', '6'); // dealer 9 + 6
    w.act(1, 0, 'double');
    w.deal('2');
    expect(w.next()).toEqual(['Dealer draws']);
    w.must({ type: 'VoidRound', at: w.at + 1, reason: 'dealer error', by: 'pit_1' });
    expect(rejected(w.run({ type: 'RecordCard', at: w.at + 2, card: '5C' }))).toEqual({ code: 'ROUND_VOID', ruleId: 'GEN-6' }); // the lifecycle table: nothing is played in a void round
    const s = createBlackjackKernel().settle(w.s);
    expect(s.ok && s.value).toMatchObject({ voided: true, houseResultMinor: 0 });
    expect(s.ok && s.value.lines.map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual([
      ['b1', 100, 'refund'],
      ['b1-double-0', 100, 'refund'],
    ]);
    w.must({ type: 'MarkSettled', at: w.at + 3 });
    const again = createBlackjackKernel().settle(w.s); // still refunds after it is marked settled
    expect(again.ok && again.value.voided).toBe(true);
  });

  it('the pit boss can resume a halted round; the rejected card stays out of play (S-2)', () => {
    const t = table();
    t.deal('T', '9', '7', '8');
    t.run({ type: 'RecordCard', at: t.at + 1, card: '5C' });
    t.must({ type: 'ResumeRound', at: t.at + 60_000, by: 'pit_1' });
    expect(t.s.phase).toBe('play');
    expect(createBlackjackKernel().deadlines(t.s)[0]?.at).toBe(t.at + 60_000 + 15_000); // decision time restarts (BJ-9)
    expect(t.s.rejectedCards).toEqual(['5C']);
    expect(t.act(1, 0, 'stand').ok).toBe(true);
    expect(t.returns()).toEqual({ b1: 100 }); // 17 v 17 push
  });

  it('the cut card flags "shuffle after this round" (S-4)', () => {
    const t = table();
    t.deal('T', '9');
    t.must({ type: 'RecordCutCard', at: t.at + 1 });
    expect(t.s.shuffleAfterRound).toBe(true);
    expect(t.next()).toEqual(['Deal card to seat 1', 'Last hand before shuffle']);
    t.deal('8', '8');
    t.act(1, 0, 'stand');
    expect(t.next()).toEqual(['Round complete', 'Cut card out: shuffle before the next round']);
  });
});

describe('profile fields change behaviour without code changes (D-2)', () => {
  const k = createBlackjackKernel({
    obo: { ...standardProfile, id: 'obo', lateDealerBlackjackTakes: 'original-only' },
    push21: { ...standardProfile, id: 'push21', multiCard21VsDealerBlackjack: 'push' },
    rank: { ...standardProfile, id: 'rank', splitOn: 'rank' },
  });

  it('lateDealerBlackjackTakes original-only: a late dealer Blackjack takes the original bet, the double is returned (BJ-8a field)', () => {
    const t = table('obo', [[1, 'p1', 100]], k);
    t.deal('5', 'K', '6', 'A');
    t.act(1, 0, 'double');
    t.deal('9');
    const r = k.settle(t.s);
    expect(r.ok && r.value.lines.map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual([
      ['b1', 0, 'lose'],
      ['b1-double-0', 100, 'refund'],
    ]);
  });

  it('multiCard21VsDealerBlackjack push: an unsplit multi-card 21 pushes against a dealer Blackjack (RAY A ambiguity field)', () => {
    const t = table('push21', [[1, 'p1', 100]], k);
    t.deal('5', 'K', '6', 'A');
    t.act(1, 0, 'hit');
    t.deal('T');
    expect(t.returns()).toEqual({ b1: 100 });
  });

  it('splitOn rank: K + T may not split, K + K may (BJ-12 field)', () => {
    const a = table('rank', [[1, 'p1', 100]], k);
    a.deal('K', '6', 'T', 'T');
    expect(rejected(a.act(1, 0, 'split')).code).toBe('SPLIT_NOT_ALLOWED');
    const b = table('rank', [[1, 'p1', 100]], k);
    b.deal('K', '6', 'K', 'T');
    expect(b.act(1, 0, 'split').ok).toBe(true);
  });
});

describe('the shoe (S-1, S-4) and stake bounds (D-1) under the referee', () => {
  it('a card the shoe can no longer hold is refused with a code and rule, live (S-1): a ninth ace of spades from 8 decks', () => {
    const t = table('standard', [[1, 'p1', 100], [2, 'p2', 100], [3, 'p3', 100], [4, 'p4', 100]]);
    t.deal('AS', 'AS', 'AS', 'AS', '9H', 'AS', 'AS', 'AS', 'AS'); // 8 aces of spades to seats, dealer 9 up
    expect(t.s.shoe?.remaining.AS).toBe(0);
    expect(rejected(t.run({ type: 'RecordCard', at: t.at + 1, card: 'AS' }))).toEqual({ code: 'IMPOSSIBLE_CARD', ruleId: 'S-1' });
    expect(t.s.dealer.cards).toEqual(['9H']);
    t.deal('7D'); // the hole card that really came out
    expect(t.s.shoe?.dealt).toBe(10);
  });
  it('offline (felt settle) refuses the same impossible card with a code, never settles it (S-1)', () => {
    const seats = [1, 2, 3, 4, 5].map((seat) => ({ seat, playerId: `p${seat}`, betId: `b${seat}`, stakeMinor: 100, actions: [] }));
    const r = blackjackSettleOffline('standard', { seats, cards: ['AS', 'AS', 'AS', 'AS', 'AS', '9H', 'AS', 'AS', 'AS', 'AS', 'AS', '7D'] });
    expect(r.ok ? r : r.violation).toMatchObject({ code: 'IMPOSSIBLE_CARD', ruleId: 'S-1' });
  });
  it('a stake near 2^53 is refused with STAKE_TOO_LARGE (D-1), live and offline, never an overflow', () => {
    const k = createBlackjackKernel();
    const big = k.stakeCeiling(standardProfile) + 1;
    const r = blackjackSettleOffline('standard', { seats: [{ seat: 1, playerId: 'p1', betId: 'b1', stakeMinor: 3e15, actions: ['stand'] }], cards: ['TS', '9H', '8S', '7D'] });
    expect(r.ok ? r : r.violation).toMatchObject({ code: 'STAKE_TOO_LARGE', ruleId: 'D-1' });
    const t = table('standard', []);
    expect(rejected(t.run({ type: 'PlaceBet', at: t.at + 1, bet: { betId: 'big', playerId: 'p1', spot: 'seat:1', stakeMinor: big } }))).toEqual({ code: 'STAKE_TOO_LARGE', ruleId: 'D-1' });
    expect(Number.isSafeInteger(k.stakeCeiling(standardProfile) * (blackjackMaxReturn(standardProfile) + 1))).toBe(true);
  });
  it("the definition's carry attaches the previous round's shoe, and nothing once the cut card is out (S-1, S-4)", () => {
    const t = table();
    t.deal('TS', '9H', '8S', '7D');
    const attach = blackjackDefinition.carry?.next(t.s, t.at + 10);
    expect(attach).toMatchObject({ type: 'AttachShoe', shoe: { decks: 8, dealt: 4 } });
    const n = table('standard', []);
    n.must(attach as BlackjackCommand);
    expect(n.s.shoe?.remaining.TS).toBe(7);
    t.must({ type: 'RecordCutCard', at: t.at + 1 });
    expect(blackjackDefinition.carry?.next(t.s, t.at + 10)).toBeNull();
    expect(rejected(n.run({ type: 'AttachShoe', at: n.at + 1, shoe: trackShoe({ decks: 6 }) }))).toEqual({ code: 'WRONG_DECK_COUNT', ruleId: 'BJ-1' });
  });
  it('a second split is refused with a code and rule ID, whatever its bet id (BJ-12; never a retry)', () => {
    const t = table();
    t.deal('8', '6', '8', 'T');
    expect(t.act(1, 0, 'split', { betId: 'sp1' }).ok).toBe(true);
    t.deal('8');
    expect(rejected(t.act(1, 0, 'split', { betId: 'sp2' }))).toEqual({ code: 'SPLIT_NOT_ALLOWED', ruleId: 'BJ-12' });
    expect(rejected(t.act(1, 0, 'split', { betId: 'sp1' }))).toEqual({ code: 'BET_ID_CONFLICT', ruleId: 'D-3' });
    expect(rejected(t.act(1, 0, 'split', { betId: 'b1' }))).toEqual({ code: 'BET_ID_CONFLICT', ruleId: 'D-3' });
    expect(Object.keys(t.s.bets)).toEqual(['b1', 'sp1']);
  });
  it('the hole card reaches no audience through the referee redaction, live or from the events endpoint (BJ-5a)', () => {
    const t = table('standard', twoSeats);
    t.deal('9S', '8S', '7S', '5S', '6S', 'KD');
    const k = createBlackjackKernel();
    for (const a of [{ role: 'player', playerId: 'p1' }, { role: 'player', playerId: 'p2' }, { role: 'dealer' }, { role: 'pitboss' }] as const) {
      const endpoint = t.events.map((e, i) => ({ seq: i + 1, type: e.type, payload: k.redact(e, a) }));
      expect(JSON.stringify(endpoint)).not.toContain('KD');
      expect(endpoint.find((x) => x.type === 'CardRecorded' && (x.payload as { to: { faceDown?: boolean } }).to.faceDown)?.payload).toMatchObject({ card: 'hidden' });
    }
  });
});

describe('play deadlines (issue 9 §5)', () => {
  it('a card the table owes has a deadline that stalls the round; a player decision has only its own (BJ-9)', () => {
    const k = createBlackjackKernel();
    const t = table('standard', twoSeats);
    t.deal('9S');
    const owed = k.deadlines(t.s);
    expect(owed).toEqual([{ at: t.at + BLACKJACK_DEAL_STALL_MS, command: { type: 'StallPlay', at: t.at + BLACKJACK_DEAL_STALL_MS, step: 'deal', ruleId: 'GEN-6' } }]);
    t.deal('8S', '7S', '5S', '6S', 'KD');
    expect(k.deadlines(t.s).map((d) => d.command.type)).toEqual(['DecisionTimeout']);
    t.act(1, 0, 'hit');
    expect(k.deadlines(t.s).map((d) => d.command.type)).toEqual(['StallPlay']);
    const due = k.deadlines(t.s)[0]?.at ?? 0;
    expect(t.must({ type: 'StallPlay', at: due })).toEqual([{ type: 'PlayStalled', at: due, step: 'deal', ruleId: 'GEN-6', since: t.at, deadline: due }]);
    expect(t.must({ type: 'ResumePlay', at: due + 10, by: 'pit_1' })).toMatchObject([{ type: 'PlayResumed', by: 'pit_1', step: 'deal' }]);
    expect(k.deadlines(t.s)[0]?.at).toBe(due + 10 + BLACKJACK_DEAL_STALL_MS);
  });
});
