import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { PLAYER_PUSH, type LateBound, type PlayerPush } from '../shared/ports/late-bound.js';
import { BettingModule } from '../betting/betting.module.js';
import { IngestModule } from '../ingest/ingest.module.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { PresenceModule } from '../presence/presence.module.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { ChatModule } from '../chat/chat.module.js';

@Module({
  imports: [RoundsModule, BettingModule, IngestModule, PresenceModule, ChatModule],
  providers: [RealtimeGateway],
})
export class RealtimeModule implements OnModuleInit {
  constructor(
    @Inject(PLAYER_PUSH) private readonly push: LateBound<PlayerPush>,
    private readonly gateway: RealtimeGateway,
  ) {}

  /** Frames for one player on every socket of theirs (e.g. the limits module's reality check, RG-2.9). */
  onModuleInit(): void {
    this.push.bind(this.gateway);
  }
}
