import { Body, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { TOPIC_ID_RE } from '@felt-studio/protocol';
import { z } from 'zod';
import { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { CLOCK, type Clock } from '../shared/clock.js';
import { codedError } from '../shared/error-codes.js';
import { DeviceCredentialsService, type IssuedDeviceCredential, type PublicDeviceCredential } from './device-credentials.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

const Reason = z.object({ reason: z.string().min(1).max(500) }).strict();

const checkIds = (tableId: string, deviceId?: string): void => {
  for (const id of deviceId === undefined ? [tableId] : [tableId, deviceId]) {
    if (!TOPIC_ID_RE.test(id)) throw codedError('INVALID_DEVICE_ID', `${JSON.stringify(id)} is not a table/device id (1-64 chars of A-Z a-z 0-9 _ . : -)`);
  }
};

/**
 * Device MQTT credentials (issue 9 finding 1). Admins issue (or rotate: issuing again replaces the
 * secret, the old one stops working and live sessions are dropped) and revoke; the secret is returned
 * once. Listing per table shows usernames and dates, never secrets.
 */
@GuardedController('devices', 'tables/:tableId')
export class DeviceCredentialsController {
  constructor(
    private readonly creds: DeviceCredentialsService,
    private readonly audit: AuditService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('device-credentials')
  @Roles('pitboss', 'admin')
  list(@Param('tableId') tableId: string): Promise<PublicDeviceCredential[]> {
    checkIds(tableId);
    return this.creds.list(tableId);
  }

  @Post('devices/:deviceId/credentials')
  @Roles('admin')
  @HttpCode(201)
  @ApiBody({ schema: { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } } })
  async issue(@CurrentUser() by: AuthUser, @Param('tableId') tableId: string, @Param('deviceId') deviceId: string, @Body() body: unknown): Promise<IssuedDeviceCredential> {
    checkIds(tableId, deviceId);
    const { reason } = Reason.parse(body ?? {});
    const issued = await this.creds.issue(tableId, deviceId);
    await this.audit.record({ actor: by.userId, role: by.role, action: issued.createdAt === issued.rotatedAt ? 'device.credential.issue' : 'device.credential.rotate', reason, target: `device:${issued.username}`, at: this.clock.now() });
    return issued;
  }

  @Delete('devices/:deviceId/credentials')
  @Roles('admin')
  @HttpCode(200)
  async revoke(@CurrentUser() by: AuthUser, @Param('tableId') tableId: string, @Param('deviceId') deviceId: string, @Body() body: unknown): Promise<{ revoked: boolean }> {
    checkIds(tableId, deviceId);
    const { reason } = Reason.parse(body ?? {});
    const revoked = await this.creds.revoke(tableId, deviceId);
    if (!revoked) throw codedError('DEVICE_CREDENTIAL_NOT_FOUND', `no credential for ${tableId}/${deviceId}`);
    await this.audit.record({ actor: by.userId, role: by.role, action: 'device.credential.revoke', reason, target: `device:${tableId}/${deviceId}`, at: this.clock.now() });
    return { revoked };
  }
}
