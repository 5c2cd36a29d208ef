import { Module } from '@nestjs/common';
import { MQTT_CLIENT, MQTT_INGEST_LINKS } from '../shared/ports/mqtt.tokens.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { DeviceCommandsService } from './device-commands.service.js';
import { DeviceHints } from './device-hints.js';
import { DeviceIngestService } from './device-ingest.service.js';
import { DeviceReactionsService } from './device-reactions.service.js';
import { DevicesController } from './devices.controller.js';
import { INGEST_LINKS, INGEST_MQTT, INGEST_OPTIONS, type IngestOptions } from '../shared/ports/mqtt.port.js';

@Module({
  imports: [RoundsModule],
  controllers: [DevicesController],
  providers: [
    { provide: INGEST_MQTT, useExisting: MQTT_CLIENT },
    { provide: INGEST_LINKS, useExisting: MQTT_INGEST_LINKS },
    {
      provide: INGEST_OPTIONS,
       useFactory: (): IngestOptions => ({ ackTimeoutMs: Number(process.env['FELT_DEVICE_ACK_TIMEOUT_MS'] ?? 5_000), faultWindowMs: Number(process.env['FELT_DEVICE_FAULT_WINDOW_MS'] ?? 60_000), ...(process.env['FELT_MQTT_ROOT'] ? { root: process.env['FELT_MQTT_ROOT'] } : {}) }),
    },
    DeviceCommandsService,
    DeviceHints,
    DeviceIngestService,
    DeviceReactionsService,
  ],
  exports: [DeviceIngestService, DeviceCommandsService, DeviceReactionsService],
})
export class IngestModule {}
