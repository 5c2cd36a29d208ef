import { ReadlineParser, SerialPort } from 'serialport';
import { describe, expect, it } from 'vitest';
import { ManualScheduler } from './clock.js';
import { createDuplexPair, type ByteDuplex } from './duplex.js';
import { HostRecorder } from './host-recorder.js';
import { hostFrame } from './nmea-test-support.js';
import { createPtyPair } from './pty-pair.js';
import { runSim } from './run-sim.js';
import { openMockSerialPair, SERIAL_SETTINGS } from './serial.transport.js';
import { ShoeSim } from './shoe.sim.js';
import { WheelSim } from './wheel.sim.js';

async function until(pred: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('transports: serialport mock binding, socat pty pair, in-process runSim', () => {
  it('mock binding: the host SerialPortMock reads the wheel status bytes and its `*X` poll gets a status reply', async () => {
    const pair = await openMockSerialPair(`/dev/felt-mock-wheel-${process.pid}`);
    const sched = new ManualScheduler();
    const wheel = new WheelSim({ scheduler: sched, seed: 3 });
    let received = '';
    pair.host.on('data', (d: Buffer) => (received += d.toString('latin1')));
    wheel.start(pair.device);
    sched.advance(1000);
    await until(() => received.split('\r\n').length >= 3, 'two status lines');
    expect(received).toMatch(/^\*X;1;001; {2};0;\d{3};0\r\n\*X;1;001; {2};0;\d{3};0\r\n$/);
    received = '';
    pair.host.write('*X\r');
    await until(() => wheel.stats.commandsReceived === 1, 'the poll to reach the wheel');
    sched.advance(130);
    await until(() => received.endsWith('\r\n'), 'the poll reply');
    expect(received).toMatch(/^\*X;1;001; {2};0;\d{3};0\r\n$/);
    wheel.stop();
    await pair.close();
  });

  it('mock binding: the shoe answers a host `$STAT` with `$HB`', async () => {
    const pair = await openMockSerialPair(`/dev/felt-mock-shoe-${process.pid}`);
    const shoe = new ShoeSim({ scheduler: new ManualScheduler(), seed: 1 });
    let received = '';
    pair.host.on('data', (d: Buffer) => (received += d.toString('latin1')));
    shoe.start(pair.device);
    pair.host.write(`${hostFrame('STAT')}\r\n`);
    await until(() => received.split('\r\n').length >= 3, 'IN + HB');
    expect(received).toBe(`${hostFrame('SHOE', 0, 'IN', 8)}\r\n${hostFrame('HB', 1)}\r\n`);
    shoe.stop();
    await pair.close();
  });

  it('socat pty pair + real serialport binding at 9600 8N1: `felt sim wheel --port` bytes reach the other end and a poll is answered', async () => {
    const pty = await createPtyPair();
    const abort = new AbortController();
    let host: SerialPort | undefined;
    try {
      const sim = runSim({ device: 'wheel', port: pty.a, seed: 5, speed: 20 }, abort.signal);
      host = await new Promise<SerialPort>((resolve, reject) => {
        const p: SerialPort = new SerialPort({ path: pty.b, ...SERIAL_SETTINGS }, (err) => (err ? reject(err) : resolve(p)));
      });
      const lines: string[] = [];
      host.pipe(new ReadlineParser({ delimiter: '\r\n' })).on('data', (l: string) => lines.push(l));
      await until(() => lines.length >= 2, 'streamed status lines');
      host.write('*S\r\n');
      await until(() => lines.includes('*S SS2SIM 3.12'), 'firmware reply');
      expect(lines.filter((l) => l.startsWith('*X;')).every((l) => /^\*X;[12];001; {2};0;\d{3};0$/.test(l))).toBe(true);
      abort.abort();
      await expect(sim).resolves.toMatchObject({ device: 'wheel', seed: 5, speed: 20 });
    } finally {
      abort.abort();
      const h = host;
      if (h?.isOpen) await new Promise<void>((resolve, reject) => h.close((err) => (err ? reject(err) : resolve())));
      await pty.close();
    }
  });

  it('runSim at speed 100 runs a whole roulette round in well under a second on an in-process link', async () => {
    const { device, host }: { device: ByteDuplex; host: ByteDuplex } = createDuplexPair();
    const rec = new HostRecorder(host);
    const abort = new AbortController();
    const sim = runSim({ device: 'wheel', io: device, seed: 1, speed: 100 }, abort.signal);
    await until(() => rec.lines.some((l) => l.startsWith('*X;2;')), 'state 2', 2000);
    const t0 = performance.now();
    rec.send('*u 1');
    await until(() => rec.lines.some((l) => l.startsWith('*X;5;001;')), 'state 5', 2000);
    const elapsed = performance.now() - t0;
    abort.abort();
    await sim;
    expect(elapsed).toBeLessThan(1000);
  });

  it('runSim refuses an unknown scenario and a serial device without a port', async () => {
    const signal = new AbortController().signal;
    await expect(runSim({ device: 'shoe', scenario: 'miss-spin', port: '/nonexistent' }, signal)).rejects.toThrow(/unknown shoe scenario "miss-spin"/);
    await expect(runSim({ device: 'timer' }, signal)).rejects.toThrow(/needs --port/);
  });
});
