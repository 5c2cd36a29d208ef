import { fromWire, type CommandError, type TableCommandDefinition } from '../shared/commands/command.types.js';
import { ROUND_CMD } from '../rounds/rounds.commands.js';
import type { BettingService } from './betting.service.js';

/** The codes a bet command can answer with (OpenAPI). */
const BET: readonly CommandError[] = [...ROUND_CMD, 'INSUFFICIENT_FUNDS', 'BET_ID_CONFLICT', 'RG_SELF_EXCLUDED', 'RG_LOSS_LIMIT', 'RG_TIME_LIMIT', 'SEAMLESS_DEBIT_REFUSED', 'SEAMLESS_DEBIT_UNCONFIRMED'];

/**
 * The player's bet commands (issue 19 §3): wire half in libs/protocol (`TABLE_COMMAND_WIRES`), here who
 * may send them and the BettingService call the table's owner makes (a bet's time is when this process's transport
 * read it, else the owner's clock; a bet after the close is refused, non-negotiable 1; bet ids and request ids make every retry idempotent).
 */
export function bettingCommands(b: BettingService): TableCommandDefinition[] {
  return [
    fromWire('bet.place', { roles: ['player'], errors: BET, handle: ({ tableId, actor, arrivedAt }, bet) => b.place(tableId, actor, bet, arrivedAt) }),
    // A whole layout as one command (issue 13): one answer per chip.
    fromWire('bet.layout', { roles: ['player'], errors: BET, handle: ({ tableId, actor, arrivedAt }, l) => b.placeLayout(tableId, actor, l.bets, arrivedAt) }),
    fromWire('bet.rebet', { roles: ['player'], errors: [...BET, 'NOTHING_TO_REBET'], handle: ({ tableId, actor, arrivedAt }, r) => b.rebet(tableId, actor, r.requestId, arrivedAt) }),
    fromWire('bet.double', { roles: ['player'], errors: [...BET, 'NOTHING_TO_DOUBLE'], handle: ({ tableId, actor, arrivedAt }, r) => b.double(tableId, actor, r.requestId, arrivedAt) }),
    fromWire('bet.cancel', { roles: ['player'], errors: ROUND_CMD, handle: ({ tableId, actor, arrivedAt }, c) => b.cancel(tableId, actor, c.betId, arrivedAt) }),
  ];
}
