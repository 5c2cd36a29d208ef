import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, type Card } from '../cards/card.js';
import { replay, type Audience } from '../kernel/kernel.js';
import { blackjackKernel as k, cardDue, currentHand, PLAYER_ACTIONS, type BlackjackCommand, type BlackjackEvent, type BlackjackState } from './kernel.js';
import { blackjackProfiles } from './profiles.js';
import { LIMITS } from './test-table.spec-helper.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const OWNERS = ['p1', 'p2', 'p3'] as const;
const AUDIENCES: Audience[] = [{ role: 'dealer' }, { role: 'pitboss' }, { role: 'player', playerId: 'p1' }, { role: 'player', playerId: 'p2' }];

const stepArb = fc.record({
  kind: fc.constantFrom('auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'random-card', 'random-action', 'timeout', 'cut', 'resume', 'void'),
  action: fc.constantFrom<(typeof PLAYER_ACTIONS)[number]>('hit', 'hit', 'stand', 'double', 'double', 'split', 'split', 'insurance', 'no-insurance'),
  seat: fc.integer({ min: 1, max: 7 }),
  hand: fc.integer({ min: 0, max: 1 }),
  owner: fc.constantFrom(...OWNERS),
  card: fc.constantFrom(...ALL_CARDS),
});

const roundArb = fc.record({
  profileId: fc.constantFrom(...Object.keys(blackjackProfiles)),
  seats: fc.uniqueArray(fc.record({ seat: fc.integer({ min: 1, max: 7 }), owner: fc.constantFrom(...OWNERS), stake: fc.integer({ min: 10, max: 999 }) }), { selector: (x) => x.seat, maxLength: 5 }),
  // aces and tens over-represented so insurance, peeks, Blackjacks and pairs come up often
  shoe: fc.array(fc.oneof(fc.constantFrom(...ALL_CARDS), fc.constantFrom<Card>('AS', 'AH', 'TD', 'KC', '8S', '8H')), { minLength: 80, maxLength: 80 }),
  steps: fc.array(stepArb, { minLength: 10, maxLength: 80 }),
});

type Round = { s: BlackjackState; events: BlackjackEvent[]; cardViolations: string[]; holeLeaks: string[] };

/** Drives a random round; records every rule the card/hole-card properties check on the way. */
function drive(input: fc.infer<typeof roundArb>): Round {
  let s = k.initial();
  const events: BlackjackEvent[] = [];
  const cardViolations: string[] = [];
  const holeLeaks: string[] = [];
  let at = 1_000;
  let shoePos = 0;
  let betNo = 0;
  const nextCard = (): Card => input.shoe[shoePos++ % input.shoe.length] as Card;
  const run = (c: BlackjackCommand): void => {
    // The target the rules call for, judged on the state the card meets (after a device close of betting).
    let probe = s;
    if (c.type === 'RecordCard' && s.phase === 'betting' && Object.values(s.bets).length > 0) probe = k.evolve(s, { type: 'BettingClosed', at: c.at, reason: 'device' });
    const due = c.type === 'RecordCard' ? cardDue(probe) : null;
    const d = k.decide(s, c);
    if (!d.ok) return;
    for (const e of d.events) {
      if (e.type === 'CardRecorded' && JSON.stringify(e.to) !== JSON.stringify(due)) cardViolations.push(`${e.card} → ${JSON.stringify(e.to)} but due ${JSON.stringify(due)}`);
      s = k.evolve(s, e);
      events.push(e);
    }
    const hole = s.dealer.cards[1];
    if (s.profile?.holeCard && hole && !s.dealer.holeRevealed) {
      for (const a of AUDIENCES) if (k.view(s, a).dealer.cards[1] !== 'hidden') holeLeaks.push(`${a.role} sees the hole card`);
    }
  };
  run({ type: 'OpenRound', at, roundId: 'rnd_p', tableId: 'tbl_p', profileId: input.profileId, bettingClosesAt: at + 10_000, limits: LIMITS });
  for (const x of input.seats) run({ type: 'PlaceBet', at: ++at, bet: { betId: `b${x.seat}`, playerId: x.owner, spot: `seat:${x.seat}`, stakeMinor: x.stake } });
  const ownerOf = (seat: number): string => input.seats.find((x) => x.seat === seat)?.owner ?? 'p1';
  const auto = (action: (typeof PLAYER_ACTIONS)[number]): void => {
    if (s.phase === 'betting' || cardDue(s) !== null) return run({ type: 'RecordCard', at: ++at, card: nextCard() });
    if (s.stage === 'insurance') {
      const seat = s.seats.find((x) => x.insurance === 'pending');
      if (seat) run({ type: 'PlayerAction', at: ++at, seat: seat.seat, hand: 0, action: action === 'insurance' ? 'insurance' : 'no-insurance', playerId: seat.playerId, betId: `x${betNo++}` });
      return;
    }
    const cur = currentHand(s);
    if (cur) run({ type: 'PlayerAction', at: ++at, seat: cur.seat.seat, hand: cur.handIndex, action, playerId: cur.seat.playerId, betId: `x${betNo++}` });
  };
  for (const st of input.steps) {
    switch (st.kind) {
      case 'auto':
        auto(st.action);
        break;
      case 'random-card':
        run({ type: 'RecordCard', at: ++at, card: st.card });
        break;
      case 'random-action':
        run({ type: 'PlayerAction', at: ++at, seat: st.seat, hand: st.hand, action: st.action, playerId: st.owner === 'p3' ? ownerOf(st.seat) : st.owner, betId: `x${betNo++}` });
        break;
      case 'timeout': {
        const dl = k.deadlines(s)[0];
        if (dl) {
          at = Math.max(at + 1, dl.at);
          run({ ...(dl.command as BlackjackCommand), at } as BlackjackCommand);
        }
        break;
      }
      case 'cut':
        run({ type: 'RecordCutCard', at: ++at });
        break;
      case 'resume':
        run({ type: 'ResumeRound', at: ++at, by: 'pit_1' });
        break;
      case 'void':
        if (st.seat === 7) run({ type: 'VoidRound', at: ++at, reason: 'fuzz', by: 'pit_1' });
        break;
    }
  }
  // finish the round: resume halts, deal what is due, stand / decline everything else
  for (let i = 0; i < 300 && s.phase !== 'resolved' && s.phase !== 'void'; i++) {
    if (s.phase === 'halted') run({ type: 'ResumeRound', at: ++at, by: 'pit_1' });
    else if (s.phase === 'betting') run({ type: 'CloseBetting', at: ++at, reason: 'dealer' });
    else auto('stand');
  }
  return { s, events, cardViolations, holeLeaks };
}

describe('blackjack kernel properties', () => {
  it('every round completes and settle conserves money: each accepted bet exactly once, Σ stake = Σ return + house (doubles, splits, insurance)', () => {
    fc.assert(
      fc.property(roundArb, (input) => {
        const { s, events } = drive(input);
        expect(['resolved', 'void']).toContain(s.phase);
        const r = k.settle(s);
        if (!r.ok) throw new Error(JSON.stringify(r.violation));
        const lines = r.value.lines;
        const ids = lines.map((l) => l.betId);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.slice().sort()).toEqual(Object.keys(s.bets).sort());
        let debited = 0;
        for (const e of events) {
          if (e.type === 'BetAccepted') debited += e.bet.stakeMinor;
          if (e.type === 'BetCancelled') debited -= e.stakeMinor;
        }
        const stakes = lines.reduce((a, l) => a + l.stakeMinor, 0);
        const returns = lines.reduce((a, l) => a + l.returnMinor, 0);
        expect(stakes).toBe(debited);
        expect(r.value.houseResultMinor).toBe(stakes - returns);
        for (const l of lines) {
          expect(Number.isSafeInteger(l.returnMinor) && l.returnMinor >= 0).toBe(true);
          expect(l.stakeMinor).toBe(s.bets[l.betId]?.stakeMinor);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('replaying the events reproduces the state exactly', () => {
    fc.assert(
      fc.property(roundArb, (input) => {
        const { s, events } = drive(input);
        expect(replay(k, events)).toEqual(s);
      }),
      { numRuns: RUNS },
    );
  });

  it('never accepts a card when none is due, and deals every card to the hand the rules call for (BJ-5, S-2)', () => {
    fc.assert(
      fc.property(roundArb, (input) => {
        expect(drive(input).cardViolations).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('no audience sees the hole card before the reveal (BJ-5a)', () => {
    fc.assert(
      fc.property(roundArb, (input) => {
        expect(drive(input).holeLeaks).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
