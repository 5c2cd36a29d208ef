import { z } from 'zod';
import { tableIdSchema } from './api.schema.js';

/**
 * Table chat and tips (issue 24 "Chat and tips"; docs/chat-and-tips.md): the wire shapes of the commands
 * (their one definition is in TABLE_COMMAND_WIRES), the frames the server pushes and the chat data
 * (canned messages, word filter per language, limits) the studio configures. Every field is validated
 * here, at the edge (NN-5).
 */

/** CHAT-1: the longest message, in characters after trimming. */
export const CHAT_MAX_LENGTH = 200;
export const CHAT_LANGUAGES = ['en', 'sv'] as const;
export type ChatLanguage = (typeof CHAT_LANGUAGES)[number];

const id = tableIdSchema;

/** `chat.send`: a player's message (idempotent by the client-made `messageId`). */
export const SendChatBodySchema = z.object({ messageId: id, text: z.string().trim().min(1).max(CHAT_MAX_LENGTH) }).strict();
/** `chat.canned`: the dealer answers with one of the studio's canned messages (by id). */
export const CannedChatBodySchema = z.object({ messageId: id, cannedId: z.string().min(1).max(60).regex(/^[a-z0-9-]+$/) }).strict();
/** `chat.moderate`: the pit boss mutes (for minutes) or bans a player from the table's chat, or lifts it; always with a reason (audited). */
export const ChatModerationActionSchema = z.enum(['mute', 'unmute', 'ban', 'unban']);
export type ChatModerationAction = z.infer<typeof ChatModerationActionSchema>;
export const ModerateChatBodySchema = z
  .object({ playerId: id, action: ChatModerationActionSchema, /** A mute's length (default 10); refused with another action. */ minutes: z.number().int().min(1).max(24 * 60).optional(), reason: z.string().trim().min(1).max(500) })
  .strict();
/** `chat.tip`: a tip to the table's dealer, in the table's currency's minor units (idempotent by `tipId`; TIP-1). */
export const TipBodySchema = z.object({ tipId: id, amountMinor: z.number().int().positive().max(100_000_000) }).strict();

/** Who wrote a message, as the audience may see it: staff frames add the player's id (the pit boss moderates by it). */
export const ChatAuthorSchema = z.object({ role: z.enum(['player', 'dealer', 'pitboss', 'admin']), name: z.string(), userId: z.string().optional() });
export const ChatMessageSchema = z.object({
  messageId: z.string(),
  tableId: z.string(),
  at: z.number().int(),
  kind: z.enum(['player', 'canned']),
  author: ChatAuthorSchema,
  /** The text as written (player) or in English (canned: `texts` has every language). */
  text: z.string(),
  cannedId: z.string().optional(),
  texts: z.record(z.string(), z.string()).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatModerationSchema = z.object({ tableId: z.string(), playerId: z.string(), action: z.enum(['mute', 'ban']), until: z.number().int().nullable(), reason: z.string(), by: z.string(), at: z.number().int() });
export type ChatModeration = z.infer<typeof ChatModerationSchema>;

/** The tips of a table since `since` (the dealer's shift at the table: TIP-3); who tipped is not in it. */
export const TipsSummarySchema = z.object({ tableId: z.string(), currency: z.string(), since: z.number().int(), count: z.number().int(), totalMinor: z.number().int() });
export type TipsSummary = z.infer<typeof TipsSummarySchema>;

export const TipResultSchema = z.object({ tipId: z.string(), tableId: z.string(), amountMinor: z.number().int(), currency: z.string(), at: z.number().int(), duplicate: z.boolean() });
export type TipResult = z.infer<typeof TipResultSchema>;
export const ChatSendResultSchema = z.object({ message: ChatMessageSchema, duplicate: z.boolean() });
export const ModerationResultSchema = z.object({ tableId: z.string(), playerId: z.string(), action: ChatModerationActionSchema, until: z.number().int().nullable() });

export const CannedMessageSchema = z.object({ id: z.string().regex(/^[a-z0-9-]+$/), texts: z.object({ en: z.string().min(1).max(CHAT_MAX_LENGTH), sv: z.string().min(1).max(CHAT_MAX_LENGTH) }) });
export type CannedMessage = z.infer<typeof CannedMessageSchema>;

/**
 * `GET /tables/{id}/chat`: the table's history as the caller may see it; staff get the canned list and the
 * tips total of the shift; the pit boss also the moderation in force.
 */
export const ChatHistorySchema = z.object({
  tableId: z.string(),
  messages: z.array(ChatMessageSchema),
  canned: z.array(CannedMessageSchema),
  /** For a player: their own mute/ban at this table (null: may chat). Staff: absent. */
  mine: ChatModerationSchema.nullable().optional(),
  tips: TipsSummarySchema.optional(),
  moderation: z.array(ChatModerationSchema).optional(),
  tipLimits: z.object({ minMinor: z.number().int(), maxMinor: z.number().int() }),
});
export type ChatHistory = z.infer<typeof ChatHistorySchema>;

/** Frames: a message (every audience at the table), a tip (staff only; no player for the dealer), a moderation change (the player concerned and the pit bosses). */
export const ChatTipFrameSchema = z.object({ tableId: z.string(), amountMinor: z.number().int(), currency: z.string(), at: z.number().int(), playerId: z.string().optional() });
export type ChatTipFrame = z.infer<typeof ChatTipFrameSchema>;
export type ChatModerationFrame = z.infer<typeof ModerationResultSchema>;

/**
 * The chat data a studio configures (data, not code: docs/chat-and-tips.md): canned messages in every
 * language, the word filter per language (whole words, matched after lower-casing and undoing look-alike
 * digits), the rate (CHAT-2), the history kept per table (CHAT-6) and the tip limits (TIP-2).
 */
export const ChatDataSchema = z
  .object({
    canned: z.array(CannedMessageSchema).min(1).max(50),
    words: z.object({ en: z.array(z.string().min(2).max(40)), sv: z.array(z.string().min(2).max(40)) }),
    rate: z.object({ perSecond: z.number().positive().max(10), burst: z.number().int().min(1).max(20) }),
    historyPerTable: z.number().int().min(10).max(1000),
    tip: z.object({ minMinor: z.number().int().positive(), maxMinor: z.number().int().positive() }).refine((t) => t.minMinor <= t.maxMinor, 'tip.minMinor ≤ tip.maxMinor'),
  })
  .strict();
export type ChatData = z.infer<typeof ChatDataSchema>;

/**
 * Tips per dealer and shift (TIP-4, TIP-5; docs/chat-and-tips.md "Tips per dealer and payout"). A shift is
 * one console session of a dealer at a table: from their sign-in (`shiftStart`) until they leave. Each tip
 * records the dealer on duty when it came; tips while no dealer was at the console have `dealerId: null`.
 */
const msTime = z.coerce.number().int().min(0).max(8_640_000_000_000);
export const TipsReportQuerySchema = z
  .object({ from: msTime.optional(), to: msTime.optional(), tableId: tableIdSchema.optional(), dealerId: z.string().min(1).max(100).optional() })
  .strict();
export type TipsReportQuery = z.infer<typeof TipsReportQuerySchema>;
export const TipPayoutInfoSchema = z.object({ payoutId: z.string(), account: z.string(), amountMinor: z.number().int(), tipCount: z.number().int(), by: z.string(), reason: z.string(), at: z.number().int() });
export type TipPayoutInfo = z.infer<typeof TipPayoutInfoSchema>;
export const TipShiftRowSchema = z.object({
  tableId: z.string(),
  dealerId: z.string().nullable(),
  dealerName: z.string().nullable(),
  /** The dealer's sign-in at the table's console (null: tips while no dealer was at the console). */
  shiftStart: z.number().int().nullable(),
  currency: z.string(),
  count: z.number().int(),
  totalMinor: z.number().int(),
  firstAt: z.number().int(),
  lastAt: z.number().int(),
  /** Whether the shift is still open (the dealer is at the console now): not yet payable. */
  open: z.boolean(),
  paid: TipPayoutInfoSchema.nullable(),
});
export type TipShiftRow = z.infer<typeof TipShiftRowSchema>;
export const TipsReportSchema = z.object({ from: z.number().int(), to: z.number().int(), shifts: z.array(TipShiftRowSchema) });
export type TipsReport = z.infer<typeof TipsReportSchema>;
/** `POST /tips/payouts` (admin): the shift's tips from `tips:<tableId>` to `tips-payable:<dealerId>`, with the reason (audited). */
export const TipPayoutBodySchema = z.object({ tableId: tableIdSchema, dealerId: z.string().min(1).max(100), shiftStart: z.number().int().min(0), reason: z.string().trim().min(1).max(500) }).strict();
export type TipPayoutBody = z.infer<typeof TipPayoutBodySchema>;
export const TipPayoutResultSchema = TipPayoutInfoSchema.extend({ tableId: z.string(), dealerId: z.string(), shiftStart: z.number().int(), currency: z.string(), duplicate: z.boolean() });
export type TipPayoutResult = z.infer<typeof TipPayoutResultSchema>;
