import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay, type RoundLimits } from '../kernel/kernel.js';
import { settlementMoneyFaults } from '../kernel/money.spec-helper.js';
import { sicboKernel as K, type SicboCommand, type SicboEvent, type SicboState } from './sicbo.kernel.js';
import { SICBO_SPOTS } from './sicbo.rules.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const limits: RoundLimits = { spots: { triple: { minMinor: 10, maxMinor: 1_000 } }, tableMinMinor: 10, tableMaxMinor: 100_000 };
const open: SicboCommand = { type: 'OpenRound', at: 0, roundId: 'rnd_1', tableId: 'tbl_sb', profileId: 'standard', bettingClosesAt: 10_000, limits };

/** Apply commands, folding accepted events; returns the state, all events and the rejections. */
function run(cmds: readonly SicboCommand[]): { state: SicboState; events: SicboEvent[]; rejected: { cmd: SicboCommand; code: string; ruleId: string | null }[] } {
  let state = K.initial();
  const events: SicboEvent[] = [];
  const rejected: { cmd: SicboCommand; code: string; ruleId: string | null }[] = [];
  for (const c of cmds) {
    const d = K.decide(state, c);
    if (!d.ok) {
      rejected.push({ cmd: c, code: d.violation.code, ruleId: d.violation.ruleId });
      continue;
    }
    for (const e of d.events) {
      state = K.evolve(state, e);
      events.push(e);
    }
  }
  return { state, events, rejected };
}

const bet = (betId: string, spot: string, stakeMinor = 100, playerId = 'p1', at = 1_000): SicboCommand => ({ type: 'PlaceBet', at, bet: { betId, playerId, spot, stakeMinor } });
const close: SicboCommand = { type: 'CloseBetting', at: 10_000, reason: 'deadline' };

describe('Sic Bo round kernel', () => {
  it('GEN-5 / SB-2: a full round pays small on 1-2-3 and collects big', () => {
    const { state, rejected } = run([open, bet('bet_1', 'small', 1000), bet('bet_2', 'total:6', 100, 'p2'), bet('bet_3', 'big', 500, 'p3'), close, { type: 'RecordDiceResult', at: 11_000, dice: [1, 2, 3] }]);
    expect(rejected).toEqual([]);
    expect(state.phase).toBe('resolved');
    const s = K.settle(state);
    expect(s.ok && s.value.lines.map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual([
      ['bet_1', 2000, 'win'],
      ['bet_2', 1800, 'win'],
      ['bet_3', 0, 'lose'],
    ]);
    expect(s.ok && s.value.houseResultMinor).toBe(1600 - 3800);
    expect(K.decide(state, { type: 'MarkSettled', at: 12_000 }).ok).toBe(true);
  });

  it('RES-3: rejects big after small and even after odd for the same player, but not for another player', () => {
    const { state, rejected } = run([open, bet('b1', 'small'), bet('b2', 'big'), bet('b3', 'odd'), bet('b4', 'even'), bet('b5', 'big', 100, 'p2')]);
    expect(rejected.map((r) => [r.code, r.ruleId])).toEqual([
      ['RESTRICTED_COMBINATION', 'RES-3'],
      ['RESTRICTED_COMBINATION', 'RES-3'],
    ]);
    expect(Object.keys(state.bets).sort()).toEqual(['b1', 'b3', 'b5']);
  });

  it('RES-3: after cancelling small the player may bet big', () => {
    const { state, rejected } = run([open, bet('b1', 'small'), { type: 'CancelBet', at: 2_000, betId: 'b1', playerId: 'p1' }, bet('b2', 'big')]);
    expect(rejected).toEqual([]);
    expect(Object.keys(state.bets)).toEqual(['b2']);
  });

  it('GEN-3: rejects a bet at or after the server deadline and after "no more bets"', () => {
    const r = run([open, bet('b1', 'small', 100, 'p1', 10_000), bet('b2', 'big', 100, 'p2', 9_999), close, bet('b3', 'odd', 100, 'p3', 9_000)]);
    expect(r.rejected.map((x) => [x.cmd.type === 'PlaceBet' && x.cmd.bet.betId, x.code, x.ruleId])).toEqual([
      ['b1', 'BETTING_CLOSED', 'GEN-3'],
      ['b3', 'BETTING_CLOSED', 'GEN-3'],
    ]);
  });

  it('GEN-4: rejects a stake above the spot maximum and an unknown spot (SB-2)', () => {
    const r = run([open, bet('b1', 'triple:6', 1_001), bet('b2', 'pair:6')]);
    expect(r.rejected.map((x) => [x.code, x.ruleId])).toEqual([
      ['ABOVE_MAX', 'GEN-4'],
      ['UNKNOWN_SPOT', 'SB-2'],
    ]);
  });

  it('idempotency: the same bet id twice is one bet (no second debit)', () => {
    const r = run([open, bet('b1', 'small'), bet('b1', 'small')]);
    expect(r.events.filter((e) => e.type === 'BetAccepted')).toHaveLength(1);
    expect(r.rejected).toEqual([]);
    expect(run([open, bet('b1', 'small'), bet('b1', 'small', 200)]).rejected[0]?.code).toBe('BET_ID_CONFLICT');
  });

  it('SB-4: a reading outside 1–6 is rejected and the round keeps waiting for dice', () => {
    const r = run([open, bet('b1', 'small'), close, { type: 'RecordDiceResult', at: 11_000, dice: [1, 7, 3] }]);
    expect(r.rejected.map((x) => [x.code, x.ruleId])).toEqual([['INVALID_DICE', 'SB-4']]);
    expect(r.state.phase).toBe('closed');
    expect(K.next(r.state)[0]).toMatchObject({ kind: 'shake', ruleId: 'SB-4' });
  });

  it('SB-4: two faults allow two reshakes; the third fault voids the round and refunds every bet (GEN-6)', () => {
    const fault = (at: number): SicboCommand => ({ type: 'RecordDiceFault', at, code: 'unreadable' });
    const two = run([open, bet('b1', 'small', 300), bet('b2', 'total:4', 50, 'p2'), close, fault(11_000), fault(12_000)]);
    expect(two.state.phase).toBe('closed');
    expect(two.state.faults).toBe(2);
    const three = run([open, bet('b1', 'small', 300), bet('b2', 'total:4', 50, 'p2'), close, fault(11_000), fault(12_000), fault(13_000)]);
    expect(three.state.phase).toBe('void');
    expect(three.state.voidReason).toContain('SB-4');
    const s = K.settle(three.state);
    expect(s.ok && s.value).toMatchObject({ voided: true, houseResultMinor: 0 });
    expect(s.ok && s.value.lines.map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual([
      ['b1', 300, 'refund'],
      ['b2', 50, 'refund'],
    ]);
  });

  it('SB-4: a dice result after two faults resolves the round normally', () => {
    const r = run([open, bet('b1', 'big'), close, { type: 'RecordDiceFault', at: 11_000, code: 'no_shake' }, { type: 'RecordDiceFault', at: 11_500, code: 'motion_error' }, { type: 'RecordDiceResult', at: 12_000, dice: [6, 6, 1] }]);
    expect(r.state.phase).toBe('resolved');
    const s = K.settle(r.state);
    expect(s.ok && s.value.lines[0]?.returnMinor).toBe(200);
  });

  it('GEN-6: a resolved round cannot be voided', () => {
    const r = run([open, bet('b1', 'big'), close, { type: 'RecordDiceResult', at: 12_000, dice: [6, 6, 1] }, { type: 'VoidRound', at: 13_000, reason: 'x', by: 'pit' }]);
    expect(r.rejected[0]).toMatchObject({ code: 'ROUND_RESOLVED', ruleId: 'GEN-6' });
  });

  it('view: a player sees only their own bets; the dealer sees the table totals (built from the book, not the bets)', () => {
    const { state } = run([open, bet('b1', 'small', 100, 'p1'), bet('b2', 'big', 100, 'p2')]);
    expect(K.view(state, { role: 'player', playerId: 'p1' }).bets.map((b) => b.betId)).toEqual(['b1']);
    expect(K.view(state, { role: 'dealer' }).totals).toMatchObject({ stakeMinor: 200, bets: 2, players: 2, bySpot: { small: 100, big: 100 } });
  });

  it('GEN-3: arms the betting deadline while betting is open', () => {
    const { state } = run([open]);
    expect(K.deadlines(state)).toEqual([{ at: 10_000, command: { type: 'CloseBetting', at: 10_000, reason: 'deadline' } }]);
    // after "no more bets" the betting deadline is gone; the dice are owed within 30 s (issue 9 §5)
    const closedAt = close.at;
    expect(K.deadlines(run([open, close]).state)).toEqual([{ at: closedAt + 30_000, command: { type: 'StallPlay', at: closedAt + 30_000, step: 'dice', ruleId: 'SB-4' } }]);
  });
});

// ---- property tests -------------------------------------------------------------------------

const arbCommand: fc.Arbitrary<SicboCommand> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ betId: fc.constantFrom('b1', 'b2', 'b3', 'b4', 'b5', 'b6'), playerId: fc.constantFrom('p1', 'p2'), spot: fc.oneof(fc.constantFrom(...SICBO_SPOTS), fc.constant('nope')), stakeMinor: fc.integer({ min: -5, max: 2_000 }), at: fc.integer({ min: 0, max: 11_000 }) }).map(({ at, ...b }): SicboCommand => ({ type: 'PlaceBet', at, bet: b })) },
  { weight: 1, arbitrary: fc.record({ betId: fc.constantFrom('b1', 'b2', 'b3'), playerId: fc.constantFrom('p1', 'p2') }).map((x): SicboCommand => ({ type: 'CancelBet', at: 5_000, ...x })) },
  { weight: 2, arbitrary: fc.constant(close) },
  { weight: 2, arbitrary: fc.constant<SicboCommand>({ type: 'RecordDiceFault', at: 11_000, code: 'unreadable' }) },
  { weight: 3, arbitrary: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 3, maxLength: 3 }).map((dice): SicboCommand => ({ type: 'RecordDiceResult', at: 12_000, dice })) },
  { weight: 1, arbitrary: fc.constant<SicboCommand>({ type: 'VoidRound', at: 12_000, reason: 'fault', by: 'pit' }) },
  { weight: 1, arbitrary: fc.constant<SicboCommand>({ type: 'MarkSettled', at: 13_000 }) },
);

describe('Sic Bo kernel properties', () => {
  it('replay: folding the emitted events from initial() reproduces the state (STYLE habit 2)', () => {
    fc.assert(
      fc.property(fc.array(arbCommand, { maxLength: 30 }), (cmds) => {
        const { state, events } = run([open, ...cmds]);
        expect(replay(K, events)).toEqual(state);
        expect(state.seq).toBe(events.length);
      }),
      { numRuns: RUNS },
    );
  });

  it('money conserved: Σ stake = Σ return + house result, every accepted bet settled exactly once, returns ≥ 0', () => {
    fc.assert(
      fc.property(fc.array(arbCommand, { maxLength: 30 }), (cmds) => {
        const { state } = run([open, ...cmds]);
        const s = K.settle(state);
        if (!s.ok) {
          expect(['betting', 'closed']).toContain(state.phase);
          return;
        }
        expect(settlementMoneyFaults(s.value, Object.keys(state.bets))).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('RES-3 holds in every reachable state: no player holds big+small or odd+even', () => {
    fc.assert(
      fc.property(fc.array(arbCommand, { maxLength: 30 }), (cmds) => {
        const { state } = run([open, ...cmds]);
        for (const p of ['p1', 'p2']) {
          const spots = new Set(Object.values(state.bets).filter((b) => b.playerId === p).map((b) => b.spot));
          expect(spots.has('big') && spots.has('small')).toBe(false);
          expect(spots.has('odd') && spots.has('even')).toBe(false);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
