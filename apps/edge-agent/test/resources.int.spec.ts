import { setImmediate as tick } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import mqtt from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import type { ByteDuplex } from '@felt-studio/hardware-sim';
import type { WheelAdapter } from '@felt-studio/edge-agent';
import { ss2Lines } from './ss2-stream.js';
import { MockWires, requireMqttUrl, runTag, startAgent, tempDir, until } from './support.js';

// The edge agent's own resource use (issue 4 "Tests"): no unbounded memory growth over a 10 000-line
// stream, serial bytes → adapter → outbox → real Mosquitto.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const heapMb = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

let stopAll: (() => Promise<void>) | null = null;
afterAll(async () => {
  await stopAll?.();
});

describe('edge agent resource use', () => {
  it('streams 2 × 10 000 wheel lines to Mosquitto with no unbounded heap growth (W-5)', async () => {
    const url = requireMqttUrl();
    const run = runTag();
    const root = `felt-test-${run}/felt/v1`;
    const tableId = `tbl_${run}`;
    const deviceId = 'wheel_mem';
    let received = 0;
    const sub = await mqtt.connectAsync(url, { clientId: `mem-${run}` });
    sub.on('message', () => {
      received += 1;
    });
    await sub.subscribeAsync(`${root}/tables/${tableId}/devices/${deviceId}/events`, { qos: 1 });
    const wires = new MockWires();
    let device: ByteDuplex | null = null;
    const path = wires.path(deviceId, (io) => {
      device = io;
    });
    const data = tempDir();
    // autoReset off and no W-6 params: this is a replayed byte stream, nobody answers commands.
    const agent = startAgent({ tableId, mqtt: { url, topicRoot: root }, dataDir: data.dir, devices: [{ model: 'ss2-wheel', deviceId, path, autoReset: false, replyTimeoutMs: 50, desired: { operatingMode: 1159, params: {} } }] }, { wires });
    stopAll = async () => {
      await agent.stop();
      await sub.endAsync();
      data.remove();
    };
    await until(() => device !== null, 'the port open');
    const adapter = agent.device(deviceId).adapter as WheelAdapter;
    const link = agent.device(deviceId).link;
    const gen = ss2Lines();
    const drained = (): Promise<void> =>
      until(() => adapter.queued === 0 && link.buffer.size === 0 && received >= link.seq.current, 'everything published', 30_000).catch((e: unknown) => {
        throw new Error(`${(e as Error).message}: queued ${adapter.queued}, outbox ${link.buffer.size}, received ${received} of seq ${link.seq.current}, connected ${link.connected}`);
      });
    const pushLines = async (count: number): Promise<void> => {
      for (let sent = 0; sent < count; ) {
        let chunk = '';
        for (let i = 0; i < 50 && sent < count; i++, sent++) chunk += `${gen.next().value as string}\r\n`;
        (device as unknown as ByteDuplex).write(chunk);
        await tick();
        // Mosquitto queues at most max_queued_messages (default 1000) QoS-1 messages for a slow
        // subscriber and drops the rest; drain every 1000 lines so the test's subscriber keeps up.
        if (sent % 1000 === 0) await drained();
      }
      await drained();
    };

    await pushLines(2000); // warm-up: JIT, buffers, connections
    const h0 = heapMb();
    const t0 = performance.now();
    await pushLines(10_000);
    const t1 = performance.now();
    const h1 = heapMb();
    await pushLines(10_000);
    const h2 = heapMb();
    const report = {
      linesTotal: adapter.linesIn,
      eventsPublished: link.seq.current,
      secondsFor10kLines: +((t1 - t0) / 1000).toFixed(2),
      heapMbAfterWarmup: +h0.toFixed(2),
      heapMbAfter10k: +h1.toFixed(2),
      heapMbAfter20k: +h2.toFixed(2),
      growthFirst10kMb: +(h1 - h0).toFixed(2),
      growthSecond10kMb: +(h2 - h1).toFixed(2),
      queueHighWater: adapter.stats.queueHighWater,
      queueDropped: adapter.stats.queueDropped,
      unparsableCounted: adapter.trackerState.counters.unparsable,
    };
    console.log(`edge-agent memory: ${JSON.stringify(report)}`);
    expect(adapter.linesIn).toBe(22_000);
    expect(adapter.stats.queueDropped).toBe(0);
    expect(adapter.trackerState.counters.unparsable).toBeGreaterThan(0); // the torn lines were counted, not lost
    // generous bounds: a leak of even ~100 bytes per line would show as ~1 MB per 10k lines and keep growing
    expect(h1 - h0).toBeLessThan(8);
    expect(h2 - h1).toBeLessThan(4);
  });
});
