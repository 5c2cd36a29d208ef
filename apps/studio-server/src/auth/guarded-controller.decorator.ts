import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { RolesGuard } from './roles.guard.js';

/**
 * A REST controller behind a signed-in user (issue §9): `Authorization: Bearer <jwt>` (JwtAuthGuard), then
 * the roles of `@Roles(...)` on the controller or handler (RolesGuard); in the OpenAPI document under `tag`,
 * with bearer auth. `path` is the controller's route prefix (none: the routes name their full path).
 */
export function GuardedController(tag: string, path?: string): ClassDecorator {
  return applyDecorators(ApiTags(tag), ApiBearerAuth(), path === undefined ? Controller() : Controller(path), UseGuards(JwtAuthGuard, RolesGuard));
}
