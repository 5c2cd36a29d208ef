import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import { Global, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { FELT_DATA_SOURCE } from '../persistence/persistence.module.js';
import { AdminBootstrap } from './admin.bootstrap.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { RATE_LIMITS, rateLimitsOf, RateLimitService } from '../ratelimit/rate-limit.service.js';
import { RolesGuard } from './roles.guard.js';
import { InMemoryLaunchCodes, LAUNCH_CODES, SqlLaunchCodes } from './launch-codes.js';
import { InMemoryTotpRepository, SqlTotpRepository, TOTP_REPOSITORY } from './totp.js';
import { PlayerNames } from './player-names.js';
import { UsersController } from './users.controller.js';
import { InMemoryUsersRepository, TypeOrmUsersRepository, USERS_REPOSITORY } from './users.repository.js';

/** Global: AuthService (login, sign, verify for WS handshakes), JwtAuthGuard, RolesGuard. */
@Global()
@Module({
  controllers: [AuthController, UsersController],
  providers: [
    { provide: USERS_REPOSITORY, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryUsersRepository() : new TypeOrmUsersRepository(ds)), inject: [FELT_DATA_SOURCE] },
    { provide: TOTP_REPOSITORY, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryTotpRepository() : new SqlTotpRepository(ds)), inject: [FELT_DATA_SOURCE] },
    { provide: LAUNCH_CODES, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryLaunchCodes() : new SqlLaunchCodes(ds)), inject: [FELT_DATA_SOURCE] },
    AuthService,
    { provide: RATE_LIMITS, useFactory: (config: FeltConfig) => rateLimitsOf(settingOf(config, 'rateUser'), settingOf(config, 'rateIp')), inject: [FELT_CONFIG] },
    RateLimitService,
    AdminBootstrap,
    JwtAuthGuard,
    RolesGuard,
    PlayerNames,
  ],
  exports: [AuthService, JwtAuthGuard, RolesGuard, USERS_REPOSITORY, RateLimitService, PlayerNames],
})
export class AuthModule {}
