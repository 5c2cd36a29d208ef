import { describe, expect, it } from 'vitest';
import { realScheduler, startSerialSim, type ByteDuplex, type SerialSimHandle } from '@felt-studio/hardware-sim';
import type { Agent, TimerAdapter } from '@felt-studio/edge-agent';
import type { DeviceEvent } from '@felt-studio/protocol';
import { contiguous, MockWires, observedBroker, sleep, startAgent, tempDir, until } from './support.js';

// devices.md §6 shoe and timer-box scenarios: simulator → serialport mock binding → edge agent → REAL Mosquitto.
const broker = observedBroker();
const { run, root, cleanups } = broker;
const SPEED = 50;
let n = 0;

interface Rig<H extends SerialSimHandle> {
  readonly tableId: string;
  readonly deviceId: string;
  readonly agent: Agent;
  readonly sim: () => H;
  events(): DeviceEvent[];
  ofType<T extends DeviceEvent['type']>(t: T): Extract<DeviceEvent, { type: T }>[];
}

async function rig<D extends 'shoe' | 'timer'>(device: D, scenario: string | undefined): Promise<Rig<Extract<SerialSimHandle, { device: D }>>> {
  n += 1;
  const tableId = `tbl_${run}_${n}`;
  const deviceId = `${device}_${n}`;
  const wires = new MockWires();
  const sched = realScheduler({ speed: SPEED });
  let handle: SerialSimHandle | null = null;
  const path = wires.path(deviceId, (io: ByteDuplex) => {
    handle = startSerialSim({ device, io, scheduler: sched, seed: 11, ...(scenario ? { scenario } : {}) });
  });
  const data = tempDir();
  const dev =
    device === 'shoe'
      ? ({ model: 'felt-shoe', deviceId, path, silenceMs: Math.round(12_000 / SPEED) } as const)
      : ({ model: 'felt-timer', deviceId, path, silenceMs: Math.round(12_000 / SPEED), debounceMs: 100 } as const);
  const agent = startAgent({ tableId, mqtt: { url: broker.url, topicRoot: root }, dataDir: data.dir, devices: [dev] }, { wires });
  cleanups.push(async () => {
    handle?.stop();
    sched.dispose();
    await agent.stop();
    data.remove();
  });
  await until(() => handle !== null, 'the simulator attached');
  return {
    tableId,
    deviceId,
    agent,
    sim: () => handle as Extract<SerialSimHandle, { device: D }>,
    events: () => broker.obs.of(deviceId),
    ofType: (t) => broker.obs.ofType(deviceId, t),
  };
}

const cardIdx = (evs: DeviceEvent[]): number[] => evs.flatMap((e) => (e.type === 'shoe.card' || e.type === 'shoe.unreadable' ? [e.payload.shoeIndex] : []));

describe('Felt shoe through the edge agent to Mosquitto (devices.md §3, §6)', () => {
  it('duplicate-frame: the same $CARD frame twice is one card and one duplicate_frame fault (S-1)', async () => {
    const r = await rig('shoe', 'duplicate-frame');
    await until(() => r.ofType('shoe.card').length >= 4, 'the first round');
    expect(r.ofType('shoe.inserted')[0]?.payload).toEqual({ decks: 8 });
    expect(r.ofType('device.fault').map((e) => e.payload)).toEqual([expect.objectContaining({ code: 'duplicate_frame', ruleId: 'S-1', count: 1 })]);
    expect(cardIdx(r.events()).slice(0, 4)).toEqual([0, 1, 2, 3]);
    expect(contiguous(r.events().map((e) => e.seq))).toBe(true);
  });

  it('impossible-card: every copy of a card comes out and then a 9th; the edge reports all nine for the server to reject (S-1)', async () => {
    const r = await rig('shoe', 'impossible-card');
    await until(() => r.ofType('shoe.card').length >= 9, 'nine cards');
    const first9 = r.ofType('shoe.card').slice(0, 9);
    expect(new Set(first9.map((e) => e.payload.card)).size).toBe(1);
    expect(first9.map((e) => e.payload.shoeIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('unreadable-card: $MISS → shoe.unreadable at its shoe position (S-3)', async () => {
    const r = await rig('shoe', 'unreadable-card');
    await until(() => r.ofType('shoe.unreadable').length === 1 && r.ofType('shoe.card').length >= 3, 'the unreadable card');
    expect(r.ofType('shoe.unreadable')[0]?.payload).toEqual({ shoeIndex: 2 });
    expect(cardIdx(r.events()).slice(0, 4)).toEqual([0, 1, 2, 3]);
  });

  it('extra-card: two cards out at once are both reported, in order (S-2 misdeal is the server’s call)', async () => {
    const r = await rig('shoe', 'extra-card');
    await until(() => r.sim().dealer.roundsDealt >= 1 && r.ofType('shoe.card').length >= 5, 'the first round');
    await sleep(20);
    r.sim().dealer.stop();
    await until(() => r.ofType('shoe.card').length === r.sim().shoe.cardsDealt, 'every dealt card published');
    const round0 = r.ofType('shoe.card').slice(0, 5);
    expect(round0.map((e) => e.payload.shoeIndex)).toEqual([0, 1, 2, 3, 4]);
    // the 4th and 5th card left the shoe together (same read instant), the next round came a round gap later
    expect((round0[4]?.at ?? 0) - (round0[3]?.at ?? 0)).toBeLessThan(1000 / SPEED);
  });

  it('cut-card-mid-round: shoe.cut_card between the 2nd and 3rd card, with its position (S-4)', async () => {
    const r = await rig('shoe', 'cut-card-mid-round');
    await until(() => r.ofType('shoe.cut_card').length === 1 && r.ofType('shoe.card').length >= 3, 'the cut card');
    const order = r.events().filter((e) => e.type === 'shoe.card' || e.type === 'shoe.cut_card').slice(0, 4).map((e) => e.type);
    expect(order).toEqual(['shoe.card', 'shoe.card', 'shoe.cut_card', 'shoe.card']);
    expect(r.ofType('shoe.cut_card')[0]?.payload).toEqual({ shoeIndex: 2 });
  });

  it('bad-checksum: a frame with a wrong checksum is a counted checksum fault, never a card; the lost seq shows as a gap (§3)', async () => {
    const r = await rig('shoe', 'bad-checksum');
    await until(() => r.ofType('shoe.card').length >= 3, 'cards after the bad frame');
    const faults = r.ofType('device.fault').map((e) => e.payload);
    expect(faults[0]).toMatchObject({ code: 'checksum', count: 1, raw: expect.stringMatching(/^\$CARD,2,/) });
    expect(faults[1]).toMatchObject({ code: 'seq_gap', expectedSeq: 2, seq: 3 });
    expect(cardIdx(r.events()).slice(0, 3)).toEqual([0, 1, 2]);
  });

  it('shoe-removed: $SHOE,OUT mid-round → shoe.removed, then a new shoe → shoe.inserted and positions restart (S-4)', async () => {
    const r = await rig('shoe', 'shoe-removed');
    await until(() => r.ofType('shoe.inserted').length >= 2 && r.ofType('shoe.card').length >= 3, 'the new shoe');
    const types = r.events().filter((e) => e.type.startsWith('shoe.')).map((e) => (e.type === 'shoe.card' ? `card${e.payload.shoeIndex}` : e.type));
    expect(types.slice(0, 6)).toEqual(['shoe.inserted', 'card0', 'card1', 'shoe.removed', 'shoe.inserted', 'card0']);
  });
});

describe('timer / button box through the edge agent to Mosquitto (devices.md §4, §6)', () => {
  it('button-bounce: a bounced NMB press is one button.pressed; timer.show / lamp.set reach the box and are acked', async () => {
    const r = await rig('timer', 'button-bounce');
    await until(() => r.ofType('button.pressed').length >= 3, 'START, NMB, next START', 10_000);
    const presses = r.ofType('button.pressed').slice(0, 3).map((e) => e.payload.button);
    expect(presses).toEqual(['start', 'no_more_bets', 'start']);
    expect((r.agent.device(r.deviceId).adapter as TimerAdapter).bounces).toBe(1); // the second frame was seen and dropped
    expect(await broker.obs.command(r.tableId, r.deviceId, 'timer.show', { seconds: 15 })).toMatchObject({ ok: true });
    expect(await broker.obs.command(r.tableId, r.deviceId, 'lamp.set', { colour: 'amber' })).toMatchObject({ ok: true });
    expect(await broker.obs.command(r.tableId, r.deviceId, 'timer.clear', {})).toMatchObject({ ok: true });
    await until(() => r.sim().box.shown.length === 3, 'the box to show them');
    expect(r.sim().box.shown.map((s) => (s.type === 'timer' ? `timer ${s.seconds}` : `lamp ${s.lamp}`))).toEqual(['timer 15', 'lamp AMBER', 'timer 0']);
    // a wheel command to a timer box is refused with a clear error
    expect(await broker.obs.command(r.tableId, r.deviceId, 'wheel.launch', { direction: 'cw' })).toMatchObject({ ok: false, error: expect.stringContaining('not a timer box command') });
  });

  it('box-offline: a silent box turns the retained status offline, and online again when it talks (§4)', async () => {
    const r = await rig('timer', 'box-offline');
    await until(() => broker.obs.statusOf(r.deviceId).some((s) => s.state === 'offline' && s.model === 'felt-timer'), 'status offline', 10_000);
    const offlineAt = broker.obs.statusOf(r.deviceId).findIndex((s) => s.state === 'offline');
    await until(() => broker.obs.statusOf(r.deviceId).slice(offlineAt).some((s) => s.state === 'online'), 'status online again', 10_000);
    expect(broker.obs.statusOf(r.deviceId).map((s) => s.state)).toEqual(expect.arrayContaining(['online', 'offline', 'online']));
  });
});
