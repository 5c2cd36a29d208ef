import { listScenarios, runSim, SIM_DEVICES, type SimDevice } from '@felt-studio/hardware-sim';
import { intFlag, parseCommandArgs } from './kit/args.js';
import type { CliCommand } from './kit/command.js';
import { EXIT, line } from './kit/io.js';

const HELP = `Usage: felt sim <wheel|shoe|timer> --port <path> [--scenario <name>] [--seed N] [--speed X]
       felt sim <shaker|money-wheel> --mqtt-url <url> --table <tableId> --device-id <id> [--scenario <name>] [--seed N] [--speed X]
       felt sim <device> --list

Run a protocol-faithful device simulator (hardware-sim, devices.md §6) until Ctrl-C.
  wheel   SS2-compatible roulette controller on a serial port (the host starts games with *u in user-start mode)
  shoe    Felt shoe (seeded 8-deck shoe, a scripted dealer) on a serial port
  timer   bet timer / button box (a scripted dealer pressing START/NMB) on a serial port
  shaker       dice shaker + reader over MQTT (--mqtt-url or MQTT_URL; --table, --device-id, --topic-root)
  money-wheel  money wheel (MW-1..MW-4) with its pointer sensor over MQTT: spins on the server's moneywheel.spin,
               reports moneywheel.state/result/fault (--mqtt-url or MQTT_URL; --table, --device-id, --topic-root;
               MQTT_USERNAME/MQTT_PASSWORD = the wheel's issued credential)

Options:
  --port <path>       serial device, e.g. one end of a pty pair:
                        socat -d -d pty,raw,echo=0,link=/tmp/wheel-sim pty,raw,echo=0,link=/tmp/wheel-agent
                        felt sim wheel --port /tmp/wheel-sim      (the edge agent opens /tmp/wheel-agent)
  --scenario <name>   arm a scripted fault scenario (--list shows them)
  --seed N            RNG seed (default random; printed so a run can be replayed)
  --speed X           time-scale factor (default 1; 100 = a roulette round in well under a second)
  --list              list the device's scenarios and exit`;

/** Simulators that talk MQTT (no serial port). */
const MQTT_DEVICES: ReadonlySet<SimDevice> = new Set<SimDevice>(['shaker', 'money-wheel']);

/** Resolves when the user asks to stop (Ctrl-C / SIGTERM). Injected so tests stop the simulator themselves. */
export type StopSignal = () => Promise<void>;

/** Resolves on Ctrl-C / SIGTERM (shared by the long-running commands: sim, studio). */
export const untilSignal: StopSignal = () =>
  new Promise<void>((resolve) => {
    const done = (): void => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
  });

export function makeSimCommand(waitForStop: StopSignal = untilSignal): CliCommand {
  return {
    summary: 'run a device simulator (wheel|shoe|timer on a serial port, shaker|money-wheel over MQTT) until Ctrl-C',
    help: HELP,
    async run(args, io) {
      const p = parseCommandArgs(args, {
        port: { type: 'string' },
        scenario: { type: 'string' },
        seed: { type: 'string' },
        speed: { type: 'string' },
        list: { type: 'boolean' },
        'mqtt-url': { type: 'string' },
        table: { type: 'string' },
        'device-id': { type: 'string' },
        'topic-root': { type: 'string' },
      });
      if (!p.ok) {
        line(io.stderr, `felt sim: ${p.message}\n\n${HELP}`);
        return EXIT.usage;
      }
      if (p.values.help === true) {
        line(io.stdout, HELP);
        return EXIT.ok;
      }
      const device = p.positionals[0];
      if (device === undefined || !(SIM_DEVICES as readonly string[]).includes(device) || p.positionals.length > 1) {
        line(io.stderr, `felt sim: ${device === undefined ? 'missing device' : `unknown device "${p.positionals.join(' ')}"`} (one of: ${SIM_DEVICES.join(', ')})`);
        return EXIT.usage;
      }
      const dev = device as SimDevice;
      if (p.values.list === true) {
        for (const s of listScenarios(dev)) line(io.stdout, `${s.name.padEnd(24)} ${s.rules.join(',').padEnd(12)} ${s.description}`);
        return EXIT.ok;
      }
      const seed = intFlag('seed', p.values.seed, 0);
      if (!seed.ok) {
        line(io.stderr, `felt sim: ${seed.message}`);
        return EXIT.usage;
      }
      const speedRaw = p.values.speed;
      const speed = speedRaw === undefined ? 1 : Number(speedRaw);
      if (typeof speedRaw === 'boolean' || !(speed > 0) || !Number.isFinite(speed)) {
        line(io.stderr, `felt sim: --speed must be a positive number, got ${JSON.stringify(speedRaw)}`);
        return EXIT.usage;
      }
      const scenario = typeof p.values.scenario === 'string' ? p.values.scenario : undefined;
      if (scenario !== undefined && !listScenarios(dev).some((s) => s.name === scenario)) {
        line(io.stderr, `felt sim: unknown ${dev} scenario "${scenario}" (known: ${listScenarios(dev).map((s) => s.name).join(', ')})`);
        return EXIT.usage;
      }
      const port = typeof p.values.port === 'string' ? p.values.port : undefined;
      if (!MQTT_DEVICES.has(dev) && port === undefined) {
        line(io.stderr, `felt sim: ${dev} needs --port <serial path>`);
        return EXIT.usage;
      }
      const str = (k: string): string | undefined => (typeof p.values[k] === 'string' ? (p.values[k] as string) : undefined);
      const controller = new AbortController();
      void waitForStop().then(() => controller.abort());
      try {
        const report = await runSim(
          {
            device: dev,
            speed,
            ...(port !== undefined ? { port } : {}),
            ...(scenario !== undefined ? { scenario } : {}),
            ...(seed.value !== undefined ? { seed: seed.value } : {}),
            ...(str('mqtt-url') !== undefined ? { mqttUrl: str('mqtt-url') } : {}),
            ...(str('table') !== undefined ? { tableId: str('table') } : {}),
            ...(str('device-id') !== undefined ? { deviceId: str('device-id') } : {}),
            ...(str('topic-root') !== undefined ? { topicRoot: str('topic-root') } : {}),
            log: (l) => line(io.stderr, l),
          },
          controller.signal,
        );
        line(io.stderr, `felt sim: stopped (${JSON.stringify(report)})`);
        return EXIT.ok;
      } catch (e) {
        controller.abort();
        line(io.stderr, `felt sim: ${(e as Error).message}`);
        return EXIT.usage;
      }
    },
  };
}

export const simCommand: CliCommand = makeSimCommand();
