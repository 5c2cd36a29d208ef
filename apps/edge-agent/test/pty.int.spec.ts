import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPtyPair, openSerialDuplex, realScheduler, WheelSim, type PtyPair } from '@felt-studio/hardware-sim';
import type { WheelAdapter } from '@felt-studio/edge-agent';
import { Observer, requireMqttUrl, runTag, scaledTracker, startAgent, tempDir, until } from './support.js';

// End to end over REAL pseudo-terminals (socat pty pair) and the REAL serialport binding at 9600 8N1:
// SS2 wheel simulator on one end, the edge agent on the other, events on the real Mosquitto.
const run = runTag();
const root = `felt-test-${run}/felt/v1`;
const SPEED = 20;
let url = '';
let obs: Observer;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  url = requireMqttUrl();
  obs = new Observer(url, root);
  await obs.start();
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  expect(obs.invalid).toEqual([]);
});
afterAll(async () => {
  await obs?.stop();
});

describe('edge agent over a socat pty pair with the real serialport binding', () => {
  it('wheel sim ↔ pty ↔ agent ↔ Mosquitto: config, launch, one result; the pty vanishes and comes back at the same path and the agent reconnects by itself', async () => {
    let pty: PtyPair = await createPtyPair();
    cleanups.push(() => pty.close());
    const sched = realScheduler({ speed: SPEED });
    const wheel = new WheelSim({ scheduler: sched, seed: 3 });
    let simPort = await openSerialDuplex(pty.a);
    wheel.start(simPort);
    cleanups.push(async () => {
      wheel.stop();
      sched.dispose();
      await simPort.close().catch(() => undefined);
    });
    const tableId = `tbl_${run}_pty`;
    const deviceId = 'wheel_pty';
    const data = tempDir();
    const agent = startAgent(
      { tableId, mqtt: { url, topicRoot: root }, dataDir: data.dir, devices: [{ model: 'ss2-wheel', deviceId, path: pty.b, tracker: scaledTracker(SPEED), tickMs: 5 }] },
      { serialRetryMs: 100 },
    );
    cleanups.push(async () => {
      await agent.stop();
      data.remove();
    });
    const adapter = agent.device(deviceId).adapter as WheelAdapter;

    const spinOnce = async (): Promise<void> => {
      await until(() => wheel.status.state === 2, 'bets');
      const spin = wheel.status.spin;
      expect(await obs.command(tableId, deviceId, 'wheel.launch', { direction: 'cw' })).toMatchObject({ ok: true });
      await until(() => obs.ofType(deviceId, 'wheel.result').some((e) => e.payload.spin === spin), `the result of spin ${spin}`, 10_000);
      const res = obs.ofType(deviceId, 'wheel.result').filter((e) => e.payload.spin === spin);
      expect(res).toHaveLength(1);
      expect(res[0]?.payload.revolutions).toBeGreaterThanOrEqual(3);
    };

    await until(() => obs.statusOf(deviceId).some((s) => s.state === 'online' && s.firmware === 'SS2SIM 3.12'), 'online over the pty');
    await spinOnce();

    // the serial device disappears (USB unplugged / pty gone) …
    const opensBefore = agent.device(deviceId).serial.stats.opens;
    wheel.stop();
    await simPort.close().catch(() => undefined);
    await pty.close();
    await until(() => obs.statusOf(deviceId).at(-1)?.state === 'offline', 'status offline while the port is gone');
    // … and comes back at the same path
    pty = await createPtyPair({ a: pty.a, b: pty.b });
    simPort = await openSerialDuplex(pty.a);
    wheel.start(simPort);
    await until(() => agent.device(deviceId).serial.stats.opens > opensBefore, 'the agent to reopen the port', 10_000);
    await until(() => obs.statusOf(deviceId).at(-1)?.state === 'online', 'online again');
    await adapter.configured;
    await spinOnce();
    expect(adapter.trackerState.counters.unparsable).toBeLessThanOrEqual(1); // at most the line torn by the unplug
  });

  it('the CLI entry (`main.ts --config edge.json`) runs the agent as a process: JSON logs, events on the broker, SIGTERM → retained offline and exit 0', async () => {
    const pty = await createPtyPair();
    cleanups.push(() => pty.close());
    const sched = realScheduler({ speed: SPEED });
    const wheel = new WheelSim({ scheduler: sched, seed: 9 });
    const simPort = await openSerialDuplex(pty.a);
    wheel.start(simPort);
    cleanups.push(async () => {
      wheel.stop();
      sched.dispose();
      await simPort.close().catch(() => undefined);
    });
    const data = tempDir();
    cleanups.push(() => data.remove());
    const tableId = `tbl_${run}_main`;
    const deviceId = 'wheel_main';
    const configPath = join(data.dir, 'edge.json');
    writeFileSync(configPath, JSON.stringify({ tableId, mqtt: { url, topicRoot: root }, dataDir: join(data.dir, 'state'), devices: [{ model: 'ss2-wheel', deviceId, path: pty.b, tracker: scaledTracker(SPEED), tickMs: 5 }] }));
    const pkg = fileURLToPath(new URL('..', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', join(pkg, 'src/main.ts'), '--config', configPath], {
      env: { ...process.env, TSX_TSCONFIG_PATH: join(pkg, 'tsconfig.src.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    await until(() => obs.statusOf(deviceId).some((st) => st.state === 'online' && st.firmware !== null), `the agent process online (stderr: ${err})`, 20_000);
    await until(() => obs.ofType(deviceId, 'wheel.state').length > 0, 'wheel events from the process');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await until(() => obs.statusOf(deviceId).at(-1)?.state === 'offline', 'the retained offline status');
    const logs = out.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { level: string; msg: string });
    expect(logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['edge agent started', 'serial port open', 'mqtt connected', 'signal received; stopping', 'edge agent stopped']));
  });
});
