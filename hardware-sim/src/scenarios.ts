import type { ShoeRoundHooks, TimerRoundHooks } from './drivers.js';
import type { MoneyWheelSim } from './money-wheel.sim.js';
import type { ShakerSim } from './shaker.sim.js';
import type { TimerBoxSim } from './timer-box.sim.js';
import type { WheelSim } from './wheel.sim.js';

/** Simulated device kinds (devices.md §6). */
export const SIM_DEVICES = ['wheel', 'shoe', 'timer', 'shaker', 'money-wheel'] as const;
export type SimDevice = (typeof SIM_DEVICES)[number];

interface Info {
  readonly name: string;
  /** What the device does, in the spec's words. */
  readonly description: string;
  /** Spec rules the scenario exercises on the receiving side. */
  readonly rules: readonly string[];
}

export type Scenario =
  | (Info & { readonly device: 'wheel'; arm(wheel: WheelSim): void })
  | (Info & { readonly device: 'shoe'; readonly hooks: ShoeRoundHooks })
  | (Info & { readonly device: 'timer'; readonly hooks: TimerRoundHooks; arm?(box: TimerBoxSim): void })
  | (Info & { readonly device: 'shaker'; arm(shaker: ShakerSim): void })
  | (Info & { readonly device: 'money-wheel'; arm(wheel: MoneyWheelSim): void });

export type ScenarioInfo = Info & { readonly device: SimDevice };

/** Shoe scenarios act in the first round, before the given card. */
const inRound0 = (cardIndex: number, act: (shoe: Parameters<NonNullable<ShoeRoundHooks['beforeCard']>>[0]) => void): ShoeRoundHooks => ({
  beforeCard(shoe, round, card) {
    if (round === 0 && card === cardIndex) act(shoe);
  },
});

const SCENARIO_LIST: readonly Scenario[] = [
  // ---------------------------------------------------------------- wheel (SS2, devices.md §2)
  { device: 'wheel', name: 'launch-fail-recover', rules: ['W-4'], description: 'next launch fails: flag 8 for 2 s while the controller retries, then the ball goes', arm: (w) => w.planNextSpin({ launchFail: { recoverAfterMs: 2000 } }) },
  { device: 'wheel', name: 'launch-fail-persist', rules: ['W-4'], description: 'next launch keeps failing: flag 8 in state 2 until the host sends *R', arm: (w) => w.planNextSpin({ launchFail: 'persist' }) },
  { device: 'wheel', name: 'miss-spin', rules: ['W-4', 'W-3'], description: 'next spin: ball turns the same way as the wheel, state 3 with flag 2', arm: (w) => w.planNextSpin({ missSpin: true }) },
  { device: 'wheel', name: 'short-spin', rules: ['W-3', 'ROU-4'], description: 'next spin: the ball drops after 2 revolutions (fewer than 3)', arm: (w) => w.planNextSpin({ revolutions: 2 }) },
  { device: 'wheel', name: 'no-ball', rules: ['W-4'], description: 'next spin: the ball vanishes at no-more-bets, state 4 with flag 1 until *R', arm: (w) => w.planNextSpin({ noBall: true }) },
  { device: 'wheel', name: 'sensor-fault-powerdown', rules: ['W-4'], description: 'next spin: flag 4 in state 3 (and *F 21 with mode bit 256), then the wheel powers down to state 6', arm: (w) => w.planNextSpin({ sensorFault: { code: 21 } }) },
  { device: 'wheel', name: 'torn-lines', rules: ['W-5'], description: 'the next 6 status lines arrive torn: one loses its head (`00;0`), five arrive in three chunks', arm: (w) => w.tearNextLines(6) },
  { device: 'wheel', name: 'silence-burst', rules: ['W-5'], description: 'the wheel goes silent, then delivers 200 held-back lines in one burst', arm: (w) => w.silenceThenBurst(200) },
  { device: 'wheel', name: 'repeated-state-5', rules: ['W-1', 'W-2'], description: 'next spin holds state 5 for 12 status periods: the 500 ms stream repeats state 5 a dozen times', arm: (w) => w.planNextSpin({ resultPeriods: 12 }) },
  // ---------------------------------------------------------------- shoe (Felt shoe v1, devices.md §3)
  { device: 'shoe', name: 'duplicate-frame', rules: ['S-1'], description: 'round 1, 2nd card: the same $CARD frame (same seq) arrives twice', hooks: inRound0(1, (s) => s.injectFault({ type: 'duplicate-frame' })) },
  { device: 'shoe', name: 'impossible-card', rules: ['S-1'], description: 'a foreign card: all 8 copies of the next card come out, then a 9th', hooks: inRound0(0, (s) => s.injectFault({ type: 'impossible-card' })) },
  { device: 'shoe', name: 'unreadable-card', rules: ['S-3'], description: 'round 1, 3rd card leaves unread: $MISS', hooks: inRound0(2, (s) => s.injectFault({ type: 'unreadable-card' })) },
  { device: 'shoe', name: 'extra-card', rules: ['S-2'], description: 'round 1, 4th card: two cards come out at once (misdeal)', hooks: inRound0(3, (s) => s.injectFault({ type: 'extra-card' })) },
  { device: 'shoe', name: 'cut-card-mid-round', rules: ['S-4'], description: 'round 1: the cut card comes out between the 2nd and 3rd card', hooks: inRound0(2, (s) => s.injectFault({ type: 'cut-card-next' })) },
  { device: 'shoe', name: 'bad-checksum', rules: ['S-1'], description: 'round 1, 2nd card: the $CARD frame carries a wrong checksum', hooks: inRound0(1, (s) => s.injectFault({ type: 'bad-checksum' })) },
  { device: 'shoe', name: 'shoe-removed', rules: ['S-4'], description: 'round 1, after 2 cards: $SHOE,OUT; a new shoe goes in 10 s later', hooks: inRound0(2, (s) => s.remove()) },
  // ---------------------------------------------------------------- timer box (devices.md §4)
  { device: 'timer', name: 'button-bounce', rules: ['§4'], description: 'round 1: the NMB press bounces, two $BTN frames for one press', hooks: { beforePress: (box, round, button) => (round === 0 && button === 'NMB' ? box.bounceNextPress() : undefined) } },
  { device: 'timer', name: 'box-offline', rules: ['§4'], description: 'after its first heartbeat the box goes offline for 30 s (no $HB, no $BTN, ignores $TMR/$LAMP), then comes back', hooks: {}, arm: (box) => box.goOffline(30_000, 6000) },
  // ---------------------------------------------------------------- shaker (MQTT, devices.md §5)
  { device: 'shaker', name: 'no-shake', rules: ['§5'], description: 'the next shake never happens: shaker.state error + dice.fault no_shake', arm: (s) => s.injectFault({ type: 'no-shake' }) },
  { device: 'shaker', name: 'reading-seven', rules: ['§5'], description: 'the reader reports a 7 for the next result', arm: (s) => s.injectFault({ type: 'misread', dice: [3, 7, 2] }) },
  { device: 'shaker', name: 'three-failed-shakes', rules: ['§5'], description: 'the next three shakes end in dice.fault unreadable (reshake limit)', arm: (s) => s.injectFault({ type: 'failed-shakes', count: 3 }) },
  // ---------------------------------------------------------------- money wheel (MQTT, docs/rules MW-1..MW-4)
  { device: 'money-wheel', name: 'short-spin', rules: ['MW-4'], description: 'the next spin makes fewer than one full turn: reported as seen, the rules void it and the wheel is re-spun', arm: (w) => w.injectFault({ type: 'short-spin' }) },
  { device: 'money-wheel', name: 'border-stop', rules: ['MW-3'], description: 'the next spin stops with the pointer on a border: the segment being entered wins', arm: (w) => w.injectFault({ type: 'border-stop' }) },
  { device: 'money-wheel', name: 'sensor-fault', rules: ['MW-1'], description: 'the pointer sensor reports no position for the next spin: moneywheel.fault sensor_fault', arm: (w) => w.injectFault({ type: 'sensor-fault' }) },
];

/** Every scripted scenario, optionally for one device, by name. */
export function listScenarios(device?: SimDevice): ScenarioInfo[] {
  return SCENARIO_LIST.filter((s) => device === undefined || s.device === device).map((s) => ({ device: s.device, name: s.name, description: s.description, rules: s.rules }));
}

export type ScenarioFor<D extends SimDevice> = Extract<Scenario, { device: D }>;

/** Look a scenario up by device and name; throws with the valid names when there is none. */
export function getScenario<D extends SimDevice>(device: D, name: string): ScenarioFor<D> {
  const s = SCENARIO_LIST.find((x): x is ScenarioFor<D> => x.device === device && x.name === name);
  if (s === undefined) {
    const names = listScenarios(device).map((x) => x.name).join(', ');
    throw new Error(`unknown ${device} scenario "${name}"; known: ${names}`);
  }
  return s;
}
