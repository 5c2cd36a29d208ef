import { describe, expect, it } from 'vitest';
import { replay, type RoundLimits } from '../kernel/kernel.js';
import { createRouletteKernel, ROULETTE_STALL_MS, rouletteKernel, type RouletteCommand, type RouletteEvent, type RouletteState } from './kernel.js';
import { checkCoverage, winningPockets } from './payout.js';
import { europeanProfile, rouletteProfiles, type RouletteProfile } from './profiles.js';
import { parseSpot } from './spots.js';

const K = rouletteKernel;
const LIMITS: RoundLimits = { spots: { straight: { minMinor: 100, maxMinor: 10_000 } }, tableMinMinor: 100, tableMaxMinor: 1_000_000 };
const T0 = 1_000_000;
const CLOSES = T0 + 15_000;

/** Drives a kernel like the server does: decide → append → evolve. Throws on an unexpected rejection. */
class Table {
  state: RouletteState;
  events: RouletteEvent[] = [];
  constructor(readonly kernel = K) {
    this.state = kernel.initial();
  }
  try(cmd: RouletteCommand) {
    const d = this.kernel.decide(this.state, cmd);
    if (d.ok) {
      for (const e of d.events) {
        this.state = this.kernel.evolve(this.state, e);
        this.events.push(e);
      }
    }
    return d;
  }
  do(cmd: RouletteCommand): readonly RouletteEvent[] {
    const d = this.try(cmd);
    if (!d.ok) throw new Error(`${cmd.type} rejected: ${d.violation.code} ${d.violation.message}`);
    return d.events;
  }
  open(profileId = 'european') {
    return this.do({ type: 'OpenRound', at: T0, roundId: 'rnd_1', tableId: 'tbl_1', profileId, bettingClosesAt: CLOSES, limits: LIMITS });
  }
  bet(betId: string, spot: string, stakeMinor = 100, playerId = 'p1', at = T0 + 1000) {
    return this.try({ type: 'PlaceBet', at, bet: { betId, playerId, spot, stakeMinor } });
  }
  /** The wheel reports `number`; a ball is launched first when none is in motion (`launch: false` sends the bare result). */
  result(number: number, over: Partial<Extract<RouletteCommand, { type: 'RecordSpinResult' }>> & { readonly launch?: boolean } = {}) {
    const { launch = true, ...fields } = over;
    const spin = fields.spin ?? 1;
    if (launch && !this.state.ballInMotion && ['betting', 'closed', 'play'].includes(this.state.phase)) this.try({ type: 'RecordBallLaunched', at: CLOSES + 8000, spin });
    return this.try({ type: 'RecordSpinResult', at: CLOSES + 9000, spin, number, revolutions: 8, ballDirection: 'ccw', wheelDirection: 'cw', ...fields });
  }
}

const rejected = (d: ReturnType<Table['try']>) => {
  if (d.ok) throw new Error(`expected a rejection, got ${JSON.stringify(d.events)}`);
  return d.violation;
};

describe('betting window (GEN-3, ROU-3)', () => {
  it('rejects a bet at or after the betting deadline on the server clock (GEN-3)', () => {
    const t = new Table();
    t.open();
    expect(t.bet('b1', 'red', 100, 'p1', CLOSES - 1).ok).toBe(true);
    expect(rejected(t.bet('b2', 'red', 100, 'p1', CLOSES))).toMatchObject({ code: 'BETTING_CLOSED', ruleId: 'GEN-3' });
    expect(rejected(t.bet('b3', 'red', 100, 'p1', CLOSES + 1))).toMatchObject({ code: 'BETTING_CLOSED', ruleId: 'GEN-3' });
    expect(Object.keys(t.state.bets)).toEqual(['b1']);
  });

  it('the ball launch closes betting (reason device) and a bet after it is rejected (ROU-3)', () => {
    const t = new Table();
    t.open();
    t.bet('b1', 'straight:17');
    const evs = t.do({ type: 'RecordBallLaunched', at: T0 + 5000, spin: 1 });
    expect(evs.map((e) => e.type)).toEqual(['BettingClosed', 'BallLaunched']);
    expect(evs[0]).toMatchObject({ reason: 'device' });
    expect(t.state.phase).toBe('play');
    expect(rejected(t.bet('b2', 'straight:18', 100, 'p1', T0 + 5001))).toMatchObject({ code: 'BETTING_CLOSED', ruleId: 'GEN-3' });
    expect(rejected(t.try({ type: 'CancelBet', at: T0 + 5001, betId: 'b1', playerId: 'p1' }))).toMatchObject({ code: 'BETTING_CLOSED', ruleId: 'GEN-3' });
  });

  it('the deadline timer closes betting; an early deadline command is refused, a late one after close is a no-op (GEN-3)', () => {
    const t = new Table();
    t.open();
    expect(K.deadlines(t.state)).toEqual([{ at: CLOSES, command: { type: 'CloseBetting', at: CLOSES, reason: 'deadline' } }]);
    expect(rejected(t.try({ type: 'CloseBetting', at: CLOSES - 1, reason: 'deadline' })).code).toBe('DEADLINE_NOT_REACHED');
    expect(t.do({ type: 'CloseBetting', at: CLOSES, reason: 'deadline' })).toMatchObject([{ type: 'BettingClosed', reason: 'deadline' }]);
    // the betting deadline is gone; the spin step has its own (issue 9 §5)
    expect(K.deadlines(t.state)).toEqual([{ at: CLOSES + ROULETTE_STALL_MS.spin, command: { type: 'StallPlay', at: CLOSES + ROULETTE_STALL_MS.spin, step: 'spin', ruleId: 'ROU-6' } }]);
    expect(t.do({ type: 'CloseBetting', at: CLOSES + 1, reason: 'deadline' })).toEqual([]);
    expect(K.next(t.state)).toMatchObject([{ kind: 'spin', message: 'Spin the ball' }]);
  });

  it('a duplicate PlaceBet with the same betId is one bet (no events), even with numbers in another order', () => {
    const t = new Table();
    t.open();
    expect(t.bet('b1', 'split:1-2').ok).toBe(true);
    const again = t.bet('b1', 'split:2-1');
    expect(again).toMatchObject({ ok: true, events: [], duplicate: true });
    expect(t.events.filter((e) => e.type === 'BetAccepted')).toHaveLength(1);
    expect(rejected(t.bet('b1', 'split:2-3')).code).toBe('BET_ID_CONFLICT');
    // a redelivery after betting closed is still the same bet, not a late bet
    t.do({ type: 'RecordBallLaunched', at: T0 + 5000, spin: 1 });
    expect(t.bet('b1', 'split:1-2', 100, 'p1', T0 + 6000)).toMatchObject({ ok: true, events: [], duplicate: true, accepted: { betId: 'b1' } });
  });

  it('stores the canonical spot key and the spot kind for limits (ROU-2, GEN-4)', () => {
    const t = new Table();
    t.open();
    t.bet('b1', 'corner:5-4-2-1');
    expect(t.state.bets['b1']).toMatchObject({ spot: 'corner:1-2-4-5', kind: 'corner' });
    expect(rejected(t.bet('b2', 'straight:3', 10_100))).toMatchObject({ code: 'ABOVE_MAX', ruleId: 'GEN-4' });
    expect(rejected(t.bet('b3', 'split:1-5'))).toMatchObject({ code: 'INVALID_GEOMETRY', ruleId: 'ROU-2' });
  });
});

describe('RES-1 coverage limit', () => {
  it('rejects a bet that would cover 35 of 37 pockets (RES-1); earlier bets stand', () => {
    const t = new Table();
    t.open();
    expect(t.bet('d1', 'dozen:1', 1000).ok).toBe(true);
    expect(t.bet('d2', 'dozen:2', 1000).ok).toBe(true);
    // 24 covered; add 25..34 one by one → 34 covered
    for (let n = 25; n <= 34; n++) expect(t.bet(`s${n}`, `straight:${n}`).ok, `straight:${n}`).toBe(true);
    const v = rejected(t.bet('s35', 'straight:35'));
    expect(v).toMatchObject({ code: 'COVERAGE_LIMIT', ruleId: 'RES-1', details: { coveredBefore: 34, coveredAfter: 35 } });
    expect(v.message).toContain('RES-1');
    expect(Object.keys(t.state.bets)).toHaveLength(12);
    // another bet on an already covered pocket is still fine; another player has their own coverage
    expect(t.bet('s25b', 'straight:25').ok).toBe(true);
    expect(t.bet('q35', 'straight:35', 100, 'p2').ok).toBe(true);
    expect(K.view(t.state, { role: 'player', playerId: 'p1' }).coverage).toEqual({ pockets: 34, max: 34 });
    // the earlier bets settle normally
    t.result(25);
    const s = K.settle(t.state);
    expect(s.ok && s.value.lines.map((l) => l.betId)).toEqual(['d1', 'd2', 's25', 's26', 's27', 's28', 's29', 's30', 's31', 's32', 's33', 's34', 's25b', 'q35']);
  });

  it('counts an announced bet by the pockets its chips win on (voisins covers 17 pockets)', () => {
    const spot = (k: string) => {
      const r = parseSpot(k, europeanProfile);
      if (!r.ok) throw new Error(k);
      return r.value;
    };
    expect(winningPockets(europeanProfile, spot('voisins'))).toEqual([0, 2, 3, 4, 7, 12, 15, 18, 19, 21, 22, 25, 26, 28, 29, 32, 35]);
    // dozen 1 + dozen 3 + six line 13–18 = 30 pockets; voisins adds 0, 19, 21, 22 → 34: allowed
    const before = [spot('dozen:1'), spot('dozen:3'), spot('sixline:13-14-15-16-17-18')];
    expect(checkCoverage(europeanProfile, before, spot('voisins'))).toBeNull();
    // then 20 would be the 35th pocket
    expect(checkCoverage(europeanProfile, [...before, spot('voisins')], spot('straight:20'))).toMatchObject({ code: 'COVERAGE_LIMIT', ruleId: 'RES-1' });
    expect(checkCoverage(europeanProfile, [...before, spot('voisins')], spot('straight:19'))).toBeNull();
  });

  it('under la partage an even-money bet does not win on 0, so it does not cover 0 (RES-1)', () => {
    const partage: RouletteProfile = { ...europeanProfile, id: 'partage', zero: { ...europeanProfile.zero, laPartage: true } };
    const red = parseSpot('red', partage);
    const black = parseSpot('black', partage);
    if (!red.ok || !black.ok) throw new Error('parse');
    expect(checkCoverage(partage, [red.value], black.value)?.code).toBe('COVERAGE_LIMIT'); // 36 numbers, 0 not counted
    const t = new Table(createRouletteKernel({ partage }));
    t.open('partage');
    expect(t.bet('r', 'red', 101).ok).toBe(true);
    t.result(0);
    const s = t.kernel.settle(t.state);
    expect(s.ok && s.value.lines[0]).toMatchObject({ returnMinor: 50, outcome: 'partial' }); // half of 101 rounded down
  });
});

describe('spin validity (ROU-4) and results (ROU-5)', () => {
  it('a spin with fewer than 3 revolutions is a no spin: bets stay, the dealer is asked to re-spin, the re-spin resolves', () => {
    const t = new Table();
    t.open();
    t.bet('b1', 'straight:17', 100);
    t.bet('b2', 'red', 200, 'p2');
    t.do({ type: 'RecordBallLaunched', at: T0 + 5000, spin: 1 });
    const ev = t.result(17, { revolutions: 2 });
    expect(ev.ok && ev.events).toMatchObject([{ type: 'NoSpinDeclared', reason: 'too-few-revolutions', spin: 1, by: 'device' }]);
    expect(t.state.phase).toBe('play');
    expect(t.state.result).toBeNull();
    expect(Object.keys(t.state.bets)).toEqual(['b1', 'b2']);
    expect(K.next(t.state)[0]?.message).toMatch(/^Re-spin: no spin \(ROU-4\)/);
    expect(K.settle(t.state).ok).toBe(false);
    // a redelivery of the void result changes nothing
    expect(t.result(17, { revolutions: 2, launch: false })).toMatchObject({ ok: true, events: [], duplicate: true });
    // still no bets during the re-spin wait
    expect(rejected(t.bet('b3', 'black', 100, 'p1', T0 + 6000)).ruleId).toBe('GEN-3');
    t.do({ type: 'RecordBallLaunched', at: T0 + 20_000, spin: 2 });
    expect(t.result(4, { spin: 2, revolutions: 5 }).ok).toBe(true);
    expect(t.state.phase).toBe('resolved');
    const s = K.settle(t.state);
    expect(s.ok && s.value.lines.map((l) => [l.betId, l.returnMinor])).toEqual([['b1', 0], ['b2', 0]]);
    expect(s.ok && s.value.houseResultMinor).toBe(300);
  });

  it('a ball turning the same way as the wheel is a no spin (ROU-4)', () => {
    const t = new Table();
    t.open();
    t.do({ type: 'CloseBetting', at: CLOSES, reason: 'deadline' });
    const d = t.result(5, { ballDirection: 'cw', wheelDirection: 'cw' });
    expect(d.ok && d.events).toMatchObject([{ type: 'NoSpinDeclared', reason: 'same-direction-as-wheel' }]);
  });

  it('the dealer can declare a no spin only while a spin is in progress (ROU-4)', () => {
    const t = new Table();
    t.open();
    expect(rejected(t.try({ type: 'DeclareNoSpin', at: T0 + 10, reason: 'launch failed', by: 'dealer_1' })).code).toBe('NO_SPIN_IN_PROGRESS');
    t.do({ type: 'RecordBallLaunched', at: T0 + 5000, spin: 7 });
    expect(t.do({ type: 'DeclareNoSpin', at: T0 + 6000, reason: 'launch failed', by: 'dealer_1' })).toMatchObject([{ type: 'NoSpinDeclared', reason: 'declared', detail: 'launch failed', by: 'dealer_1', spin: 7 }]);
    expect(K.next(t.state)[0]).toMatchObject({ kind: 'respin', ruleId: 'ROU-4' });
    t.do({ type: 'RecordBallLaunched', at: T0 + 9000, spin: 8 });
    t.result(0, { spin: 8 });
    expect(rejected(t.try({ type: 'DeclareNoSpin', at: T0 + 20_000, reason: 'late', by: 'dealer_1' })).code).toBe('ROUND_RESOLVED');
  });

  it('a result while betting is still open is a fault, not an outcome: refused, betting stays open, nothing resolved (ROU-3, issue 9 §2)', () => {
    const t = new Table();
    t.open();
    t.bet('b1', 'street:0-1-2', 100);
    const d = t.result(2, { launch: false });
    expect(rejected(d)).toMatchObject({ code: 'DEVICE_RESULT_OUT_OF_PHASE', ruleId: 'ROU-3' });
    expect(t.state.phase).toBe('betting');
    expect(t.state.result).toBeNull();
    expect(t.bet('b2', 'red', 100, 'p2').ok).toBe(true); // still open for bets
    // the launch closes betting (ROU-3); its result then resolves the round (ROU-5)
    const r = t.result(2);
    expect(r.ok && r.events.map((e) => e.type)).toEqual(['SpinResultRecorded']);
    expect(t.events.find((e) => e.type === 'BettingClosed')).toMatchObject({ reason: 'device' });
    const s = K.settle(t.state);
    expect(s.ok && s.value.lines[0]).toMatchObject({ returnMinor: 1200, outcome: 'win' });
  });

  it('every playing step has a deadline: no launch, or no result after the launch, stalls the round for the pit boss (ROU-6, issue 9 §5)', () => {
    const t = new Table();
    t.open();
    t.bet('b1', 'red', 100);
    t.do({ type: 'RecordBallLaunched', at: T0 + 5000, spin: 3 });
    const due = T0 + 5000 + ROULETTE_STALL_MS.result;
    expect(K.deadlines(t.state)).toEqual([{ at: due, command: { type: 'StallPlay', at: due, step: 'result', ruleId: 'ROU-6' } }]);
    expect(t.do({ type: 'StallPlay', at: due })).toEqual([{ type: 'PlayStalled', at: due, step: 'result', ruleId: 'ROU-6', since: T0 + 5000, deadline: due }]);
    expect(t.state.stalled).toMatchObject({ step: 'result', ruleId: 'ROU-6' });
    // the pit boss voids: every bet refunded (GEN-6)
    t.do({ type: 'VoidRound', at: due + 1000, reason: 'no result: wheel stalled', by: 'pit_1' });
    const st = K.settle(t.state);
    expect(st.ok && st.value).toMatchObject({ voided: true, lines: [{ betId: 'b1', returnMinor: 100, outcome: 'refund' }] });
  });

  it('a wheel result without a ball launch (no spin in progress) is a fault for the pit boss, not an outcome (ROU-4, issue 9 §2)', () => {
    const t = new Table();
    t.open();
    t.do({ type: 'CloseBetting', at: CLOSES, reason: 'deadline' });
    expect(rejected(t.result(17, { launch: false }))).toMatchObject({ code: 'DEVICE_RESULT_OUT_OF_PHASE', ruleId: 'ROU-4' });
    expect(t.state.phase).toBe('closed');
    t.do({ type: 'RecordBallLaunched', at: CLOSES + 1000, spin: 4 });
    t.do({ type: 'DeclareNoSpin', at: CLOSES + 2000, reason: 'ball jumped', by: 'dealer_1' });
    expect(rejected(t.result(17, { launch: false, spin: 4 }))).toMatchObject({ code: 'DEVICE_RESULT_OUT_OF_PHASE', ruleId: 'ROU-4' });
    expect(t.state.result).toBeNull();
    // the wheel's own device mapping no longer closes betting on a result (the server must not close-and-resolve)
    expect(K.definition.devices.map({ type: 'wheel.result', deviceId: 'w1', payload: { spin: 1, number: 3, revolutions: 5, ballDirection: 'cw', wheelDirection: 'ccw' } }, { hints: {} }, 5)).toMatchObject({ kind: 'command', closesBetting: false });
  });

  it('rejects a second result for a resolved round (the referee: ROUND_RESOLVED, GEN-5, as every game)', () => {
    const t = new Table();
    t.open();
    t.result(9);
    expect(rejected(t.result(10, { spin: 2 }))).toMatchObject({ code: 'ROUND_RESOLVED', ruleId: 'GEN-5' });
    expect(rejected(t.result(9))).toMatchObject({ code: 'ROUND_RESOLVED' });
    expect(t.state.result?.number).toBe(9);
  });

  it('rejects a result for another spin than the one in motion, and a number outside 0–36 (W-2, ROU-1)', () => {
    const t = new Table();
    t.open();
    t.do({ type: 'RecordBallLaunched', at: T0 + 5000, spin: 3 });
    expect(rejected(t.result(9, { spin: 2 })).code).toBe('SPIN_MISMATCH');
    expect(rejected(t.result(37, { spin: 3 }))).toMatchObject({ code: 'INVALID_NUMBER', ruleId: 'ROU-1' });
    expect(t.do({ type: 'RecordBallLaunched', at: T0 + 5001, spin: 3 })).toEqual([]); // redelivered launch
    expect(rejected(t.try({ type: 'RecordBallLaunched', at: T0 + 5002, spin: 4 })).code).toBe('SPIN_IN_PROGRESS');
  });
});

describe('void and wheel fault (ROU-6, GEN-6)', () => {
  it('a wheel fault stops play: the round is voided in the same decision and every bet is refunded', () => {
    const t = new Table();
    t.open();
    t.bet('b1', 'straight:3', 100);
    t.bet('b2', 'voisins', 900, 'p2');
    t.do({ type: 'RecordBallLaunched', at: T0 + 5000, spin: 1 });
    const evs = t.do({ type: 'RecordWheelFault', at: T0 + 6000, reason: 'encoder fault' });
    expect(evs.map((e) => e.type)).toEqual(['WheelFaultRecorded', 'RoundVoided']);
    expect(t.state.phase).toBe('void');
    expect(K.next(t.state)[0]).toMatchObject({ kind: 'wheel-fault', ruleId: 'ROU-6' });
    const s = K.settle(t.state);
    expect(s.ok && s.value).toMatchObject({ voided: true, houseResultMinor: 0 });
    expect(s.ok && s.value.lines.map((l) => [l.betId, l.returnMinor, l.outcome])).toEqual([['b1', 100, 'refund'], ['b2', 900, 'refund']]);
    expect(rejected(t.result(3)).code).toBe('ROUND_VOID');
    expect(t.do({ type: 'MarkSettled', at: T0 + 7000 })).toMatchObject([{ type: 'RoundSettled' }]);
    expect(K.settle(t.state)).toMatchObject({ ok: true, value: { voided: true } });
  });

  it('a fault after the result only records it: the result stands and settles', () => {
    const t = new Table();
    t.open();
    t.bet('b1', 'straight:3', 100);
    t.result(3);
    expect(t.do({ type: 'RecordWheelFault', at: CLOSES + 10_000, reason: 'motor' }).map((e) => e.type)).toEqual(['WheelFaultRecorded']);
    const s = K.settle(t.state);
    expect(s.ok && s.value.lines[0]?.returnMinor).toBe(3600);
  });

  it('VoidRound refunds every bet; a resolved round cannot be voided (GEN-6)', () => {
    const t = new Table();
    t.open();
    t.bet('b1', 'odd', 500);
    t.do({ type: 'VoidRound', at: T0 + 2000, reason: 'camera lost', by: 'pitboss_1' });
    expect(K.settle(t.state)).toMatchObject({ ok: true, value: { voided: true, lines: [{ betId: 'b1', returnMinor: 500, outcome: 'refund' }] } });
    const u = new Table();
    u.open();
    u.result(1);
    expect(rejected(u.try({ type: 'VoidRound', at: T0 + 2000, reason: 'x', by: 'y' })).code).toBe('ROUND_RESOLVED');
  });
});

describe('announced bets in a round', () => {
  it('an announced bet is one accepted bet (one debit) and one settlement line with its summed return', () => {
    const t = new Table();
    t.open();
    expect(rejected(t.bet('v1', 'voisins', 1000))).toMatchObject({ code: 'STAKE_NOT_DIVISIBLE', ruleId: 'ROU-2' });
    expect(t.bet('v1', 'voisins', 900).ok).toBe(true);
    const accepted = t.events.filter((e) => e.type === 'BetAccepted');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({ bet: { betId: 'v1', spot: 'voisins', kind: 'voisins', stakeMinor: 900 } });
    t.result(26);
    const s = K.settle(t.state);
    expect(s.ok && s.value.lines).toEqual([{ betId: 'v1', playerId: 'p1', stakeMinor: 900, returnMinor: 1800, outcome: 'win', rules: ['ROU-2', 'ROU-5'] }]);
  });

  it('the RAY parlour table pays 30:1 on a straight and refuses racetrack bets', () => {
    const t = new Table();
    t.open('ray-parlour');
    expect(rejected(t.bet('v1', 'voisins', 900)).code).toBe('ANNOUNCED_BETS_DISABLED');
    t.bet('b1', 'straight:0', 100);
    t.bet('b2', 'dozen:1', 100);
    t.result(0);
    const s = K.settle(t.state);
    expect(s.ok && s.value.lines.map((l) => l.returnMinor)).toEqual([3100, 0]);
  });
});

describe('views and dealer prompts', () => {
  it('a player sees only their own bets; dealer and pit boss see the totals (from the bet book)', () => {
    const t = new Table();
    t.open();
    t.bet('a', 'red', 100, 'p1');
    t.bet('b', 'black', 300, 'p2');
    t.bet('c', 'straight:5', 200, 'p2');
    const p1 = K.view(t.state, { role: 'player', playerId: 'p1' });
    expect(p1.bets.map((b) => b.betId)).toEqual(['a']);
    expect(p1.totals).toBeUndefined();
    expect(JSON.stringify(p1)).not.toContain('p2');
    for (const role of ['dealer', 'pitboss'] as const) {
      const d = K.view(t.state, { role });
      expect(d.bets).toHaveLength(0);
      expect(d.totals).toEqual({ stakeMinor: 600, bets: 3, players: 2, byKind: { red: 100, black: 300, straight: 200 }, bySpot: { red: 100, black: 300, 'straight:5': 200 } });
    }
  });

  it('tells the dealer what is due at each step', () => {
    const t = new Table();
    expect(K.next(t.state)).toEqual([]);
    t.open();
    expect(K.next(t.state)[0]?.kind).toBe('await-bets');
    t.do({ type: 'CloseBetting', at: T0 + 100, reason: 'dealer' });
    expect(K.next(t.state)[0]?.message).toBe('Spin the ball');
    t.do({ type: 'RecordBallLaunched', at: T0 + 200, spin: 1 });
    expect(K.next(t.state)[0]?.kind).toBe('await-result');
    t.result(12);
    expect(K.next(t.state)[0]).toMatchObject({ kind: 'settle', ruleId: 'ROU-5' });
    t.do({ type: 'MarkSettled', at: CLOSES + 20_000 });
    expect(K.next(t.state)).toEqual([]);
    expect(replay(K, t.events)).toEqual(t.state);
  });

  it('refuses to open a round on an unknown profile or one with en prison on', () => {
    const t = new Table(createRouletteKernel({ ...rouletteProfiles, prison: { ...europeanProfile, id: 'prison', zero: { ...europeanProfile.zero, enPrison: true } } }));
    expect(rejected(t.try({ type: 'OpenRound', at: T0, roundId: 'r', tableId: 't', profileId: 'nope', bettingClosesAt: CLOSES, limits: LIMITS })).code).toBe('UNKNOWN_PROFILE');
    expect(rejected(t.try({ type: 'OpenRound', at: T0, roundId: 'r', tableId: 't', profileId: 'prison', bettingClosesAt: CLOSES, limits: LIMITS })).code).toBe('PROFILE_UNSUPPORTED');
  });
});
