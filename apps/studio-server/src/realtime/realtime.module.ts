import { Module } from '@nestjs/common';
import { BettingModule } from '../betting/betting.module.js';
import { IngestModule } from '../ingest/ingest.module.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { PresenceModule } from '../presence/presence.module.js';
import { RealtimeGateway } from './realtime.gateway.js';

@Module({
  imports: [RoundsModule, BettingModule, IngestModule, PresenceModule],
  providers: [RealtimeGateway],
})
export class RealtimeModule {}
