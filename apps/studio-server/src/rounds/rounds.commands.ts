import { z } from 'zod';
import { defineCommand, fromWire, type CommandError, type TableCommandDefinition } from '../shared/commands/command.types.js';
import type { RoundControlService } from './round-control.service.js';
import type { RoundsService } from './rounds.service.js';
import type { RoundsSettlementSource } from './settlement-source.js';

/** The codes any command on a table's round can answer with (OpenAPI). */
export const ROUND_CMD: readonly CommandError[] = ['TABLE_NOT_FOUND', 'NO_ROUND', 'CONFLICT_RETRY', 'CONCURRENT_UPDATE', 'GAME_RULES'];
type GameCommand = Record<string, unknown> & { type: string };

/** `round.mark-settled`: the settlement job tells the round's owner its settlement is done (internal: no role may send it). */
export const MARK_SETTLED = 'round.mark-settled';

/**
 * The round commands (issue 19 §3): each defined once — wire half in libs/protocol
 * (`TABLE_COMMAND_WIRES`), here who may send it and what runs on the table's owner. RoundsModule
 * registers them when it starts.
 */
export function roundsCommands(rounds: RoundsService, control: RoundControlService, settlement: RoundsSettlementSource): TableCommandDefinition[] {
  return [
    fromWire('round.open', { roles: ['dealer', 'pitboss'], errors: [...ROUND_CMD, 'TABLE_NOT_OPEN', 'ROUND_IN_PROGRESS', 'UNKNOWN_GAME'], handle: ({ tableId, actor }) => rounds.openRound(tableId, actor) }),
    fromWire('round.close', { roles: ['dealer', 'pitboss'], errors: ROUND_CMD, handle: ({ tableId, actor }) => control.closeBetting(tableId, actor) }),
    fromWire('round.void-request', { roles: ['dealer', 'pitboss'], errors: ROUND_CMD, handle: ({ tableId, actor }, b) => control.requestVoid(tableId, actor, b.reason) }),
    // Only a pit boss approves a void, and never their own request (GEN-6, issue §9).
    fromWire('round.void-approve', { roles: ['pitboss'], errors: [...ROUND_CMD, 'REQUEST_NOT_FOUND', 'SELF_APPROVAL'], handle: ({ tableId, actor }, b) => control.approveVoid(tableId, b.requestId, actor, b.reason) }),
    // A pit boss voids the round directly (technical error, ROU-6 / GEN-6).
    fromWire('round.void', { roles: ['pitboss'], errors: ROUND_CMD, handle: ({ tableId, actor }, b) => control.voidRound(tableId, actor, b.reason) }),
    // A pit boss resumes a stalled round (PlayStalled, issue 9 §5): the step's deadline is re-armed.
    fromWire('round.resume-play', { roles: ['pitboss'], errors: ROUND_CMD, handle: ({ tableId, actor }, b) => control.resumePlay(tableId, actor, b.reason) }),
    // The dealer enters a card/command by hand (S-3); waits for a pit boss.
    fromWire('round.manual-entry', {
      roles: ['dealer'],
      errors: [...ROUND_CMD, 'INVALID_COMMAND', 'UNKNOWN_COMMAND'],
      handle: ({ tableId, actor }, b) => {
        const { reason, ...command } = b;
        return control.proposeManual(tableId, actor, command as GameCommand, reason ?? 'manual entry');
      },
    }),
    // A second person — another pit boss or an admin, never the requester — signs off (issue 9 finding 3).
    fromWire('round.manual-approve', { roles: ['pitboss', 'admin'], errors: [...ROUND_CMD, 'REQUEST_NOT_FOUND', 'SELF_APPROVAL', 'CORRECTION_WHILE_BETTING'], handle: ({ tableId, actor }, b) => control.approveManual(tableId, b.requestId, actor, b.reason) }),
    // Result correction / misdeal resolution / resume, proposed by a pit boss with a reason: a request a
    // second pit boss or an admin approves (`round.manual-approve`); refused while betting is open (issue 9 finding 3).
    fromWire('round.correction', {
      roles: ['pitboss'],
      errors: [...ROUND_CMD, 'INVALID_COMMAND', 'UNKNOWN_COMMAND', 'REASON_REQUIRED', 'CORRECTION_WHILE_BETTING'],
      handle: ({ tableId, actor }, b) => {
        const { reason, ...command } = b;
        return control.correct(tableId, actor, command as GameCommand, reason ?? '');
      },
    }),
    // The dealer's direct game command (e.g. DeclareNoSpin, ROU-4); the reason is part of the command where the game records one.
    fromWire('round.dealer-command', { roles: ['dealer'], errors: [...ROUND_CMD, 'INVALID_COMMAND', 'UNKNOWN_COMMAND'], handle: ({ tableId, actor }, b) => control.dealerCommand(tableId, actor, b as GameCommand) }),
    // A player's decision (blackjack PlayerAction; seat ownership checked by the kernel, BJ-9).
    fromWire('player.decision', { roles: ['player'], errors: [...ROUND_CMD, 'INVALID_COMMAND', 'UNKNOWN_COMMAND'], handle: ({ tableId, actor }, b) => control.playerDecision(tableId, actor, b.command as GameCommand) }),
    // Server-only: no wire, no role; the settlement source runs it on the round's owner through the router.
    defineCommand({
      op: MARK_SETTLED,
      schema: z.object({ roundId: z.string(), at: z.number() }),
      roles: [],
      handle: async (_ctx, b) => {
        await settlement.markSettledHere(b.roundId, b.at);
        return { ok: true, value: null };
      },
    }),
  ];
}
