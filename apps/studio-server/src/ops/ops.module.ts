import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { LogContextInterceptor } from './logging.js';
import { HealthService } from './health.service.js';
import { MetricsService } from './metrics.service.js';
import { OpsController } from './ops.controller.js';
import { CommitTracker, ShutdownService } from './shutdown.js';

/** Global: MetricsService (counters for every module) and HealthService (probe registry), CommitTracker (stop drains in-flight commits); /health, /metrics. */
@Global()
@Module({ imports: [TerminusModule.forRoot({ logger: false })], providers: [MetricsService, HealthService, CommitTracker, ShutdownService, { provide: APP_INTERCEPTOR, useClass: LogContextInterceptor }], controllers: [OpsController], exports: [MetricsService, HealthService, CommitTracker] })
export class OpsModule {}
