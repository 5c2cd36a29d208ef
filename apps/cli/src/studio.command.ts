import { readFileSync } from 'node:fs';
import { CreateTableBodySchema } from '@felt-studio/protocol';
import { parseCommandArgs } from './kit/args.js';
import type { CliCommand } from './kit/command.js';
import { EXIT, line } from './kit/io.js';
import type { DemoTable } from './studio/demo-tables.js';
import { Studio } from './studio/studio.js';
import { untilSignal, type StopSignal } from './sim.command.js';

const HELP = `Usage: felt studio [--port 3000] [--mqtt-port 1885] [--data-dir .felt-data] [--speed 1] [--seed N] [--no-bots] [--no-video] [--ray-poker] [--lucky-dice-b] [--infinite-blackjack] [--poker-shoe] [--tables-file tables.json] [--plant-anomalies]
       felt studio --server-url <url> --mqtt-url <url> [--device-credentials devices.json | --mqtt-auth-dir deploy/mqtt]
                                                      (devices + dealer only, against a running server)

Runs the whole studio on embedded defaults: the studio server (PGlite under --data-dir, embedded MQTT
broker, in-process settlement, demo users), an edge agent per table driving simulated devices (SS2
wheel + timer box at Roulette 1, Felt shoes at Baccarat 1 and Blackjack 1, a dice shaker at Sic Bo 1,
a money wheel at Money Wheel 1, one-deck shoes at Casino Hold'em 1 and Three Card Poker 1),
a robot dealer dealing from the simulated shoes when the server calls for a card, and demo players
placing small bets. --ray-poker adds the RAY bank poker tables (Fast, Triple Bet, Dynamic and Riverside
Poker 1, one-deck shoes); --lucky-dice-b adds Lucky Dice B 1 (method B: the robot dealer permits and
judges each player's throw); --infinite-blackjack adds Infinite Blackjack 1 (one common hand for any
number of players, a fresh 8-deck shoe every round); --poker-shoe adds Hold'em 2 (shoe), a live poker table dealt from a simulated
one-deck shoe on its own edge agent (the robot dealer draws each card the table says is due). Prints the URLs to open. Ctrl-C stops everything.
Every device connects with its own MQTT credential (issue 9 finding 1): issued at start through the
admin API (FELT_ADMIN_USER/FELT_ADMIN_PASSWORD, default the demo admin), or read from the devices.json
\`felt mqtt-auth\` wrote for an external Mosquitto (--device-credentials). With --mqtt-auth-dir the studio
writes the Mosquitto password file + ACL itself (server login from MQTT_USERNAME/MQTT_PASSWORD) and waits
until the broker has reloaded them.
Every table's video is the studio server's demo camera (issue 21, docs/streaming.md: LL-HLS through Debian's
ffmpeg, encoded only while someone watches); --no-video (or no ffmpeg) leaves the players the rendered tables.
--tables-file runs the tables of a JSON file (an array of table definitions, as POST /tables takes them)
instead of the demo set: the browser tests run the demo tables with a shorter pace plus tables of their own.
--plant-anomalies plants one anomaly per integrity monitor (issue 23, docs/integrity.md) so the pit boss can
watch the alerts fire: the first roulette wheel favours pocket 17 (3× its fair frequency; flagged after about
200 spins), the first baccarat shoe is short of half its tens (flagged when its first shoe is finished), and
robot1 counts cards at the first blackjack table with a 1–8 spread (flagged after about 7–10 shoes); at
Hold'em 1 robot1 dumps chips to robot2 and robot2 acts on a script's timing (the bot is flagged after about 25
hands, the chip dumping after roughly 50–400).`;

/** The tables of a `--tables-file` (each a POST /tables body), or why not. */
function readTablesFile(file: string): readonly DemoTable[] | string {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return (e as Error).message;
  }
  const r = CreateTableBodySchema.array().min(1).safeParse(raw);
  return r.success ? r.data : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
}

const num = (v: string | boolean | undefined, dflt: number): number | null => {
  if (v === undefined) return dflt;
  const n = Number(v);
  return typeof v === 'string' && Number.isFinite(n) && n > 0 ? n : null;
};

export function makeStudioCommand(waitForStop: StopSignal = untilSignal): CliCommand {
  return {
    summary: 'run the whole studio (server + simulated devices + robot dealer + demo players) and print the URLs',
    help: HELP,
    async run(args, io) {
      const p = parseCommandArgs(args, {
        port: { type: 'string' },
        'mqtt-port': { type: 'string' },
        'data-dir': { type: 'string' },
        speed: { type: 'string' },
        seed: { type: 'string' },
        'no-bots': { type: 'boolean' },
        'no-video': { type: 'boolean' },
        'ray-poker': { type: 'boolean' },
        'lucky-dice-b': { type: 'boolean' },
        'infinite-blackjack': { type: 'boolean' },
        'poker-shoe': { type: 'boolean' },
        'plant-anomalies': { type: 'boolean' },
        'server-url': { type: 'string' },
        'mqtt-url': { type: 'string' },
        'device-credentials': { type: 'string' },
        'mqtt-auth-dir': { type: 'string' },
        'tables-file': { type: 'string' },
      });
      if (!p.ok) {
        line(io.stderr, `felt studio: ${p.message}\n\n${HELP}`);
        return EXIT.usage;
      }
      if (p.values.help === true) {
        line(io.stdout, HELP);
        return EXIT.ok;
      }
      const port = num(p.values.port, Number(process.env.PORT ?? 3000));
      const mqttPort = num(p.values['mqtt-port'], Number(process.env.MQTT_EMBEDDED_PORT ?? 1885));
      const speed = num(p.values.speed, 1);
      const seed = num(p.values.seed, 20261121);
      if (port === null || mqttPort === null || speed === null || seed === null) {
        line(io.stderr, 'felt studio: --port, --mqtt-port, --speed and --seed take positive numbers');
        return EXIT.usage;
      }
      const serverUrl = typeof p.values['server-url'] === 'string' ? p.values['server-url'] : null;
      const mqttUrl = typeof p.values['mqtt-url'] === 'string' ? p.values['mqtt-url'] : (process.env.MQTT_URL ?? null);
      if (serverUrl !== null && mqttUrl === null) {
        line(io.stderr, 'felt studio: --server-url needs --mqtt-url (or MQTT_URL): the broker the server listens to');
        return EXIT.usage;
      }
      let tables: readonly DemoTable[] | undefined;
      if (typeof p.values['tables-file'] === 'string') {
        const parsed = readTablesFile(p.values['tables-file']);
        if (typeof parsed === 'string') {
          line(io.stderr, `felt studio: --tables-file: ${parsed}`);
          return EXIT.usage;
        }
        tables = parsed;
      }
      const studio = new Studio({
        ...(tables ? { tables } : {}),
        port,
        mqttPort,
        speed,
        seed,
        bots: p.values['no-bots'] !== true,
        video: p.values['no-video'] !== true,
        rayPoker: p.values['ray-poker'] === true,
        luckyDiceB: p.values['lucky-dice-b'] === true,
        infiniteBlackjack: p.values['infinite-blackjack'] === true,
        pokerShoe: p.values['poker-shoe'] === true,
        plantAnomalies: p.values['plant-anomalies'] === true,
        dataDir: typeof p.values['data-dir'] === 'string' ? p.values['data-dir'] : (process.env.FELT_DATA_DIR ?? '.felt-data'),
        serverUrl,
        mqttUrl,
        deviceCredentials: typeof p.values['device-credentials'] === 'string' ? p.values['device-credentials'] : null,
        mqttAuthDir: typeof p.values['mqtt-auth-dir'] === 'string' ? p.values['mqtt-auth-dir'] : null,
        log: (s) => line(io.stdout, s),
      });
      // Listen for Ctrl-C / SIGTERM from the start: a signal while the studio is still starting stops it too.
      const stopSignal = waitForStop().then(() => 'signal' as const);
      const started = await Promise.race([studio.start().then(() => 'started' as const, (e: unknown) => e as Error), stopSignal]);
      if (started instanceof Error) {
        line(io.stderr, `felt studio: ${started.message}`);
        await studio.stop();
        return EXIT.internal;
      }
      if (started === 'signal') {
        line(io.stdout, 'stopping (still starting)…');
        await studio.stop();
        return EXIT.ok;
      }
      await stopSignal;
      line(io.stdout, 'stopping…');
      await studio.stop();
      line(io.stdout, 'stopped.');
      return EXIT.ok;
    },
  };
}

export const studioCommand = makeStudioCommand();
