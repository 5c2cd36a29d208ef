import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { FELT_CONFIG, type FeltConfig } from '../config/config.js';
import { HealthService } from '../ops/health.service.js';
import { BullMqSettlementQueue } from './bullmq.queue.js';
import { InProcessSettlementQueue } from './in-process.queue.js';
import { SETTLEMENT_QUEUE, type SettlementQueue } from '../shared/ports/settlement.port.js';
import { SettlementProcessor } from './settlement.processor.js';
import { SettlementService } from './settlement.service.js';

/** Global: SettlementService. In-process queue by default, BullMQ when REDIS_URL is set. Needs SETTLEMENT_SOURCE (RoundsModule). */
@Global()
@Module({
  providers: [
    SettlementProcessor,
    {
      provide: SETTLEMENT_QUEUE,
      useFactory: (config: FeltConfig, processor: SettlementProcessor): SettlementQueue =>
        config.redisUrl === null
          ? new InProcessSettlementQueue(processor, config.settlementAttempts, config.settlementBackoffMs)
          : new BullMqSettlementQueue(config.redisUrl, config.queuePrefix, processor, config.settlementAttempts, config.settlementBackoffMs),
      inject: [FELT_CONFIG, SettlementProcessor],
    },
    SettlementService,
  ],
  exports: [SettlementService, SETTLEMENT_QUEUE],
})
export class SettlementModule implements OnModuleInit {
  constructor(
    private readonly health: HealthService,
    @Inject(SETTLEMENT_QUEUE) private readonly queue: SettlementQueue,
  ) {}

  onModuleInit(): void {
    this.health.register('queue', () => this.queue.ping());
  }
}
