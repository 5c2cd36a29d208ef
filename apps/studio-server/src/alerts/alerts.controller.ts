import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { Roles } from '../auth/roles.decorator.js';
import { RolesGuard } from '../auth/roles.guard.js';
import { AlertsService, type Alert } from './alerts.service.js';

@ApiTags('alerts')
@ApiBearerAuth()
@Controller('alerts')
@UseGuards(JwtAuthGuard, RolesGuard)
export class AlertsController {
  constructor(@Inject(AlertsService) private readonly alerts: AlertsService) {}

  @Get()
  @Roles('pitboss')
  @ApiQuery({ name: 'tableId', required: false })
  @ApiQuery({ name: 'limit', required: false })
  list(@Query('tableId') tableId?: string, @Query('limit') limit?: string): Promise<Alert[]> {
    return this.alerts.list(limit === undefined ? 100 : Number.parseInt(limit, 10) || 100, tableId);
  }
}
