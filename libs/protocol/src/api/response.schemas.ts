/**
 * zod schemas of every REST response (issue 12 point 3): the OpenAPI document's response schemas are
 * generated from these (z.toJSONSchema), and each is checked at compile time against the interface
 * the server returns and the SDK reads (`Same<…>` below), so the document cannot drift from the code.
 */
import { z } from 'zod';
import { deviceStatusSchema } from '../mqtt/control.schema.js';
import { GameCommandBodySchema, TABLE_STATUS_VALUES, TableDeviceSchema } from './api.schema.js';
import type { BetRecord, DayBucket, RoundDetail, RoundListItem, TableDay } from './pit.responses.js';
import {
  ALERT_SEVERITIES,
  ROLES,
  type AcceptedBet,
  type Alert,
  type AuditRecord,
  type AuthUser,
  type AlertAck,
  type TablePresence,
  type Balance,
  type BetResult,
  type CommandResult,
  type DepositResult,
  type HealthReport,
  type LoginResult,
  type NextAction,
  type PendingRequest,
  type PlayerRound,
  type PublicUser,
  type RoundSummary,
  type RoundView,
  type ServerTime,
  type StoredRoundEvent,
  type Table,
  type TableResult,
} from './responses.js';

const ms = z.number().int().describe('epoch milliseconds (server clock)');
const minor = z.number().int().describe('integer minor units of the currency');
const BET_STATUS = ['accepted', 'cancelled', 'settled', 'refunded'] as const;

export const AuthUserSchema = z.object({ userId: z.string(), role: z.enum(ROLES), name: z.string() });
export const LoginResultSchema = z.object({ token: z.string(), refreshToken: z.string().optional(), expiresIn: z.number().int().optional(), user: AuthUserSchema });
export const PublicUserSchema = z.object({ userId: z.string(), username: z.string(), name: z.string(), role: z.enum(ROLES) });
export const OkSchema = z.object({ ok: z.literal(true) });
export const RevokedSchema = z.object({ revoked: z.boolean() });
export const ServerTimeSchema = z.object({ now: ms });

export const SpotLimitOutSchema = z.object({ minMinor: minor, maxMinor: minor });
export const PreOpenCheckOutSchema = z.object({ by: z.string(), at: ms, checks: z.array(z.string()), note: z.string().optional() });
export const TableSchema = z.object({
  tableId: z.string(),
  name: z.string(),
  game: z.string(),
  profileId: z.string(),
  currency: z.string(),
  limits: z.object({ spots: z.record(z.string(), SpotLimitOutSchema), tableMinMinor: minor, tableMaxMinor: minor }),
  betWindowS: z.number(),
  cadence: z.object({ auto: z.boolean(), pauseS: z.number() }),
  devices: z.array(TableDeviceSchema),
  status: z.enum(TABLE_STATUS_VALUES),
  preOpenCheck: PreOpenCheckOutSchema.nullable(),
  createdAt: ms,
  updatedAt: ms,
});

export const NextActionSchema = z.object({ kind: z.string(), message: z.string(), ruleId: z.string().optional() });
export const RoundViewSchema = z.object({ roundId: z.string().nullable(), seq: z.number().int(), view: z.unknown().describe("the game's view for the caller's audience (players: redacted)"), next: z.array(NextActionSchema) });
export const RoundSummarySchema = z.object({ roundId: z.string(), phase: z.string(), seq: z.number().int(), openedAt: ms, updatedAt: ms });
export const CommandResultSchema = z.object({ roundId: z.string(), seq: z.number().int(), phase: z.string(), events: z.array(z.object({ seq: z.number().int(), type: z.string() })), duplicate: z.boolean() });
export const AcceptedBetSchema = z.object({ betId: z.string(), playerId: z.string(), spot: z.string(), stakeMinor: minor, acceptedAt: ms, kind: z.string(), parentBetId: z.string().optional() });
/** The player's round after a bet command (issue 25 §2: an ack carries these, never the whole bet list; `GET bets/mine` has it). */
export const BetTotalsSchema = z.object({ count: z.number().int().nonnegative().describe("the player's accepted bets in the round"), stakedMinor: minor.describe('their stakes, in minor units') });
export const BetResultSchema = z.object({
  roundId: z.string(),
  seq: z.number().int(),
  phase: z.string(),
  duplicate: z.boolean(),
  bets: z.array(AcceptedBetSchema).describe('the bets this command placed (empty for a cancel)'),
  totals: BetTotalsSchema,
});
/** `bet.layout` / `POST /tables/{id}/bets/layout` (issue 13): one answer per chip. */
export const LayoutResultSchema = z.object({
  roundId: z.string().nullable(),
  seq: z.number().int(),
  results: z.array(z.union([z.object({ betId: z.string(), ok: z.literal(true) }), z.object({ betId: z.string(), ok: z.literal(false), error: z.object({ code: z.string(), ruleId: z.string().nullable(), message: z.string() }) })])),
  bets: z.array(AcceptedBetSchema).describe("the layout's accepted chips"),
  totals: BetTotalsSchema,
});
export const PendingRequestSchema = z.object({
  requestId: z.string(),
  kind: z.enum(['void', 'manual']),
  tableId: z.string(),
  roundId: z.string(),
  by: z.string(),
  role: z.string(),
  reason: z.string(),
  at: ms,
  command: GameCommandBodySchema.optional(),
});
export const BalanceSchema = z.object({ playerId: z.string(), currency: z.string(), balanceMinor: minor });
export const DepositResultSchema = z.object({ depositId: z.string(), created: z.boolean(), balance: BalanceSchema });
export const AlertAckSchema = z.object({ by: z.string(), byName: z.string(), at: ms, note: z.string().nullable() });
export const AlertSchema = z.object({ alertId: z.string(), tableId: z.string().nullable(), roundId: z.string().nullable(), severity: z.enum(ALERT_SEVERITIES), code: z.string(), message: z.string(), at: ms, ack: AlertAckSchema.nullable().optional(), subject: z.string().nullable().optional(), count: z.number().int().positive().optional(), lastAt: ms.optional(), resolvedAt: ms.nullable().optional(), escalatedAt: ms.nullable().optional() });
export const TablePresenceSchema = z.object({ tableId: z.string(), players: z.number().int(), dealers: z.array(z.object({ userId: z.string(), name: z.string(), since: ms })).optional() });
export const AuditRecordSchema = z.object({ auditId: z.string(), actor: z.string(), role: z.string(), action: z.string(), reason: z.string(), target: z.string(), at: ms });
export const StoredRoundEventSchema = z.object({ roundId: z.string(), tableId: z.string(), seq: z.number().int(), type: z.string(), at: ms, payload: z.unknown(), recordedAt: ms, causationId: z.string().nullable() });
const componentResult = z.record(z.string(), z.object({ status: z.string(), message: z.string().optional() }));
export const HealthReportSchema = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']).optional(),
  broker: z.enum(['up', 'down']),
  queue: z.enum(['up', 'down']),
  details: z.record(z.string(), z.string()),
  info: componentResult.optional(),
  error: componentResult.optional(),
});
/** `GET /health/ready` (issue 22 §10): the health report plus whether the instance is draining (SIGTERM). */
export const ReadinessReportSchema = HealthReportSchema.extend({ draining: z.boolean() });
/** `GET /health/live` (issue 22 §10): the process answers. */
export const LivenessSchema = z.object({ status: z.literal('ok') });
export const TableResultSchema = z.object({ roundId: z.string(), phase: z.string(), openedAt: ms, finishedAt: ms, view: z.unknown() });
export const PlayerBetRecordSchema = z.object({
  betId: z.string(),
  spot: z.string(),
  kind: z.string(),
  stakeMinor: minor,
  status: z.enum(BET_STATUS),
  returnMinor: minor.nullable(),
  currency: z.string(),
  placedAt: ms,
  settledAt: ms.nullable(),
});
export const PlayerRoundSchema = z.object({ roundId: z.string(), tableId: z.string(), placedAt: ms, settledAt: ms.nullable(), stakeMinor: minor, returnMinor: minor.nullable(), currency: z.string(), bets: z.array(PlayerBetRecordSchema) });

// pit boss read side
const roundMoney = { bets: z.number().int(), players: z.number().int(), stakedMinor: minor, holdMinor: minor };
export const RoundListItemSchema = z.object({ ...roundMoney, roundId: z.string(), tableId: z.string(), game: z.string(), phase: z.string(), seq: z.number().int(), openedAt: ms, updatedAt: ms });
export const DayBucketSchema = z.object({ at: ms, rounds: z.number().int(), stakedMinor: minor, holdMinor: minor });
export const TableDaySchema = z.object({ tableId: z.string(), currency: z.string(), rounds: z.number().int(), voided: z.number().int(), stakedMinor: minor, holdMinor: minor, buckets: z.array(DayBucketSchema) });
export const BetRecordSchema = z.object({
  betId: z.string(),
  roundId: z.string(),
  tableId: z.string(),
  playerId: z.string(),
  spot: z.string(),
  kind: z.string(),
  stakeMinor: minor,
  currency: z.string(),
  status: z.enum(BET_STATUS),
  returnMinor: minor.nullable(),
  placedAt: ms,
  settledAt: ms.nullable(),
});
export const RoundDetailSchema = z.object({ round: RoundListItemSchema, bets: z.array(BetRecordSchema), events: z.array(StoredRoundEventSchema) });

// devices, credentials, ledger check (server-side types with no interface in this package)
export const DeviceHealthSchema = z.object({ tableId: z.string(), deviceId: z.string(), status: deviceStatusSchema.nullable(), lastSeq: z.number().int().nullable(), lastEventAt: ms.nullable() });
export const DeviceCredentialInfoSchema = z.object({ username: z.string(), tableId: z.string(), deviceId: z.string(), createdAt: ms, rotatedAt: ms });
export const IssuedDeviceCredentialSchema = DeviceCredentialInfoSchema.extend({ password: z.string().describe('shown once: store it in the device config') });
/** A device's MQTT credential as listed (issue 9 finding 1): username `{tableId}/{deviceId}`, never the secret. */
export type DeviceCredentialInfo = z.output<typeof DeviceCredentialInfoSchema>;
/** Returned once, when a credential is issued or rotated: the only time the secret is visible. */
export type IssuedDeviceCredential = z.output<typeof IssuedDeviceCredentialSchema>;
export const LedgerCheckReportSchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  bets: z.number().int(),
  totals: z.record(z.string(), minor),
  violations: z.array(z.object({ code: z.string(), ruleId: z.literal('NN-2'), message: z.string() })),
});

// ---- compile-time: each schema describes exactly its interface (both directions assignable) ----
/** Deeply readonly (the interfaces use readonly arrays; zod outputs mutable ones). */
type RO<T> = T extends readonly (infer U)[] ? readonly RO<U>[] : T extends object ? { readonly [K in keyof T]: RO<T[K]> } : T;
type Same<A, B> = [RO<A>] extends [RO<B>] ? ([RO<B>] extends [RO<A>] ? true : false) : false;
type Out<S extends z.ZodType> = z.output<S>;
const same = <T extends true>(): T | undefined => undefined;
same<Same<Out<typeof AuthUserSchema>, AuthUser>>();
same<Same<Out<typeof LoginResultSchema>, LoginResult>>();
same<Same<Out<typeof PublicUserSchema>, PublicUser>>();
same<Same<Out<typeof ServerTimeSchema>, ServerTime>>();
same<Same<Out<typeof TableSchema>, Table>>();
same<Same<Out<typeof NextActionSchema>, NextAction>>();
same<Same<Out<typeof RoundViewSchema>, RoundView>>();
same<Same<Out<typeof RoundSummarySchema>, RoundSummary>>();
same<Same<Out<typeof CommandResultSchema>, CommandResult>>();
same<Same<Out<typeof AcceptedBetSchema>, AcceptedBet>>();
same<Same<Out<typeof BetResultSchema>, BetResult>>();
same<Same<Out<typeof PendingRequestSchema>, PendingRequest>>();
same<Same<Out<typeof BalanceSchema>, Balance>>();
same<Same<Out<typeof DepositResultSchema>, DepositResult>>();
same<Same<Out<typeof AlertSchema>, Alert>>();
same<Same<Out<typeof AlertAckSchema>, AlertAck>>();
same<Same<Out<typeof TablePresenceSchema>, TablePresence>>();
same<Same<Out<typeof AuditRecordSchema>, AuditRecord>>();
same<Same<Out<typeof StoredRoundEventSchema>, StoredRoundEvent>>();
same<Same<Out<typeof HealthReportSchema>, HealthReport>>();
same<Same<Out<typeof TableResultSchema>, TableResult>>();
same<Same<Out<typeof PlayerRoundSchema>, PlayerRound>>();
same<Same<Out<typeof RoundListItemSchema>, RoundListItem>>();
same<Same<Out<typeof DayBucketSchema>, DayBucket>>();
same<Same<Out<typeof TableDaySchema>, TableDay>>();
same<Same<Out<typeof BetRecordSchema>, BetRecord>>();
same<Same<Out<typeof RoundDetailSchema>, RoundDetail>>();
