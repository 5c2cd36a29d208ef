import { z } from 'zod';
import { tableIdSchema, BulkBetBodySchema, CancelBetBodySchema, GameCommandBodySchema, PlaceBetBodySchema, PlaceLayoutBodySchema, PlayerDecisionBodySchema, ReasonBodySchema } from './api.schema.js';
import { BetResultSchema, CommandResultSchema, LayoutResultSchema, PendingRequestSchema } from './response.schemas.js';
import { CannedChatBodySchema, ChatSendResultSchema, ModerateChatBodySchema, ModerationResultSchema, SendChatBodySchema, TipBodySchema, TipResultSchema } from './chat.schemas.js';

/**
 * Table commands, the wire half of their one definition (issue 19 §3, STYLE.md "A command is defined
 * once"): the op (the WebSocket message name), the input schema, the success answer and, optionally,
 * the REST route. The studio server adds who may send it and the handler (`apps/studio-server/src/shared/commands`);
 * REST routes, WS messages, OpenAPI operations, forwarding to the table's owner and the SDK's
 * `command(op, …)` / `send(op, …)` are all derived from this list — nothing else names a command.
 *
 * Input, whatever the transport: over WS the message is `{ tableId, ...input }`; over REST the table id
 * is the path's `{id}`, the other path parameters are fields of the input and the JSON body is the rest
 * (or, with `rest.body`, the one field it names).
 */
export interface CommandRoute {
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI-style template starting `/tables/{id}`; other `{param}`s are fields of the input. */
  readonly path: string;
  /** Success status (default 200). */
  readonly status?: 200 | 201;
  /** The REST body is this one field of the input (e.g. a player's decision is the body itself). */
  readonly body?: string;
}

export interface TableCommandWire<S extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  readonly op: string;
  readonly summary: string;
  /** The input (without the table id). */
  readonly schema: S;
  /** The success answer (acks and REST bodies carry events as `{seq, type}` only). */
  readonly response: R;
  readonly rest?: CommandRoute;
}

/** Identity with the types kept: `defineWire({...})`. */
export const defineWire = <S extends z.ZodObject, R extends z.ZodType>(w: TableCommandWire<S, R>): TableCommandWire<S, R> => w;

const none = z.object({});
/** Approving a pending request: its id (a path parameter over REST, any non-empty string: it is looked up, never stored) and why. */
export const ApproveRequestSchema = z.object({ requestId: z.string().min(1).max(200), reason: ReasonBodySchema.shape.reason });
/** A bet command's answer: the bets, and the events it committed as `{seq, type}` (never the raw events). */
export const BetAnswerSchema = BetResultSchema.extend({ events: z.array(z.object({ seq: z.number().int(), type: z.string() })) });
const committed = CommandResultSchema;
const t = (rest: string): string => `/tables/{id}${rest}`;

export const TABLE_COMMAND_WIRES = {
  // ---- bets (player) ----
  'bet.place': defineWire({ op: 'bet.place', summary: 'Place a bet (idempotent by betId; GEN-2/GEN-4, RES-1..5)', schema: PlaceBetBodySchema, response: BetAnswerSchema, rest: { method: 'POST', path: t('/bets') } }),
  'bet.layout': defineWire({ op: 'bet.layout', summary: "A player's whole layout as one command: each chip decided in order, the accepted ones in one transaction, one answer per chip", schema: PlaceLayoutBodySchema, response: LayoutResultSchema, rest: { method: 'POST', path: t('/bets/layout') } }),
  'bet.rebet': defineWire({ op: 'bet.rebet', summary: "Repeat the player's bets of the previous round", schema: BulkBetBodySchema, response: BetAnswerSchema, rest: { method: 'POST', path: t('/bets/rebet') } }),
  'bet.double': defineWire({ op: 'bet.double', summary: "Double the player's bets of this round", schema: BulkBetBodySchema, response: BetAnswerSchema, rest: { method: 'POST', path: t('/bets/double') } }),
  'bet.cancel': defineWire({ op: 'bet.cancel', summary: 'Cancel a bet while betting is open', schema: CancelBetBodySchema, response: BetAnswerSchema, rest: { method: 'DELETE', path: t('/bets/{betId}') } }),
  'player.decision': defineWire({ op: 'player.decision', summary: "A player's decision (blackjack hit/stand/…)", schema: z.object({ command: PlayerDecisionBodySchema }), response: committed, rest: { method: 'POST', path: t('/round/decisions'), body: 'command' } }),
  // ---- round control (dealer, pit boss) ----
  'round.open': defineWire({ op: 'round.open', summary: 'Open the next round', schema: none, response: committed, rest: { method: 'POST', path: t('/rounds'), status: 201 } }),
  'round.close': defineWire({ op: 'round.close', summary: 'No more bets (GEN-3)', schema: none, response: committed, rest: { method: 'POST', path: t('/round/close') } }),
  'round.void-request': defineWire({ op: 'round.void-request', summary: 'Ask a pit boss to void the round (GEN-6)', schema: ReasonBodySchema, response: PendingRequestSchema, rest: { method: 'POST', path: t('/round/void-requests'), status: 201 } }),
  'round.void-approve': defineWire({ op: 'round.void-approve', summary: 'Approve a void request (second person, GEN-6)', schema: ApproveRequestSchema, response: committed, rest: { method: 'POST', path: t('/round/void-requests/{requestId}/approve') } }),
  'round.void': defineWire({ op: 'round.void', summary: 'Void the round with refunds (pit boss, audited)', schema: ReasonBodySchema, response: committed, rest: { method: 'POST', path: t('/round/void') } }),
  'round.resume-play': defineWire({ op: 'round.resume-play', summary: 'Resume a stalled round (PlayStalled): the step deadline is re-armed (pit boss, audited; issue 9 §5)', schema: ReasonBodySchema, response: committed, rest: { method: 'POST', path: t('/round/resume-play') } }),
  'round.manual-entry': defineWire({ op: 'round.manual-entry', summary: 'A card or command entered by hand (dealer, S-3): a request a pit boss approves', schema: GameCommandBodySchema, response: PendingRequestSchema, rest: { method: 'POST', path: t('/round/manual-entries'), status: 201 } }),
  'round.manual-approve': defineWire({ op: 'round.manual-approve', summary: 'Sign off a manual entry or a correction (a second pit boss or an admin, never the requester)', schema: ApproveRequestSchema, response: committed, rest: { method: 'POST', path: t('/round/manual-entries/{requestId}/approve') } }),
  'round.correction': defineWire({ op: 'round.correction', summary: 'Propose a result correction for a second person to approve (pit boss, audited; refused while betting is open)', schema: GameCommandBodySchema, response: PendingRequestSchema, rest: { method: 'POST', path: t('/round/corrections'), status: 201 } }),
  'round.dealer-command': defineWire({ op: 'round.dealer-command', summary: "A dealer command of the table's game", schema: GameCommandBodySchema, response: committed, rest: { method: 'POST', path: t('/round/dealer-commands') } }),
  // ---- table chat and tips (issue 24; docs/chat-and-tips.md) ----
  'chat.send': defineWire({ op: 'chat.send', summary: "A player's chat message to the table they have open (CHAT-7; idempotent by messageId; refused: rate CHAT-2, muted/banned CHAT-5, word filter CHAT-3, links or money CHAT-4)", schema: SendChatBodySchema, response: ChatSendResultSchema, rest: { method: 'POST', path: t('/chat/messages'), status: 201 } }),
  'chat.canned': defineWire({ op: 'chat.canned', summary: "The dealer's canned answer (one of the studio's list, shown in each player's language)", schema: CannedChatBodySchema, response: ChatSendResultSchema, rest: { method: 'POST', path: t('/chat/canned'), status: 201 } }),
  'chat.moderate': defineWire({ op: 'chat.moderate', summary: "Mute (minutes) or ban a player from the table's chat, or lift it (pit boss, audited with the reason; CHAT-5)", schema: ModerateChatBodySchema, response: ModerationResultSchema, rest: { method: 'POST', path: t('/chat/moderation') } }),
  'chat.tip': defineWire({ op: 'chat.tip', summary: "A tip to the table's dealer from the player's wallet (only with the table open, CHAT-7), posted to the table's tips account with the dealer on duty (idempotent by tipId; TIP-1, TIP-2, TIP-4)", schema: TipBodySchema, response: TipResultSchema, rest: { method: 'POST', path: t('/tips'), status: 201 } }),
} as const;

export type TableCommandOp = keyof typeof TABLE_COMMAND_WIRES;
/** What a client passes (zod input: defaults may be left out). */
export type TableCommandInput<K extends TableCommandOp> = z.input<(typeof TABLE_COMMAND_WIRES)[K]['schema']>;
/** What the handler receives (zod output). */
export type TableCommandArgs<K extends TableCommandOp> = z.output<(typeof TABLE_COMMAND_WIRES)[K]['schema']>;
export type TableCommandResult<K extends TableCommandOp> = z.output<(typeof TABLE_COMMAND_WIRES)[K]['response']>;

/** The WebSocket message of a command: its input with the table id. */
export const wsMessageOf = <S extends z.ZodObject>(schema: S) => schema.extend({ tableId: tableIdSchema });

type WsMessages<W extends Record<string, { readonly schema: z.ZodObject }>> = { readonly [K in keyof W]: ReturnType<typeof wsMessageOf<W[K]['schema']>> };

/** Every command's WS message schema, keyed by op. */
export function wsMessagesOf<W extends Record<string, { readonly schema: z.ZodObject }>>(wires: W): WsMessages<W> {
  return Object.fromEntries(Object.entries(wires).map(([op, w]) => [op, wsMessageOf(w.schema)])) as WsMessages<W>;
}

/** The `{param}` names of a route template, `id` (the table) first. */
export const routeParams = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** A REST request's input: the path parameters (not the table id) and the body, as the command schema reads it. */
export function restInputOf(route: CommandRoute, params: Readonly<Record<string, string | undefined>>, body: unknown): unknown {
  const fromPath = Object.fromEntries(routeParams(route.path).filter((p) => p !== 'id').map((p) => [p, params[p]]));
  if (route.body !== undefined) return { ...fromPath, [route.body]: body };
  if (body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body))) return { ...((body as object | null | undefined) ?? {}), ...fromPath };
  return body; // not an object: the schema refuses it (INVALID_INPUT)
}

/** The REST call of a command for a client: method, path (parameters filled in) and JSON body (absent: none). */
export function restCallOf(route: CommandRoute, tableId: string, input: Readonly<Record<string, unknown>>): { method: string; path: string; body?: unknown } {
  const params = routeParams(route.path);
  const path = route.path.replace(/\{([^}]+)\}/g, (_m, p: string) => encodeURIComponent(p === 'id' ? tableId : String(input[p])));
  if (route.body !== undefined) return { method: route.method, path, body: input[route.body] };
  const rest = Object.fromEntries(Object.entries(input).filter(([k]) => !params.includes(k)));
  return Object.keys(rest).length === 0 && route.method === 'DELETE' ? { method: route.method, path } : { method: route.method, path, ...(Object.keys(rest).length ? { body: rest } : {}) };
}

/** The part of the input a REST body carries (for the OpenAPI request body); null: no body. */
export function restBodySchemaOf(route: CommandRoute, schema: z.ZodObject): z.ZodType | null {
  if (route.body !== undefined) return (schema.shape as Record<string, z.ZodType>)[route.body] ?? null;
  const inPath = routeParams(route.path).filter((p) => p !== 'id' && p in schema.shape);
  const body = inPath.length ? schema.omit(Object.fromEntries(inPath.map((p) => [p, true])) as never) : schema;
  return Object.keys(body.shape).length === 0 ? null : body;
}

// ---- WebSocket (socket.io) ----
/** Client → server message names (socket.io event names) and their payload schemas: the table's own messages and every table command. */
export const WS_CLIENT_MESSAGES = {
  'table.join': z.object({ tableId: tableIdSchema, roundId: tableIdSchema.optional(), lastSeq: z.number().int().min(0).optional() }),
  'table.leave': z.object({ tableId: tableIdSchema }),
  /** A player has the table itself open (not a lobby glance): counted in the table's presence (issue 7 lobby). */
  'table.presence': z.object({ tableId: tableIdSchema, present: z.boolean() }),
  ...wsMessagesOf(TABLE_COMMAND_WIRES),
} as const;
export type WsClientMessage = keyof typeof WS_CLIENT_MESSAGES;
export const WS_CLIENT_MESSAGE_NAMES = Object.keys(WS_CLIENT_MESSAGES) as WsClientMessage[];
