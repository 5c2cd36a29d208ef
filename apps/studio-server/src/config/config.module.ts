import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CLOCK, IDS, SortableIds, systemClock, type Clock } from '../shared/clock.js';
import { FELT_CONFIG, type FeltConfig } from './config.js';

/** Global: FELT_CONFIG, CLOCK (system clock) and IDS (sortable prefixed ids). Tests override CLOCK/IDS. */
@Global()
@Module({})
export class FeltConfigModule {
  static forRoot(config: FeltConfig): DynamicModule {
    return {
      module: FeltConfigModule,
      providers: [
        { provide: FELT_CONFIG, useValue: config },
        { provide: CLOCK, useValue: systemClock },
        { provide: IDS, useFactory: (clock: Clock) => new SortableIds(clock), inject: [CLOCK] },
      ],
      exports: [FELT_CONFIG, CLOCK, IDS],
    };
  }
}
