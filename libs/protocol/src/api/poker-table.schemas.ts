import { pokerTable } from '@felt-studio/games';
import { z } from 'zod';

/** REST bodies and answers of the live poker tables (`/poker-tables…`; the socket messages are poker-table.contract.ts). Moved from the server (issue 19 §5). */
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const CreatePokerTableBody = z
  .object({
    tableId: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/).optional(),
    name: z.string().min(1).max(80),
    currency: z.string().length(3).optional(),
    dealing: z.enum(['rng', 'shoe']),
    shoeDeviceId: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/).nullable().optional(),
    config: z
      .object({
        variant: z.enum(pokerTable.VARIANT_IDS),
        structure: z.enum(['fixed-limit', 'pot-limit', 'no-limit']),
        smallBlindMinor: minor,
        bigBlindMinor: minor,
        anteMinor: minor,
        bringInMinor: minor,
        smallBetMinor: minor,
        bigBetMinor: minor,
        maxRaisesPerRound: z.number().int().min(1).max(10).nullable(),
        straddleTable: z.boolean(),
        capPerHandMinor: minor.nullable(),
        rake: z.object({ basisPoints: z.number().int().min(0).max(10_000), capMinor: minor.nullable(), noFlopNoDrop: z.boolean() }).strict().nullable(),
        oddChip: z.enum(['left-of-button', 'lowest-seat']),
        hiLoOddChip: z.enum(['high', 'low']),
        timeout: z.enum(['fold', 'check-when-free']),
        actionMs: z.number().int().min(1000).max(600_000),
        timeBankMs: z.number().int().min(0).max(600_000),
        voidFoldedChips: z.enum(['refund-folded', 'to-remaining']),
        exposedCard: z.enum(['show-to-all', 'redeal']),
        dealerSeesHoleCards: z.boolean(),
        /** PT-BURN: the dealer burns a card before each later street (a shoe table reads it as the burn). */
        burnCards: z.boolean(),
      })
      .partial()
      .strict(),
    seats: z.object({ seatCount: z.number().int().min(2).max(10), minBuyInMinor: minor, maxBuyInMinor: minor.nullable() }).strict(),
    robots: z.number().int().min(0).max(9).optional(),
  })
  .strict();
export type CreatePokerTableBody = z.infer<typeof CreatePokerTableBody>;

/** P4-IRR / S1-FAIL-RING: the pit boss's decision on the hand in play. */
export const PokerPitDecisionBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('misdeal'), reason: z.string().min(1).max(500) }).strict(),
  z.object({ type: z.literal('void'), reason: z.string().min(1).max(500) }).strict(),
  z.object({ type: z.literal('expose'), seat: z.number().int().min(1).max(10), card: z.string().min(2).max(3) }).strict(),
]);

export const PokerLobbyEntrySchema = z.object({
  tableId: z.string(),
  name: z.string(),
  variant: z.string(),
  structure: z.string(),
  smallBlindMinor: z.number(),
  bigBlindMinor: z.number(),
  seatCount: z.number(),
  seated: z.number(),
  waiting: z.number(),
  minBuyInMinor: z.number(),
  maxBuyInMinor: z.number().nullable(),
  currency: z.string(),
  dealing: z.enum(['shoe', 'rng']),
});
export const PokerLobbySchema = z.object({ tables: z.array(PokerLobbyEntrySchema) });
export const PokerTableDefSchema = z.object({ tableId: z.string(), name: z.string(), dealing: z.enum(['shoe', 'rng']) }).passthrough();
export const PokerHandEventsSchema = z.object({ handId: z.string(), table: z.record(z.string(), z.unknown()), events: z.array(z.record(z.string(), z.unknown())) });
/** `GET /poker-tables/:id/hands`: the latest hands, newest first (PokerHandSummary). */
export const PokerHandListSchema = z.object({ hands: z.array(z.object({ handId: z.string(), startedAt: z.number(), endedAt: z.number().nullable(), ending: z.enum(['complete', 'void']).nullable() })) });
export const PokerTableFrameSchema = z.object({ tableId: z.string(), seq: z.number() }).passthrough();
