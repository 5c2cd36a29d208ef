import { Global, Module } from '@nestjs/common';
import { LateBound, PLAYER_PUSH, POKER_TABLE_NAMES, TABLE_COMMANDS } from './ports/late-bound.js';
import { TableCommandHandlers } from './ports/table-commands.js';

/**
 * Global, one per application: the ports a module reaches through the bottom layer because their adapter
 * is a module above it (late-bound slots, the table-command handlers). The composition root imports it.
 */
@Global()
@Module({
  providers: [
    { provide: TABLE_COMMANDS, useFactory: () => new TableCommandHandlers() },
    { provide: POKER_TABLE_NAMES, useFactory: () => new LateBound() },
    { provide: PLAYER_PUSH, useFactory: () => new LateBound() },
  ],
  exports: [TABLE_COMMANDS, POKER_TABLE_NAMES, PLAYER_PUSH],
})
export class SharedPortsModule {}
