import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS } from '../cards/card.js';
import { footballStudioKernel } from '../football-studio/football-studio.game.js';
import { replay, type RoundKernel, type RoundLimits } from '../kernel/kernel.js';
import { settlementMoneyFaults } from '../kernel/money.spec-helper.js';
import { dragonTigerKernel } from './dragon-tiger.game.js';
import type { DuelCommand, DuelEvent, DuelState, DuelView } from './duel.kernel.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
type K = RoundKernel<DuelState, DuelCommand, DuelEvent, DuelView>;
const limits: RoundLimits = { spots: { tie: { minMinor: 10, maxMinor: 500 } }, tableMinMinor: 10, tableMaxMinor: 100_000 };
const open: DuelCommand = { type: 'OpenRound', at: 0, roundId: 'rnd_1', tableId: 'tbl_1', profileId: 'standard', bettingClosesAt: 10_000, limits };
const close: DuelCommand = { type: 'CloseBetting', at: 10_000, reason: 'dealer' };
const bet = (betId: string, spot: string, stakeMinor = 100, playerId = 'p1', at = 1_000): DuelCommand => ({ type: 'PlaceBet', at, bet: { betId, playerId, spot, stakeMinor } });
const card = (c: string, at = 11_000): DuelCommand => ({ type: 'RecordCard', at, card: c });

function run(k: K, cmds: readonly DuelCommand[]) {
  let state = k.initial();
  const events: DuelEvent[] = [];
  const rejected: { code: string; ruleId: string | null }[] = [];
  for (const c of cmds) {
    const d = k.decide(state, c);
    if (!d.ok) {
      rejected.push({ code: d.violation.code, ruleId: d.violation.ruleId });
      continue;
    }
    for (const e of d.events) {
      state = k.evolve(state, e);
      events.push(e);
    }
  }
  return { state, events, rejected };
}

describe('Dragon Tiger round kernel', () => {
  const K = dragonTigerKernel;

  it('DT-1/DT-2: first card to Dragon, second to Tiger; the round resolves and pays', () => {
    const { state, rejected } = run(K, [open, bet('b1', 'dragon', 1000), bet('b2', 'tie', 100, 'p2'), close, card('KH'), card('7s')]);
    expect(rejected).toEqual([]);
    expect(K.view(state, { role: 'dealer' }).cards).toEqual({ dragon: 'KH', tiger: '7S' });
    const s = K.settle(state);
    expect(s.ok && s.value.lines.map((l) => [l.betId, l.returnMinor])).toEqual([
      ['b1', 2000],
      ['b2', 0],
    ]);
  });

  it('GEN-8: every card is recorded with its side, shoe position and time', () => {
    const { events } = run(K, [open, close, { type: 'RecordCard', at: 11_000, card: '10d', shoeIndex: 17 }, card('2C', 11_500)]);
    expect(events.filter((e) => e.type === 'CardRecorded')).toEqual([
      { type: 'CardRecorded', at: 11_000, card: 'TD', side: 'dragon', shoeIndex: 17 },
      { type: 'CardRecorded', at: 11_500, card: '2C', side: 'tiger', shoeIndex: null },
    ]);
  });

  it('DT-3: a tie returns half of each side bet and pays the tie bet', () => {
    const { state } = run(K, [open, bet('b1', 'dragon', 1001), bet('b2', 'tiger', 400, 'p2'), bet('b3', 'tie', 100, 'p3'), close, card('QH'), card('QS')]);
    const s = K.settle(state);
    expect(s.ok && s.value.lines.map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual([
      ['b1', 500, 'partial'],
      ['b2', 200, 'partial'],
      ['b3', 900, 'win'],
    ]);
  });

  it('RES-4: rejects tiger after dragon for the same player', () => {
    const r = run(K, [open, bet('b1', 'dragon'), bet('b2', 'tiger'), bet('b3', 'tiger', 100, 'p2')]);
    expect(r.rejected).toEqual([{ code: 'RESTRICTED_COMBINATION', ruleId: 'RES-4' }]);
    expect(Object.keys(r.state.bets)).toEqual(['b1', 'b3']);
  });

  it('GEN-3: the first card closes betting (device sign, one lifecycle for every game); no bet after it; DT-1: an invalid card code is rejected', () => {
    const r = run(K, [open, card('KH'), bet('b1', 'dragon'), close, bet('b2', 'tie', 100, 'p2', 5_000), card('ZZ')]);
    expect(r.rejected).toEqual([
      { code: 'BETTING_CLOSED', ruleId: 'GEN-3' },
      { code: 'BETTING_CLOSED', ruleId: 'GEN-3' },
      { code: 'INVALID_CARD', ruleId: 'DT-1' },
    ]);
    expect(r.state.cards).toEqual(['KH']);
  });

  it('S-1: a card the shoe can no longer hold is refused; the shoe carries to the next round (AttachShoe)', () => {
    const r = run(K, [open, close, card('KH')]);
    let shoe = r.state.shoe;
    expect(shoe?.remaining.KH).toBe(7);
    // drain every KH from the tracker over "previous rounds", then attach it to a new round
    shoe = shoe ? { ...shoe, remaining: { ...shoe.remaining, KH: 0 }, dealt: shoe.dealt + 7 } : shoe;
    const next = run(K, [open, { type: 'AttachShoe', at: 1, shoe } as never, close, card('KH')]);
    expect(next.rejected).toEqual([{ code: 'IMPOSSIBLE_CARD', ruleId: 'S-1' }]);
    expect(next.state.cards).toEqual([]);
  });

  it('GEN-4: the tie spot has its own maximum', () => {
    expect(run(K, [open, bet('b1', 'tie', 501)]).rejected).toEqual([{ code: 'ABOVE_MAX', ruleId: 'GEN-4' }]);
  });

  it('GEN-6: voiding after one card refunds every bet; a third card is refused', () => {
    const r = run(K, [open, bet('b1', 'dragon', 300), close, card('2C'), { type: 'VoidRound', at: 12_000, reason: 'scanner fault', by: 'pit' }]);
    expect(r.state.phase).toBe('void');
    const s = K.settle(r.state);
    expect(s.ok && s.value).toMatchObject({ voided: true, houseResultMinor: 0, lines: [{ betId: 'b1', returnMinor: 300, outcome: 'refund' }] });
    const full = run(K, [open, close, card('2C'), card('3C'), card('4C')]);
    expect(full.rejected).toEqual([{ code: 'ROUND_RESOLVED', ruleId: 'GEN-5' }]);
  });

  it('next(): asks the dealer for Dragon then Tiger', () => {
    expect(K.next(run(K, [open, close]).state)[0]?.message).toContain('dragon');
    expect(K.next(run(K, [open, close, card('2C')]).state)[0]?.message).toContain('tiger');
  });

  it('view: a player sees only their own bets', () => {
    const { state } = run(K, [open, bet('b1', 'dragon', 100, 'p1'), bet('b2', 'tiger', 100, 'p2')]);
    expect(K.view(state, { role: 'player', playerId: 'p2' }).bets.map((b) => b.betId)).toEqual(['b2']);
  });
});

describe('Football Studio round kernel', () => {
  const K = footballStudioKernel;
  it('FS-1/FS-2: first card Home, second Away, ace high; RES-5 rejects away after home', () => {
    const r = run(K, [open, bet('b1', 'home', 100), bet('b2', 'away', 100), bet('b3', 'draw', 100, 'p2'), close, card('AH'), card('KS')]);
    expect(r.rejected).toEqual([{ code: 'RESTRICTED_COMBINATION', ruleId: 'RES-5' }]);
    expect(K.view(r.state, { role: 'pitboss' }).cards).toEqual({ home: 'AH', away: 'KS' });
    const s = K.settle(r.state);
    expect(s.ok && s.value.lines.map((l) => [l.betId, l.returnMinor])).toEqual([
      ['b1', 200],
      ['b3', 0],
    ]);
  });
});

// ---- properties, for both duel games ---------------------------------------------------------

const arbCommand = (sides: readonly string[]): fc.Arbitrary<DuelCommand> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.record({ betId: fc.constantFrom('b1', 'b2', 'b3', 'b4', 'b5'), playerId: fc.constantFrom('p1', 'p2'), spot: fc.constantFrom(...sides, 'suited-tie', 'x'), stakeMinor: fc.integer({ min: -1, max: 999 }), at: fc.integer({ min: 0, max: 11_000 }) }).map(({ at, ...b }): DuelCommand => ({ type: 'PlaceBet', at, bet: b })) },
    { weight: 1, arbitrary: fc.record({ betId: fc.constantFrom('b1', 'b2'), playerId: fc.constantFrom('p1', 'p2') }).map((x): DuelCommand => ({ type: 'CancelBet', at: 5_000, ...x })) },
    { weight: 2, arbitrary: fc.constant(close) },
    { weight: 4, arbitrary: fc.oneof(fc.constantFrom(...ALL_CARDS), fc.constantFrom('10h', 'XX', '')).map((c) => card(c)) },
    { weight: 1, arbitrary: fc.constant<DuelCommand>({ type: 'VoidRound', at: 12_000, reason: 'fault', by: 'pit' }) },
    { weight: 1, arbitrary: fc.constant<DuelCommand>({ type: 'MarkSettled', at: 13_000 }) },
  );

describe.each([
  ['Dragon Tiger', dragonTigerKernel, ['dragon', 'tiger', 'tie'], 'RES-4'],
  ['Football Studio', footballStudioKernel, ['home', 'away', 'draw'], 'RES-5'],
] as const)('%s kernel properties', (_name, K, sides, res) => {
  it('replay: folding the emitted events from initial() reproduces the state', () => {
    fc.assert(
      fc.property(fc.array(arbCommand(sides), { maxLength: 25 }), (cmds) => {
        const { state, events } = run(K, [open, ...cmds]);
        expect(replay(K, events)).toEqual(state);
      }),
      { numRuns: RUNS },
    );
  });

  it(`money conserved, every bet settled once, returns ≥ 0, and ${res} holds`, () => {
    fc.assert(
      fc.property(fc.array(arbCommand(sides), { maxLength: 25 }), (cmds) => {
        const { state } = run(K, [open, ...cmds]);
        for (const p of ['p1', 'p2']) {
          const spots = new Set(Object.values(state.bets).filter((b) => b.playerId === p).map((b) => b.spot));
          expect(spots.has(sides[0]) && spots.has(sides[1])).toBe(false);
        }
        const s = K.settle(state);
        if (!s.ok) return;
        expect(settlementMoneyFaults(s.value, Object.keys(state.bets))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
