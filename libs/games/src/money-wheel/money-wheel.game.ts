import { ok } from '../common/result.js';
import { betsOfPlayer, bookTotals, type BookTotals } from '../kernel/book.js';
import { createKernel, defineGame, events, lifecycleNext, refuse, vio, type RefereeState } from '../kernel/define.js';
import { roundViewBase, type AcceptedBet, type Audience, type CommonCommand, type CommonEvent, type NextAction, type RoundViewBase } from '../kernel/kernel.js';
import { decideMove, EMPTY_SLICE, evolveMove, spinCommandOf, type MoneyWheelMoveEvent, type MoneyWheelSlice, type RecordedSpin } from './money-wheel.moves.js';
import { checkLiveProfile, maxReturnMultiple, moneyWheelProfiles, parseSpot, type MoneyWheelProfile, type SegmentLabel, type SpinReport } from './money-wheel.rules.js';
import { settleBets } from './money-wheel.settle.js';

/**
 * The money wheel on the referee (`defineGame`, issue 8 item 7): idle → betting → closed →
 * (RecordSpin on a number) resolved → settled. A multiplier segment keeps the round in `closed` with
 * every bet standing and the multiplier stacked (MW-2); a short spin is recorded as void and the wheel
 * is re-spun (MW-4), the `maxInvalidSpins`-th in a row voids the round (GEN-6). The wheel starting to
 * turn is a device sign that play started: it closes betting if still open (GEN-3).
 */
export type MoneyWheelCommand =
  | CommonCommand
  /** The sensor's `moneywheel.result` (or the dealer's entry, signed off by a pit boss). */
  | { readonly type: 'RecordSpin'; readonly at: number; readonly spin: number; readonly report: SpinReport; readonly roundId?: string }
  /** `moneywheel.state spinning`: the host spun the wheel (closes betting if still open, GEN-3). */
  | { readonly type: 'WheelSpinning'; readonly at: number };

export type MoneyWheelEvent = CommonEvent | MoneyWheelMoveEvent;

export interface MoneyWheelState extends RefereeState {
  readonly game: 'money-wheel';
  readonly wheel: MoneyWheelSlice;
}

export interface MoneyWheelView extends RoundViewBase {
  readonly game: 'money-wheel';
  readonly voidReason: string | null;
  /** Every spin of the round (void ones included, MW-4), in order. */
  readonly spins: readonly RecordedSpin[];
  /** Multiplier segments landed so far and the stacked multiplier (null = none, MW-2). */
  readonly multipliers: readonly SegmentLabel[];
  readonly multiplier: number | null;
  /** The final number once the round is resolved. */
  readonly result: number | null;
  /** A player sees only their own bets; dealer and pit boss see totals. */
  readonly bets: readonly AcceptedBet[];
  readonly totals?: BookTotals;
}

/** The profiles a live table can run (a multiplier cap, D-1); `unlimited` stays for `felt rtp` / `felt settle`. */
export const liveMoneyWheelProfiles: Readonly<Record<string, MoneyWheelProfile>> = Object.fromEntries(Object.entries(moneyWheelProfiles).filter(([, p]) => checkLiveProfile(p).ok));

export function defineMoneyWheel(profiles: Readonly<Record<string, MoneyWheelProfile>> = liveMoneyWheelProfiles) {
  const profileOf = (s: MoneyWheelState): MoneyWheelProfile | undefined => (s.profileId === null ? undefined : profiles[s.profileId]);
  return defineGame<MoneyWheelState, MoneyWheelCommand, MoneyWheelEvent, MoneyWheelView, MoneyWheelProfile>({
    id: 'money-wheel',
    name: 'Money Wheel',
    profiles,
    defaultProfile: 'standard',
    checkProfile: (p) => {
      const c = checkLiveProfile(p);
      return c.ok ? null : c.violation;
    },
    maxReturnMultiple,
    initial: () => ({ game: 'money-wheel', wheel: EMPTY_SLICE }),
    bets: {
      spot(_s, p, key) {
        const n = parseSpot(key, p);
        return n.ok ? ok({ key, kind: key }) : n;
      },
    },
    moves: {
      RecordSpin: {
        phases: ['closed'],
        // a result while betting is open is a fault for the pit boss, never an outcome (issue 9 §2)
        result: { ruleId: 'GEN-3' },
        decide(s, c) {
          const profile = profileOf(s);
          if (!profile) return refuse(vio('ROUND_NOT_OPEN', 'GEN-3', 'No round is open.'));
          const ctx = { phase: s.phase, roundId: s.roundId, profile };
          const d = decideMove(ctx, s.wheel, c);
          if (!d.ok) return d;
          const out: MoneyWheelEvent[] = [...d.value.events];
          if (d.value.voidRound !== null) out.push({ type: 'RoundVoided', at: c.at, reason: d.value.voidRound, by: 'system' });
          return events<MoneyWheelEvent>(...out);
        },
      },
      WheelSpinning: {
        phases: ['closed'],
        closesBetting: true,
        decide: () => events<MoneyWheelEvent>(),
      },
    },
    evolve(s, e) {
      const profile = profileOf(s);
      if (!profile) return { ...s, seq: s.seq + 1 };
      const wheel = evolveMove(profile, s.wheel, e);
      const resolved = wheel.chain.result !== null && s.phase === 'closed';
      return { ...s, seq: s.seq + 1, wheel, phase: resolved ? 'resolved' : s.phase };
    },
    view(s, audience: Audience): MoneyWheelView {
      const c = s.wheel.chain;
      const base = {
        game: 'money-wheel' as const,
        ...roundViewBase(s),
        voidReason: s.voidReason,
        spins: s.wheel.spins,
        multipliers: c.multipliers,
        multiplier: c.multiplier,
        result: c.result,
      };
      return audience.role === 'player' ? { ...base, bets: betsOfPlayer(s.book, audience.playerId) } : { ...base, bets: [], totals: bookTotals(s.book) };
    },
    // Spins and wheel faults are public: every audience sees the wheel on camera.
    redact: (e) => e,
    settle(s, profile) {
      const result = s.wheel.chain.result;
      if (result === null) return refuse(vio('ROUND_NOT_RESOLVED', 'GEN-5', 'The wheel has not stopped on a number yet (MW-2).'));
      return settleBets([...s.book.byId.values()], result, s.wheel.chain.multiplier, profile);
    },
    next(s): readonly NextAction[] {
      return lifecycleNext(s.phase, {
        closed: () => {
          const c = s.wheel.chain;
          if (c.invalidInARow > 0) return [{ kind: 'spin', message: `The last spin made too few turns and does not count: spin again (${c.invalidInARow} of at most ${profileOf(s)?.maxInvalidSpins ?? 0}).`, ruleId: 'MW-4' }];
          if (c.multiplier !== null) return [{ kind: 'spin', message: `Multiplier ${c.multipliers.join(' × ')}: every bet stands, spin again (now ${c.multiplier}x).`, ruleId: 'MW-2' }];
          return [{ kind: 'spin', message: `Spin the wheel (at least ${profileOf(s)?.minTurns ?? 1} full turn${(profileOf(s)?.minTurns ?? 1) === 1 ? '' : 's'}).`, ruleId: 'MW-4' }];
        },
      });
    },
    devices: {
      reporters: { moneywheel: ['wheel'] },
      map(ev, _ctx, at) {
        switch (ev.type) {
          case 'moneywheel.result': {
            const cmd = spinCommandOf(at, ev.payload);
            if (!cmd.ok) return { kind: 'alert', severity: 'warning', code: cmd.violation.code, message: `Money wheel ${ev.deviceId}: ${cmd.violation.message}`, fault: true };
            const forRound = cmd.value.type === 'RecordSpin' && cmd.value.roundId !== undefined ? { forRoundId: cmd.value.roundId } : {};
            return { kind: 'command', command: cmd.value, closesBetting: false, ...forRound };
          }
          case 'moneywheel.state':
            return ev.payload.state === 'spinning' ? { kind: 'command', command: { type: 'WheelSpinning', at }, closesBetting: true } : { kind: 'track' };
          case 'moneywheel.fault':
            return { kind: 'alert', severity: 'warning', code: 'WHEEL_FAULT', message: `Money wheel ${ev.deviceId}: ${typeof ev.payload.text === 'string' ? ev.payload.text : 'fault'} (${String(ev.payload.code)}).`, fault: true };
          default:
            return null;
        }
      },
      react(e, s, ctx) {
        const spin = { deviceKind: 'wheel', type: 'moneywheel.spin', payload: { roundId: ctx.roundId } };
        if (e.type === 'BettingClosed') return [spin];
        if (e.type === 'SpinRecorded' && s.phase === 'closed') return [spin];
        return [];
      },
    },
    // a worked example for the contract suite: two numbers held together, and one valid spin landing on "10" (segment 7)
    example: { spots: ['number:1', 'number:10'], resolve: [{ type: 'RecordSpin', spin: 1, report: { stop: { segment: 7 }, direction: 'cw', turns: 3 } }] },
    commands: [{ type: 'RecordSpin', roles: ['dealer'], signOff: true, ruleId: 'MW-3', description: 'Enter where the wheel stopped by hand when the sensor fails (a pit boss signs off).' }],
  });
}

export const moneyWheelDefinition = defineMoneyWheel();
export const moneyWheelKernel = createKernel(moneyWheelDefinition);
