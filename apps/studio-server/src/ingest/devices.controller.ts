import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { Roles } from '../auth/roles.decorator.js';
import { RolesGuard } from '../auth/roles.guard.js';
import { DeviceIngestService, type DeviceHealth } from './device-ingest.service.js';

/** Device health per table (last status, last seq, last event time) for the pit boss and the dealer console. */
@ApiTags('devices')
@ApiBearerAuth()
@Controller('tables/:id/devices')
@UseGuards(JwtAuthGuard, RolesGuard)
export class DevicesController {
  constructor(@Inject(DeviceIngestService) private readonly ingest: DeviceIngestService) {}

  @Get()
  @Roles('dealer', 'pitboss', 'admin')
  list(@Param('id') id: string): DeviceHealth[] {
    return this.ingest.devices(id);
  }
}
