import { DEVICE_KINDS, GAME_IDS, type DeviceKind as GamesDeviceKind } from '@felt-studio/games';
import { z } from 'zod';

/**
 * REST bodies and WebSocket messages of the studio server (STYLE.md habit 4: every byte that crosses
 * a process has a versioned schema here). The server validates every body/message with these before
 * it reaches a service; clients (client-sdk, web apps) import the same types.
 */

const posMinor = z.number().int().safe().positive();
const id = z.string().min(1).max(120).regex(/^[A-Za-z0-9_:.-]+$/, 'ids use letters, digits and _ : . -');

/** Game ids come from the games registry (@felt-studio/games): a new game is known to the protocol at once. */
export const GAME_ID_VALUES = GAME_IDS;
export const TABLE_STATUS_VALUES = ['closed', 'open', 'paused', 'maintenance'] as const;
export type TableStatus = (typeof TABLE_STATUS_VALUES)[number];
/** Device kinds come from @felt-studio/games (each game says which kinds may report which events, DEV-AUTH-1). */
export const DEVICE_KIND_VALUES = DEVICE_KINDS;
export type DeviceKind = GamesDeviceKind;

export const SpotLimitSchema = z.object({ minMinor: posMinor, maxMinor: posMinor }).refine((l) => l.minMinor <= l.maxMinor, 'minMinor must be ≤ maxMinor');

export const TableLimitsSchema = z
  .object({
    currency: z.string().regex(/^[A-Z]{3}$/).default('EUR'),
    tableMinMinor: posMinor,
    tableMaxMinor: posMinor,
    spots: z.record(z.string().min(1).max(40), SpotLimitSchema).default({}),
  })
  .refine((l) => l.tableMinMinor <= l.tableMaxMinor, 'tableMinMinor must be ≤ tableMaxMinor');
export type TableLimits = z.infer<typeof TableLimitsSchema>;

export const TableDeviceSchema = z.object({ deviceId: id, kind: z.enum(DEVICE_KIND_VALUES) });
export type TableDevice = z.infer<typeof TableDeviceSchema>;

export const CadenceSchema = z.object({ auto: z.boolean(), pauseS: z.number().int().min(0).max(3600) });

export const CreateTableBodySchema = z.object({
  name: z.string().min(1).max(80),
  game: z.enum(GAME_ID_VALUES),
  profileId: z.string().min(1).max(60),
  limits: TableLimitsSchema,
  betWindowS: z.number().int().min(3).max(300),
  cadence: CadenceSchema.default({ auto: false, pauseS: 5 }),
  devices: z.array(TableDeviceSchema).max(16).default([]),
});
export type CreateTableBody = z.infer<typeof CreateTableBodySchema>;

export const UpdateTableBodySchema = z
  .object({
    name: z.string().min(1).max(80),
    profileId: z.string().min(1).max(60),
    limits: TableLimitsSchema,
    betWindowS: z.number().int().min(3).max(300),
    cadence: CadenceSchema,
    devices: z.array(TableDeviceSchema).max(16),
    /** Why (kept in the audit log with who and when). */
    reason: z.string().min(1).max(500),
  })
  .partial()
  .strict();
export type UpdateTableBody = z.infer<typeof UpdateTableBodySchema>;

/** ROU-7: the pit boss's pre-open check (table, wheel level, free running, ball). */
export const PreOpenCheckBodySchema = z.object({
  checks: z.array(z.string().min(1).max(40)).min(1).max(20),
  note: z.string().max(500).optional(),
});
export type PreOpenCheckBody = z.infer<typeof PreOpenCheckBodySchema>;

export const TableStatusBodySchema = z.object({ status: z.enum(TABLE_STATUS_VALUES), reason: z.string().min(1).max(500) });
export type TableStatusBody = z.infer<typeof TableStatusBodySchema>;

// ---- betting ----
export const PlaceBetBodySchema = z.object({ betId: id, spot: z.string().min(1).max(60), stakeMinor: z.number() });
export type PlaceBetBody = z.infer<typeof PlaceBetBodySchema>;
export const CancelBetBodySchema = z.object({ betId: id });
export type CancelBetBody = z.infer<typeof CancelBetBodySchema>;
/** Rebet / double: `requestId` is client-generated; the new bets get ids `<requestId>:<n>` (idempotent). */
export const BulkBetBodySchema = z.object({ requestId: id });
export type BulkBetBody = z.infer<typeof BulkBetBodySchema>;
/**
 * A player's whole layout as ONE command (issue 13): every chip is decided in order on the state the
 * previous ones produced; the accepted ones commit in one transaction; one ack answers per chip.
 */
export const LAYOUT_MAX_BETS = 60;
export const PlaceLayoutBodySchema = z.object({ bets: z.array(PlaceBetBodySchema).min(1).max(LAYOUT_MAX_BETS) });
export type PlaceLayoutBody = z.infer<typeof PlaceLayoutBodySchema>;

// ---- round control ----
export const ReasonBodySchema = z.object({ reason: z.string().min(1).max(500) });
export type ReasonBody = z.infer<typeof ReasonBodySchema>;
export const ApproveBodySchema = z.object({ requestId: id, reason: z.string().min(1).max(500) });
export type ApproveBody = z.infer<typeof ApproveBodySchema>;
/** A game command entered by hand (manual card, result correction, player decision): validated by the kernel. */
export const GameCommandBodySchema = z.object({ type: z.string().regex(/^[A-Z][A-Za-z]+$/), reason: z.string().max(500).optional() }).catchall(z.unknown());
export type GameCommandBody = z.infer<typeof GameCommandBodySchema>;
export const PlayerDecisionBodySchema = z.object({ type: z.string().regex(/^[A-Z][A-Za-z]+$/) }).catchall(z.unknown());
export type PlayerDecisionBody = z.infer<typeof PlayerDecisionBodySchema>;

/**
 * Every rejection on every transport: HTTP 4xx body and WebSocket `error` frame (D-3). On the WebSocket
 * `status` is the HTTP status the same rejection gets over REST (one mapping, the server's error-codes table).
 */
export const RejectionSchema = z.object({ code: z.string(), ruleId: z.string().nullable(), message: z.string(), details: z.record(z.string(), z.unknown()).optional(), status: z.number().int().optional() });
export type Rejection = z.infer<typeof RejectionSchema>;

/** `POST /alerts/:alertId/ack`: a pit boss acknowledges an alert (stored and audited; the note is optional). */
export const AlertAckBodySchema = z.object({ note: z.string().max(500).optional() }).strict();
export type AlertAckBody = z.infer<typeof AlertAckBodySchema>;

// ---- WebSocket (socket.io) ----
/** Client → server message names: `WS_CLIENT_MESSAGES` in table-commands.ts (the table messages and every table command). */
export const tableIdSchema = id;

/** Server → client frame names. Every round frame carries `seq` (the round's event count). */
export const WS_SERVER_FRAMES = ['round.event', 'round.events', 'round.snapshot', 'table.update', 'alert', 'error', 'device.status', 'table.presence', 'alert.ack', 'chat.message', 'chat.tip', 'chat.moderation', 'tournament.changed'] as const;
export type WsServerFrame = (typeof WS_SERVER_FRAMES)[number];

export interface RoundEventFrame {
  readonly tableId: string;
  readonly roundId: string;
  readonly seq: number;
  readonly type: string;
  /**
   * The event's studio time (server clock, epoch ms; issue 21 §3): a player client with the table's video shows
   * what the event reveals when the video reaches this time (EXT-X-PROGRAM-DATE-TIME), never before.
   */
  readonly at?: number;
  /** The raw event for dealers/pit bosses, and for a player only their own bet events; otherwise null. */
  readonly event: unknown;
  /** kernel.view for the receiving audience after this commit (on the commit's last frame; null on earlier ones). */
  readonly view: unknown;
  /** Dealer / pit boss only, on the commit's last frame: what is due next (baccarat third card, blackjack decision…). */
  readonly next?: readonly { kind: string; message: string; ruleId?: string }[];
  /**
   * The seq of the previous frame this audience was sent for the round (its own stream: a player is
   * not sent other players' bets, only a coalesced `table.update`). Absent: `seq - 1`. A client that
   * has seen less than `prev` missed a frame and resyncs.
   */
  readonly prev?: number;
}

/**
 * `round.events` (a player's own events of one bet commit, issue 13): one frame per commit instead of
 * one `round.event` per own event — a layout of nine chips is one frame beside its ack, serialised once.
 * Equivalent to the `round.event` frames it replaces: event i has `prev` = the seq of event i−1 (the
 * first has `prev` below), `view` goes with the last one. Clients (the SDK) unfold it into those frames.
 */
export interface RoundEventsFrame {
  readonly tableId: string;
  readonly roundId: string;
  /** As RoundEventFrame.prev, for the first event. */
  readonly prev: number;
  readonly events: readonly { readonly seq: number; readonly type: string; readonly event: unknown }[];
  /** kernel.view for this player after the commit (the last event's view). */
  readonly view: unknown;
}

/** The `round.event` frames a `round.events` frame stands for, in order. */
export function unfoldRoundEvents(b: RoundEventsFrame): RoundEventFrame[] {
  const last = b.events.length - 1;
  return b.events.map((e, i) => ({ tableId: b.tableId, roundId: b.roundId, seq: e.seq, type: e.type, event: e.event, view: i === last ? b.view : null, prev: i === 0 ? b.prev : b.events[i - 1]!.seq }));
}

/**
 * `table.update` (players): the other players' bets since the last frame, coalesced a few times per
 * second and serialised once for the whole table (issue 13) — the seq moves on, no bet is exposed.
 */
export interface TableUpdateFrame {
  readonly tableId: string;
  readonly roundId: string;
  readonly seq: number;
  /** As RoundEventFrame.prev: the seq of the previous frame the player was sent. */
  readonly prev: number;
  /** Bets accepted in the round so far (all players), and how many players have bets in it. */
  readonly betCount: number;
  readonly playerCount: number;
}

export interface RoundSnapshotFrame {
  readonly tableId: string;
  readonly roundId: string | null;
  readonly seq: number;
  readonly view: unknown;
  readonly next: readonly { kind: string; message: string; ruleId?: string }[];
}

/**
 * socket.io acknowledgement of a client message. `frames` (issue 25 §2, a client that connected with
 * `auth.ackFrames: true`): the sender's own `round.events` frames of the commits decided while its bet was in
 * flight — one write per bet instead of an ack and a frame; the client handles them as if they had arrived
 * as `round.events` frames, before the ack's result.
 */
export type WsAck = ({ readonly ok: true; readonly result?: unknown } | { readonly ok: false; readonly error: Rejection }) & { readonly frames?: readonly RoundEventsFrame[] };
