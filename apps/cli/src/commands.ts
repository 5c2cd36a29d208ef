import type { CliCommand } from './kit/command.js';
import { deadLetterCommand } from './dead-letter.command.js';
import { migrateCommand } from './migrate.command.js';
import { integrityCommand } from './integrity.command.js';
import { reconcileCommand } from './reconcile.command.js';
import { rtpCommand } from './rtp.command.js';
import { settleCommand } from './settle.command.js';
import { decodeCommand } from './decode.command.js';
import { simCommand } from './sim.command.js';
import { studioCommand } from './studio.command.js';
import { tipsCommand } from './tips.command.js';
import { tournamentCommand } from './tournament.command.js';
import { deviceCredentialsCommand } from './trust/device-credentials.command.js';
import { mqttAuthCommand } from './trust/mqtt-auth.command.js';
import { secretsCommand } from './trust/secrets.command.js';

/**
 * The `felt` command table. To add a command (`felt decode`, `felt sim`): write `<name>.command.ts`
 * exporting a CliCommand and add ONE entry here; `felt --help` lists it automatically.
 */
export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  rtp: rtpCommand,
  settle: settleCommand,
  decode: decodeCommand,
  sim: simCommand,
  studio: studioCommand,
  'device-credentials': deviceCredentialsCommand,
  'mqtt-auth': mqttAuthCommand,
  secrets: secretsCommand,
  reconcile: reconcileCommand,
  'dead-letter': deadLetterCommand,
  tips: tipsCommand,
  tournament: tournamentCommand,
  integrity: integrityCommand,
  migrate: migrateCommand,
};
