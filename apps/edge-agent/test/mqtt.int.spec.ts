import { describe, expect, it } from 'vitest';
import { realScheduler, startSerialSim, WheelSim, type ByteDuplex, type SerialSimHandle } from '@felt-studio/hardware-sim';
import type { Agent, AgentConfigInput } from '@felt-studio/edge-agent';
import type { DeviceEvent } from '@felt-studio/protocol';
import { brokerHostPort, contiguous, MockWires, observedBroker, scaledTracker, sleep, startAgent, TcpProxy, tempDir, until } from './support.js';

// devices.md §6 "MQTT — broker restart mid-round; edge agent offline for 30 s then replaying its buffer".
// The broker "goes away" through a TCP proxy in front of the real Mosquitto that we stop and restart; the
// subscriber is connected to Mosquitto directly (it plays the server).
const broker = observedBroker();
const { run, root, cleanups } = broker;
let n = 0;

async function proxy(): Promise<TcpProxy> {
  const { host, port } = brokerHostPort(broker.url);
  const p = new TcpProxy(host, port);
  await p.start();
  cleanups.push(() => p.stop());
  return p;
}

/** First-arrival order of seqs (duplicates from at-least-once delivery removed). */
function firstArrivals(evs: readonly DeviceEvent[]): number[] {
  const seen = new Set<number>();
  return evs.flatMap((e) => (seen.has(e.seq) ? [] : (seen.add(e.seq), [e.seq])));
}

/** A shoe dealing a card every 1 s of device time (20 ms at speed 50): a steady stream of events. */
function shoeSetup(speed: number): { wires: MockWires; path: string; deviceId: string; tableId: string; sim(): SerialSimHandle | null; stop(): void } {
  n += 1;
  const wires = new MockWires();
  const sched = realScheduler({ speed });
  let handle: SerialSimHandle | null = null;
  const deviceId = `shoe_${n}`;
  const path = wires.path(deviceId, (io: ByteDuplex) => {
    handle?.stop();
    handle = startSerialSim({ device: 'shoe', io, scheduler: sched, seed: 5 });
  });
  const stop = (): void => {
    handle?.stop();
    sched.dispose();
  };
  cleanups.push(stop);
  return { wires, path, deviceId, tableId: `tbl_${run}_${n}`, sim: () => handle, stop };
}

describe('MQTT outages and agent restarts (devices.md §1, §6; real Mosquitto)', () => {
  it('edge agent offline for 60 s (≥ 30 s, time-scaled) buffers on disk and replays every event in seq order, none lost', async () => {
    const SPEED = 100;
    const px = await proxy();
    const s = shoeSetup(SPEED);
    const data = tempDir();
    const agent = startAgent({ tableId: s.tableId, mqtt: { url: `mqtt://127.0.0.1:${px.port}`, topicRoot: root }, dataDir: data.dir, devices: [{ model: 'felt-shoe', deviceId: s.deviceId, path: s.path }] }, { wires: s.wires });
    cleanups.push(async () => {
      await agent.stop();
      data.remove();
    });
    const link = agent.device(s.deviceId).link;
    await until(() => broker.obs.of(s.deviceId).filter((e) => e.type === 'shoe.card').length >= 3, 'cards flowing');
    await px.stop(); // the broker is gone for the agent
    await until(() => !link.connected, 'the agent to notice');
    const seqAtCut = link.seq.current;
    await sleep(60_000 / SPEED); // 60 s of device time
    const bufferedWhileOffline = link.buffer.size;
    const producedWhileOffline = link.seq.current - seqAtCut;
    expect(producedWhileOffline).toBeGreaterThanOrEqual(20); // the outage covers many events
    expect(bufferedWhileOffline).toBeGreaterThanOrEqual(producedWhileOffline);
    await px.start(); // same port: the broker is back
    await until(() => link.connected && link.buffer.size === 0, 'the replay to be acknowledged', 10_000);
    const last = link.seq.current;
    await until(() => broker.obs.of(s.deviceId).length >= last, 'every event at the subscriber');
    const evs = broker.obs.raw(s.deviceId);
    expect(firstArrivals(evs)).toEqual(Array.from({ length: last }, (_, i) => i + 1)); // 1..last, in order, no gap
    // the cards keep their order and positions across the outage
    const idx = broker.obs.ofType(s.deviceId, 'shoe.card').map((e) => e.payload.shoeIndex);
    expect(idx).toEqual(Array.from({ length: idx.length }, (_, i) => i));
  });

  it('broker restart mid-round: the spin in flight still yields exactly one result, status goes offline (Last-Will) and online again, seq stays monotonic', async () => {
    const SPEED = 20;
    const px = await proxy();
    n += 1;
    const tableId = `tbl_${run}_${n}`;
    const deviceId = `wheel_${n}`;
    const wires = new MockWires();
    const sched = realScheduler({ speed: SPEED });
    const wheel = new WheelSim({ scheduler: sched, seed: 21 });
    const path = wires.path(deviceId, (io: ByteDuplex) => wheel.start(io));
    const data = tempDir();
    const agent = startAgent(
      { tableId, mqtt: { url: `mqtt://127.0.0.1:${px.port}`, topicRoot: root }, dataDir: data.dir, devices: [{ model: 'ss2-wheel', deviceId, path, tracker: scaledTracker(SPEED), tickMs: 5 }] },
      { wires },
    );
    cleanups.push(async () => {
      wheel.stop();
      sched.dispose();
      await agent.stop();
      data.remove();
    });
    await until(() => broker.obs.statusOf(deviceId).some((st) => st.state === 'online' && st.configHash !== null), 'configured');
    await until(() => wheel.status.state === 2, 'bets');
    const spin = wheel.status.spin;
    expect(await broker.obs.command(tableId, deviceId, 'wheel.launch', { direction: 'cw' })).toMatchObject({ ok: true });
    await until(() => wheel.status.state === 3, 'ball in rim');
    await px.stop(); // broker gone mid-round
    await until(() => broker.obs.statusOf(deviceId).at(-1)?.state === 'offline', 'the Last-Will offline status');
    await until(() => wheel.status.state === 5 || wheel.status.spin !== spin, 'the result at the wheel while the broker is away');
    await sleep(100);
    await px.start();
    await until(() => broker.obs.ofType(deviceId, 'wheel.result').some((e) => e.payload.spin === spin), 'the result after the restart', 10_000);
    await until(() => broker.obs.statusOf(deviceId).at(-1)?.state === 'online', 'online again');
    await sleep(200);
    expect(broker.obs.ofType(deviceId, 'wheel.result').filter((e) => e.payload.spin === spin)).toHaveLength(1);
    const firsts = firstArrivals(broker.obs.raw(deviceId));
    expect(contiguous(firsts)).toBe(true);
    expect(firsts[0]).toBe(1);
  });

  it('agent crash + restart on the same dataDir: Last-Will offline, the unacknowledged outbox replays in order, seq continues (never reused)', async () => {
    const SPEED = 50;
    const px = await proxy();
    const s = shoeSetup(SPEED);
    const data = tempDir();
    cleanups.push(() => data.remove());
    const config = (mqttUrl: string): AgentConfigInput => ({ tableId: s.tableId, mqtt: { url: mqttUrl, topicRoot: root }, dataDir: data.dir, devices: [{ model: 'felt-shoe', deviceId: s.deviceId, path: s.path }] });
    const first: Agent = startAgent(config(`mqtt://127.0.0.1:${px.port}`), { wires: s.wires });
    await until(() => broker.obs.ofType(s.deviceId, 'shoe.card').length >= 3, 'cards flowing');
    await px.stop();
    await until(() => broker.obs.statusOf(s.deviceId).at(-1)?.state === 'offline', 'the Last-Will');
    await sleep(300); // events pile up in the outbox
    const link1 = first.device(s.deviceId).link;
    const unacked = link1.buffer.size;
    const lastSeqBefore = link1.seq.current;
    expect(unacked).toBeGreaterThan(5);
    await first.kill(); // crash: nothing flushed, nothing said
    await px.start();
    const second = startAgent(config(broker.url), { wires: s.wires }); // restarted, direct to the broker
    cleanups.push(() => second.stop());
    const link2 = second.device(s.deviceId).link;
    await until(() => link2.connected && link2.seq.current > lastSeqBefore + 3, 'the restarted agent publishing');
    await until(() => broker.obs.of(s.deviceId).length >= link2.seq.current && link2.buffer.size === 0, 'everything delivered', 10_000);
    const firsts = firstArrivals(broker.obs.raw(s.deviceId));
    expect(firsts).toEqual(Array.from({ length: firsts.length }, (_, i) => i + 1)); // replayed tail first, then new events
    expect(firsts.length).toBeGreaterThan(lastSeqBefore);
    expect(broker.obs.statusOf(s.deviceId).at(-1)?.state).toBe('online');
  });
});
