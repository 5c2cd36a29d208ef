import { Body, Controller, Get, HttpCode, Ip, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from './auth.types.js';
import { AuthService, type LoginResult } from './auth.service.js';
import { CurrentUser } from './current-user.decorator.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', required: ['username', 'password'], properties: { username: { type: 'string' }, password: { type: 'string' }, totp: { type: 'string', pattern: '^\\d{6}$' } } } })
  @ApiOkResponse({ description: '{token, refreshToken, expiresIn, user}: a short access token and a refresh token' })
  login(@Body() body: unknown, @Ip() ip: string): Promise<LoginResult> {
    // the client's address (behind trusted proxies: FELT_TRUST_PROXY) for the login throttle (issue 22 §8)
    return this.auth.login(body, ip);
  }

  /** Issue 22 §16: the one-time code of an operator's game-launch URL → the player's session (once, within a minute). */
  @Post('launch')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', required: ['code'], properties: { code: { type: 'string' } } } })
  @ApiOkResponse({ description: '{token, refreshToken, expiresIn, user, tableId}' })
  launch(@Body() body: unknown): Promise<LoginResult & { tableId: string | null }> {
    return this.auth.redeemLaunchCode(body);
  }

  /** A refresh token of a live, enabled user → a new access + refresh token (issue 9 finding 9). */
  @Post('refresh')
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', required: ['refreshToken'], properties: { refreshToken: { type: 'string' } } } })
  @ApiOkResponse({ description: '{token, refreshToken, expiresIn, user}' })
  refresh(@Body() body: unknown): Promise<LoginResult> {
    return this.auth.refresh(body);
  }

  /** Ends every session of the caller: all their access and refresh tokens stop working. */
  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  async logout(@CurrentUser() user: AuthUser): Promise<{ revoked: boolean }> {
    return { revoked: await this.auth.revokeSessions(user.userId) };
  }

  /** Issue 22 §8: staff TOTP — enrol (a secret + otpauth:// URI, shown once), confirm with a code, disable with a code. */
  @Post('totp/enrol')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  enrolTotp(@CurrentUser() user: AuthUser): Promise<{ secret: string; uri: string }> {
    return this.auth.enrolTotp(user);
  }

  @Post('totp/confirm')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  confirmTotp(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<{ enabled: true }> {
    return this.auth.confirmTotp(user, body);
  }

  @Post('totp/disable')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  disableTotp(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<{ enabled: false }> {
    return this.auth.disableTotp(user, body);
  }

  @Get('me')
  @ApiBearerAuth()
  @UseGuards(JwtAuthGuard)
  me(@CurrentUser() user: AuthUser): AuthUser {
    return user;
  }
}
