import { Body, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { AlertAckBodySchema } from '@felt-studio/protocol';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { body, rejectionError } from '../shared/http-errors.js';
import { rejection } from '../shared/command.types.js';
import { AlertsService, type Alert } from './alerts.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

@GuardedController('alerts', 'alerts')
export class AlertsController {
  constructor(private readonly alerts: AlertsService) {}

  @Get()
  @Roles('pitboss')
  @ApiQuery({ name: 'tableId', required: false })
  @ApiQuery({ name: 'limit', required: false })
  list(@Query('tableId') tableId?: string, @Query('limit') limit?: string): Promise<Alert[]> {
    return this.alerts.list(limit === undefined ? 100 : Number.parseInt(limit, 10) || 100, tableId);
  }

  /** A pit boss acknowledges an alert (stored, audited, pushed to every pit boss as `alert.ack`). */
  @Post(':alertId/ack')
  @HttpCode(200)
  @Roles('pitboss')
  async ack(@Param('alertId') alertId: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Alert> {
    const { note } = body(AlertAckBodySchema, b ?? {});
    const a = await this.alerts.acknowledge(alertId, user, note ?? null);
    if (!a) throw rejectionError(rejection('ALERT_NOT_FOUND', null, `No alert ${alertId}.`));
    return a;
  }
}
