import { Inject, Injectable, Module, Optional, type OnModuleInit } from '@nestjs/common';
import { MQTT_BROKER, MQTT_CLIENT, MQTT_INGEST_LINKS } from '../shared/ports/mqtt.tokens.js';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { DeviceCommandsService } from './device-commands.service.js';
import { DeviceHints } from './device-hints.js';
import { DeviceIngestService } from './device-ingest.service.js';
import { DeviceReactionsService } from './device-reactions.service.js';
import { DevicesController } from './devices.controller.js';
import { INGEST_LINKS, INGEST_MQTT, INGEST_OPTIONS, type IngestOptions } from '../shared/ports/mqtt.port.js';

/** The embedded broker's hook (mqtt/embedded-broker.ts `setEventAuthority`), seen structurally: ingest does not import the mqtt module. */
interface EventAuthorityHost {
  setEventAuthority(fn: (tableId: string, deviceId: string, type: string) => Promise<string | null>): void;
}

/** DEV-AUTH-1: the embedded broker asks ingest, before it accepts a device event, whether the device's kind may report it. */
@Injectable()
class BrokerEventAuthority implements OnModuleInit {
  constructor(
    private readonly ingest: DeviceIngestService,
    @Optional() @Inject(MQTT_BROKER) private readonly broker: EventAuthorityHost | null = null,
  ) {}
  onModuleInit(): void {
    this.broker?.setEventAuthority((tableId, deviceId, type) => this.ingest.authorityRefusal(tableId, deviceId, type));
  }
}

@Module({
  imports: [RoundsModule],
  controllers: [DevicesController],
  providers: [
    { provide: INGEST_MQTT, useExisting: MQTT_CLIENT },
    { provide: INGEST_LINKS, useExisting: MQTT_INGEST_LINKS },
    {
      provide: INGEST_OPTIONS,
      useFactory: (config: FeltConfig): IngestOptions => {
        const root = settingOf(config, 'mqttRoot');
        return { ackTimeoutMs: settingOf(config, 'deviceAckTimeoutMs'), faultWindowMs: settingOf(config, 'deviceFaultWindowMs'), ...(root !== null ? { root } : {}) };
      },
      inject: [FELT_CONFIG],
    },
    DeviceCommandsService,
    DeviceHints,
    DeviceIngestService,
    DeviceReactionsService,
    BrokerEventAuthority,
  ],
  exports: [DeviceIngestService, DeviceCommandsService, DeviceReactionsService],
})
export class IngestModule {}
