import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { commandsTopic, deviceCommandSchema, type DeviceAck, type DeviceCommand } from '@felt-studio/protocol';
import { IDS, type Ids } from '../shared/clock.js';
import { ROUNDS_ALERTS, ROUNDS_METRICS, type AlertsPort, type RoundsMetricsPort } from '../shared/ports/rounds.ports.js';
import { INGEST_MQTT, INGEST_OPTIONS, type IngestOptions, type MqttPort } from '../shared/ports/mqtt.port.js';

type CommandBody = DeviceCommand extends infer C ? (C extends DeviceCommand ? Omit<C, 'id'> : never) : never;

interface Pending {
  readonly tableId: string;
  readonly deviceId: string;
  readonly command: DeviceCommand;
  readonly timer: ReturnType<typeof setTimeout>;
  readonly resolve: (ack: DeviceAck | null) => void;
}

/**
 * Server → device commands on `.../commands` (QoS 1) with a correlation id, tracked until the
 * device's ack on `.../acks`. A refused or missing ack is an alert for the pit boss.
 */
@Injectable()
export class DeviceCommandsService implements OnModuleDestroy {
  private readonly log = new Logger('DeviceCommands');
  private readonly pending = new Map<string, Pending>();

  constructor(
    @Inject(INGEST_MQTT) private readonly mqtt: MqttPort,
    @Inject(INGEST_OPTIONS) private readonly opts: IngestOptions,
    @Inject(IDS) private readonly ids: Ids,
    @Inject(ROUNDS_ALERTS) private readonly alerts: AlertsPort,
    @Inject(ROUNDS_METRICS) private readonly metrics: RoundsMetricsPort,
  ) {}

  /** Publish a command; resolves with the ack (null on timeout). Never throws for a device problem. */
  async send(tableId: string, deviceId: string, body: CommandBody): Promise<DeviceAck | null> {
    const command = deviceCommandSchema.parse({ ...body, id: this.ids.next('cmd') });
    const acked = new Promise<DeviceAck | null>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(command.id);
        this.metrics.deviceFaults.inc({ code: 'command_timeout' });
        void this.alert(tableId, 'DEVICE_COMMAND_TIMEOUT', `${deviceId} did not acknowledge ${command.type} (${command.id}) within ${this.opts.ackTimeoutMs} ms.`);
        resolve(null);
      }, this.opts.ackTimeoutMs);
      timer.unref?.();
      this.pending.set(command.id, { tableId, deviceId, command, timer, resolve });
    });
    try {
      await this.mqtt.publishAsync(commandsTopic(tableId, deviceId, this.opts.root !== undefined ? { root: this.opts.root } : {}), JSON.stringify(command), { qos: 1 });
    } catch (e) {
      const p = this.pending.get(command.id);
      if (p) {
        clearTimeout(p.timer);
        this.pending.delete(command.id);
      }
      this.metrics.deviceFaults.inc({ code: 'command_publish_failed' });
      await this.alert(tableId, 'DEVICE_COMMAND_FAILED', `${command.type} to ${deviceId} could not be published: ${(e as Error).message}`);
      return null;
    }
    return acked;
  }

  /** An ack from `.../acks` (called by the ingest handler). */
  onAck(tableId: string, deviceId: string, ack: DeviceAck): void {
    const p = this.pending.get(ack.id);
    if (!p || p.deviceId !== deviceId || p.tableId !== tableId) {
      this.log.warn(`ack ${ack.id} from ${tableId}/${deviceId} matches no pending command`);
      return;
    }
    clearTimeout(p.timer);
    this.pending.delete(ack.id);
    if (!ack.ok) {
      this.metrics.deviceFaults.inc({ code: 'command_refused' });
      void this.alert(tableId, 'DEVICE_COMMAND_REFUSED', `${deviceId} refused ${p.command.type} (${ack.id}): ${ack.error ?? 'no reason given'}`);
    }
    p.resolve(ack);
  }

  pendingCount(): number {
    return this.pending.size;
  }

  onModuleDestroy(): void {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.resolve(null);
    }
    this.pending.clear();
  }

  private async alert(tableId: string, code: string, message: string): Promise<void> {
    try {
      await this.alerts.raise({ tableId, severity: 'warning', code, message });
    } catch (e) {
      this.log.error(`alert ${code} failed: ${(e as Error).message}`);
    }
  }
}
