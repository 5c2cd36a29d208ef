import { Global, Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { FELT_DATA_SOURCE } from '../persistence/persistence.module.js';
import { AlertsController } from './alerts.controller.js';
import { AlertWebhook } from './alert-webhook.js';
import { ALERTS_REPOSITORY, AlertsService, InMemoryAlertsRepository, TypeOrmAlertsRepository } from './alerts.service.js';

/** Global: AlertsService.raise(...) / alerts$. REST: GET /alerts (pit boss). */
@Global()
@Module({
  controllers: [AlertsController],
  providers: [
    { provide: ALERTS_REPOSITORY, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryAlertsRepository() : new TypeOrmAlertsRepository(ds)), inject: [FELT_DATA_SOURCE] },
    AlertsService,
    AlertWebhook,
  ],
  exports: [AlertsService],
})
export class AlertsModule {}
