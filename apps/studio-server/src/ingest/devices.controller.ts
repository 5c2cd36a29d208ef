import { Get, Param } from '@nestjs/common';
import { Roles } from '../auth/roles.decorator.js';
import { DeviceIngestService, type DeviceHealth } from './device-ingest.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** Device health per table (last status, last seq, last event time) for the pit boss and the dealer console. */
@GuardedController('devices', 'tables/:id/devices')
export class DevicesController {
  constructor(private readonly ingest: DeviceIngestService) {}

  @Get()
  @Roles('dealer', 'pitboss', 'admin')
  list(@Param('id') id: string): DeviceHealth[] {
    return this.ingest.devices(id);
  }
}
