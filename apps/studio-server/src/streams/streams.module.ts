import { Module } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { FELT_DATA_SOURCE } from '../persistence/persistence.module.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { StreamsController } from './streams.controller.js';
import { InMemoryStreamsRepository, SqlStreamsRepository, STREAMS_REPOSITORY } from './streams.repository.js';
import { StreamsService } from './streams.service.js';

/** Issue 21 §1: each table's stream sources, viewers' signed URLs, the media token check. */
@Module({
  imports: [RoundsModule],
  controllers: [StreamsController],
  providers: [{ provide: STREAMS_REPOSITORY, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryStreamsRepository() : new SqlStreamsRepository(ds)), inject: [FELT_DATA_SOURCE] }, StreamsService],
  exports: [StreamsService],
})
export class StreamsModule {}
