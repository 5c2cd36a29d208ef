import { Global, Module } from '@nestjs/common';
import { LateBound, PLAYER_PUSH, POKER_TABLE_NAMES, SEAMLESS_BALANCES, TABLE_COMMAND_BUS, TABLE_COMMANDS } from './ports/late-bound.js';
import { TableCommandBus } from './commands/command-bus.js';
import type { TableCommandRegistry } from './commands/command-registry.js';
import { TABLE_ROUTER, type TableRouterPort } from './ports/cluster.port.js';
import { SETTLEMENT_SOURCE } from './ports/settlement.port.js';
import { TableCommandHandlers } from './ports/table-commands.js';
import { INTAKE_BARRIER, IntakeBarrier } from './host/intake-barrier.js';
import { CLOCK, type Clock } from './clock.js';
import { PLAYER_DEPARTURES, PlayerDepartures } from './ports/player-departures.js';

/**
 * Global, one per application: the ports a module reaches through the bottom layer because their adapter
 * is a module above it (late-bound slots, the table-command handlers). The composition root imports it.
 */
@Global()
@Module({
  providers: [
    { provide: TABLE_COMMANDS, useFactory: () => new TableCommandHandlers() },
    // with several instances, the cluster's router (ClusterModule, global) forwards each command to the table's owner
    { provide: TABLE_COMMAND_BUS, useFactory: (registry: TableCommandRegistry, router: TableRouterPort | null) => new TableCommandBus(registry, router), inject: [TABLE_COMMANDS, { token: TABLE_ROUTER, optional: true }] },
    // Issue 25 §1: bets stamped at arrival; "no more bets" waits (≤ 1 s) for those that arrived before it.
    { provide: INTAKE_BARRIER, useFactory: (clock: Clock) => new IntakeBarrier(clock, 1000), inject: [CLOCK] },
    { provide: POKER_TABLE_NAMES, useFactory: () => new LateBound() },
    { provide: PLAYER_PUSH, useFactory: () => new LateBound() },
    { provide: SEAMLESS_BALANCES, useFactory: () => new LateBound() },
    { provide: SETTLEMENT_SOURCE, useFactory: () => new LateBound() },
    // S1-DISCONNECT for tournaments (issue 24): the gateway reports a player's last connection closing
    { provide: PLAYER_DEPARTURES, useFactory: () => new PlayerDepartures() },
  ],
  exports: [INTAKE_BARRIER, TABLE_COMMANDS, TABLE_COMMAND_BUS, POKER_TABLE_NAMES, PLAYER_PUSH, SEAMLESS_BALANCES, SETTLEMENT_SOURCE, PLAYER_DEPARTURES],
})
export class SharedPortsModule {}
