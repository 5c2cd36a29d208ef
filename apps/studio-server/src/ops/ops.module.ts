import { Global, Module } from '@nestjs/common';
import { HealthService } from './health.service.js';
import { MetricsService } from './metrics.service.js';
import { OpsController } from './ops.controller.js';

/** Global: MetricsService (counters for every module) and HealthService (probe registry); /health, /metrics. */
@Global()
@Module({ providers: [MetricsService, HealthService], controllers: [OpsController], exports: [MetricsService, HealthService] })
export class OpsModule {}
