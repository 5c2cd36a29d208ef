import { Body, Controller, Get, HttpCode, Param, Put, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { JwtAuthGuard } from '../auth/jwt-auth.guard.js';
import { Roles } from '../auth/roles.decorator.js';
import { RolesGuard } from '../auth/roles.guard.js';
import { codedError } from '../shared/error-codes.js';
import { body } from '../shared/http-errors.js';
import { MediaAuthQuery, TableStreamsBody, type PlayerStream, type TableStreams } from './streams.schema.js';
import { StreamsService } from './streams.service.js';

/** Issue 21 §1: table video sources (admin), a viewer's signed stream URLs, and the media servers' token check. */
@ApiTags('streams')
@Controller()
export class StreamsController {
  constructor(private readonly streams: StreamsService) {}

  @Get('tables/:tableId/streams')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('pitboss', 'admin')
  sources(@Param('tableId') tableId: string): Promise<TableStreams> {
    return this.streams.sources(tableId);
  }

  @Put('tables/:tableId/streams')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard, RolesGuard)
  @Roles('admin')
  set(@Param('tableId') tableId: string, @Body() b: unknown, @CurrentUser() by: AuthUser): Promise<TableStreams> {
    const s = body(TableStreamsBody, b);
    return this.streams.setSources(tableId, s.sources, s.reason, by);
  }

  /** Any signed-in viewer (players, and staff's monitors): the sources with a token for them and this table. */
  @Get('tables/:tableId/stream')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  viewer(@Param('tableId') tableId: string, @CurrentUser() viewer: AuthUser): Promise<PlayerStream> {
    return this.streams.forViewer(tableId, viewer);
  }

  /**
   * For a media server's `auth_request` (nginx) or the studio's own media endpoints: 204 when `token` is valid
   * for `table`, else 403 STREAM_TOKEN_REFUSED with the reason. Public (the token is the credential).
   */
  @Get('media-auth')
  @HttpCode(204)
  mediaAuth(@Query() q: unknown): void {
    const { table, token } = body(MediaAuthQuery, q);
    const c = this.streams.check(table, token);
    if (!c.ok) throw codedError('STREAM_TOKEN_REFUSED', `stream token refused: ${c.reason}`, { reason: c.reason });
  }
}
