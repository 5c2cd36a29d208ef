import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { codedError } from '../shared/error-codes.js';
import type { AuthUser, Role } from './auth.types.js';
import { ROLES_KEY } from './roles.decorator.js';

/** Refuses (403 FORBIDDEN) a user whose role is not listed by @Roles on the handler or its controller. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [ctx.getHandler(), ctx.getClass()]);
    if (roles === undefined || roles.length === 0) return true;
    const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user === undefined) throw codedError('UNAUTHENTICATED', 'a valid bearer token is required');
    if (!roles.includes(user.role)) {
      throw codedError('FORBIDDEN', `role ${user.role} may not do this (allowed: ${roles.join(', ')})`);
    }
    return true;
  }
}
