import { realScheduler, type Scheduler } from './clock.js';
import { ShoeDealer, TimerDealer } from './drivers.js';
import type { ByteDuplex } from './duplex.js';
import { getScenario, SIM_DEVICES, type SimDevice } from './scenarios.js';
import { openSerialDuplex } from './serial.transport.js';
import { MoneyWheelSim } from './money-wheel.sim.js';
import { ShakerSim } from './shaker.sim.js';
import { ShoeSim } from './shoe.sim.js';
import { TimerBoxSim } from './timer-box.sim.js';
import { WheelSim } from './wheel.sim.js';

export type SerialSimDevice = Exclude<SimDevice, 'shaker' | 'money-wheel'>;

export interface StartSerialSimArgs {
  readonly device: SerialSimDevice;
  readonly io: ByteDuplex;
  readonly scheduler: Scheduler;
  readonly seed: number;
  readonly scenario?: string;
  /** Wheel operating mode at power-on; default 1159. */
  readonly wheelMode?: number;
}

export type SerialSimHandle =
  | { readonly device: 'wheel'; readonly wheel: WheelSim; stop(): void }
  | { readonly device: 'shoe'; readonly shoe: ShoeSim; readonly dealer: ShoeDealer; stop(): void }
  | { readonly device: 'timer'; readonly box: TimerBoxSim; readonly dealer: TimerDealer; stop(): void };

/**
 * Start a serial device emulator on a byte link with its scripted dealer (shoe: rounds of cards;
 * timer box: START/NMB presses; wheel: none — the host starts games with `*u` in user-start mode)
 * and the named scenario armed. Deterministic with a ManualScheduler.
 */
export function startSerialSim(args: StartSerialSimArgs): SerialSimHandle {
  const { io, scheduler, seed } = args;
  switch (args.device) {
    case 'wheel': {
      const scenario = args.scenario === undefined ? undefined : getScenario('wheel', args.scenario);
      const wheel = new WheelSim({ scheduler, seed, ...(args.wheelMode === undefined ? {} : { mode: args.wheelMode }) });
      wheel.start(io);
      scenario?.arm(wheel);
      return { device: 'wheel', wheel, stop: () => wheel.stop() };
    }
    case 'shoe': {
      const scenario = args.scenario === undefined ? undefined : getScenario('shoe', args.scenario);
      const shoe = new ShoeSim({ scheduler, seed });
      const dealer = new ShoeDealer(shoe, scheduler, scenario?.hooks ?? {});
      shoe.start(io);
      dealer.start();
      return {
        device: 'shoe',
        shoe,
        dealer,
        stop: () => {
          dealer.stop();
          shoe.stop();
        },
      };
    }
    case 'timer': {
      const scenario = args.scenario === undefined ? undefined : getScenario('timer', args.scenario);
      const box = new TimerBoxSim({ scheduler });
      const dealer = new TimerDealer(box, scheduler, scenario?.hooks ?? {});
      box.start(io);
      scenario?.arm?.(box);
      dealer.start();
      return {
        device: 'timer',
        box,
        dealer,
        stop: () => {
          dealer.stop();
          box.stop();
        },
      };
    }
  }
}

export interface RunSimArgs {
  readonly device: SimDevice;
  /** Serial device path (e.g. one end of a socat pty pair), opened at 9600 8N1 with the real binding. */
  readonly port?: string;
  /** Instead of `port`: an in-process byte link (tests, embedding). */
  readonly io?: ByteDuplex;
  /** Shaker and money wheel (MQTT devices); default `MQTT_URL`. */
  readonly mqttUrl?: string;
  readonly tableId?: string;
  readonly deviceId?: string;
  /** MQTT topic root, default `felt/v1`. */
  readonly topicRoot?: string;
  readonly scenario?: string;
  /** Default: random, and reported (a seed is recorded so a run can be replayed). */
  readonly seed?: number;
  /** Time-scale factor; 100 runs a roulette round in well under a second. Default 1. */
  readonly speed?: number;
  readonly wheelMode?: number;
  readonly log?: (line: string) => void;
}

export interface RunSimReport {
  readonly device: SimDevice;
  readonly seed: number;
  readonly scenario: string | null;
  readonly speed: number;
}

function waitForAbort(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** Run one simulator until `signal` aborts; resolves after everything is closed. */
export async function runSim(args: RunSimArgs, signal: AbortSignal): Promise<RunSimReport> {
  if (!(SIM_DEVICES as readonly string[]).includes(args.device)) throw new Error(`unknown device "${String(args.device)}"; known: ${SIM_DEVICES.join(', ')}`);
  if (args.scenario !== undefined) getScenario(args.device, args.scenario); // fail fast on a bad name
  const seed = args.seed ?? Math.floor(Math.random() * 0xffffffff);
  const speed = args.speed ?? 1;
  const log = args.log ?? (() => undefined);
  const report: RunSimReport = { device: args.device, seed, scenario: args.scenario ?? null, speed };

  if (args.device === 'shaker') {
    const mqttUrl = args.mqttUrl ?? process.env.MQTT_URL;
    if (mqttUrl === undefined || mqttUrl === '') throw new Error('shaker simulator needs --mqtt-url (or MQTT_URL)');
    const tableId = args.tableId ?? 'tbl_sim';
    const deviceId = args.deviceId ?? 'shaker_1';
    // The shaker's own credential (issue 9 finding 1): MQTT_USERNAME / MQTT_PASSWORD as issued by the server.
    const username = process.env.MQTT_USERNAME;
    const shaker = new ShakerSim({ mqttUrl, tableId, deviceId, seed, speed, ...(username ? { username, password: process.env.MQTT_PASSWORD ?? '' } : {}), ...(args.topicRoot === undefined ? {} : { topicRoot: args.topicRoot }) });
    // armed before it connects: a command that arrives as soon as it subscribes already meets the scenario
    if (args.scenario !== undefined) getScenario('shaker', args.scenario).arm(shaker);
    await shaker.start();
    log(`shaker simulator on ${mqttUrl} as ${tableId}/${deviceId} (seed ${seed}, speed ${speed}${args.scenario ? `, scenario ${args.scenario}` : ''})`);
    await waitForAbort(signal);
    await shaker.stop();
    return report;
  }

  if (args.device === 'money-wheel') {
    const mqttUrl = args.mqttUrl ?? process.env.MQTT_URL;
    if (mqttUrl === undefined || mqttUrl === '') throw new Error('money-wheel simulator needs --mqtt-url (or MQTT_URL)');
    const tableId = args.tableId ?? 'tbl_sim';
    const deviceId = args.deviceId ?? 'mwheel_1';
    // The wheel's own credential (issue 9 finding 1): MQTT_USERNAME / MQTT_PASSWORD as issued by the server.
    const username = process.env.MQTT_USERNAME;
    const wheel = new MoneyWheelSim({ mqttUrl, tableId, deviceId, seed, speed, ...(username ? { username, password: process.env.MQTT_PASSWORD ?? '' } : {}), ...(args.topicRoot === undefined ? {} : { topicRoot: args.topicRoot }) });
    // armed before it connects: a command that arrives as soon as it subscribes already meets the scenario
    if (args.scenario !== undefined) getScenario('money-wheel', args.scenario).arm(wheel);
    await wheel.start();
    log(`money wheel simulator on ${mqttUrl} as ${tableId}/${deviceId} (seed ${seed}, speed ${speed}${args.scenario ? `, scenario ${args.scenario}` : ''}); spins on moneywheel.spin`);
    await waitForAbort(signal);
    await wheel.stop();
    return report;
  }

  if (args.io === undefined && args.port === undefined) throw new Error(`${args.device} simulator needs --port <serial path>`);
  const link = args.io ?? (await openSerialDuplex(args.port ?? ''));
  const scheduler = realScheduler({ speed });
  try {
    const handle = startSerialSim({ device: args.device, io: link, scheduler, seed, ...(args.scenario === undefined ? {} : { scenario: args.scenario }), ...(args.wheelMode === undefined ? {} : { wheelMode: args.wheelMode }) });
    log(`${args.device} simulator on ${args.port ?? 'in-process link'} (seed ${seed}, speed ${speed}${args.scenario ? `, scenario ${args.scenario}` : ''})`);
    await waitForAbort(signal);
    handle.stop();
  } finally {
    scheduler.dispose();
    if (args.io === undefined) await link.close();
  }
  return report;
}
