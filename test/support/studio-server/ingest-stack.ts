/**
 * One instance's device ingest over a loopback broker, as the ingest module wires it in the app: device
 * commands and the ingest into a harness's rounds and tables (issue 8 §7), optionally with the device
 * reactions (the robot dealer's commands to the devices). For the ingest specs.
 */
import { DeviceCommandsService } from '../../../apps/studio-server/src/ingest/device-commands.service.js';
import { DeviceHints } from '../../../apps/studio-server/src/ingest/device-hints.js';
import { DeviceIngestService } from '../../../apps/studio-server/src/ingest/device-ingest.service.js';
import { DeviceReactionsService } from '../../../apps/studio-server/src/ingest/device-reactions.service.js';
import type { RoundControlService } from '../../../apps/studio-server/src/rounds/round-control.service.js';
import { LoopbackMqtt, type IngestOptions } from '../../../apps/studio-server/src/shared/ports/mqtt.port.js';
import type { Harness } from './harness.js';

export interface IngestStack {
  readonly mqtt: LoopbackMqtt;
  readonly commands: DeviceCommandsService;
  readonly ingest: DeviceIngestService;
}

/** Commands and ingest (not started); `control` is the harness's unless given. */
export function ingestStack(h: Harness, opts: IngestOptions = { ackTimeoutMs: 60_000 }, control: RoundControlService = h.control): IngestStack {
  const mqtt = new LoopbackMqtt();
  const commands = new DeviceCommandsService(mqtt, opts, h.ids, h.alerts, h.metrics);
  const ingest = new DeviceIngestService(mqtt, opts, h.rounds, control, h.tables, commands, h.clock, h.alerts, h.metrics, new DeviceHints(h.uow, h.rounds));
  return { mqtt, commands, ingest };
}

/** The same with the device reactions subscribed (`onModuleInit`); the ingest is not started. */
export function reactingIngestStack(h: Harness, opts?: IngestOptions, control?: RoundControlService): IngestStack & { readonly reactions: DeviceReactionsService } {
  const stack = ingestStack(h, opts, control);
  const reactions = new DeviceReactionsService(h.rounds, h.tables, stack.commands, stack.ingest);
  reactions.onModuleInit();
  return { ...stack, reactions };
}
