import { Body, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { z } from 'zod';
import { AUDIT_LOG, type AuditLog } from '../shared/ports/audit.port.js';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { codedError } from '../shared/error-codes.js';
import { ROLES, type AuthUser, type Role } from './auth.types.js';
import { AuthService } from './auth.service.js';
import { CurrentUser } from './current-user.decorator.js';
import { Roles } from './roles.decorator.js';
import { GuardedController } from './guarded-controller.decorator.js';

export const CreateUserBody = z
  .object({
    username: z.string().regex(/^[a-z0-9._-]{3,40}$/),
    name: z.string().min(1).max(100),
    role: z.enum(ROLES),
    password: z.string().min(8).max(200),
    reason: z.string().min(1).max(500),
  })
  .strict();

export interface PublicUser {
  readonly userId: string;
  readonly username: string;
  readonly name: string;
  readonly role: Role;
}

/** People and roles (issue §9): admins list and create users; creation is audited. */
@GuardedController('users', 'users')
@Roles('admin')
export class UsersController {
  constructor(
    private readonly auth: AuthService,
    @Inject(AUDIT_LOG) private readonly audit: AuditLog,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
  ) {}

  @Get()
  async list(): Promise<PublicUser[]> {
    return (await this.auth.listUsers()).map(({ userId, username, name, role }) => ({ userId, username, name, role }));
  }

  @Post()
  @ApiBody({ schema: { type: 'object', required: ['username', 'name', 'role', 'password', 'reason'], properties: { username: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', enum: [...ROLES] }, password: { type: 'string' }, reason: { type: 'string' } } } })
  async create(@CurrentUser() by: AuthUser, @Body() body: unknown): Promise<PublicUser> {
    const b = CreateUserBody.parse(body);
    const userId = this.ids.next('usr');
    if (!(await this.auth.createUser({ userId, username: b.username, name: b.name, role: b.role, password: b.password }))) {
      throw codedError('USERNAME_TAKEN', `username ${b.username} already exists`);
    }
    await this.audit.record({ actor: by.userId, role: by.role, action: 'user.create', reason: b.reason, target: `user:${userId}:${b.role}`, at: this.clock.now() });
    return { userId, username: b.username, name: b.name, role: b.role };
  }

  // Issue 9 finding 9: each of these ends the user's sessions at once (REST within the ≤ 5 s user cache of
  // other instances, immediately here; their sockets are disconnected). All audited with a reason.

  @Post(':userId/disable')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } } })
  disable(@CurrentUser() by: AuthUser, @Param('userId') userId: string, @Body() body: unknown): Promise<{ ok: true }> {
    return this.change(by, userId, body, 'user.disable', () => this.auth.setDisabled(userId, true));
  }

  @Post(':userId/enable')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } } })
  enable(@CurrentUser() by: AuthUser, @Param('userId') userId: string, @Body() body: unknown): Promise<{ ok: true }> {
    return this.change(by, userId, body, 'user.enable', () => this.auth.setDisabled(userId, false));
  }

  @Post(':userId/revoke-sessions')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } } })
  revoke(@CurrentUser() by: AuthUser, @Param('userId') userId: string, @Body() body: unknown): Promise<{ ok: true }> {
    return this.change(by, userId, body, 'user.revoke-sessions', () => this.auth.revokeSessions(userId));
  }

  /** Issue 22 §8: removes a user's TOTP (a lost phone); they log in with the password and enrol again. */
  @Post(':userId/totp/reset')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } } })
  resetTotp(@CurrentUser() by: AuthUser, @Param('userId') userId: string, @Body() body: unknown): Promise<{ ok: true }> {
    return this.change(by, userId, body, 'auth.totp.reset', () => this.auth.resetTotp(userId));
  }

  @Delete(':userId')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', required: ['reason'], properties: { reason: { type: 'string' } } } })
  remove(@CurrentUser() by: AuthUser, @Param('userId') userId: string, @Body() body: unknown): Promise<{ ok: true }> {
    return this.change(by, userId, body, 'user.delete', () => this.auth.deleteUser(userId));
  }

  private async change(by: AuthUser, userId: string, body: unknown, action: string, fn: () => Promise<boolean>): Promise<{ ok: true }> {
    const { reason } = ReasonBody.parse(body ?? {});
    if (!(await fn())) throw codedError('USER_NOT_FOUND', `no user ${userId}`);
    await this.audit.record({ actor: by.userId, role: by.role, action, reason, target: `user:${userId}`, at: this.clock.now() });
    return { ok: true };
  }
}

const ReasonBody = z.object({ reason: z.string().min(1).max(500) }).strict();
