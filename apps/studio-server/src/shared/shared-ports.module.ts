import { Global, Module } from '@nestjs/common';
import { LateBound, PLAYER_PUSH, POKER_TABLE_NAMES, SEAMLESS_BALANCES, TABLE_COMMANDS } from './ports/late-bound.js';
import { SETTLEMENT_SOURCE } from './ports/settlement.port.js';
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
    { provide: SEAMLESS_BALANCES, useFactory: () => new LateBound() },
    { provide: SETTLEMENT_SOURCE, useFactory: () => new LateBound() },
  ],
  exports: [TABLE_COMMANDS, POKER_TABLE_NAMES, PLAYER_PUSH, SEAMLESS_BALANCES, SETTLEMENT_SOURCE],
})
export class SharedPortsModule {}
