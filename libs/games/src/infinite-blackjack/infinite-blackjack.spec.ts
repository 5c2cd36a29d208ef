import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Card } from '../cards/card.js';
import { createShoe } from '../cards/shoe.js';
import type { RefereeDecision } from '../kernel/define.js';
import type { RoundLimits, SettlementLine } from '../kernel/kernel.js';
import { settlementMoneyFaults } from '../kernel/money.spec-helper.js';
import { gameKernel } from '../definitions.js';
import { gameModule } from '../registry.js';
import { handCards, infiniteBlackjackKernel as k, lineCards, type InfiniteBlackjackEvent, type InfiniteBlackjackState, type InfiniteBlackjackView } from './infinite-blackjack.game.js';
import { exactBustItRtp, exactCardsRtp, infiniteBlackjackRtp, infiniteBlackjackSettleOffline, simulateInfiniteMain } from './infinite-blackjack.rtp.js';
import { infiniteStandardProfile as P } from './profiles.js';
import { bustIt, hot3, perfectPairs, twentyOnePlusThree } from './side-bets.rules.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
const T0 = 1_000_000;
const CLOSES = T0 + 10_000;
const limits: RoundLimits = { spots: {}, tableMinMinor: 1, tableMaxMinor: 10_000_000 };
type Cmd = { readonly type: string; readonly at: number } & Readonly<Record<string, unknown>>;

function run(cmds: readonly Cmd[], from: InfiniteBlackjackState = k.initial()): { s: InfiniteBlackjackState; events: InfiniteBlackjackEvent[]; last: RefereeDecision<unknown>; refused: string[] } {
  let s = from;
  const events: InfiniteBlackjackEvent[] = [];
  const refused: string[] = [];
  let last: RefereeDecision<unknown> = { ok: true, events: [] };
  for (const c of cmds) {
    const d = k.decide(s, c as never);
    last = d as RefereeDecision<unknown>;
    if (!d.ok) {
      refused.push(d.violation.code);
      continue;
    }
    for (const e of d.events) {
      s = k.evolve(s, e);
      events.push(e as InfiniteBlackjackEvent);
    }
  }
  return { s, events, last, refused };
}

let clock = CLOSES;
const open = (profileId = 'standard'): Cmd => ({ type: 'OpenRound', at: T0, roundId: 'rnd_ibj', tableId: 'tbl_ibj', profileId, bettingClosesAt: CLOSES, limits });
const bet = (betId: string, playerId: string, spot = 'main', stakeMinor = 1_000): Cmd => ({ type: 'PlaceBet', at: T0 + 1, bet: { betId, playerId, spot, stakeMinor } });
const close: Cmd = { type: 'CloseBetting', at: CLOSES, reason: 'dealer' };
const card = (c: string): Cmd => ({ type: 'RecordCard', at: ++clock, card: c });
const cards = (...cs: string[]): Cmd[] => cs.map(card);
const act = (playerId: string, action: string, betId?: string): Cmd => ({ type: 'PlayerAction', at: ++clock, playerId, action, ...(betId ? { betId } : {}) });
const violationOf = (d: RefereeDecision<unknown>) => (d.ok ? null : { code: d.violation.code, ruleId: d.violation.ruleId });
const view = (s: InfiniteBlackjackState, playerId = 'p1') => k.view(s, { role: 'player', playerId }) as InfiniteBlackjackView;
const lines = (s: InfiniteBlackjackState): Record<string, SettlementLine> => {
  const st = k.settle(s);
  if (!st.ok) throw new Error(st.violation.message);
  return Object.fromEntries(st.value.lines.map((l) => [l.betId, l]));
};

describe('infinite blackjack: side bets (IBJ-9), golden', () => {
  it('Perfect Pairs: perfect (same suit), coloured (same colour), mixed, none', () => {
    expect(perfectPairs('8H', '8H')).toBe('perfect');
    expect(perfectPairs('8H', '8D')).toBe('coloured');
    expect(perfectPairs('8H', '8S')).toBe('mixed');
    expect(perfectPairs('KH', 'QH')).toBeNull(); // equal value is not a pair: the ranks must match
  });
  it('21+3: suited trips, straight flush, trips, straight (A-2-3 and Q-K-A, never K-A-2), flush, nothing', () => {
    expect(twentyOnePlusThree(['7S', '7S', '7S'])).toBe('suitedTrips');
    expect(twentyOnePlusThree(['9H', 'JH', 'TH'])).toBe('straightFlush');
    expect(twentyOnePlusThree(['7S', '7D', '7S'])).toBe('trips');
    expect(twentyOnePlusThree(['AS', '2D', '3C'])).toBe('straight');
    expect(twentyOnePlusThree(['QS', 'AD', 'KC'])).toBe('straight');
    expect(twentyOnePlusThree(['KS', 'AD', '2C'])).toBeNull();
    expect(twentyOnePlusThree(['2C', '9C', 'KC'])).toBe('flush');
    expect(twentyOnePlusThree(['2C', '9D', 'KC'])).toBeNull();
  });
  it('Hot 3: suited 7-7-7, suited 21, 21, 20, 19 (an Ace counts 11 unless that passes 21)', () => {
    expect(hot3(['7D', '7D', '7D'])).toBe('suited777');
    expect(hot3(['7D', '7H', '7D'])).toBe('twentyOne');
    expect(hot3(['AS', 'KS', 'TS'])).toBe('suited21');
    expect(hot3(['AS', '9H', 'TS'])).toBe('twenty');
    expect(hot3(['AS', 'AH', '7S'])).toBe('nineteen');
    expect(hot3(['AS', '5H', 'TS'])).toBeNull();
  });
  it('Bust It: only a busted dealer hand wins, by its number of cards (eight or more = 8)', () => {
    expect(bustIt(['TS', '6H', 'KD'])).toBe('3');
    expect(bustIt(['2S', '2H', '2D', '4C', '5S', '3H', 'AD', '6C'])).toBe('8');
    expect(bustIt(['TS', '7H'])).toBeNull();
  });
});

describe('infinite blackjack: the common hand and the common draw (IBJ-1..IBJ-4)', () => {
  it('IBJ-1: the common card, the dealer up card, the common card; every player sees the same cards', () => {
    const r = run([open(), bet('b1', 'p1'), bet('b2', 'p2'), close, ...cards('5S', 'TH', '4D')]);
    expect(r.events.filter((e) => e.type === 'CardRecorded').map((e) => (e.type === 'CardRecorded' ? e.to.type : ''))).toEqual(['common', 'dealer', 'common']);
    expect(view(r.s, 'p1')).toMatchObject({ common: ['5S', '4D'], dealer: { cards: ['TH'], total: 10 }, players: 2, stage: 'decisions', hand: { cards: ['5S', '4D'], total: 9, status: 'deciding' } });
    expect(view(r.s, 'p2').hand?.cards).toEqual(view(r.s, 'p1').hand?.cards);
    expect(view(r.s, 'p1').decision).toMatchObject({ step: 1, options: ['hit', 'stand', 'double'], active: 2, decided: 0 });
    // nobody's decision, bet or identity reaches another player; staff see counts, not hands
    expect(JSON.stringify(view(r.s, 'p2'))).not.toContain('b1');
    expect(k.view(r.s, { role: 'dealer' })).toMatchObject({ hand: null, decision: { options: [], active: 2 } });
  });

  it('IBJ-1: one main bet per player (SEAT_HAS_BET); side bets need no main bet; unknown spots are refused', () => {
    const r = run([open(), bet('b1', 'p1')]);
    expect(violationOf(k.decide(r.s, bet('b2', 'p1') as never))).toEqual({ code: 'SEAT_HAS_BET', ruleId: 'IBJ-1' });
    expect(k.decide(r.s, bet('b3', 'p2', 'bust-it', 100) as never).ok).toBe(true);
    expect(violationOf(k.decide(r.s, bet('b4', 'p2', 'seat:1') as never))).toEqual({ code: 'UNKNOWN_SPOT', ruleId: 'IBJ-9' });
    expect(violationOf(k.decide(run([open('plain')]).s, bet('b5', 'p2', '21+3') as never))).toEqual({ code: 'UNKNOWN_SPOT', ruleId: 'IBJ-9' });
  });

  it('IBJ-2: a player who hits takes the next common card; hands are prefixes of one sequence; the card is dealt only when someone takes it', () => {
    // common 5-4 (9) vs dealer 9: p1 stands, p2 hits twice, p3 doubles
    let r = run([open(), bet('b1', 'p1'), bet('b2', 'p2'), bet('b3', 'p3'), close, ...cards('5S', '9H', '4D')]);
    expect(k.next(r.s)).toMatchObject([{ kind: 'wait-decisions', ruleId: 'IBJ-3' }]);
    expect(violationOf(k.decide(r.s, card('2C') as never))).toEqual({ code: 'NO_CARD_DUE', ruleId: 'IBJ-2' });
    r = run([act('p1', 'stand'), act('p2', 'hit'), act('p3', 'double', 'b3d')], r.s);
    expect(r.refused).toEqual([]);
    expect(r.s).toMatchObject({ stage: 'draw', window: null, takers: 2, hitters: 1 });
    expect(k.next(r.s)).toMatchObject([{ kind: 'deal-card', ruleId: 'IBJ-2' }]);
    r = run([card('2C')], r.s); // D1: p2 and p3 take it
    expect(view(r.s, 'p3').hand).toMatchObject({ cards: ['5S', '4D', '2C'], status: 'doubled', doubled: true });
    expect(view(r.s, 'p2').hand).toMatchObject({ cards: ['5S', '4D', '2C'], status: 'deciding' });
    expect(view(r.s, 'p1').hand).toMatchObject({ cards: ['5S', '4D'], status: 'stood' });
    expect(r.s.window).toMatchObject({ step: 2 });
    expect(r.s.active).toBe(1); // only p2 decides at step 2
    expect(violationOf(k.decide(r.s, act('p1', 'hit') as never))).toEqual({ code: 'DECISION_NOT_PENDING', ruleId: 'IBJ-2' });
    expect(violationOf(k.decide(r.s, act('p2', 'double', 'x') as never))).toEqual({ code: 'DOUBLE_NOT_ALLOWED', ruleId: 'BJ-11' });
    r = run([act('p2', 'hit'), card('3H'), act('p2', 'stand')], r.s);
    expect(view(r.s, 'p2').hand).toMatchObject({ cards: ['5S', '4D', '2C', '3H'], total: 14, status: 'stood' });
    // nobody else is deciding: the dealer plays — the second card, then draws to 17 (IBJ-6)
    expect(r.s.stage).toBe('dealer');
    expect(k.next(r.s)).toMatchObject([{ kind: 'dealer-draws', ruleId: 'IBJ-6' }]);
    r = run(cards('8S'), r.s); // dealer 9 + 8 = 17
    expect(r.s.phase).toBe('resolved');
    const l = lines(r.s);
    expect(l['b1']).toMatchObject({ returnMinor: 0, outcome: 'lose' }); // 9 vs 17
    expect(l['b2']).toMatchObject({ returnMinor: 0, outcome: 'lose' }); // 14 vs 17
    expect(l['b3']).toMatchObject({ returnMinor: 0 }); // doubled 11 vs 17
    expect(l['b3d']).toMatchObject({ stakeMinor: 1_000, returnMinor: 0 });
    expect(view(r.s, 'p2').hand?.result).toBe('lose');
  });

  it('IBJ-3: a retried decision is the same decision; the step closes at once when every hand decided', () => {
    let r = run([open(), bet('b1', 'p1'), bet('b2', 'p2'), close, ...cards('9S', '7H', '2D'), act('p1', 'hit')]);
    expect(k.decide(r.s, act('p1', 'hit') as never)).toMatchObject({ ok: true, events: [], duplicate: true });
    expect(violationOf(k.decide(r.s, act('p1', 'stand') as never))).toEqual({ code: 'DECISION_NOT_PENDING', ruleId: 'IBJ-2' });
    expect(r.s.window).not.toBeNull();
    r = run([act('p2', 'stand')], r.s);
    expect(r.events.at(-1)).toMatchObject({ type: 'HandActed' });
    expect(r.s.window).toBeNull();
    expect(r.s.stage).toBe('draw');
  });

  it('IBJ-3: a hand that does not decide in time stands; the deadline command is refused before the time is over', () => {
    const r = run([open(), bet('b1', 'p1'), bet('b2', 'p2'), close, ...cards('9S', '7H', '2D'), act('p1', 'hit')]);
    const w = r.s.window;
    expect(w).not.toBeNull();
    const dl = k.deadlines(r.s).find((d) => d.command.type === 'CloseDecisions');
    expect(dl?.at).toBe(w?.closesAt);
    expect(w && w.closesAt - w.opensAt).toBe(P.decisionTimeMs);
    expect(violationOf(k.decide(r.s, { type: 'CloseDecisions', at: (w?.closesAt ?? 0) - 1, reason: 'deadline' } as never))).toEqual({ code: 'DECISION_TIME_NOT_OVER', ruleId: 'IBJ-3' });
    expect(violationOf(k.decide(r.s, { type: 'PlayerAction', at: w?.closesAt ?? 0, playerId: 'p2', action: 'hit' } as never))).toEqual({ code: 'DECISION_NOT_PENDING', ruleId: 'IBJ-3' });
    const t = run([{ ...(dl?.command as Cmd) }, card('5C'), { type: 'CloseDecisions', at: clock + 1e6, reason: 'pitboss' }, card('TD')], r.s);
    expect(view(t.s, 'p2').hand).toMatchObject({ cards: ['9S', '2D'], status: 'timeout' });
    expect(view(t.s, 'p1').hand).toMatchObject({ cards: ['9S', '2D', '5C'], total: 16, status: 'timeout' });
    expect(t.s.phase).toBe('resolved'); // dealer 7 + T = 17
    expect(lines(t.s)['b1']).toMatchObject({ returnMinor: 0 });
  });

  it('IBJ-4: a hand reaching 21 or passing it is offered nothing more; nobody left to decide = the dealer plays', () => {
    const r = run([open(), bet('b1', 'p1'), close, ...cards('TS', '8H', '6D'), act('p1', 'hit'), card('5C')]);
    expect(view(r.s).hand).toMatchObject({ total: 21, status: 'twenty-one' });
    expect(r.s.window).toBeNull();
    expect(r.s.stage).toBe('dealer');
    const b = run([act('p1', 'hit')], run([open(), bet('b1', 'p1'), close, ...cards('TS', '8H', '6D'), act('p1', 'hit'), card('9C')]).s);
    expect(b.s.stage).toBe('dealer');
    expect(view(b.s).hand?.status).toBe('bust');
  });
});

describe('infinite blackjack: the split (IBJ-5)', () => {
  it('a pair splits once: the split hands take their cards on lines of their own after the common draw (A, then B); double after split', () => {
    // common 8-8 vs dealer 6: p1 splits, p2 hits, p3 stands
    let r = run([open(), bet('b1', 'p1'), bet('b2', 'p2'), bet('b3', 'p3'), close, ...cards('8S', '6H', '8D')]);
    expect(view(r.s, 'p1').decision?.options).toEqual(['hit', 'stand', 'double', 'split']);
    expect(violationOf(k.decide(r.s, act('p1', 'split') as never))).toEqual({ code: 'BET_ID_REQUIRED', ruleId: 'BJ-17' });
    r = run([act('p1', 'split', 's1'), act('p2', 'hit'), act('p3', 'stand')], r.s);
    expect(r.refused).toEqual([]);
    expect(r.events.find((e) => e.type === 'BetAccepted' && e.bet.kind === 'split')).toMatchObject({ bet: { betId: 's1', stakeMinor: 1_000, spot: 'main', parentBetId: 'b1' } });
    expect(k.decide(r.s, act('p1', 'split', 's1') as never)).toMatchObject({ ok: true, duplicate: true });
    r = run([card('TC')], r.s); // D1 to p2: 8+8+10 = 26, the common line ends
    expect(view(r.s, 'p2').hand).toMatchObject({ total: 26, status: 'bust' });
    expect(r.s).toMatchObject({ line: 'a', stage: 'draw', step: 0 });
    expect(view(r.s, 'p1').hand).toMatchObject({ cards: ['8S'], status: 'waiting' });
    expect(k.next(r.s)).toMatchObject([{ kind: 'deal-card', ruleId: 'IBJ-5' }]);
    r = run([card('3H')], r.s); // split hand A's second card: 8-3 = 11, its step 1 opens
    expect(r.events.at(-1)).toMatchObject({ type: 'CardRecorded', to: { type: 'split', hand: 'a', n: 1 } });
    expect(r.s.window).toMatchObject({ line: 'a', step: 1 });
    expect(view(r.s, 'p1').decision?.options).toEqual(['hit', 'stand', 'double']);
    expect(violationOf(k.decide(r.s, act('p3', 'hit') as never))).toEqual({ code: 'DECISION_NOT_PENDING', ruleId: 'IBJ-2' });
    r = run([act('p1', 'double', 'd1'), card('9S')], r.s); // A: 8-3-9 = 20, doubled
    expect(view(r.s, 'p1').hand).toMatchObject({ cards: ['8S', '3H', '9S'], total: 20, status: 'doubled' });
    expect(r.s).toMatchObject({ line: 'b', stage: 'draw', step: 0 });
    r = run([card('KD')], r.s); // B: 8-K = 18
    expect(view(r.s, 'p1').splitHand).toMatchObject({ cards: ['8D', 'KD'], total: 18, status: 'deciding' });
    r = run([act('p1', 'stand'), ...cards('TH', '9D')], r.s); // dealer 6 T 9 = 25
    expect(r.s.phase).toBe('resolved');
    const l = lines(r.s);
    expect(l['b1']).toMatchObject({ returnMinor: 2_000, rules: ['BJ-15', 'BJ-12'] }); // hand A
    expect(l['d1']).toMatchObject({ returnMinor: 2_000 });
    expect(l['s1']).toMatchObject({ returnMinor: 2_000 }); // hand B
    expect(l['b2']).toMatchObject({ returnMinor: 0 });
    expect(l['b3']).toMatchObject({ returnMinor: 2_000 });
    expect(view(r.s, 'p1').splitHand?.result).toBe('win');
  });

  it('split aces take one card each; an Ace and a ten after a split is 21, not Blackjack (BJ-12)', () => {
    let r = run([open(), bet('b1', 'p1'), close, ...cards('AS', '9H', 'AH'), act('p1', 'split', 's1')]);
    expect(r.s).toMatchObject({ line: 'a', stage: 'draw' });
    r = run([card('KC')], r.s);
    expect(r.s).toMatchObject({ line: 'b', stage: 'draw', window: null });
    r = run([card('5D')], r.s); // B: A-5, no decision (split aces)
    expect(r.s.stage).toBe('dealer');
    r = run(cards('8C'), r.s); // dealer 9 8 = 17
    const l = lines(r.s);
    expect(l['b1']).toMatchObject({ returnMinor: 2_000 }); // 21 pays 1:1, not 3:2
    expect(l['s1']).toMatchObject({ returnMinor: 0 }); // soft 16 vs 17
  });

  it('IBJ-8 after a split: a late dealer Blackjack takes the original stake only; the split stake is returned', () => {
    const r = run([open(), bet('b1', 'p1'), close, ...cards('9S', 'AH', '9D'), act('p1', 'split', 's1'), card('9C'), act('p1', 'stand'), card('TD'), act('p1', 'stand'), card('KS')]);
    expect(r.s.phase).toBe('resolved');
    const l = lines(r.s);
    expect(l['b1']).toMatchObject({ returnMinor: 0 });
    expect(l['s1']).toMatchObject({ returnMinor: 1_000, outcome: 'refund', rules: ['IBJ-8'] });
  });

  it('a pair that is not equal by the profile, or a later step, cannot split (SPLIT_NOT_ALLOWED)', () => {
    const r = run([open(), bet('b1', 'p1'), close, ...cards('9S', '6H', '8D')]);
    expect(violationOf(k.decide(r.s, act('p1', 'split', 'x') as never))).toEqual({ code: 'SPLIT_NOT_ALLOWED', ruleId: 'BJ-12' });
  });
});

describe('infinite blackjack: settlement (IBJ-6..IBJ-11)', () => {
  it('IBJ-7: a 6-card hand that has not passed 21 wins 1:1 (6-card Charlie) — but not against a dealer Blackjack', () => {
    const charlie = ['2S', '9H', '2D', '3C', 'AC', '2H', '4S']; // common 2,2 then A... → 2,2,3,A,2,4 = 14 after 6 cards
    const base = [open(), bet('b1', 'p1'), close, card(charlie[0] as string), card(charlie[1] as string), card(charlie[2] as string)];
    let r = run(base);
    for (const c of charlie.slice(3)) r = run([act('p1', 'hit'), card(c)], r.s);
    expect(view(r.s).hand).toMatchObject({ cards: ['2S', '2D', '3C', 'AC', '2H', '4S'], total: 14, status: 'charlie' });
    expect(r.s.stage).toBe('dealer');
    const won = run(cards('TD'), r.s); // dealer 9 + T = 19 beats 14, but Charlie wins
    expect(lines(won.s)['b1']).toMatchObject({ returnMinor: 2_000, outcome: 'win', rules: ['IBJ-7'] });
    // against a dealer Blackjack the Charlie loses
    let bj = run([open(), bet('b1', 'p1'), close, ...cards('2S', 'AH', '2D')]);
    for (const c of ['3C', 'AC', '2H', '4S']) bj = run([act('p1', 'hit'), card(c)], bj.s);
    bj = run(cards('KD'), bj.s);
    expect(lines(bj.s)['b1']).toMatchObject({ returnMinor: 0, rules: ['IBJ-7', 'BJ-16'] });
    // the plain profile has no Charlie: the same hand is a 14 and may hit on
    let plain = run([open('plain'), bet('b1', 'p1'), close, ...cards('2S', '9H', '2D')]);
    for (const c of ['3C', 'AC', '2H', '4S']) plain = run([act('p1', 'hit'), card(c)], plain.s);
    expect(plain.s.window).not.toBeNull();
  });

  it('IBJ-8: a dealer Blackjack found at the end takes the original stake only — a double is returned', () => {
    const r = run([open(), bet('b1', 'p1'), bet('b2', 'p2'), close, ...cards('6S', 'AH', '5D'), act('p1', 'double', 'b1d'), act('p2', 'stand'), card('9C'), card('KS')]);
    expect(r.s.phase).toBe('resolved');
    const l = lines(r.s);
    expect(l['b1']).toMatchObject({ returnMinor: 0 });
    expect(l['b1d']).toMatchObject({ returnMinor: 1_000, outcome: 'refund', rules: ['IBJ-8'] });
    expect(l['b2']).toMatchObject({ returnMinor: 0 });
  });

  it('BJ-3/BJ-17 on the common hand: a Blackjack pays 3:2 with no decision; the dealer still completes the hand (IBJ-6, Bust It)', () => {
    const r = run([open(), bet('b1', 'p1'), bet('b2', 'p2', 'bust-it', 100), bet('b3', 'p3', 'hot-3', 100), close, ...cards('AS', 'TH', 'KD')]);
    expect(r.s.window).toBeNull();
    expect(view(r.s).hand?.status).toBe('blackjack');
    const d = run(cards('6C', 'QS'), r.s); // dealer T 6 Q = 26
    expect(d.s.phase).toBe('resolved');
    const l = lines(d.s);
    expect(l['b1']).toMatchObject({ returnMinor: 2_500 });
    expect(l['b2']).toMatchObject({ returnMinor: 200, rules: ['IBJ-9'] }); // 3 cards: 1:1
    expect(l['b3']).toMatchObject({ returnMinor: 500 }); // A-K-T unsuited 21: 4:1
  });

  it('IBJ-11: a round of side bets only is still dealt and the dealer completes the hand', () => {
    const r = run([open(), bet('b1', 'p1', 'perfect-pairs', 100), bet('b2', 'p1', '21+3', 100), close, ...cards('8H', '9H', '8H', '5D', '4S')]); // dealer 9 5 4 = 18
    expect(r.s.phase).toBe('resolved');
    const l = lines(r.s);
    expect(l['b1']).toMatchObject({ returnMinor: 2_600 }); // perfect pair 25:1
    expect(l['b2']).toMatchObject({ returnMinor: 600 }); // 8H 8H 9H: a flush, 5:1
  });

  it('a void refunds every bet, doubles included (GEN-6)', () => {
    const r = run([open(), bet('b1', 'p1'), close, ...cards('6S', '9H', '5D'), act('p1', 'double', 'b1d'), { type: 'VoidRound', at: ++clock, reason: 'x', by: 'pit' }]);
    const st = k.settle(r.s);
    expect(st.ok && st.value.lines.map((l) => [l.betId, l.returnMinor])).toEqual([
      ['b1', 1_000],
      ['b1d', 1_000],
    ]);
  });
});

/** Any number of players, each with a random policy, over a random shoe: the round ends, money is conserved, every hand is a prefix of the one sequence. */
describe('infinite blackjack: properties', () => {
  it('unlimited players, each deciding on their own: the round always ends; hands are prefixes of the common sequence; money conserved; replay reproduces', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 5_000 }), fc.constantFrom('main', 'perfect-pairs', '21+3', 'hot-3', 'bust-it')), { minLength: 1, maxLength: 40 }), (seed, players) => {
        const order = createShoe({ decks: 8 }, seed).order;
        let pos = 0;
        const cmds: Cmd[] = [open(), ...players.map(([, stake, spot], i) => bet(`b${i}`, `p${i}`, spot, stake)), close];
        let r = run(cmds);
        const all: InfiniteBlackjackEvent[] = [...r.events];
        for (let guard = 0; guard < 200 && (r.s.phase === 'closed' || r.s.phase === 'play'); guard++) {
          let step: Cmd[];
          if (r.s.window) {
            const w = r.s.window;
            // policy 0: never decides (timer), 1: stands, 2: hits below 17, 3: doubles when it can, else hits below 15, 4: splits when it can, else as 2
            step = players.flatMap(([policy], i): Cmd[] => {
              const v = view(r.s, `p${i}`);
              const options = v.decision?.options ?? [];
              if (options.length === 0 || policy === 0) return [];
              const total = (w.line === 'b' ? v.splitHand : v.hand)?.total ?? 0;
              if (policy === 1) return [act(`p${i}`, 'stand')];
              if (policy === 3 && options.includes('double')) return [act(`p${i}`, 'double', `b${i}d${w.line}`)];
              if (policy === 4 && options.includes('split')) return [act(`p${i}`, 'split', `b${i}s`)];
              return [act(`p${i}`, total < (policy === 3 ? 15 : 17) ? 'hit' : 'stand')];
            });
            step.push({ type: 'CloseDecisions', at: w.closesAt, reason: 'deadline' });
          } else step = [card(order[pos++] as Card)];
          const n = run(step, r.s);
          expect(n.refused.filter((c) => c !== 'DECISION_NOT_PENDING')).toEqual([]);
          all.push(...n.events);
          r = n;
        }
        expect(r.s.phase).toBe('resolved');
        const seq = [...r.s.common, ...r.s.draws];
        for (const [i] of players.entries()) {
          const h = r.s.hands.get(`p${i}`);
          if (h && !h.split) expect(handCards(r.s, h.took)).toEqual(seq.slice(0, 2 + h.took));
          if (h?.split) for (const [j, line] of (['a', 'b'] as const).entries()) expect(lineCards(r.s, line, h.split[line].took)).toEqual([r.s.common[j], ...r.s.splitDraws[line].slice(0, 1 + h.split[line].took)]);
        }
        const st = k.settle(r.s);
        if (!st.ok) throw new Error(st.violation.message);
        expect(settlementMoneyFaults(st.value, Object.keys(r.s.bets))).toEqual([]);
        expect(all.reduce((s, e) => k.evolve(s, e), k.initial())).toEqual(r.s);
      }),
      { numRuns: RUNS },
    );
  });

  it('2 000 players decide in one step, each decision folded without a scan of the others (the step counters)', () => {
    const n = 2_000;
    let r = run([open(), ...Array.from({ length: n }, (_, i) => bet(`b${i}`, `p${i}`)), close, ...cards('5S', '9H', '4D')]);
    expect(r.s).toMatchObject({ active: n, decided: 0 });
    r = run(Array.from({ length: n }, (_, i) => act(`p${i}`, i % 2 === 0 ? 'hit' : 'stand')), r.s);
    expect(r.s).toMatchObject({ window: null, stage: 'draw', takers: n / 2, hitters: n / 2, decided: n });
    r = run([card('TC')], r.s);
    expect(r.s.window).toMatchObject({ step: 2 });
    expect(r.s.active).toBe(n / 2);
  });
});

describe('infinite blackjack: felt rtp and felt settle', () => {
  it('is a live game of the registry, with tools', () => {
    expect(gameKernel('infinite-blackjack')).toBeDefined();
    expect(gameModule('infinite-blackjack')?.defaultProfile).toBe('standard');
  });

  it('side bets are exact: Perfect Pairs 398/415 and 21+3 119489/124085 over 8 decks (the published 4.10 % and 3.70 % edges)', () => {
    expect(exactCardsRtp(P, 'perfect-pairs')).toEqual({ n: 398n, d: 415n });
    expect(exactCardsRtp(P, '21+3')).toEqual({ n: 119489n, d: 124085n });
    const hot = exactCardsRtp(P, 'hot-3');
    expect(Number(hot.n) / Number(hot.d)).toBeCloseTo(0.90778, 4);
  });

  it('the exact rows agree with a seeded simulation in the real card order (Bust It within its sampling error)', () => {
    const sim = simulateInfiniteMain(P, 7, 60_000);
    const bust = exactBustItRtp(P);
    const exact = Number((bust.n * 1_000_000n) / bust.d) / 1e6;
    expect(Math.abs(sim.sides['bust-it'] - exact)).toBeLessThan(0.04);
    expect(Math.abs(sim.sides['21+3'] - 0.96296)).toBeLessThan(0.05);
    expect(sim.rtp).toBeGreaterThan(0.97);
    expect(sim.rtp).toBeLessThan(1.01);
  });

  it('felt rtp: the main bet simulated (seeded, reproducible), each side bet exact', () => {
    const a = infiniteBlackjackRtp('standard', { rounds: 20_000, seed: 3 });
    const b = infiniteBlackjackRtp('standard', { rounds: 20_000, seed: 3 });
    expect(a).toEqual(b);
    if (!a.ok) throw new Error(a.violation.message);
    expect(a.value.rows.map((r) => [r.bet, r.method])).toEqual([
      ['main', 'simulation'],
      ['perfect-pairs', 'exact'],
      ['21+3', 'exact'],
      ['hot-3', 'exact'],
      ['bust-it', 'exact'],
    ]);
    expect(infiniteBlackjackRtp('nope').ok).toBe(false);
    expect(infiniteBlackjackRtp('plain', { rounds: 2_000 }).ok && infiniteBlackjackRtp('plain', { rounds: 2_000 })).toMatchObject({ value: { rows: [{ bet: 'main' }] } });
  });

  it('felt settle: a disputed round replays through the kernel (actions per player in step order; no action left = stand)', () => {
    const st = infiniteBlackjackSettleOffline('standard', {
      cards: ['6S', '9H', '5D', '9C', '3H', '8S'],
      bets: [
        { spot: 'main', stakeMinor: 1_000, playerId: 'p1', betId: 'b1', actions: ['double'] },
        { spot: 'main', stakeMinor: 1_000, playerId: 'p2', betId: 'b2', actions: ['hit', 'hit'] },
        { spot: 'main', stakeMinor: 500, playerId: 'p3', betId: 'b3' },
        { spot: '21+3', stakeMinor: 100, playerId: 'p3', betId: 's3' },
      ],
    });
    if (!st.ok) throw new Error(st.violation.message);
    const l = Object.fromEntries(st.value.lines.map((x) => [x.betId, x.returnMinor]));
    // common 6-5 (11), dealer 9: p1 doubles → 20; p2 hits 9 (20) then 3 (23, bust); p3 stands on 11; dealer 9 + 8 = 17
    expect(l).toEqual({ b1: 2_000, 'b1:double': 2_000, b2: 0, b3: 0, s3: 0 });
    // a split: actions 'split', then split hand A's, then B's (common 8-8 vs 6; A 8-3 doubled to 20, B 8-K stands; dealer 6 T 9)
    const sp = infiniteBlackjackSettleOffline('standard', { cards: ['8S', '6H', '8D', '3H', '9S', 'KD', 'TH', '9D'], bets: [{ spot: 'main', stakeMinor: 1_000, playerId: 'p1', betId: 'b1', actions: ['split', 'double', 'stand'] }] });
    if (!sp.ok) throw new Error(sp.violation.message);
    expect(Object.fromEntries(sp.value.lines.map((x) => [x.betId, x.returnMinor]))).toEqual({ b1: 2_000, 'b1:split': 2_000, 'b1:double:a': 2_000 });
    expect(infiniteBlackjackSettleOffline('standard', { cards: ['6S'], bets: [{ spot: 'main', stakeMinor: 1 }] })).toMatchObject({ ok: false, violation: { code: 'CARDS_EXHAUSTED' } });
    expect(infiniteBlackjackSettleOffline('standard', { cards: 'x', bets: [] })).toMatchObject({ ok: false, violation: { code: 'INVALID_INPUT' } });
  });
});
