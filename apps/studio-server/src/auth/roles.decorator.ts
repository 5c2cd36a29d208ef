import { SetMetadata } from '@nestjs/common';
import type { Role } from './auth.types.js';

export const ROLES_KEY = 'felt:roles';

/** Roles allowed on a handler or controller (checked by RolesGuard after JwtAuthGuard). */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES_KEY, roles);
