import { z } from 'zod';
import { tableIdSchema } from './api.schema.js';
import { tournament } from '@felt-studio/games';
import type { PokerTableFrame } from './poker-table.contract.js';

/**
 * Poker tournaments (issue 24 "Tournaments"; docs/tournaments.md): the REST bodies and answers. The terms
 * are data (`libs/games/src/tournament`: `TournamentDef`); every field is validated here, at the edge (NN-5),
 * and again by the pure `validateDef` (TRN-DEF).
 */

const id = tableIdSchema;
const minor = z.number().int().min(0).max(100_000_000_000);
const chips = z.number().int().min(1).max(1_000_000_000);
const ms = z.number().int().min(1).max(7 * 86_400_000);

export const TournamentStructureItemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('level'), smallBlind: chips, bigBlind: chips, ante: z.number().int().min(0).max(1_000_000_000), durationMs: ms }).strict(),
  z.object({ type: z.literal('break'), durationMs: ms }).strict(),
]);

export const PayoutRowSchema = z.object({ minEntries: z.number().int().min(2).max(100_000), maxEntries: z.number().int().min(2).max(100_000), basisPoints: z.array(z.number().int().min(1).max(10_000)).min(1).max(1_000) }).strict();

/** `POST /tournaments` (pit boss/admin): the published terms. `payoutTable` defaults to the studio's standard table (TRN-PAY). */
export const CreateTournamentBodySchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    kind: z.enum(['sit-and-go', 'scheduled']),
    currency: z.string().regex(/^[A-Z]{3}$/),
    buyInMinor: minor,
    feeMinor: minor,
    startingStack: chips,
    seatsPerTable: z.number().int().min(2).max(10),
    minPlayers: z.number().int().min(2).max(1_000),
    maxPlayers: z.number().int().min(2).max(1_000),
    startsAt: z.number().int().min(0).nullable(),
    structure: z.array(TournamentStructureItemSchema).min(1).max(200),
    lateRegistrationLevels: z.number().int().min(0).max(200),
    reEntry: z.object({ maxReEntries: z.number().int().min(1).max(20), untilLevel: z.number().int().min(1).max(200) }).strict().nullable(),
    payoutTable: z.array(PayoutRowSchema).min(1).max(100).optional(),
    /** S1-TIMEBANK: each entry's time bank for the whole tournament (ms; absent or 0: none; at most 10 minutes). */
    timeBankMs: z.number().int().min(0).max(tournament.MAX_TIME_BANK_MS).optional(),
  })
  .strict();
export type CreateTournamentBody = z.infer<typeof CreateTournamentBodySchema>;

/** `POST /tournaments/{id}/entries`: register, register late or re-enter (TRN-REG/LATE/REENTRY); idempotent by the client-made `entryId`. */
export const TournamentEntryBodySchema = z.object({ entryId: z.string().min(1).max(80).regex(/^[A-Za-z0-9_.-]+$/, 'an entry id uses letters, digits and _ . -') }).strict();

/** `POST /tournaments/{id}/control` (pit boss): S1-PAUSE pause/resume, TRN-TIME add time, TRN-CANCEL/S1-FAIL cancel — always with a reason (audited). */
export const TournamentControlBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pause'), reason: z.string().trim().min(1).max(500) }).strict(),
  z.object({ action: z.literal('resume'), reason: z.string().trim().min(1).max(500) }).strict(),
  z.object({ action: z.literal('add-time'), ms: z.number().int().min(1).max(3_600_000), reason: z.string().trim().min(1).max(500) }).strict(),
  z.object({ action: z.literal('cancel'), reason: z.string().trim().min(1).max(500) }).strict(),
]);
export type TournamentControlBody = z.infer<typeof TournamentControlBodySchema>;

export const TournamentStatusSchema = z.enum(['registering', 'running', 'paused', 'finished', 'cancelled']);

export const TournamentLevelSchema = z.object({
  index: z.number().int(),
  type: z.enum(['level', 'break']),
  smallBlind: z.number().int().nullable(),
  bigBlind: z.number().int().nullable(),
  ante: z.number().int().nullable(),
  /** when the level ends on the server's clock (null: paused, the last level, not started). */
  endsAt: z.number().int().nullable(),
  /** while paused: what is left of the level. */
  remainingMs: z.number().int().nullable(),
});

/** One row of the tournament lobby. */
export const TournamentSummarySchema = z.object({
  tournamentId: id,
  name: z.string(),
  kind: z.enum(['sit-and-go', 'scheduled']),
  status: TournamentStatusSchema,
  currency: z.string(),
  buyInMinor: z.number().int(),
  feeMinor: z.number().int(),
  startingStack: z.number().int(),
  maxPlayers: z.number().int(),
  startsAt: z.number().int().nullable(),
  startedAt: z.number().int().nullable(),
  endedAt: z.number().int().nullable(),
  entries: z.number().int(),
  remaining: z.number().int(),
  poolMinor: z.number().int(),
  registrationOpen: z.boolean(),
  level: TournamentLevelSchema,
});
export type TournamentSummary = z.infer<typeof TournamentSummarySchema>;

export const TournamentPayoutSchema = z.object({
  kind: z.enum(['prize', 'buy-in-refund', 'fee-refund']),
  amountMinor: z.number().int(),
  place: z.number().int().nullable(),
  placeTo: z.number().int().nullable(),
  rule: z.string(),
  /** the viewer's own line. */
  mine: z.boolean(),
  /** staff only. */
  playerId: z.string().optional(),
});

export const TournamentEntryViewSchema = z.object({
  entryId: id,
  status: z.enum(['playing', 'busted', 'won']),
  chips: z.number().int(),
  tableNo: z.number().int().nullable(),
  seat: z.number().int().nullable(),
  /** staff only. */
  playerId: z.string().optional(),
  /** staff only: the account's display name (null: the account is gone). */
  name: z.string().nullable().optional(),
});

/** `GET /tournaments/{id}`: the lobby row plus the structure, the prizes, the tables and the viewer's entries (a player sees no other player's id). */
export const TournamentViewSchema = TournamentSummarySchema.extend({
  structure: z.array(TournamentStructureItemSchema),
  lateRegistrationLevels: z.number().int(),
  reEntry: z.object({ maxReEntries: z.number().int(), untilLevel: z.number().int() }).nullable(),
  /** TRN-PAY: the prizes for the field as it stands, 1st first. */
  prizes: z.array(z.number().int()),
  tables: z.array(z.object({ tableNo: z.number().int(), players: z.number().int() })),
  /** the viewer's entries (players), every entry (staff). */
  entriesView: z.array(TournamentEntryViewSchema),
  /** the chip counts of the players left, largest first (no ids). */
  chipCounts: z.array(z.number().int()),
  handForHand: z.boolean(),
  payouts: z.array(TournamentPayoutSchema),
  endReason: z.string().nullable(),
});
export type TournamentView = z.infer<typeof TournamentViewSchema>;

export const TournamentEntryResultSchema = z.object({ tournamentId: id, entryId: id, reEntry: z.boolean(), duplicate: z.boolean(), tableNo: z.number().int().nullable(), seat: z.number().int().nullable() });
export type TournamentEntryResult = z.infer<typeof TournamentEntryResultSchema>;

/** `GET /tournaments/{id}/log` (pit boss/admin): the tournament's events in order (what `felt tournament` replays). */
export const TournamentLogSchema = z.object({ tournamentId: id, events: z.array(z.object({ type: z.string(), at: z.number() }).passthrough()) });
export type TournamentLog = z.infer<typeof TournamentLogSchema>;

/**
 * `GET /tournaments/{id}/tables` (pit boss, admin): every table — its seats, each entry's player and chips, who sits
 * in — and its hand of the round in play (else of the last one) as the pit boss sees a live hand: down cards only
 * once it is over (`staffTablesView`, non-negotiable 4), with the hand's logged actions.
 */
export const TournamentTablesViewSchema = z.object({ tournamentId: id, seatsPerTable: z.number().int(), tables: z.array(z.object({ tableNo: z.number().int(), live: z.boolean(), seats: z.array(z.object({ seat: z.number().int(), entryId: z.string(), chips: z.number().int() }).passthrough()) }).passthrough()) });
export interface TournamentTablesView {
  readonly tournamentId: string;
  readonly seatsPerTable: number;
  /** each seat with its player's display name (null: the account is gone). */
  readonly tables: readonly (Omit<tournament.TournamentStaffTable, 'seats'> & { readonly seats: readonly (tournament.TournamentStaffTable['seats'][number] & { readonly name: string | null })[] })[];
}

/** `POST /tournaments/{id}/seat` (player, TRN-PLAY): take your seat (`sitting: true`: you act on your own turns) or leave it (TRN-ABSENT: folded on your turns). */
export const TournamentSeatBodySchema = z.object({ sitting: z.boolean() }).strict();
export type TournamentSeatBody = z.infer<typeof TournamentSeatBodySchema>;

/**
 * `POST /tournaments/{id}/actions` (player, TRN-PLAY): your action in your tournament hand, as `poker.act` at a live
 * table (`toMinor`: the street total for bet/raise); `time-bank` as `poker.time-bank` (S1-TIMEBANK: in a tournament
 * that publishes one, what is left of your bank is added to your clock, once a turn).
 */
export const TournamentActionBodySchema = z
  .object({ handId: id.optional(), action: z.enum(['fold', 'check', 'call', 'bet', 'raise', 'all-in', 'time-bank']), toMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() })
  .strict();
export type TournamentActionBody = z.infer<typeof TournamentActionBodySchema>;

/** What a tournament table frame adds to a live table's frame (TRN-PLAY). */
export interface TournamentTableInfo {
  readonly tournamentId: string;
  readonly name: string;
  readonly status: 'registering' | 'running' | 'paused' | 'finished' | 'cancelled';
  readonly tableNo: number | null;
  readonly seat: number | null;
  /** you act on your own turns (false: you are away — never sat in, sat out, or sat out by a timeout — and your hand is folded on your turns, blinds and antes still posted: TRN-ABSENT). */
  readonly sittingIn: boolean;
  /** your own logged actions in the hand shown, with who decided each (`absent`: folded while you were away, TRN-ABSENT; `timeout`: your clock ran out). */
  readonly myActions: tournament.TournamentTableView['myActions'];
  /** still in the tournament (an entry playing). */
  readonly playing: boolean;
  readonly level: { readonly index: number; readonly smallBlind: number | null; readonly bigBlind: number | null; readonly ante: number | null; readonly endsAt: number | null };
}

/**
 * `GET /tournaments/{id}/table` (and the answer of `/seat` and `/actions`): the player's tournament table in the
 * live tables' frame shape (`PokerTableFrame`: the hand is `viewHand` for this player — their own hole cards only;
 * other seats are `Seat N`; chips in the currency `XXX`, ISO 4217 "no currency": tournament chips are not money)
 * plus `tournament`.
 */
export const TournamentTableFrameSchema = z.object({ tableId: z.string(), seq: z.number(), tournament: z.object({ tournamentId: z.string(), sittingIn: z.boolean() }).passthrough() }).passthrough();
export interface TournamentTableFrame extends PokerTableFrame {
  readonly tournament: TournamentTableInfo;
}

/**
 * `tournament.changed` (server → client): a tournament's log moved on (a registration, a level, a hand's action, a
 * seat taken, a control). Pushed to the pit bosses and to every player with an entry in it, on every instance. It
 * carries no tournament data — the screens read it again through their audience's view
 * (`GET /tournaments/{id}/table` for a player, `/tournaments/{id}` and `/tables` for the pit boss), so nothing
 * reaches a socket that the reader's view hides; it replaces polling every 1–2 s.
 */
export const TournamentChangedFrameSchema = z.object({ tournamentId: z.string(), seq: z.number().int() }).strict();
export type TournamentChangedFrame = z.infer<typeof TournamentChangedFrameSchema>;
