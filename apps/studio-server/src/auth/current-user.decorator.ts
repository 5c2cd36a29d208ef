import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthUser } from './auth.types.js';

/** The authenticated user set by JwtAuthGuard (`request.user`). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  const req = ctx.switchToHttp().getRequest<{ user?: AuthUser }>();
  if (req.user === undefined) throw new Error('CurrentUser used on a route without JwtAuthGuard');
  return req.user;
});
