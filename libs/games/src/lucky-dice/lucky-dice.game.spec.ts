import { describe, expect, it } from 'vitest';
import { replay, type RoundLimits } from '../kernel/kernel.js';
import { diceOfPayload, luckyDiceKernel as K, type LuckyDiceCommand, type LuckyDiceEvent, type LuckyDiceState } from './lucky-dice.game.js';

const limits: RoundLimits = { spots: { plein: { minMinor: 10, maxMinor: 1_000 } }, tableMinMinor: 10, tableMaxMinor: 100_000 };
const open = (profileId = 'ray-a'): LuckyDiceCommand => ({ type: 'OpenRound', at: 0, roundId: 'rnd_1', tableId: 'tbl_ld', profileId, bettingClosesAt: 10_000, limits });
const bet = (betId: string, spot: string, stakeMinor = 100, playerId = 'p1', at = 1_000): LuckyDiceCommand => ({ type: 'PlaceBet', at, bet: { betId, playerId, spot, stakeMinor } });
const close: LuckyDiceCommand = { type: 'CloseBetting', at: 10_000, reason: 'deadline' };

function run(cmds: readonly LuckyDiceCommand[], from: LuckyDiceState = K.initial()) {
  let state = from;
  const events: LuckyDiceEvent[] = [];
  const rejected: { type: string; code: string; ruleId: string | null }[] = [];
  for (const c of cmds) {
    const d = K.decide(state, c);
    if (!d.ok) {
      rejected.push({ type: c.type, code: d.violation.code, ruleId: d.violation.ruleId });
      continue;
    }
    for (const e of d.events) {
      state = K.evolve(state, e);
      events.push(e);
    }
  }
  return { state, events, rejected };
}

const returns = (s: LuckyDiceState) => {
  const r = K.settle(s);
  if (!r.ok) throw new Error(r.violation.message);
  return r.value.lines.map((l) => [l.betId, l.returnMinor, l.outcome]);
};

describe('Lucky Dice, method A: the dealer\'s cups (LD-5)', () => {
  it('a full round: the cups are lifted on red 3 green 4 — plein 16 and sum 7 win, under 7 loses (§5.2, LD-4)', () => {
    const { state, rejected } = run([open(), bet('b1', 'plein:16'), bet('b2', 'sum:7', 50, 'p2'), bet('b3', 'under-7', 200, 'p3'), close, { type: 'RecordDice', at: 11_000, red: 3, green: 4 }]);
    expect(rejected).toEqual([]);
    expect(state.phase).toBe('resolved');
    expect(returns(state)).toEqual([
      ['b1', 3100, 'win'],
      ['b2', 250, 'win'],
      ['b3', 0, 'lose'],
    ]);
    expect(K.settle(state).ok && (K.settle(state) as { value: { houseResultMinor: number } }).value.houseResultMinor).toBe(350 - 3350);
    expect(replay(K, run([open(), bet('b1', 'plein:16'), close]).events).phase).toBe('closed');
  });

  it('a dice reading while betting is open is a fault (issue 9 §2, LD-5): refused, betting stays open, nothing resolved; after no more bets it counts', () => {
    const { state, events, rejected } = run([open(), bet('b1', 'simple:2'), { type: 'RecordDice', at: 5_000, red: 2, green: 6 }, bet('b2', 'plein:1', 100, 'p1', 5_001), close, { type: 'RecordDice', at: 11_000, red: 2, green: 6 }]);
    expect(rejected).toEqual([{ type: 'RecordDice', code: 'DEVICE_RESULT_OUT_OF_PHASE', ruleId: 'LD-5' }]);
    expect(events.map((e) => e.type)).toEqual(['RoundOpened', 'BetAccepted', 'BetAccepted', 'BettingClosed', 'DiceRecorded']);
    expect(returns(state)).toEqual([['b1', 500, 'win'], ['b2', 0, 'lose']]);
  });

  it('a reading outside 1–6 is refused (INVALID_DICE); reader faults are reshakes, more than 2 void the round with refunds (LD-8)', () => {
    const { state, rejected, events } = run([
      open(),
      bet('b1', 'plein:1'),
      close,
      { type: 'RecordDice', at: 11_000, red: 7, green: 1 },
      { type: 'RecordDiceFault', at: 11_100, code: 'unreadable' },
      { type: 'RecordDiceFault', at: 11_200, code: 'unreadable' },
      { type: 'RecordDiceFault', at: 11_300, code: 'no_shake' },
    ]);
    expect(rejected).toEqual([{ type: 'RecordDice', code: 'INVALID_DICE', ruleId: 'LD-8' }]);
    expect(events.at(-1)).toMatchObject({ type: 'RoundVoided', by: 'system' });
    expect(state.phase).toBe('void');
    expect(K.settle(state)).toMatchObject({ ok: true, value: { voided: true, lines: [{ betId: 'b1', returnMinor: 100, outcome: 'refund' }] } });
  });

  it('the draw has a deadline: no reading within drawTimeoutMs counts as a fault and re-arms the deadline (LD-8)', () => {
    const closed = run([open(), bet('b1', 'plein:1'), close]).state;
    expect(K.deadlines(closed)).toEqual([{ at: 40_000, command: { type: 'DrawTimeout', at: 40_000 } }]);
    expect(K.decide(closed, { type: 'DrawTimeout', at: 39_999 })).toMatchObject({ ok: false, violation: { code: 'DECISION_TIME_NOT_OVER' } });
    const after = run([{ type: 'DrawTimeout', at: 40_000 }], closed).state;
    expect(after.faults).toBe(1);
    expect(K.deadlines(after)).toEqual([{ at: 70_000, command: { type: 'DrawTimeout', at: 70_000 } }]);
  });

  it('method B commands are refused at a method A table (COMMAND_NOT_EXPECTED, LD-5)', () => {
    const closed = run([open(), bet('b1', 'plein:1'), close]).state;
    expect(K.decide(closed, { type: 'PermitThrow', at: 11_000 })).toMatchObject({ ok: false, violation: { code: 'COMMAND_NOT_EXPECTED', ruleId: 'LD-5' } });
  });

  it('orders the cups shaken when betting closes and after a fault (the reading must carry the round id)', () => {
    const def = K.definition;
    const closed = run([open(), bet('b1', 'plein:1'), close]).state;
    expect(def.devices.react?.({ type: 'BettingClosed', at: 10_000, reason: 'deadline' }, closed, { hints: {}, roundId: 'rnd_1' })).toEqual([{ deviceKind: 'shaker', type: 'shaker.shake', payload: { durationMs: 3000, roundId: 'rnd_1' } }]);
  });
});

describe('the dice device (devices.md §1 dice.result with a red and a green die)', () => {
  it('maps dice.result [red, green] (and with colours in either order) to RecordDice, closing betting', () => {
    const map = (payload: Record<string, unknown>) => K.definition.devices.map({ type: 'dice.result', deviceId: 'dice-1', payload }, { hints: {} }, 5);
    expect(map({ dice: [2, 5], roundId: 'rnd_1' })).toEqual({ kind: 'command', command: { type: 'RecordDice', at: 5, red: 2, green: 5 }, closesBetting: false, forRoundId: 'rnd_1' });
    expect(map({ dice: [2, 5], colours: ['green', 'red'], roundId: 'rnd_1' })).toMatchObject({ command: { red: 5, green: 2 } });
    expect(map({ dice: [1, 2, 3], roundId: 'rnd_1' })).toMatchObject({ kind: 'alert', code: 'INVALID_DICE', fault: true });
    expect(map({ dice: [1, 2], colours: ['red', 'blue'] })).toMatchObject({ kind: 'alert' });
    expect(diceOfPayload({ dice: [0, 2] })).toBeNull();
  });
});

describe('Lucky Dice, method B: players throw in turn (LD-6, LD-7)', () => {
  const openB = open('ray-b');
  const betsB = [openB, bet('a1', 'plein:1', 100, 'alice'), bet('b1', 'over-7', 100, 'bob', 1_100), bet('c1', 'under-7', 100, 'carol', 1_200)];

  it('the first player in the order who bets holds the dice; the dealer permits, the throw is read, the dealer approves it', () => {
    const { state, rejected, events } = run([...betsB, close, { type: 'PermitThrow', at: 11_000 }, { type: 'RecordDice', at: 12_000, red: 5, green: 4 }, { type: 'JudgeThrow', at: 13_000, valid: true }]);
    expect(rejected).toEqual([]);
    expect(events.slice(-4).map((e) => e.type)).toEqual(['ThrowPermitted', 'ThrowRead', 'ThrowJudged', 'DiceRecorded']);
    expect(state.throws).toEqual([{ shooter: 'alice', dice: { red: 5, green: 4 }, verdict: 'approved' }]);
    expect(returns(state)).toEqual([
      ['a1', 0, 'lose'],
      ['b1', 200, 'win'],
      ['c1', 0, 'lose'],
    ]);
  });

  it('a throw before the dealer permits it is not approved; an invalid throw is repeated; three in a row pass the turn (LD-7)', () => {
    const { state, events } = run([
      ...betsB,
      close,
      { type: 'RecordDice', at: 11_000, red: 1, green: 1 },
      { type: 'PermitThrow', at: 11_100 },
      { type: 'RecordDice', at: 11_200, red: 2, green: 2 },
      { type: 'JudgeThrow', at: 11_300, valid: false },
      { type: 'PermitThrow', at: 11_400 },
      { type: 'RecordDice', at: 11_500, red: 3, green: 3 },
      { type: 'JudgeThrow', at: 11_600, valid: false },
    ]);
    expect(state.throws.map((t) => t.verdict)).toEqual(['not-permitted', 'invalid', 'invalid']);
    expect(events.at(-1)).toMatchObject({ type: 'TurnPassed', from: 'alice', to: 'bob', reason: 'invalid-throws' });
    expect(state.throwing.shooter).toBe('bob');
    expect(state.phase).toBe('closed');
  });

  it('only the shooter may decline; the turn passes; when nobody is left the round is void with refunds (LD-6 [Gap])', () => {
    const closed = run([...betsB, close]).state;
    expect(K.decide(closed, { type: 'DeclineThrow', at: 11_000, playerId: 'bob' })).toMatchObject({ ok: false, violation: { code: 'NOT_YOUR_TURN', ruleId: 'LD-6' } });
    const { state, events } = run(
      [
        { type: 'DeclineThrow', at: 11_000, playerId: 'alice' },
        { type: 'PassTurn', at: 11_100 },
        { type: 'DeclineThrow', at: 11_200, playerId: 'carol' },
      ],
      closed,
    );
    expect(events.map((e) => (e.type === 'TurnPassed' ? `${e.from}>${e.to}:${e.reason}` : e.type))).toEqual(['alice>bob:declined', 'bob>carol:dealer', 'carol>null:declined', 'RoundVoided']);
    expect(state.phase).toBe('void');
  });

  it('every step has a deadline: the shooter\'s throw time passes the turn, the dealer\'s judging time voids the throw (never an outcome without approval)', () => {
    const closed = run([...betsB, close]).state;
    expect(K.deadlines(closed)).toEqual([{ at: 40_000, command: { type: 'DrawTimeout', at: 40_000 } }]);
    const passed = run([{ type: 'DrawTimeout', at: 40_000 }], closed);
    expect(passed.events).toEqual([{ type: 'TurnPassed', at: 40_000, from: 'alice', to: 'bob', reason: 'timeout' }]);
    const read = run([{ type: 'PermitThrow', at: 41_000 }, { type: 'RecordDice', at: 42_000, red: 6, green: 6 }], passed.state).state;
    expect(K.deadlines(read)).toEqual([{ at: 57_000, command: { type: 'DrawTimeout', at: 57_000 } }]);
    const judged = run([{ type: 'DrawTimeout', at: 57_000 }], read).state;
    expect(judged.throws.at(-1)).toEqual({ shooter: 'bob', dice: { red: 6, green: 6 }, verdict: 'not-judged' });
    expect(judged.phase).toBe('closed');
    expect(judged.dice).toBeNull();
  });

  it('nobody betting: nobody may throw and the round is voided at once by its deadline (LD-6)', () => {
    const closed = run([openB, close]).state;
    expect(closed.throwing.shooter).toBeNull();
    expect(K.deadlines(closed)).toEqual([{ at: 10_000, command: { type: 'DrawTimeout', at: 10_000 } }]);
    expect(run([{ type: 'DrawTimeout', at: 10_000 }], closed).state.phase).toBe('void');
  });

  it('carry: the shooter keeps the dice until an approved seven, then the next player in the order throws (LD-6)', () => {
    const round1 = run([...betsB, close, { type: 'PermitThrow', at: 11_000 }, { type: 'RecordDice', at: 12_000, red: 5, green: 4 }, { type: 'JudgeThrow', at: 13_000, valid: true }]).state;
    const carry1 = K.definition.carry?.next(round1, 20_000);
    expect(carry1).toEqual({ type: 'AttachShooter', at: 20_000, rotation: ['alice', 'bob', 'carol'], from: 'alice' });
    const round2 = run([openB, carry1 as LuckyDiceCommand, bet('c2', 'sum:7', 100, 'carol'), bet('a2', 'sum:7', 100, 'alice', 1_100), close, { type: 'PermitThrow', at: 11_000 }, { type: 'RecordDice', at: 12_000, red: 3, green: 4 }, { type: 'JudgeThrow', at: 13_000, valid: true }]).state;
    expect(round2.throws[0]?.shooter).toBe('alice');
    const carry2 = K.definition.carry?.next(round2, 30_000);
    expect(carry2).toEqual({ type: 'AttachShooter', at: 30_000, rotation: ['alice', 'bob', 'carol'], from: 'bob' });
    // bob does not bet in round 3: only players taking part may throw, so carol has the dice
    const round3 = run([openB, carry2 as LuckyDiceCommand, bet('c3', 'plein:5', 100, 'carol'), bet('a3', 'plein:5', 100, 'alice'), close]).state;
    expect(round3.throwing.shooter).toBe('carol');
  });

  it('a malformed carry is refused (INVALID_COMMAND, LD-6)', () => {
    const s = run([openB]).state;
    expect(K.decide(s, { type: 'AttachShooter', at: 1, rotation: ['a', 'a'], from: null })).toMatchObject({ ok: false, violation: { code: 'INVALID_COMMAND' } });
  });

  it('replay of a method B round reproduces its state exactly', () => {
    const r = run([...betsB, close, { type: 'DeclineThrow', at: 11_000, playerId: 'alice' }, { type: 'PermitThrow', at: 11_100 }, { type: 'RecordDice', at: 11_200, red: 2, green: 2 }, { type: 'JudgeThrow', at: 11_300, valid: true }]);
    expect(JSON.parse(JSON.stringify(replay(K, r.events)))).toEqual(JSON.parse(JSON.stringify(r.state)));
  });
});
