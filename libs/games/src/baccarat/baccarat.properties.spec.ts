import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, type Card } from '../cards/card.js';
import { burn, createShoe, deal, trackShoe } from '../cards/shoe.js';
import { replay, type RoundLimits } from '../kernel/kernel.js';
import { baccaratKernel as K, type BaccaratCommand, type BaccaratEvent, type BaccaratState, type ShoeSnapshot } from './baccarat.kernel.js';
import { settleBets, spotReturn } from './baccarat.payouts.js';
import { baccaratProfiles } from './baccarat.profiles.js';
import { classifyCard, handResult, nextDue } from './baccarat.rules.js';

/** Property runs: small by default, CI sets PROPERTY_RUNS for the big count. */
const RUNS = Number(process.env['PROPERTY_RUNS'] ?? 150);

const T0 = 1_000_000;
const CLOSES = T0 + 15_000;
const LIMITS: RoundLimits = { spots: { tie: { minMinor: 100, maxMinor: 5000 } }, tableMinMinor: 100, tableMaxMinor: 50_000 };
const PROFILES = ['punto-banco', 'no-commission', 'punto-banco-pairs'] as const;
const SPOTS = ['player', 'banker', 'tie', 'player-pair', 'banker-pair', 'dragon'];
const betIds = Array.from({ length: 16 }, (_, i) => `bet_${i}`);
const players = ['p1', 'p2', 'p3'];

/** A shoe session with every ace of spades already dealt (so 'AS' is an impossible card, S-1). */
const NO_ACE_OF_SPADES: ShoeSnapshot = { ...trackShoe({ decks: 8, cutFromEnd: 7 }), remaining: { ...trackShoe({ decks: 8 }).remaining, AS: 0 }, dealt: 8 };

const card: fc.Arbitrary<Card> = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...ALL_CARDS) }, { weight: 1, arbitrary: fc.constant<Card>('AS') });
const stake = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(100, 101, 250, 999, 1001, 4999) }, { weight: 1, arbitrary: fc.constantFrom(0, -5, 1.5, 99_999) });
const shoeIndex = fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined });

type Make = (at: number) => BaccaratCommand;
const command: fc.Arbitrary<Make> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ betId: fc.constantFrom(...betIds), playerId: fc.constantFrom(...players), spot: fc.constantFrom(...SPOTS), stakeMinor: stake }).map((bet): Make => (at) => ({ type: 'PlaceBet', at, bet })) },
  { weight: 2, arbitrary: fc.record({ betId: fc.constantFrom(...betIds), playerId: fc.constantFrom(...players) }).map((c): Make => (at) => ({ type: 'CancelBet', at, ...c })) },
  { weight: 1, arbitrary: fc.constantFrom('deadline', 'dealer', 'device' as const).map((reason): Make => (at) => ({ type: 'CloseBetting', at, reason })) },
  { weight: 1, arbitrary: fc.constant<Make>((at) => ({ type: 'AttachShoe', at, shoe: NO_ACE_OF_SPADES })) },
  { weight: 14, arbitrary: fc.tuple(card, shoeIndex).map(([c, i]): Make => (at) => (i === undefined ? { type: 'RecordCard', at, card: c } : { type: 'RecordCard', at, card: c, shoeIndex: i })) },
  { weight: 1, arbitrary: shoeIndex.map((i): Make => (at) => (i === undefined ? { type: 'RecordUnreadableCard', at } : { type: 'RecordUnreadableCard', at, shoeIndex: i })) },
  { weight: 2, arbitrary: fc.tuple(card, fc.constantFrom('dealer_bo', 'pit_anna'), fc.constantFrom('dealer_bo', 'pit_anna')).map(([c, e, a]): Make => (at) => ({ type: 'EnterManualCard', at, card: c, enteredBy: e, approvedBy: a })) },
  { weight: 1, arbitrary: shoeIndex.map((i): Make => (at) => (i === undefined ? { type: 'RecordCutCard', at } : { type: 'RecordCutCard', at, shoeIndex: i })) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom('void', 'accept-corrected' as const), fc.array(card, { maxLength: 6 })).map(([action, cards]): Make => (at) => ({ type: 'ResolveMisdeal', at, action, correctedCards: cards, by: 'pit_anna' })),
  },
  { weight: 1, arbitrary: fc.constant<Make>((at) => ({ type: 'VoidRound', at, reason: 'test', by: 'pit_anna' })) },
  { weight: 1, arbitrary: fc.constant<Make>((at) => ({ type: 'MarkSettled', at })) },
);

function run(profileId: string, steps: readonly { dt: number; make: Make }[]): { state: BaccaratState; events: BaccaratEvent[] } {
  let state = K.initial();
  const events: BaccaratEvent[] = [];
  let at = T0;
  const apply = (cmd: BaccaratCommand): void => {
    const d = K.decide(state, cmd);
    if (!d.ok) {
      expect(d.violation.code).toMatch(/^[A-Z_]+$/);
      return;
    }
    for (const e of d.events) {
      state = K.evolve(state, e);
      events.push(e);
    }
  };
  apply({ type: 'OpenRound', at, roundId: 'rnd_p', tableId: 'tbl_1', profileId, bettingClosesAt: CLOSES, limits: LIMITS });
  for (const s of steps) {
    at += s.dt;
    apply(s.make(at));
  }
  return { state, events };
}

/** Σ stake = Σ return + house result; every accepted, not-cancelled bet exactly once; no negative return. */
function expectMoneyConserved(state: BaccaratState): void {
  const s = K.settle(state);
  if (!s.ok) {
    expect(['idle', 'betting', 'closed', 'play', 'halted']).toContain(state.phase);
    return;
  }
  const lines = s.value.lines;
  expect(lines.map((l) => l.betId).sort()).toEqual(Object.keys(state.bets).sort());
  const stakes = Object.values(state.bets).reduce((a, b) => a + b.stakeMinor, 0);
  const returns = lines.reduce((a, l) => a + l.returnMinor, 0);
  expect(stakes).toBe(returns + s.value.houseResultMinor);
  for (const l of lines) {
    expect(Number.isSafeInteger(l.returnMinor) && l.returnMinor >= 0).toBe(true);
    expect(l.stakeMinor).toBe(state.bets[l.betId]?.stakeMinor);
  }
}

describe('one bet per spot (BAC-4)', () => {
  it('repeat clicks on a spot are paid exactly what the spot total pays, shared over the bet ids', () => {
    const hands = [handResult(['2S', '7H', 'KD', 'KC', '3S']), handResult(['5S', '6H', 'KD', 'KC', '8S']), handResult(['9S', 'KH', 'KD', 'QC']), handResult(['6S', '6H', 'KD', 'QC'])];
    fc.assert(
      fc.property(fc.constantFrom(...PROFILES), fc.constantFrom(...hands), fc.constantFrom('player', 'banker', 'tie' as const), fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 6 }), (profileId, hand, spot, stakes) => {
        if (!hand) throw new Error('fixture');
        const profile = baccaratProfiles[profileId];
        const lines = settleBets(profile, hand, stakes.map((stakeMinor, i) => ({ betId: `bet_${i}`, playerId: 'p1', spot, stakeMinor })));
        const total = stakes.reduce((a, b) => a + b, 0);
        expect(lines.reduce((a, l) => a + l.returnMinor, 0)).toBe(spotReturn(profile, spot, total, hand).returnMinor);
        for (const [i, l] of lines.entries()) expect(l.returnMinor === 0 || l.returnMinor >= (stakes[i] as number)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('baccarat kernel properties', () => {
  it('replaying the events of random command sequences reproduces the state (event sourcing)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROFILES), fc.array(fc.record({ dt: fc.integer({ min: 0, max: 3000 }), make: command }), { maxLength: 40 }), (profileId, steps) => {
        const { state, events } = run(profileId, steps);
        expect(replay(K, events)).toEqual(state);
        expect(state.seq).toBe(events.length);
        // players never see other players' bets
        for (const playerId of players) {
          for (const b of Object.values(K.view(state, { role: 'player', playerId }).bets)) expect(b.playerId).toBe(playerId);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('money is conserved by settle for random command sequences, incl. misdeals, voids and faults (GEN-6)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROFILES), fc.array(fc.record({ dt: fc.integer({ min: 0, max: 3000 }), make: command }), { maxLength: 40 }), (profileId, steps) => {
        const { state } = run(profileId, steps);
        expectMoneyConserved(state);
        // a resolved round always holds a complete legal hand (BAC-17) whose result it reports
        if (state.phase === 'resolved') {
          const cards = state.cards.map((c) => c.card);
          expect(nextDue(cards).type).toBe('complete');
          expect(handResult(cards)).toEqual(state.result);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('money is conserved by settle for random bets on hands dealt from a shuffled shoe (BAC-8)', () => {
    const bet = fc.record({ betId: fc.constantFrom(...betIds), playerId: fc.constantFrom(...players), spot: fc.constantFrom(...SPOTS), stakeMinor: stake });
    fc.assert(
      fc.property(fc.constantFrom(...PROFILES), fc.integer(), fc.array(bet, { maxLength: 20 }), (profileId, seed, bets) => {
        const steps: { dt: number; make: Make }[] = bets.map((b) => ({ dt: 10, make: (at: number) => ({ type: 'PlaceBet', at, bet: b }) }));
        let shoe = createShoe({ decks: 8, cutFromEnd: 7 }, seed);
        const dealt: Card[] = [];
        while (nextDue(dealt).type === 'deal') {
          const d = deal(shoe);
          if (!d.ok) throw new Error('shoe empty');
          shoe = d.value.shoe;
          dealt.push(d.value.card);
        }
        for (const c of dealt) steps.push({ dt: 20_000, make: (at: number) => ({ type: 'RecordCard', at, card: c }) });
        const { state } = run(profileId, steps);
        expect(state.phase).toBe('resolved');
        expectMoneyConserved(state);
      }),
      { numRuns: RUNS },
    );
  });

  it('dealing by nextDue from random shuffled shoes always completes a legal hand of 4–6 cards without a misdeal (BAC-12…BAC-17)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 380 }), (seed, burnN) => {
        const b = burn(createShoe({ decks: 8, cutFromEnd: 7 }, seed), burnN);
        if (!b.ok) throw new Error('burn failed');
        let shoe = b.value;
        const cards: Card[] = [];
        let state = K.evolve(K.initial(), { type: 'RoundOpened', at: T0, roundId: 'r', tableId: 't', profileId: 'punto-banco', bettingClosesAt: CLOSES, limits: LIMITS });
        for (;;) {
          const due = nextDue(cards);
          expect(due.type).not.toBe('misdeal');
          if (due.type !== 'deal') break;
          const d = deal(shoe);
          if (!d.ok) throw new Error('shoe empty');
          shoe = d.value.shoe;
          expect(classifyCard(cards, d.value.card)).toEqual({ type: 'due', to: due.to, position: due.position, index: due.index });
          cards.push(d.value.card);
          const dec = K.decide(state, { type: 'RecordCard', at: CLOSES + cards.length, card: d.value.card });
          if (!dec.ok) throw new Error(dec.violation.message);
          expect(dec.events.map((e) => e.type)).not.toContain('MisdealDetected');
          for (const e of dec.events) state = K.evolve(state, e);
        }
        expect(cards.length).toBeGreaterThanOrEqual(4);
        expect(cards.length).toBeLessThanOrEqual(6);
        expect(state.phase).toBe('resolved');
        expect(state.result).toEqual(handResult(cards));
        // …and one more card is a misdeal (BAC-17)
        const extra = deal(shoe);
        if (extra.ok) expect(classifyCard(cards, extra.value.card).type).toBe('misdeal');
      }),
      { numRuns: RUNS },
    );
  });
});
