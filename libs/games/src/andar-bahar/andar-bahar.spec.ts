import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, rankOf, type Card } from '../cards/card.js';
import { createRng, shuffle } from '../common/random.js';
import type { RefereeDecision } from '../kernel/define.js';
import type { RoundLimits } from '../kernel/kernel.js';
import { settlementMoneyFaults } from '../kernel/money.spec-helper.js';
import { add, mul, rational, ZERO, type Rational } from '../sicbo/rational.js';
import { andarBaharGame, andarBaharKernel as k, type AndarBaharEvent, type AndarBaharState, type AndarBaharView } from './andar-bahar.game.js';
import { AB_STANDARD, dealtCountProbability, MAX_DEALT, parseAndarBaharSpot, winProbability } from './andar-bahar.rules.js';

const T0 = 1_000_000;
const CLOSES = T0 + 10_000;
const limits: RoundLimits = { spots: {}, tableMinMinor: 1, tableMaxMinor: 1_000_000 };
type Cmd = { readonly type: string; readonly at: number } & Readonly<Record<string, unknown>>;

function run(cmds: readonly Cmd[], from: AndarBaharState = k.initial()): { s: AndarBaharState; events: AndarBaharEvent[]; last: RefereeDecision<unknown> } {
  let s = from;
  const events: AndarBaharEvent[] = [];
  let last: RefereeDecision<unknown> = { ok: true, events: [] };
  for (const c of cmds) {
    const d = k.decide(s, c as never);
    last = d as RefereeDecision<unknown>;
    if (!d.ok) continue;
    for (const e of d.events) {
      s = k.evolve(s, e);
      events.push(e as AndarBaharEvent);
    }
  }
  return { s, events, last };
}

const open = (profileId = 'standard'): Cmd => ({ type: 'OpenRound', at: T0, roundId: 'rnd_ab', tableId: 'tbl_ab', profileId, bettingClosesAt: CLOSES, limits });
const bet = (betId: string, playerId: string, spot: string, stakeMinor = 100): Cmd => ({ type: 'PlaceBet', at: T0 + 1, bet: { betId, playerId, spot, stakeMinor } });
const close: Cmd = { type: 'CloseBetting', at: CLOSES, reason: 'dealer' };
const cards = (...cs: string[]): Cmd[] => cs.map((card, i) => ({ type: 'RecordCard', at: CLOSES + 1 + i, card }));
const violationOf = (d: RefereeDecision<unknown>) => (d.ok ? null : { code: d.violation.code, ruleId: d.violation.ruleId });
const view = (s: AndarBaharState, playerId = 'p1') => k.view(s, { role: 'player', playerId }) as AndarBaharView;
const settled = (s: AndarBaharState) => {
  const st = k.settle(s);
  if (!st.ok) throw new Error(st.violation.message);
  return Object.fromEntries(st.value.lines.map((l) => [l.betId, l]));
};

describe('Andar Bahar rules', () => {
  it('AB-1: one deck, fresh every round — a card already out this round is refused; the next round may deal it again', () => {
    const r = run([open(), close, ...cards('7H', '2C')]);
    expect(violationOf(k.decide(r.s, cards('2C')[0] as never))).toEqual({ code: 'IMPOSSIBLE_CARD', ruleId: 'AB-1' });
    expect(violationOf(k.decide(r.s, { type: 'RecordCard', at: CLOSES + 9, card: 'ZZ' } as never))).toEqual({ code: 'INVALID_CARD', ruleId: 'AB-1' });
    const next = run([open(), close, ...cards('2C')]);
    expect(next.s.joker).toBe('2C');
    expect(k.definition.carry).toBeUndefined();
  });

  it('AB-2: the first card is the joker, face up to neither side, and closes betting if still open', () => {
    const r = run([open(), bet('b1', 'p1', 'andar'), ...cards('QD')]);
    expect(r.events.map((e) => e.type)).toEqual(['RoundOpened', 'BetAccepted', 'BettingClosed', 'CardRecorded']);
    expect(r.events.at(-1)).toMatchObject({ card: 'QD', to: 'joker', n: 0 });
    expect(view(r.s)).toMatchObject({ joker: 'QD', andar: [], bahar: [], dealtCount: 0, nextTo: 'andar', phase: 'play' });
    expect(k.next(run([open(), close]).s)).toMatchObject([{ kind: 'deal', ruleId: 'AB-2' }]);
  });

  it('AB-3: then alternately, Andar first', () => {
    const r = run([open(), close, ...cards('QD', '2C', '3C', '4C', '5C')]);
    expect(r.events.filter((e) => e.type === 'CardRecorded').map((e) => (e as { to: string }).to)).toEqual(['joker', 'andar', 'bahar', 'andar', 'bahar']);
    expect(view(r.s)).toMatchObject({ andar: ['2C', '4C'], bahar: ['3C', '5C'], dealtCount: 4, nextTo: 'andar' });
    expect(k.next(r.s)).toMatchObject([{ kind: 'deal', ruleId: 'AB-3' }]);
  });

  it("AB-4: the first card of the joker's rank ends the deal; its side wins; no further card is due", () => {
    const bahar = run([open(), close, ...cards('QD', '2C', 'QS')]);
    expect(view(bahar.s)).toMatchObject({ winner: 'bahar', phase: 'resolved', nextTo: null, dealtCount: 2 });
    const andar = run([open(), close, ...cards('QD', 'QH')]);
    expect(view(andar.s)).toMatchObject({ winner: 'andar', phase: 'resolved', dealtCount: 1 });
    expect(violationOf(k.decide(andar.s, cards('3S')[0] as never))).toEqual({ code: 'ROUND_RESOLVED', ruleId: 'GEN-5' });
    expect(k.next(andar.s)).toMatchObject([{ kind: 'settle' }]);
  });

  it('AB-5: Andar pays 0.9:1, Bahar 1:1; the other side loses', () => {
    const a = run([open(), bet('b1', 'p1', 'andar', 1000), bet('b2', 'p2', 'bahar', 1000), close, ...cards('QD', 'QH')]);
    expect(settled(a.s)).toMatchObject({ b1: { returnMinor: 1900, outcome: 'win', rules: ['AB-4', 'AB-5', 'AB-8'] }, b2: { returnMinor: 0, outcome: 'lose' } });
    const b = run([open(), bet('b1', 'p1', 'andar', 1000), bet('b2', 'p2', 'bahar', 1000), close, ...cards('QD', '2C', 'QS')]);
    expect(settled(b.s)).toMatchObject({ b1: { returnMinor: 0, outcome: 'lose' }, b2: { returnMinor: 2000, outcome: 'win' } });
  });

  it('AB-6: a side bet on the cards dealt wins inside its range at the paytable odds; the open-ended range; unknown and unoffered spots are refused', () => {
    const deal = ['QD', '2C', '3C', '4C', '5C', '6C', 'QH']; // 6 cards to the sides, Bahar wins
    const r = run([open(), bet('s1', 'p1', 'cards:1-5'), bet('s2', 'p1', 'cards:6-10'), bet('s3', 'p2', 'cards:41+'), close, ...cards(...deal)]);
    expect(settled(r.s)).toMatchObject({ s1: { returnMinor: 0, outcome: 'lose', rules: ['AB-6', 'AB-8'] }, s2: { returnMinor: 450, outcome: 'win' }, s3: { returnMinor: 0 } });
    // 41+ : all 48 other cards first, then a match (the longest deal, 49 cards)
    const others = ALL_CARDS.filter((c) => rankOf(c) !== 'Q');
    const long = run([open(), bet('s3', 'p2', 'cards:41+'), close, ...cards('QD', ...others, 'QH')]);
    expect(view(long.s)).toMatchObject({ dealtCount: MAX_DEALT, winner: 'andar' });
    expect(settled(long.s)).toMatchObject({ s3: { returnMinor: 12_100, outcome: 'win' } });
    const betting = run([open()]).s;
    expect(violationOf(k.decide(betting, bet('x', 'p1', 'cards:2-3') as never))).toEqual({ code: 'UNKNOWN_SPOT', ruleId: 'AB-6' });
    expect(violationOf(k.decide(run([open('classic')]).s, bet('x', 'p1', 'cards:1-5') as never))).toEqual({ code: 'UNKNOWN_SPOT', ruleId: 'AB-6' });
  });

  it('AB-7: one player may not hold Andar and Bahar together; two players may', () => {
    const s = run([open(), bet('b1', 'p1', 'andar')]).s;
    expect(violationOf(k.decide(s, bet('b2', 'p1', 'bahar') as never))).toEqual({ code: 'RESTRICTED_COMBINATION', ruleId: 'AB-7' });
    expect(k.decide(s, bet('b3', 'p2', 'bahar') as never).ok).toBe(true);
    expect(k.decide(s, bet('b4', 'p1', 'cards:1-5') as never).ok).toBe(true);
  });

  it('AB-8: payouts are whole minor units, rounded down (Andar 15 → 28)', () => {
    const r = run([open(), bet('b1', 'p1', 'andar', 15), close, ...cards('QD', 'QH')]);
    expect(settled(r.s)['b1']).toMatchObject({ returnMinor: 28 });
  });

  it('the shoe maps to the one move: shoe.card → RecordCard (closes betting); a cut card is only tracked (AB-1)', () => {
    const m = k.definition.devices.map;
    expect(m({ type: 'shoe.card', deviceId: 'shoe-9', payload: { card: 'KH', shoeIndex: 3 } }, { hints: {} }, 5)).toEqual({ kind: 'command', command: { type: 'RecordCard', at: 5, card: 'KH', shoeIndex: 3 }, closesBetting: true });
    expect(m({ type: 'shoe.cut_card', deviceId: 'shoe-9', payload: {} }, { hints: {} }, 5)).toEqual({ kind: 'track' });
  });

  it('a void refunds every bet (GEN-6); a stalled deal names its step and rule', () => {
    const r = run([open(), bet('b1', 'p1', 'andar', 300), close, ...cards('QD'), { type: 'VoidRound', at: CLOSES + 50, reason: 'shoe jam', by: 'pit' }]);
    expect(settled(r.s)).toMatchObject({ b1: { returnMinor: 300, outcome: 'refund' } });
    expect(k.deadlines(run([open(), close, ...cards('QD')]).s)).toMatchObject([{ command: { type: 'StallPlay', step: 'deal', ruleId: 'AB-3' } }]);
  });
});

describe('Andar Bahar exact odds', () => {
  /** Independently, position by position: the first n − 1 cards miss all 3 matching cards, the n-th hits one. */
  const byPositions = (n: number): Rational => {
    let p = rational(1);
    for (let i = 0; i < n - 1; i++) p = mul(p, rational(48 - i, 51 - i));
    return mul(p, rational(3, 51 - (n - 1)));
  };

  it('the closed form C(51 − n, 2) / C(51, 3) equals the position-by-position product and sums to 1', () => {
    let sum = ZERO;
    for (let n = 1; n <= MAX_DEALT; n++) {
      expect(dealtCountProbability(n)).toEqual(byPositions(n));
      sum = add(sum, dealtCountProbability(n));
    }
    expect(sum).toEqual(rational(1));
    expect(dealtCountProbability(MAX_DEALT + 1)).toEqual(ZERO);
  });

  it('P(Andar) = 429/833, P(Bahar) = 404/833; RTP Andar 8151/8330, Bahar 808/833', () => {
    const side = (s: string) => winProbability((parseAndarBaharSpot(AB_STANDARD, s) as { ok: true; value: never }).value);
    expect(side('andar')).toEqual(rational(429, 833));
    expect(side('bahar')).toEqual(rational(404, 833));
    const rows = Object.fromEntries((andarBaharGame.rtp('standard') as { ok: true; value: { rows: { bet: string; exact: string }[] } }).value.rows.map((r) => [r.bet, r.exact]));
    expect(rows).toEqual({
      andar: '8151/8330',
      bahar: '808/833',
      'cards:1-5': '1129/1190',
      'cards:6-10': '4068/4165',
      'cards:11-15': '3872/4165',
      'cards:16-25': '4086/4165',
      'cards:26-30': '4064/4165',
      'cards:31-35': '572/595',
      'cards:36-40': '237/245',
      'cards:41+': '3993/4165',
    });
    expect(andarBaharGame.rtp('nope').ok).toBe(false);
  });

  it('a seeded simulation of shuffled decks agrees with the exact win probability of every bet (within 4 standard errors)', () => {
    const N = 40_000;
    const rng = createRng(20_261_127);
    const wins = new Map<string, number>();
    const spots = ['andar', 'bahar', ...AB_STANDARD.countBets.map((b) => (b.to === null ? `cards:${b.from}+` : `cards:${b.from}-${b.to}`))];
    for (let i = 0; i < N; i++) {
      const deck = shuffle(ALL_CARDS, rng) as Card[];
      const joker = deck[0] as Card;
      const n = deck.slice(1).findIndex((c) => rankOf(c) === rankOf(joker)) + 1;
      for (const s of spots) {
        const spot = parseAndarBaharSpot(AB_STANDARD, s);
        if (!spot.ok) throw new Error(s);
        const v = spot.value;
        const won = v.type === 'side' ? (n % 2 === 1 ? 'andar' : 'bahar') === v.side : n >= v.bet.from && (v.bet.to === null || n <= v.bet.to);
        if (won) wins.set(s, (wins.get(s) ?? 0) + 1);
      }
    }
    for (const s of spots) {
      const spot = parseAndarBaharSpot(AB_STANDARD, s);
      if (!spot.ok) throw new Error(s);
      const p = winProbability(spot.value);
      const exact = p.num / p.den;
      const se = Math.sqrt((exact * (1 - exact)) / N);
      expect(Math.abs((wins.get(s) ?? 0) / N - exact), s).toBeLessThan(4 * se);
    }
  });
});

describe('Andar Bahar properties', () => {
  it('any shuffled deck: the round ends before the deck runs out (≤ 49 cards to the sides), at the first match, and money is conserved', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.array(fc.record({ p: fc.constantFrom('p1', 'p2', 'p3'), spot: fc.constantFrom('andar', 'bahar', 'cards:1-5', 'cards:6-10', 'cards:16-25', 'cards:41+'), stake: fc.integer({ min: 1, max: 50_000 }) }), { maxLength: 8 }), (seed, bets) => {
        const deck = shuffle(ALL_CARDS, createRng(seed));
        const placed = bets.map((b, i) => bet(`b${i}`, b.p, b.spot, b.stake));
        let r = run([open(), ...placed, close]);
        let used = 0;
        while (r.s.phase !== 'resolved') {
          expect(used).toBeLessThan(52);
          r = run([{ type: 'RecordCard', at: CLOSES + 1 + used, card: deck[used] as string }], r.s);
          expect(r.last.ok).toBe(true);
          used += 1;
        }
        const v = view(r.s);
        expect(v.dealtCount).toBeLessThanOrEqual(MAX_DEALT);
        expect(v.dealtCount).toBe(used - 1);
        const all = [...v.andar, ...v.bahar];
        expect(all.filter((c) => rankOf(c) === rankOf(v.joker as Card))).toHaveLength(1);
        const st = k.settle(r.s);
        if (!st.ok) throw new Error(st.violation.message);
        expect(settlementMoneyFaults(st.value, Object.keys(r.s.bets))).toEqual([]);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
    );
  });
});

describe('felt settle andar-bahar (GEN-8)', () => {
  const golden = (name: string): unknown => JSON.parse(readFileSync(new URL(`./golden.${name}.json`, import.meta.url), 'utf8'));

  it('golden: joker 7H, then 2C KD 9S 7S — Bahar wins with 4 cards; every bet settled as recorded in golden.settlement.json', () => {
    const r = andarBaharGame.settleOffline('standard', golden('round'));
    expect(r.ok ? r.value : r.violation).toEqual(golden('settlement'));
  });

  it('refuses a deal that is not one: no match yet, cards after the match, a card twice, a bad code; Andar and Bahar together (AB-7)', () => {
    const code = (cards: unknown, bets: unknown = []) => {
      const r = andarBaharGame.settleOffline('standard', { cards, bets });
      return r.ok ? 'ok' : `${r.violation.code} ${r.violation.ruleId}`;
    };
    expect(code(['7H', '2C'])).toBe('INVALID_CARDS AB-4');
    expect(code(['7H', '7C', '2C'])).toBe('INVALID_CARDS AB-4');
    expect(code(['7H', '2C', '2C', '7S'])).toBe('INVALID_CARDS AB-1');
    expect(code(['7H', 'XX'])).toBe('INVALID_CARD AB-1');
    expect(code('7H')).toBe('INVALID_CARDS AB-2');
    expect(code(['7H', '7S'], [{ spot: 'andar', stakeMinor: 1 }, { spot: 'bahar', stakeMinor: 1 }])).toBe('RESTRICTED_COMBINATION AB-7');
    expect(code(['7H', '7S'], [{ spot: 'cards:99', stakeMinor: 1 }])).toBe('UNKNOWN_SPOT AB-6');
  });
});
