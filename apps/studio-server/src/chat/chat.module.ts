import { readFileSync } from 'node:fs';
import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { ChatDataSchema, type ChatData } from '@felt-studio/protocol';
import type { DataSource } from 'typeorm';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import { FELT_DATA_SOURCE } from '../persistence/persistence.module.js';
import { RoundsModule } from '../rounds/rounds.module.js';
import { TABLE_COMMANDS } from '../shared/ports/late-bound.js';
import type { TableCommandHandlers } from '../shared/ports/table-commands.js';
import { SeamlessModule } from '../wallet/seamless/seamless.module.js';
import { chatCommands } from './chat.commands.js';
import { ChatController, TipsController } from './chat.controller.js';
import { DEFAULT_CHAT_DATA } from './chat.data.js';
import { CHAT_REPOSITORY, InMemoryChatRepository, SqlChatRepository } from './chat.repository.js';
import { CHAT_DATA, ChatService } from './chat.service.js';

/** The chat data: FELT_CHAT_DATA's JSON file (validated; a bad file stops the boot), else the shipped defaults. */
export function chatDataOf(config: FeltConfig): ChatData {
  const file = settingOf(config, 'chatDataFile');
  if (file === null) return DEFAULT_CHAT_DATA;
  const parsed = ChatDataSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`FELT_CHAT_DATA ${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/** Issue 24: the table chat (players, the dealer's canned answers, the pit boss's moderation) and tips to the dealer through the wallet. */
@Module({
  imports: [RoundsModule, SeamlessModule],
  controllers: [ChatController, TipsController],
  providers: [
    { provide: CHAT_REPOSITORY, useFactory: (ds: DataSource | null) => (ds === null ? new InMemoryChatRepository() : new SqlChatRepository(ds)), inject: [FELT_DATA_SOURCE] },
    { provide: CHAT_DATA, useFactory: chatDataOf, inject: [FELT_CONFIG] },
    ChatService,
  ],
  exports: [ChatService],
})
export class ChatModule implements OnModuleInit {
  constructor(
    @Inject(TABLE_COMMANDS) private readonly commands: TableCommandHandlers,
    private readonly chat: ChatService,
  ) {}

  onModuleInit(): void {
    this.commands.add(chatCommands(this.chat));
  }
}
