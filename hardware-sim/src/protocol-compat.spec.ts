import { record, trackShoe, type Card } from '@felt-studio/games';
import { DeviceDecoder, parseSs2Command, type DecodedEvent, type SerialDeviceKind } from '@felt-studio/protocol';
import { describe, expect, it } from 'vitest';
import { ManualScheduler } from './clock.js';
import { createDuplexPair } from './duplex.js';
import { HostRecorder } from './host-recorder.js';
import { startSerialSim, type SerialSimDevice, type StartSerialSimArgs } from './run-sim.js';

/**
 * The emulators' bytes run through @felt-studio/protocol's receive pipeline (framer → codec → tracker), as
 * the edge agent will: the canonical events they yield are the simulator's contract with the rest
 * of the studio.
 */
const KIND: Record<SerialSimDevice, SerialDeviceKind> = { wheel: 'ss2', shoe: 'shoe', timer: 'timer' };

function decoded(device: SerialSimDevice, opts: { scenario?: string; commands?: readonly (readonly [number, string])[]; runMs: number } & Partial<StartSerialSimArgs>) {
  const sched = new ManualScheduler();
  const { device: io, host } = createDuplexPair();
  const dec = new DeviceDecoder(KIND[device]);
  const events: DecodedEvent[] = [];
  host.onData((d) => events.push(...dec.feed(d, sched.now())));
  const rec = new HostRecorder(host, () => sched.now());
  const handle = startSerialSim({ device, io, scheduler: sched, seed: 21, ...(opts.scenario === undefined ? {} : { scenario: opts.scenario }), ...(opts.wheelMode === undefined ? {} : { wheelMode: opts.wheelMode }) });
  let t = 0;
  for (const [at, line] of opts.commands ?? []) {
    sched.advance(at - t);
    t = at;
    dec.sent(parseSs2Command(line), at);
    rec.send(line);
  }
  for (; t < opts.runMs; t += 250) {
    sched.advance(250);
    events.push(...dec.tick(sched.now()));
  }
  handle.stop();
  return { events, rec, dec };
}

const wheelGame = (scenario?: string, runMs = 40_000, wheelMode?: number) =>
  decoded('wheel', { ...(scenario === undefined ? {} : { scenario }), ...(wheelMode === undefined ? {} : { wheelMode }), commands: [[4000, '*I 4'], [4200, '*u 1']], runMs });
const types = (evs: readonly DecodedEvent[]) => evs.map((e) => e.type).filter((t) => t !== 'device.heartbeat');

describe('wheel bytes → protocol wheel tracker (W-1…W-5)', () => {
  it('a normal game yields one wheel.result with the bare number, the revolutions counted from sensor 1 and 3 confirmations', () => {
    const { events, rec } = wheelGame();
    const results = events.filter((e) => e.type === 'wheel.result');
    expect(results).toHaveLength(1);
    const bare = Number(rec.lines.find((l) => /^\d{1,2}$/.test(l)));
    const revolutions = rec.lines.filter((l) => l === '*bs 1').length;
    expect(results[0]?.payload).toMatchObject({ spin: 1, number: bare, revolutions, confirmations: 3, wheelDirection: 'cw', ballDirection: 'ccw' });
    expect(events.filter((e) => e.type === 'wheel.fault' || e.type === 'device.fault')).toEqual([]);
  });

  it('repeated-state-5: twelve identical state-5 lines still make exactly one result and one state change (W-1)', () => {
    const { events } = wheelGame('repeated-state-5');
    expect(events.filter((e) => e.type === 'wheel.result')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'wheel.state' && e.payload.state === 5)).toHaveLength(1);
  });

  it('short-spin: the result carries 2 revolutions (W-3, ROU-4 is the server’s call)', () => {
    const result = wheelGame('short-spin').events.find((e) => e.type === 'wheel.result');
    expect(result?.type === 'wheel.result' && result.payload.revolutions).toBe(2);
  });

  it.each([
    ['miss-spin', 'miss_spin'],
    ['launch-fail-persist', 'launch_failed'],
    ['no-ball', 'no_ball'],
    ['sensor-fault-powerdown', 'hardware_fault'],
  ] as const)('%s is reported as wheel.fault %s (W-4)', (scenario, code) => {
    const { events } = wheelGame(scenario);
    const faults = events.filter((e) => e.type === 'wheel.fault').map((e) => e.type === 'wheel.fault' && e.payload.code);
    expect(faults).toContain(code);
  });

  it('faults that stop the ball leave no result; a miss-spin nobody resets still ends with the ball turning with the wheel (W-3)', () => {
    for (const scenario of ['launch-fail-persist', 'no-ball', 'sensor-fault-powerdown']) expect(wheelGame(scenario).events.filter((e) => e.type === 'wheel.result')).toEqual([]);
    const miss = wheelGame('miss-spin').events.find((e) => e.type === 'wheel.result');
    expect(miss?.type === 'wheel.result' && miss.payload.ballDirection === miss.payload.wheelDirection).toBe(true);
  });

  it('launch-fail-recover is tolerated: flag 8 for under 3 s is no fault and the game ends in a result (W-4)', () => {
    const { events } = wheelGame('launch-fail-recover');
    expect(events.filter((e) => e.type === 'wheel.fault')).toEqual([]);
    expect(events.filter((e) => e.type === 'wheel.result')).toHaveLength(1);
  });

  it('torn-lines: the headless fragment is counted as unparsable, the chunked lines still decode (W-5)', () => {
    const { events } = decoded('wheel', { scenario: 'torn-lines', runMs: 5000 });
    const faults = events.filter((e) => e.type === 'device.fault');
    expect(faults.map((e) => e.type === 'device.fault' && e.payload.code)).toEqual(['unparsable']);
    expect(types(events).filter((t) => t === 'wheel.state').length).toBeGreaterThanOrEqual(1);
  });

  it('silence-burst: 200 lines in one read decode in order with nothing dropped (W-5)', () => {
    const { events, dec } = decoded('wheel', { scenario: 'silence-burst', runMs: 101_000 });
    expect(events.filter((e) => e.type === 'device.fault')).toEqual([]);
    expect(events.filter((e) => e.type === 'wheel.state').map((e) => e.type === 'wheel.state' && e.payload.state)).toEqual([1, 2]);
    expect(dec.state.kind === 'ss2' && dec.state.state.counters.lines).toBeGreaterThanOrEqual(200);
  });
});

describe('shoe and timer box bytes → protocol trackers (S-1, S-3, S-4, §4)', () => {
  it('a round of the scripted dealer yields shoe.inserted and four shoe.card events in shoe order', () => {
    const { events } = decoded('shoe', { runMs: 6000 });
    expect(types(events)).toEqual(['shoe.inserted', 'shoe.card', 'shoe.card', 'shoe.card', 'shoe.card']);
    expect(events.filter((e) => e.type === 'shoe.card').map((e) => e.type === 'shoe.card' && e.payload.shoeIndex)).toEqual([0, 1, 2, 3]);
  });

  it.each([
    ['duplicate-frame', 'device.fault'],
    ['bad-checksum', 'device.fault'],
    ['unreadable-card', 'shoe.unreadable'],
    ['cut-card-mid-round', 'shoe.cut_card'],
    ['shoe-removed', 'shoe.removed'],
  ] as const)('%s decodes to %s', (scenario, type) => {
    const { events } = decoded('shoe', { scenario, runMs: 6000 });
    expect(types(events)).toContain(type);
  });

  it('impossible-card: nine shoe.card events of one card reach the server, whose S-1 composition check rejects the 9th', () => {
    const { events } = decoded('shoe', { scenario: 'impossible-card', runMs: 40_000 });
    const cards = events.flatMap((e) => (e.type === 'shoe.card' ? [e.payload.card] : []));
    expect(cards.slice(0, 9)).toEqual(Array(9).fill(cards[0]));
    let shoe = trackShoe({ decks: 8 });
    const verdicts = cards.slice(0, 9).map((c) => {
      const r = record(shoe, c as Card);
      if (r.ok) shoe = r.value.shoe;
      return r.ok ? 'ok' : r.violation.code;
    });
    expect(verdicts).toEqual([...Array(8).fill('ok'), 'IMPOSSIBLE_CARD']);
  });

  it('the timer box dealer presses decode to button.pressed start then no_more_bets', () => {
    const { events } = decoded('timer', { runMs: 17_000 });
    expect(events.filter((e) => e.type === 'button.pressed').map((e) => e.type === 'button.pressed' && e.payload.button)).toEqual(['start', 'no_more_bets']);
  });
});
