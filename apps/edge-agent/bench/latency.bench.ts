/**
 * Edge-agent benchmarks (not a test; never fails on timing). Run: `npx tsc -b tsconfig.build.json && MQTT_URL=mqtt://127.0.0.1:1883 npx tsx apps/edge-agent/bench/latency.bench.ts`
 *
 * 1. Wheel codec path throughput: line framer → SS2 codec → wheel tracker (pure, @felt-studio/protocol), lines/s.
 * 2. The same through the agent's reader (WheelAdapter.decode + bounded queue + outbox append), lines/s.
 * 3. Serial line → MQTT latency: one status line written into the serial port (serialport mock binding)
 *    → agent → Mosquitto → subscriber, one at a time, p50/p99; minus the broker's own publish → deliver
 *    latency (same subscriber, plain QoS-1 client) = what the agent adds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { SerialPortMock } from 'serialport';
import { LineFramer, encodeSs2Frame, parseSs2Line, wheelTracker } from '@felt-studio/protocol';
import { createPtyPair, mockHostDuplex, openSerialDuplex, type ByteDuplex } from '@felt-studio/hardware-sim';
import { Agent, DeviceLink, WheelAdapter, agentConfigSchema, type EventSink } from '../src/index.js';
import type { SerialPortStream } from '@serialport/stream';
import { ss2Lines } from '../test/ss2-stream.js';

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const fmt = (ms: number): string => `${ms.toFixed(3)} ms`;

function codecThroughput(lines: number): number {
  const gen = ss2Lines();
  const chunks: string[] = [];
  for (let i = 0; i < lines; i += 50) {
    let c = '';
    for (let j = 0; j < 50; j++) c += `${gen.next().value as string}\r\n`;
    chunks.push(c);
  }
  const bytes = chunks.map((c) => Buffer.from(c, 'latin1'));
  const framer = new LineFramer();
  let st = wheelTracker.init();
  let events = 0;
  const t0 = performance.now();
  let at = 0;
  for (const b of bytes) {
    at += 1;
    for (const o of framer.feed(b)) {
      const r = wheelTracker.step(st, o.type === 'line' ? parseSs2Line(o.text) : o, at);
      st = r.state;
      events += r.emits.length;
    }
  }
  const s = (performance.now() - t0) / 1000;
  console.log(`codec path (framer → parseSs2Line → wheelTracker.step): ${lines} lines, ${events} events in ${s.toFixed(3)} s = ${Math.round(lines / s).toLocaleString('en')} lines/s`);
  return lines / s;
}

async function adapterThroughput(lines: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'felt-bench-'));
  // The real outbox + seq counter (disk), no broker: the reader's whole local path.
  const link = new DeviceLink({ url: 'mqtt://127.0.0.1:1', identity: { tableId: 'tbl_bench', deviceId: 'wheel_b', model: 'ss2-wheel' }, dataDir: dir });
  const sink: EventSink = { emit: (ev, at) => link.emit(ev, at), setStatus: () => undefined };
  const adapter = new WheelAdapter({ sink, desired: { operatingMode: 1159, params: {} }, autoReset: false });
  const gen = ss2Lines();
  const t0 = performance.now();
  for (let i = 0; i < lines; i += 50) {
    let c = '';
    for (let j = 0; j < 50; j++) c += `${gen.next().value as string}\r\n`;
    adapter.onData(Buffer.from(c, 'latin1'));
    if (i % 1000 === 0) await new Promise((r) => setImmediate(r)); // let the drain task run, as the event loop would
  }
  while (adapter.queued > 0) await new Promise((r) => setImmediate(r));
  const s = (performance.now() - t0) / 1000;
  console.log(`agent reader path (WheelAdapter → queue → outbox on disk): ${lines} lines, ${link.seq.current} events in ${s.toFixed(3)} s = ${Math.round(lines / s).toLocaleString('en')} lines/s (queue high water ${adapter.stats.queueHighWater}, dropped ${adapter.stats.queueDropped})`);
  adapter.stop();
  link.close();
  rmSync(dir, { recursive: true, force: true });
}

async function latency(url: string, samples: number, transport: 'mock' | 'pty'): Promise<void> {
  const run = Math.random().toString(36).slice(2, 8);
  const root = `felt-bench-${run}/felt/v1`;
  const tableId = `tbl_${run}`;
  const deviceId = 'wheel_lat';
  const dir = mkdtempSync(join(tmpdir(), 'felt-bench-'));
  let device: ByteDuplex | null = null;
  const pty = transport === 'pty' ? await createPtyPair() : null;
  const path = pty ? pty.b : `/dev/felt-bench-${run}`;
  if (pty) device = await openSerialDuplex(pty.a);
  else SerialPortMock.binding.createPort(path, { echo: false, record: false });
  const config = agentConfigSchema.parse({ tableId, mqtt: { url, topicRoot: root }, dataDir: dir, devices: [{ model: 'ss2-wheel', deviceId, path, autoReset: false, replyTimeoutMs: 20 }] });
  const agent = new Agent({
    config,
    ...(pty
      ? {}
      : {
          createPort: (_d, o) => {
            const p = new SerialPortMock({ ...o });
            p.once('open', () => {
              device = mockHostDuplex(p);
            });
            return p as unknown as SerialPortStream;
          },
        }),
  });
  const sub = await mqtt.connectAsync(url, { clientId: `bench-sub-${run}` });
  let arrived: (() => void) | null = null;
  let eventsIn = 0;
  sub.on('message', (topic) => {
    if (topic.endsWith('/events')) eventsIn += 1;
    if (topic.endsWith('/events') || topic.endsWith('/baseline')) arrived?.();
  });
  await sub.subscribeAsync([`${root}/tables/${tableId}/devices/${deviceId}/events`, `${root}/baseline`], { qos: 1 });
  agent.start();
  while (device === null) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 300)); // W-6 attempts time out against the silent port
  const wait = (): Promise<void> => new Promise<void>((resolve) => (arrived = resolve));

  // every line is a state change → exactly one wheel.state event each
  const e2e: number[] = [];
  for (let i = 0; i < samples + 20; i++) {
    const line = encodeSs2Frame({ type: 'status', state: (i % 4) + 1, spin: (i % 256) + 1, win: null, flags: 0, speed: 150, direction: 'cw' });
    const got = wait();
    const t0 = performance.now();
    (device as unknown as ByteDuplex).write(`${line}\r\n`);
    await got;
    if (i >= 20) e2e.push(performance.now() - t0); // first 20: warm-up
  }
  // sanity: one event per line, so every sample timed its own line (an extra event would shorten a sample)
  if (eventsIn !== samples + 20) console.log(`WARNING: ${eventsIn} events for ${samples + 20} lines — samples are not 1:1`);
  const pub = await mqtt.connectAsync(url, { clientId: `bench-pub-${run}` });
  const base: number[] = [];
  for (let i = 0; i < samples + 20; i++) {
    const got = wait();
    const t0 = performance.now();
    pub.publish(`${root}/baseline`, JSON.stringify({ i }), { qos: 1 });
    await got;
    if (i >= 20) base.push(performance.now() - t0);
  }
  const via = transport === 'pty' ? 'socat pty + real serialport binding' : 'serialport mock binding';
  console.log(`serial line → MQTT subscriber (${via} → agent → Mosquitto → subscriber), n=${samples}: p50 ${fmt(pct(e2e, 50))}, p99 ${fmt(pct(e2e, 99))}, max ${fmt(Math.max(...e2e))}`);
  console.log(`broker baseline (client publish QoS1 → Mosquitto → subscriber), n=${samples}: p50 ${fmt(pct(base, 50))}, p99 ${fmt(pct(base, 99))}`);
  console.log(`latency the agent adds ≈ (difference of percentiles) p50 ${fmt(pct(e2e, 50) - pct(base, 50))}, p99 ${fmt(pct(e2e, 99) - pct(base, 99))}`);
  await pub.endAsync();
  await sub.endAsync();
  await agent.stop();
  if (pty) {
    await device?.close();
    await pty.close();
  }
  rmSync(dir, { recursive: true, force: true });
}

const url = process.env.MQTT_URL;
codecThroughput(Number(process.env.BENCH_LINES ?? 200_000));
await adapterThroughput(Number(process.env.BENCH_AGENT_LINES ?? 50_000));
if (url) {
  await latency(url, Number(process.env.BENCH_SAMPLES ?? 1000), 'mock');
  await latency(url, Number(process.env.BENCH_SAMPLES ?? 1000), 'pty');
}
else console.log('MQTT_URL not set: latency part skipped (set MQTT_URL=mqtt://127.0.0.1:1883)');
