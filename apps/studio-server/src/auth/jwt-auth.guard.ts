import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { codedError } from '../shared/error-codes.js';
import { RateLimitService } from '../ratelimit/rate-limit.service.js';
import type { EarlyCharge } from '../ratelimit/early-limit.middleware.js';
import type { AuthUser } from './auth.types.js';
import { AuthService } from './auth.service.js';

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  ip?: string;
  method?: string;
  user?: AuthUser;
  /** The budgets the early limit already charged (ratelimit/early-limit.middleware.ts). */
  feltRate?: EarlyCharge;
}

/** `Authorization: Bearer <jwt>` → request.user, or 401 UNAUTHENTICATED; per-address and per-user limits → 429 RATE_LIMITED. */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly auth: AuthService,
    private readonly limits: RateLimitService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<RequestLike>();
    const header = req.headers['authorization'];
    const value = Array.isArray(header) ? header[0] : header;
    const token = value?.startsWith('Bearer ') ? value.slice(7).trim() : null;
    // Issue 9 finding 7: the address first (cheap, before any token work), then the account. Issue 22 §5:
    // the early limit (before the body parser) usually charged both already; only what it did not is charged here.
    const early = req.feltRate;
    const byIp = early === undefined ? await this.limits.admit({ ip: req.ip ?? null }) : null;
    if (byIp) throw codedError('RATE_LIMITED', byIp.message, byIp.details);
    // Signature, required exp, and the user store (exists, enabled, token not revoked; cached ≤ 5 s).
    const user = await this.auth.authenticate(token);
    if (user === null) throw codedError('UNAUTHENTICATED', 'a valid bearer token is required');
    // The per-player bucket guards what changes state (bets, decisions, requests): a page load's reads
    // (tables, round, balance, history…) would otherwise exhaust it on a couple of reloads; reads stay
    // bounded by the per-address limit above.
    const reads = req.method === 'GET' || req.method === 'HEAD';
    const byUser = reads || (early !== undefined && early.userId === user.userId) ? null : await this.limits.admit({ userId: user.userId, role: user.role });
    if (byUser) throw codedError('RATE_LIMITED', byUser.message, byUser.details);
    req.user = user;
    return true;
  }
}
