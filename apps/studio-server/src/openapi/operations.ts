/**
 * Every REST operation of the studio server with the zod schemas of its request body, query and
 * response (issue 12 point 3). The OpenAPI document is generated from this table (openapi.ts); a test
 * fails when a route has no row here or a row names no route. Schemas come from @felt-studio/protocol; the few
 * bodies a module still owns (login, users, deposit) are imported from that module.
 */
import {
  AcceptedBetSchema,
  AlertAckBodySchema,
  AlertSchema,
  ChatHistorySchema,
  TablePresenceSchema,
  AuditRecordSchema,
  AuthUserSchema,
  BalanceSchema,
  CreateTableBodySchema,
  DepositResultSchema,
  DeviceCredentialInfoSchema,
  DeviceHealthSchema,
  HealthReportSchema,
  LivenessSchema,
  ReadinessReportSchema,
  IssuedDeviceCredentialSchema,
  LedgerCheckReportSchema,
  LoginResultSchema,
  OkSchema,
  PendingRequestSchema,
  PlayerLimitsSchema,
  RealityCheckBodySchema,
  SelfExclusionBodySchema,
  SetLimitBodySchema,
  PlayerRoundSchema,
  PreOpenCheckBodySchema,
  PublicUserSchema,
  ReasonBodySchema,
  RevokedSchema,
  RoundDetailSchema,
  RoundListItemSchema,
  RoundSummarySchema,
  RoundViewSchema,
  ServerTimeSchema,
  StoredRoundEventSchema,
  TableDaySchema,
  TableResultSchema,
  TableSchema,
  TableStatusBodySchema,
  UpdateTableBodySchema,
} from '@felt-studio/protocol';
import { z } from 'zod';
import { LaunchBody, LoginBody, RefreshBody, TotpCodeBody } from '../auth/auth.service.js';

const TotpEnrolmentSchema = z.object({ secret: z.string(), uri: z.string() });
import { CreateUserBody } from '../auth/users.controller.js';
import { DayQuerySchema, RoundSearchQuerySchema } from '../pit/pit.controller.js';
import { DepositBody } from '../wallet/wallet.service.js';
import { DeadLetterRetryBody, DeadLetterRetryResultSchema, DeadLetterRowSchema, OperatorConfigBody, OperatorLaunchBody, OperatorLaunchResultSchema, OperatorSessionBody, OperatorViewSchema, PlayerLinkSchema, ReconciliationQuerySchema, ReconciliationReportSchema } from '@felt-studio/protocol';
import type { CommandError } from '../shared/commands/command.types.js';
import { MediaAuthQuery, MediaFileQuery, PlayerStreamSchema, TableStreamsBody, TableStreamsSchema, WhepQuery } from '../streams/streams.schema.js';
import { CreatePokerTableBody, PokerHandEventsSchema, PokerHandListSchema, PokerLobbySchema, PokerTableDefSchema } from '@felt-studio/protocol';
import { FlagPlayerBodySchema, PlayerFlagListSchema, PlayerFlagQuerySchema, PlayerFlagSchema } from '@felt-studio/protocol';
import { TipPayoutBodySchema, TipPayoutResultSchema, TipsReportQuerySchema, TipsReportSchema } from '@felt-studio/protocol';
import { CreateTournamentBodySchema, TournamentActionBodySchema, TournamentControlBodySchema, TournamentSeatBodySchema, TournamentTableFrameSchema, TournamentEntryBodySchema, TournamentEntryResultSchema, TournamentLogSchema, TournamentSummarySchema, TournamentTablesViewSchema, TournamentViewSchema } from '@felt-studio/protocol';
import { BetPatternsSchema, LateBettorListSchema, PlayerIntegrityListSchema, PokerTableIntegrityListSchema, ShoeIntegrityListSchema, WheelIntegrityListSchema, WheelIntegritySchema } from '@felt-studio/protocol';

/** `GAME_RULES`: the operation runs a game command, so any game rule code (422, `GAME_ERRORS`) may come back. */
export type OperationError = CommandError;

export interface OperationSpec {
  readonly summary: string;
  /** The request body: a schema (JSON) or `sdp` (a WebRTC offer, `application/sdp`). */
  readonly body?: z.ZodType | 'sdp';
  readonly query?: z.ZodObject;
  /** The success body; `text` for a non-JSON answer (Prometheus exposition), `sdp` for a WebRTC answer, `none` for 204. */
  readonly response: z.ZodType | 'text' | 'csv' | 'sdp' | 'jpeg' | 'none';
  /** No bearer token needed. */
  readonly public?: true;
  /** Codes this operation can answer with, besides the common ones (400 invalid input, 401/403, 500). */
  readonly errors?: readonly OperationError[];
  /** Other success statuses that carry the same body (health: 503). */
  readonly alsoStatus?: readonly number[];
}

const limit = z.object({ limit: z.coerce.number().int().min(1).max(500).optional() });
const list = <T extends z.ZodType>(s: T) => z.array(s);
const TABLE = ['TABLE_NOT_FOUND'] as const;
const OPERATOR_API: readonly OperationError[] = ['OPERATOR_UNAUTHENTICATED', 'OPERATOR_SIGNATURE_STALE', 'OPERATOR_SIGNATURE_REPLAYED', 'OPERATOR_NOT_SEAMLESS', 'OPERATOR_PLAYER_UNKNOWN'];

/** Keyed `METHOD /path` with OpenAPI path templates (`{id}`). */
export const OPERATIONS: Readonly<Record<string, OperationSpec>> = {
  // ops
  'GET /time': { summary: 'The server clock (epoch ms) for client offset estimation', response: ServerTimeSchema, public: true },
  'GET /health': { summary: 'Health of the database, Redis, the broker and the queues (Terminus)', response: HealthReportSchema, public: true, alsoStatus: [503] },
  'GET /health/live': { summary: 'Liveness: the process answers (never fails for a dependency; issue 22 §10)', response: LivenessSchema, public: true },
  'GET /health/ready': { summary: 'Readiness: every dependency reachable and not draining (503 after SIGTERM; issue 22 §10)', response: ReadinessReportSchema, public: true, alsoStatus: [503] },
  'GET /metrics': { summary: 'Prometheus metrics (text exposition)', response: 'text', public: true },
  // auth + users
  'POST /auth/login': { summary: 'Log in: an access token (15 min) and a refresh token (staff with TOTP: `totp` too)', body: LoginBody, response: LoginResultSchema, public: true, errors: ['INVALID_CREDENTIALS', 'TOTP_REQUIRED', 'TOTP_INVALID', 'RATE_LIMITED'] },
  'POST /auth/totp/enrol': { summary: 'Staff: a new TOTP secret and its otpauth:// URI (pending until confirmed; shown once)', response: TotpEnrolmentSchema, errors: ['TOTP_ALREADY_ENABLED', 'FORBIDDEN'] },
  'POST /auth/totp/confirm': { summary: 'Staff: turn TOTP on with the first code (audited)', body: TotpCodeBody, response: z.object({ enabled: z.literal(true) }), errors: ['TOTP_INVALID', 'TOTP_NOT_ENROLLED', 'TOTP_ALREADY_ENABLED', 'FORBIDDEN'] },
  'POST /auth/totp/disable': { summary: 'Staff: turn TOTP off with a current code (audited)', body: TotpCodeBody, response: z.object({ enabled: z.literal(false) }), errors: ['TOTP_INVALID', 'TOTP_NOT_ENROLLED', 'FORBIDDEN'] },
  'POST /users/{userId}/totp/reset': { summary: "Remove a user's TOTP, e.g. a lost phone (admin, audited)", body: ReasonBodySchema, response: OkSchema, errors: ['USER_NOT_FOUND', 'REASON_REQUIRED'] },
  'POST /auth/launch': { summary: "Redeem a game-launch code (once, within a minute): the operator's player's session and the table to open", body: LaunchBody, response: LoginResultSchema.extend({ tableId: z.string().nullable() }), public: true, errors: ['INVALID_LAUNCH_CODE'] },
  'POST /auth/refresh': { summary: 'Trade a refresh token for a new pair', body: RefreshBody, response: LoginResultSchema, public: true, errors: ['INVALID_REFRESH_TOKEN', 'REFRESH_TOKEN_REUSED'] },
  'POST /auth/logout': { summary: "End every session of the caller", response: RevokedSchema },
  'GET /auth/me': { summary: 'The authenticated principal', response: AuthUserSchema },
  'GET /users': { summary: 'Every user (admin)', response: list(PublicUserSchema) },
  'POST /users': { summary: 'Create a user (admin, audited)', body: CreateUserBody, response: PublicUserSchema, errors: ['USERNAME_TAKEN', 'REASON_REQUIRED'] },
  'POST /users/{userId}/disable': { summary: 'Disable a user; their tokens stop working (admin, audited)', body: ReasonBodySchema, response: OkSchema, errors: ['USER_NOT_FOUND', 'REASON_REQUIRED'] },
  'POST /users/{userId}/enable': { summary: 'Enable a user (admin, audited)', body: ReasonBodySchema, response: OkSchema, errors: ['USER_NOT_FOUND', 'REASON_REQUIRED'] },
  'POST /users/{userId}/revoke-sessions': { summary: "Revoke a user's sessions (admin, audited)", body: ReasonBodySchema, response: OkSchema, errors: ['USER_NOT_FOUND', 'REASON_REQUIRED'] },
  'DELETE /users/{userId}': { summary: 'Delete a user (admin, audited)', body: ReasonBodySchema, response: OkSchema, errors: ['USER_NOT_FOUND', 'REASON_REQUIRED'] },
  // tables
  'POST /tables': { summary: 'Create a table (pit boss/admin)', body: CreateTableBodySchema, response: TableSchema, errors: ['UNKNOWN_GAME', 'UNKNOWN_PROFILE'] },
  'GET /tables': { summary: 'Every table', response: list(TableSchema) },
  'GET /tables/{id}': { summary: 'One table', response: TableSchema, errors: TABLE },
  'PATCH /tables/{id}': { summary: 'Change limits, cadence, devices (pit boss/admin, audited)', body: UpdateTableBodySchema, response: TableSchema, errors: [...TABLE, 'UNKNOWN_PROFILE', 'REASON_REQUIRED'] },
  'POST /tables/{id}/pre-open-check': { summary: "Record today's pre-open check (ROU-7)", body: PreOpenCheckBodySchema, response: TableSchema, errors: TABLE },
  'POST /tables/{id}/status': { summary: 'Open, pause, close a table (audited)', body: TableStatusBodySchema, response: TableSchema, errors: [...TABLE, 'PRE_OPEN_CHECK_MISSING', 'REASON_REQUIRED'] },
  'GET /tables/{id}/round': { summary: 'The current round as the caller may see it', response: RoundViewSchema, errors: TABLE },
  'GET /tables/{id}/rounds': { summary: 'Recent rounds of the table, newest first', query: limit, response: list(RoundSummarySchema), errors: TABLE },
  'GET /tables/{id}/results': { summary: 'Finished rounds as everyone may see them', query: limit, response: list(TableResultSchema), errors: TABLE },
  'GET /tables/{id}/devices': { summary: 'Device health of the table', response: list(DeviceHealthSchema), errors: TABLE },
  'GET /tables/{id}/chat': { summary: "The table chat's history as the caller may see it (players and the dealer: no player ids); staff: the shift's tips total; the pit boss: the mutes and bans in force (issue 24)", response: ChatHistorySchema, errors: TABLE },
  'GET /tips/shifts': { summary: "Tips per table, dealer and shift (the dealer at the console when each tip came) with each shift's payout; pit boss/admin (issue 24, TIP-4)", query: TipsReportQuerySchema, response: TipsReportSchema, errors: [] },
  'GET /tips/shifts.csv': { summary: 'The tips per dealer and shift as CSV (pit boss/admin)', query: TipsReportQuerySchema, response: 'csv', errors: [] },
  'POST /tips/payouts': { summary: "Pay out an ended shift's tips: tips:<tableId> → tips-payable:<dealerId>, once per shift (admin, audited with the reason; TIP-5)", body: TipPayoutBodySchema, response: TipPayoutResultSchema, errors: ['TIP_SHIFT_OPEN', 'TIP_SHIFT_NOT_FOUND'] },
  // poker tournaments (issue 24; docs/tournaments.md)
  'GET /tournaments': { summary: 'The tournament lobby: every tournament, the newest first (status, fees, field, level on the server clock)', response: list(TournamentSummarySchema) },
  'POST /tournaments': { summary: 'Publish a tournament: its terms (structure, breaks, fees, seats, late registration, re-entry, payout table) as data (pit boss/admin, audited; TRN-DEF)', body: CreateTournamentBodySchema, response: TournamentViewSchema, errors: ['TOURNAMENT_INVALID_DEF'] },
  'GET /tournaments/{id}': { summary: "A tournament as the caller may see it: level, prizes, tables, chip counts; a player's own entries (no other player's id); staff: every entry", response: TournamentViewSchema, errors: ['TOURNAMENT_NOT_FOUND'] },
  'POST /tournaments/{id}/entries': { summary: 'Register, register late or re-enter (player): buy-in + fee through the wallet (seamless too), idempotent by entryId (TRN-REG, TRN-LATE, TRN-REENTRY)', body: TournamentEntryBodySchema, response: TournamentEntryResultSchema, errors: ['TOURNAMENT_NOT_FOUND', 'TOURNAMENT_ENTRY_EXISTS', 'TOURNAMENT_REGISTRATION_CLOSED', 'TOURNAMENT_ALREADY_REGISTERED', 'TOURNAMENT_REENTRY_CLOSED', 'TOURNAMENT_FULL', 'TOURNAMENT_INSUFFICIENT_FUNDS', 'SEAMLESS_DEBIT_REFUSED', 'SEAMLESS_DEBIT_UNCONFIRMED'] },
  'POST /tournaments/{id}/control': { summary: 'The pit boss: pause / resume (S1-PAUSE), add time (TRN-TIME), cancel with refunds by the rules (TRN-CANCEL, S1-FAIL-STT/MTT); audited with the reason', body: TournamentControlBodySchema, response: TournamentViewSchema, errors: ['TOURNAMENT_NOT_FOUND', 'TOURNAMENT_NOT_RUNNING', 'TOURNAMENT_NOT_PAUSED', 'TOURNAMENT_INVALID_TIME', 'TOURNAMENT_OVER', 'REASON_REQUIRED'] },
  'GET /tournaments/{id}/table': { summary: "TRN-PLAY: the player's tournament table in the live tables' frame shape (their own hole cards only; other seats `Seat N`; chips as `XXX`), plus `tournament` (level, sitting in)", response: TournamentTableFrameSchema, errors: ['TOURNAMENT_NOT_FOUND', 'TABLE_OWNER_UNAVAILABLE'] },
  'POST /tournaments/{id}/seat': { summary: 'TRN-PLAY: take your seat (`sitting: true`: you act on your own turns under the action clock, S1-TIMEOUT) or leave it to the robot', body: TournamentSeatBodySchema, response: TournamentTableFrameSchema, errors: ['TOURNAMENT_NOT_FOUND', 'TOURNAMENT_NOT_PLAYING', 'TOURNAMENT_OVER', 'TABLE_OWNER_UNAVAILABLE'] },
  'POST /tournaments/{id}/actions': { summary: 'TRN-PLAY: your action in your tournament hand (fold/check/call/bet/raise/all-in), validated by the hand core as at a live table (POKER_* rule codes: not your turn, clock expired, amount out of bounds, wrong hand)', body: TournamentActionBodySchema, response: TournamentTableFrameSchema, errors: ['TOURNAMENT_NOT_FOUND', 'TOURNAMENT_NO_HAND', 'TOURNAMENT_OVER', 'GAME_RULES', 'TABLE_OWNER_UNAVAILABLE'] },
  'GET /tournaments/{id}/tables': { summary: "The pit boss's tables (pit boss/admin): each table's seats, players, chips and who sits in, and its hand of the round in play (else the last) as the pit boss sees a live hand — down cards once it is over — with its logged actions", response: TournamentTablesViewSchema, errors: ['TOURNAMENT_NOT_FOUND', 'TABLE_OWNER_UNAVAILABLE'] },
  'GET /tournaments/{id}/log': { summary: "The tournament's events in order (pit boss/admin): what `felt tournament` replays", response: TournamentLogSchema, errors: ['TOURNAMENT_NOT_FOUND'] },
  'GET /tables/{id}/requests': { summary: 'Pending void / manual-entry requests', response: list(PendingRequestSchema), errors: TABLE },
  'POST /tables/{id}/requests/{requestId}/deny': { summary: 'Turn down a pending request (pit boss, audited)', body: ReasonBodySchema, response: PendingRequestSchema, errors: [...TABLE, 'REQUEST_NOT_FOUND', 'SELF_APPROVAL'] },
  'POST /tables/{id}/pit-boss-calls': { summary: 'The dealer calls the pit boss (an alert)', body: ReasonBodySchema, response: AlertSchema, errors: TABLE },
  // rounds (the round commands' operations come from their definitions, rounds.commands.ts)
  'GET /rounds/{roundId}/events': { summary: "A round's stored events (redacted per audience)", response: list(StoredRoundEventSchema), errors: ['ROUND_NOT_FOUND'] },
  // bets (the bet commands' operations come from their definitions, betting.commands.ts)
  'GET /tables/{id}/bets/mine': { summary: "The caller's accepted bets in the current round", response: list(AcceptedBetSchema), errors: TABLE },
  'GET /me/rounds': { summary: "The player's round history", query: limit, response: list(PlayerRoundSchema) },
  // responsible gambling (the player's own)
  'GET /me/limits': { summary: 'My limits, pending raises, usage per period, reality check and self-exclusion', response: PlayerLimitsSchema },
  'POST /me/limits': { summary: 'Set or remove a loss/time limit (lower: at once; higher: from the next period; daily ≤ weekly ≤ monthly)', body: SetLimitBodySchema, response: PlayerLimitsSchema, errors: ['RG_LIMIT_ORDER'] },
  'POST /me/reality-check': { summary: 'Reality check every N minutes of a session (socket frame rg.reality-check)', body: RealityCheckBodySchema, response: PlayerLimitsSchema },
  'POST /me/self-exclusion': { summary: 'Self-exclude for 12h, 1w, 1m, 3m, 6m or 1y (nobody can lift it early)', body: SelfExclusionBodySchema, response: PlayerLimitsSchema },
  // wallet
  'GET /wallet/me': { summary: "The caller's balance (a seamless operator's player: the operator wallet's balance, issue 12)", response: BalanceSchema, errors: ['SEAMLESS_BALANCE_UNAVAILABLE'] },
  'POST /wallet/deposit': { summary: 'Credit a player (admin; idempotent by depositId)', body: DepositBody, response: DepositResultSchema },
  'POST /wallet/demo-top-up': { summary: 'Demo only: top the caller up', response: BalanceSchema, errors: ['DEMO_ONLY', 'STAKES_IN_PLAY'] },
  // operators (issue 12: seamless wallet)
  'GET /admin/operators': { summary: 'Every operator: wallet mode, endpoint, currencies (admin; never the secret)', response: list(OperatorViewSchema) },
  'PUT /admin/operators/{operatorId}': { summary: "Create or change an operator: wallet mode internal|seamless, its wallet API, request-signing secret, currencies (admin)", body: OperatorConfigBody, response: OperatorViewSchema },
  'GET /admin/operators/{operatorId}/reconciliation.csv': { summary: "The day's wallet calls of an operator as CSV (admin): its statement to reconcile against its own book", query: ReconciliationQuerySchema, response: 'csv', errors: ['OPERATOR_NOT_FOUND'] },
  'GET /admin/operators/{operatorId}/reconciliation': { summary: "Reconciliation per UTC day: our ledger (operator clearing account) against the operator's acknowledgements", query: ReconciliationQuerySchema, response: ReconciliationReportSchema, errors: ['OPERATOR_NOT_FOUND'] },
  'GET /admin/operators/{operatorId}/dead-letter': { summary: 'Dead-lettered wallet calls of the operator (credits/rollbacks that exhausted their retries)', response: list(DeadLetterRowSchema), errors: ['OPERATOR_NOT_FOUND'] },
  'POST /admin/operators/{operatorId}/dead-letter/retry': { summary: 'Re-queue dead-lettered wallet calls (given uuids or all; the same uuids: idempotent at the operator); audited with the reason', body: DeadLetterRetryBody, response: DeadLetterRetryResultSchema, errors: ['OPERATOR_NOT_FOUND', 'DEAD_LETTER_NOT_FOUND'] },
  'GET /operator/v1/signing-key': { summary: "Felt's RSA public key (PEM): verifies Felt's calls to an operator that signs with RSA-SHA256", response: z.object({ algorithm: z.literal('RSA-SHA256'), publicKey: z.string() }), public: true, errors: ['OPERATOR_RSA_UNAVAILABLE'] },
  'POST /operator/v1/launch': { summary: "Operator API (signed): a one-time URL that opens the player client logged in as the operator's player (its session checked with the operator's /user/info)", body: OperatorLaunchBody, response: OperatorLaunchResultSchema, public: true, errors: OPERATOR_API },
  'POST /operator/v1/sessions': { summary: "Operator API (signed: X-Felt-Operator + X-Felt-Timestamp + X-Felt-Signature, ±5 min, no replay): a Felt player is this operator's player with this session token", body: OperatorSessionBody, response: PlayerLinkSchema, public: true, errors: OPERATOR_API },
  'POST /operator/v1/players/{playerId}/limits': { summary: "Operator API (signed): push a player's loss/time limit (lower: at once; higher: from the next period; daily ≤ weekly ≤ monthly)", body: SetLimitBodySchema, response: PlayerLimitsSchema, public: true, errors: [...OPERATOR_API, 'RG_LIMIT_ORDER'] },
  'POST /operator/v1/players/{playerId}/self-exclusion': { summary: 'Operator API (signed): self-exclude a player (it can only be extended, never lifted early)', body: SelfExclusionBodySchema, response: PlayerLimitsSchema, public: true, errors: OPERATOR_API },
  'GET /admin/ledger/check': { summary: 'The ledger invariant (Σ = 0, every bet debited and settled once)', response: LedgerCheckReportSchema },
  // devices
  'GET /tables/{tableId}/device-credentials': { summary: "The table's device MQTT credentials (no secrets)", response: list(DeviceCredentialInfoSchema), errors: ['INVALID_DEVICE_ID'] },
  'POST /tables/{tableId}/devices/{deviceId}/credentials': { summary: "Issue or rotate a device's MQTT credential (the secret is shown once)", body: ReasonBodySchema, response: IssuedDeviceCredentialSchema, errors: ['INVALID_DEVICE_ID', 'TABLE_NOT_FOUND'] },
  'DELETE /tables/{tableId}/devices/{deviceId}/credentials': { summary: "Revoke a device's MQTT credential", body: ReasonBodySchema, response: RevokedSchema, errors: ['INVALID_DEVICE_ID', 'DEVICE_CREDENTIAL_NOT_FOUND'] },
  // alerts, audit, pit
  'GET /alerts': { summary: 'Recent alerts', query: limit.extend({ tableId: z.string().optional() }), response: list(AlertSchema) },
  'POST /alerts/{alertId}/ack': { summary: 'Acknowledge an alert (pit boss; stored, audited, pushed as alert.ack)', body: AlertAckBodySchema, response: AlertSchema, errors: ['ALERT_NOT_FOUND'] },
  'GET /presence': { summary: 'Who is at each table now (players: counts; staff: also the dealers)', response: list(TablePresenceSchema) },
  'GET /integrity/wheels': { summary: "Every wheel's bias report (issue 23: the wheel is its reporting device), most suspicious first (pit boss, admin)", response: WheelIntegrityListSchema, errors: [] },
  'GET /integrity/wheels/{wheelId}': { summary: "One wheel's bias report with its evidence (pit boss, admin)", response: WheelIntegritySchema, errors: ['INTEGRITY_WHEEL_NOT_FOUND'] },
  'GET /integrity/shoes': { summary: "Every shoe's composition report over its last sessions (issue 23), most suspicious first (pit boss, admin)", response: ShoeIntegrityListSchema, errors: [] },
  'GET /integrity/players': { summary: "Every blackjack and baccarat player's advantage-play report (issue 23 §3: bet size and presence against the shoe's true count, pair bets against the remaining shoe), most suspicious first (pit boss, admin)", response: PlayerIntegrityListSchema, errors: [] },
  'GET /integrity/poker': { summary: "Every live poker table's collusion and bot report (issue 23 §4: chip dumping, soft play, timing too regular to be human, shared connections) over its last 2 000 hands, with the chip flow and each finding's hands — replay each with felt settle poker-<variant>; every instance's tables (FELT_CLUSTER=1), and the pairs of accounts seen together at two or more tables (crossTable) (pit boss, admin)", response: PokerTableIntegrityListSchema, errors: [] },
  'GET /integrity/late-bettors': { summary: "Every roulette player's late-betting report (issue 23 §5: bets in the last 2 s before no more bets and their wins against chance), most suspicious first (pit boss, admin)", response: LateBettorListSchema, errors: [] },
  'GET /integrity/bet-patterns': { summary: "Accounts betting the same spots at the same moments across the wheel and card tables (issue 23 §5: each pair's co-bets — same round, same spot, within 500 ms — against what independent players with their habits would show, Bonferroni over the pairs; alarming pairs merged into groups with their co-bets and the tables they span), the last evaluation over the last 1 000 closed rounds (pit boss, admin)", response: BetPatternsSchema, errors: [] },
  'GET /integrity/flags': { summary: 'The pit\'s flags on player accounts (issue 23): the standing ones, or every flag with its lifting (all=1), newest first, with who, when and why (pit boss, admin)', query: PlayerFlagQuerySchema, response: PlayerFlagListSchema, errors: [] },
  'POST /integrity/flags': { summary: 'Flag a player account (issue 23; pit boss, audited, raises PLAYER_FLAGGED): every pit boss sees it beside the player\'s name, and the player takes no new live poker seat while it stands', body: FlagPlayerBodySchema, response: PlayerFlagSchema, errors: ['PLAYER_FLAG_UNKNOWN_PLAYER', 'PLAYER_ALREADY_FLAGGED', 'REASON_REQUIRED'] },
  'POST /integrity/flags/{playerId}/lift': { summary: 'Lift a player\'s standing flag with a reason (issue 23; pit boss, audited)', body: ReasonBodySchema, response: PlayerFlagSchema, errors: ['PLAYER_FLAG_NOT_FOUND', 'REASON_REQUIRED'] },
  'GET /tables/{tableId}/streams': { summary: "A table's video sources (pit boss, admin)", response: TableStreamsSchema, errors: ['TABLE_NOT_FOUND'] },
  'PUT /tables/{tableId}/streams': { summary: "Set a table's video sources: LL-HLS and/or WHEP URLs, renditions (admin, audited)", body: TableStreamsBody, response: TableStreamsSchema, errors: ['TABLE_NOT_FOUND', 'REASON_REQUIRED'] },
  'GET /tables/{tableId}/stream': { summary: "The table's video for the caller: every source URL with a short-lived token bound to the caller and the table", response: PlayerStreamSchema, errors: ['TABLE_NOT_FOUND', 'NO_STREAM'] },
  'GET /media/{tableId}/{file}': { summary: "The demo studio camera's LL-HLS master playlist (issue 21 §2, §4): `index.m3u8`, its renditions (360p, 180p) with the token on every URI; the first request starts the table's camera", query: MediaFileQuery, response: 'text', public: true, errors: ['STREAM_TOKEN_REFUSED', 'CAMERA_OFF', 'CAMERA_STARTING', 'TABLE_NOT_FOUND'] },
  'GET /media/{tableId}/{rendition}/{file}': { summary: "One rendition of the demo studio camera's LL-HLS: `stream.m3u8` (each segment's EXT-X-PROGRAM-DATE-TIME, the token on every URI), `init_<i>.mp4`, `seg_<n>.m4s`", query: MediaFileQuery, response: 'text', public: true, errors: ['STREAM_TOKEN_REFUSED', 'CAMERA_OFF', 'CAMERA_STARTING', 'MEDIA_NOT_FOUND', 'TABLE_NOT_FOUND'] },
  'POST /media/{tableId}/whep': { summary: "The demo studio camera over WebRTC (issue 21 §2, WHEP): the viewer's SDP offer (receive-only video) in, the answer out (201, every candidate in it, no trickle ICE) with the `Location` of the viewer's session; the same stream token as the LL-HLS files", query: WhepQuery, body: 'sdp', response: 'sdp', public: true, errors: ['STREAM_TOKEN_REFUSED', 'CAMERA_OFF', 'WHEP_FULL', 'WHEP_OFFER_REFUSED', 'PAYLOAD_TOO_LARGE', 'TABLE_NOT_FOUND'] },
  'DELETE /media/{tableId}/whep/{session}': { summary: 'A WebRTC viewer leaves (WHEP: DELETE of the session the offer answered with)', query: WhepQuery, response: 'none', public: true, errors: ['STREAM_TOKEN_REFUSED', 'WHEP_SESSION_NOT_FOUND'] },
  'GET /tables/{tableId}/thumbnail': { summary: "A still of the table as its camera sees it now (issue 21 §4: the pit boss's floor, the dealer's tablet): JPEG 640×360 from the public view, drawn at most every 2 s", response: 'jpeg', errors: ['TABLE_NOT_FOUND', 'FORBIDDEN'] },
  'GET /media-auth': { summary: "A media server's token check (nginx auth_request): 204 when `token` is valid for `table`, else 403", query: MediaAuthQuery, response: 'text', public: true, errors: ['STREAM_TOKEN_REFUSED'] },
  'GET /audit/export.csv': { summary: 'The audit log as CSV (pit boss, admin; limit ≤ 100 000)', query: z.object({ target: z.string().optional(), limit: z.coerce.number().int().optional() }), response: 'csv' },
  'GET /audit': { summary: 'The audit log', query: limit.extend({ target: z.string().optional() }), response: list(AuditRecordSchema) },
  'GET /rounds/day': { summary: 'The day per table: hold, stakes, rounds (pit boss)', query: DayQuerySchema, response: list(TableDaySchema) },
  'GET /rounds/export.csv': { summary: 'The round search as CSV, one row per round with its money (pit boss, admin; limit ≤ 10 000)', query: RoundSearchQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(10_000).default(1_000) }), response: 'csv' },
  'GET /rounds/search': { summary: 'Search rounds by id, table, player, time (pit boss)', query: RoundSearchQuerySchema, response: list(RoundListItemSchema) },
  // live poker (issue 11; the play itself is the poker.* socket messages)
  'GET /poker-tables': { summary: 'The lobby: live poker tables (`{ tables: PokerLobbyEntry[] }`)', response: PokerLobbySchema },
  'POST /poker-tables': { summary: 'Create a live poker table: variant, PokerTableConfig, seats, dealing rng|shoe (pit boss/admin)', body: CreatePokerTableBody, response: PokerTableDefSchema, errors: ['POKER_TABLE_EXISTS', 'GAME_RULES'] },
  'GET /poker-tables/{id}/hands': { summary: "The table's latest hands, newest first (pit boss / admin; limit 1–100, default 30)", query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }), response: PokerHandListSchema, errors: ['POKER_TABLE_NOT_FOUND', 'TABLE_OWNER_UNAVAILABLE'] },
  'GET /poker-tables/{id}/hands/{handId}/events': { summary: "A hand's events, redacted for the caller (a player: never another's hole cards before showdown)", response: PokerHandEventsSchema, errors: ['POKER_TABLE_NOT_FOUND', 'POKER_HAND_NOT_FOUND'] },
  'GET /rounds/{roundId}/detail': { summary: 'A round with its bets and events (replay)', response: RoundDetailSchema, errors: ['ROUND_NOT_FOUND'] },
};
