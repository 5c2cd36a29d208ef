import { describe, expect, it } from 'vitest';
import { encodeNmea, type DeviceEventBody } from '@felt-studio/protocol';
import type { EventSink, PortWriter } from './adapter.js';
import { BoundedQueue } from './bounded-queue.js';
import type { DeviceState } from './device-link.js';
import { memoryLogger } from './logger.js';
import { ShoeAdapter } from './shoe.adapter.js';
import { TimerAdapter } from './timer.adapter.js';
import { wheelConfigHash, WheelAdapter } from './wheel.adapter.js';

/** Adapters without a broker: a recording sink and scripted ports. */
function recordingSink(): EventSink & { events: DeviceEventBody[]; statuses: { state: DeviceState; firmware?: string | null; configHash?: string | null }[] } {
  const events: DeviceEventBody[] = [];
  const statuses: { state: DeviceState; firmware?: string | null; configHash?: string | null }[] = [];
  return {
    events,
    statuses,
    emit: (ev) => events.push(ev),
    setStatus: (state, info = {}) => statuses.push({ state, ...info }),
  };
}

async function until(pred: () => boolean, what: string, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** A port whose device answers each written line from a script (after a short delay, like the 30–130 ms of an SS2). */
function scriptedPort(answer: (line: string) => string | null, deliver: (s: string) => void): PortWriter & { written: string[] } {
  const written: string[] = [];
  return {
    written,
    isOpen: true,
    write(data) {
      const line = data.trim();
      written.push(line);
      const reply = answer(line);
      if (reply !== null) setTimeout(() => deliver(`${reply}\r\n`), 2);
      return true;
    },
  };
}

describe('bounded reader queue (W-5)', () => {
  it('drops the oldest when full and counts every drop', () => {
    const q = new BoundedQueue<number>(3);
    for (let i = 1; i <= 5; i++) q.push(i);
    expect([q.shift(), q.shift(), q.shift(), q.shift()]).toEqual([3, 4, 5, undefined]);
    expect(q.dropped).toBe(2);
    expect(q.highWater).toBe(3);
  });

  it('a flood beyond the queue is counted and logged as an error, never silently lost', async () => {
    const sink = recordingSink();
    const log = memoryLogger();
    const shoe = new ShoeAdapter({ sink, log, queueCapacity: 5 });
    shoe.start();
    const lines = Array.from({ length: 20 }, (_, i) => `${encodeNmea(['HB', i])}\r\n`).join('');
    shoe.onData(Buffer.from(lines, 'latin1'));
    await until(() => shoe.queued === 0, 'drained');
    expect(sink.events).toHaveLength(5);
    expect(shoe.stats.queueDropped).toBe(15);
    expect(log.entries.some((e) => e.level === 'error' && e.msg.includes('event queue full'))).toBe(true);
    shoe.stop();
  });
});

describe('wheel adapter without a broker (devices.md §2)', () => {
  it('W-6: retries `*o` while the wheel answers BUSY, stores params with `*T f`, verifies and reports the config hash', async () => {
    const sink = recordingSink();
    let mode = 1000;
    let busy = 2;
    const params: Record<string, string> = { A: '60' };
    let adapter: WheelAdapter | null = null;
    const port = scriptedPort(
      (line) => {
        if (line === '*S') return '*S SS2 TEST 1.0';
        if (line === '*O') return `*o ${mode}`;
        if (line.startsWith('*o ')) {
          if (busy-- > 0) return '*o BUSY';
          mode = Number(line.slice(3));
          return `*o ${mode}`;
        }
        if (line === '*T f') return '*T OK';
        let m = /^\*T([A-Z])$/.exec(line);
        if (m) return `*T${m[1]} ${params[m[1] as string] ?? ''}`;
        m = /^\*t([a-z]) (\d+)$/.exec(line);
        if (m) {
          params[(m[1] as string).toUpperCase()] = m[2] as string;
          return '*T OK';
        }
        if (line === '*I 4') return '*I OK';
        return null;
      },
      (s) => adapter?.onData(Buffer.from(s, 'latin1')),
    );
    adapter = new WheelAdapter({ sink, desired: { operatingMode: 1159, params: { a: '55' } }, busyRetryMs: 5 });
    adapter.start();
    adapter.onOpen(port);
    await adapter.configured;
    await until(() => port.written.includes('*I 4'), 'the sensor stream request');
    expect(port.written.filter((l) => l === '*o 1159')).toHaveLength(3); // BUSY, BUSY, accepted
    expect(port.written).toContain('*ta 55');
    expect(port.written).toContain('*T f');
    expect(mode).toBe(1159);
    expect(sink.statuses.at(-1)).toEqual({ state: 'online', firmware: 'SS2 TEST 1.0', configHash: wheelConfigHash({ operatingMode: 1159, params: { A: 55 } }) });
    await until(() => sink.events.length > 0, 'the drift alarm');
    expect(sink.events[0]).toMatchObject({ type: 'device.fault', payload: { code: 'device_error', deviceCode: 'CONFIG_DRIFT', ruleId: 'W-6' } });
    adapter.stop();
  });

  it('W-6: a wheel that will not take the config leaves the status at fault with the drift named', async () => {
    const sink = recordingSink();
    let adapter: WheelAdapter | null = null;
    const port = scriptedPort(
      (line) => (line === '*S' ? '*S SS2 TEST 1.0' : line === '*O' ? '*o 1000' : line.startsWith('*o ') ? '*o NO' : line === '*I 4' ? '*I OK' : null),
      (s) => adapter?.onData(Buffer.from(s, 'latin1')),
    );
    adapter = new WheelAdapter({ sink, desired: { operatingMode: 1159, params: {} }, replyTimeoutMs: 50 });
    adapter.start();
    adapter.onOpen(port);
    await adapter.configured;
    expect(sink.statuses.at(-1)?.state).toBe('fault');
    adapter.stop();
  });

  it('a command the wheel never answers is acked with a timeout error, not left hanging', async () => {
    const sink = recordingSink();
    const adapter = new WheelAdapter({ sink, desired: { operatingMode: 1159, params: {} }, replyTimeoutMs: 30 });
    adapter.start();
    adapter.onOpen(scriptedPort(() => null, () => undefined));
    const r = await adapter.handle({ id: 'c1', type: 'wheel.launch', payload: { direction: 'ccw' } });
    expect(r).toEqual({ ok: false, error: '*u 3: no reply from the wheel (timeout)' });
    adapter.stop();
  });

  it('a command while the serial port is closed is refused at once', async () => {
    const adapter = new WheelAdapter({ sink: recordingSink(), desired: { operatingMode: 1159, params: {} } });
    expect(await adapter.handle({ id: 'c2', type: 'wheel.void-spin', payload: {} })).toEqual({ ok: false, error: '*R: serial port not open' });
  });
});

describe('timer box adapter (devices.md §4)', () => {
  it('drops a second press of the same button within the debounce window, keeps a later one', async () => {
    const sink = recordingSink();
    let t = 1000;
    const box = new TimerAdapter({ sink, debounceMs: 250, now: () => t });
    box.start();
    box.onOpen({ isOpen: true, write: () => true });
    box.onData(Buffer.from(`${encodeNmea(['BTN', 1, 'NMB'])}\r\n`, 'latin1'));
    t += 30;
    box.onData(Buffer.from(`${encodeNmea(['BTN', 2, 'NMB'])}\r\n`, 'latin1'));
    t += 5000;
    box.onData(Buffer.from(`${encodeNmea(['BTN', 3, 'NMB'])}\r\n`, 'latin1'));
    await until(() => box.queued === 0, 'drained');
    expect(sink.events.filter((e) => e.type === 'button.pressed')).toHaveLength(2);
    expect(box.bounces).toBe(1);
    box.stop();
  });

  it('a silent box is reported offline and online again when it talks', async () => {
    const sink = recordingSink();
    const box = new TimerAdapter({ sink, silenceMs: 40 });
    box.start();
    box.onOpen({ isOpen: true, write: () => true });
    await until(() => sink.statuses.at(-1)?.state === 'offline', 'offline after silence');
    box.onData(Buffer.from(`${encodeNmea(['HB', 1])}\r\n`, 'latin1'));
    expect(sink.statuses.map((s) => s.state)).toEqual(['offline', 'online', 'offline', 'online']);
    box.stop();
  });
});
