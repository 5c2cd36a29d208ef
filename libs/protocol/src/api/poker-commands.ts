import { z } from 'zod';
import { POKER_WS_MESSAGES, type PokerWsMessage } from './poker-table.contract.js';
import { PokerPitDecisionBody, PokerTableFrameSchema } from './poker-table.schemas.js';
import type { CommandRoute } from './table-commands.js';

/**
 * Live poker's table commands, the wire half of their one definition (issue 19 §2/§3), like
 * `TABLE_COMMAND_WIRES`: the op (the WebSocket message name), the input without the table id, the
 * answer (the caller's own `poker.table` frame) and, for the pit boss's decision, the REST route. The
 * studio server adds who may send each and the handler (`apps/studio-server/src/poker/poker.commands.ts`);
 * its one gateway, its generated REST controller, the OpenAPI document and the forwarding to the table's
 * owner are derived from both halves. The socket messages keep the contract's names and schemas
 * (`POKER_WS_MESSAGES`, each `{ tableId, ...input }`).
 */
export interface PokerCommandWire<S extends z.ZodType = z.ZodType> {
  readonly op: string;
  readonly summary: string;
  /** The input (without the table id). */
  readonly schema: S;
  readonly response: z.ZodType;
  readonly rest?: CommandRoute;
}

/** A contract message as a command: its schema without the table id (still strict). */
const message = <O extends PokerWsMessage>(op: O, summary: string) => {
  const schema = (POKER_WS_MESSAGES[op] as unknown as z.ZodObject<{ tableId: z.ZodString }>).omit({ tableId: true });
  return { op, summary, schema, response: PokerTableFrameSchema } as const satisfies PokerCommandWire;
};

export const POKER_COMMAND_WIRES = {
  'poker.join': message('poker.join', 'Watch a poker table (also the return after a disconnection, S1-REENTRY)'),
  'poker.leave-view': message('poker.leave-view', 'Stop watching a poker table'),
  'poker.sit': message('poker.sit', 'Take a free seat with a buy-in from the wallet (S1-STACK, S1-ENTRY-2)'),
  'poker.waitlist': message('poker.waitlist', 'Queue for the next free seat'),
  'poker.top-up': message('poker.top-up', 'Top the stack up between hands (S1-STACK)'),
  'poker.sit-out': message('poker.sit-out', 'Sit out'),
  'poker.sit-in': message('poker.sit-in', 'Back in (S1-REENTRY)'),
  'poker.straddle': message('poker.straddle', "The seat's standing straddle choice (S1-STRADDLE)"),
  'poker.stand-up': message('poker.stand-up', 'Leave the seat; the stack goes back to the wallet'),
  'poker.act': message('poker.act', "The player to act: fold, check, call, bet, raise or all-in"),
  'poker.time-bank': message('poker.time-bank', 'Spend the time bank on this turn (S1-TIMEBANK)'),
  'poker.draw': message('poker.draw', 'Draw games: the cards the player discards'),
  /** P4-IRR / S1-FAIL-RING: the pit boss's decision on the hand in play (misdeal, exposed card, void). */
  'poker.hand-decision': {
    op: 'poker.hand-decision',
    summary: "The pit boss's decision on the hand in play: misdeal, exposed card or void (P4-IRR, S1-FAIL-RING)",
    schema: PokerPitDecisionBody,
    response: PokerTableFrameSchema,
    rest: { method: 'POST', path: '/poker-tables/{id}/hand/decisions' },
  },
} as const satisfies Record<string, PokerCommandWire>;

export type PokerCommandOp = keyof typeof POKER_COMMAND_WIRES;
