import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { codedError } from '../ops/error-codes.js';
import type { AuthUser } from './auth.types.js';
import { AuthService } from './auth.service.js';

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  user?: AuthUser;
}

/** `Authorization: Bearer <jwt>` → request.user, or 401 UNAUTHENTICATED. */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(@Inject(AuthService) private readonly auth: AuthService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<RequestLike>();
    const header = req.headers['authorization'];
    const value = Array.isArray(header) ? header[0] : header;
    const token = value?.startsWith('Bearer ') ? value.slice(7).trim() : null;
    // Signature, required exp, and the user store (exists, enabled, token not revoked; cached ≤ 5 s).
    const user = await this.auth.authenticate(token);
    if (user === null) throw codedError('UNAUTHENTICATED', 'a valid bearer token is required');
    req.user = user;
    return true;
  }
}
