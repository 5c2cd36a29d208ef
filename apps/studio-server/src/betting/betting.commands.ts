import { fromWire, type CommandError, type TableCommandDefinition } from '../shared/commands/command.types.js';
import { ROUND_CMD } from '../rounds/rounds.commands.js';
import type { BettingService } from './betting.service.js';

/** The codes a bet command can answer with (OpenAPI). */
const BET: readonly CommandError[] = [...ROUND_CMD, 'INSUFFICIENT_FUNDS', 'BET_ID_CONFLICT', 'RG_SELF_EXCLUDED', 'RG_LOSS_LIMIT', 'RG_TIME_LIMIT', 'SEAMLESS_DEBIT_REFUSED', 'SEAMLESS_DEBIT_UNCONFIRMED'];

/**
 * The player's bet commands (issue 19 §3): wire half in libs/protocol (`TABLE_COMMAND_WIRES`), here who
 * may send them and the BettingService call the table's owner makes (it stamps the time on its clock
 * and refuses a bet after the close, non-negotiable 1; bet ids and request ids make every retry idempotent).
 */
export function bettingCommands(b: BettingService): TableCommandDefinition[] {
  return [
    fromWire('bet.place', { roles: ['player'], errors: BET, handle: ({ tableId, actor }, bet) => b.place(tableId, actor, bet) }),
    // A whole layout as one command (issue 13): one answer per chip.
    fromWire('bet.layout', { roles: ['player'], errors: BET, handle: ({ tableId, actor }, l) => b.placeLayout(tableId, actor, l.bets) }),
    fromWire('bet.rebet', { roles: ['player'], errors: [...BET, 'NOTHING_TO_REBET'], handle: ({ tableId, actor }, r) => b.rebet(tableId, actor, r.requestId) }),
    fromWire('bet.double', { roles: ['player'], errors: [...BET, 'NOTHING_TO_DOUBLE'], handle: ({ tableId, actor }, r) => b.double(tableId, actor, r.requestId) }),
    fromWire('bet.cancel', { roles: ['player'], errors: ROUND_CMD, handle: ({ tableId, actor }, c) => b.cancel(tableId, actor, c.betId) }),
  ];
}
