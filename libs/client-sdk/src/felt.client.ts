import type { DeviceHealth } from './dealer.types.js';
import {
  AlertAckBodySchema,
  FlagPlayerBodySchema,
  CreateTableBodySchema,
  PreOpenCheckBodySchema,
  ReasonBodySchema,
  TableStatusBodySchema,
  UpdateTableBodySchema,
  type GameCommandBody,
  type PlayerDecisionBody,
  type PokerLobbyEntry,
  type PokerHandSummary,
  type PokerTableFrame,
  type TableStatus,
  TABLE_COMMAND_WIRES,
  POKER_COMMAND_WIRES,
  type PokerPitDecisionBody,
  type DeadLetterRow,
  type OperatorView,
  type ReconciliationReport,
  restCallOf,
  type TableCommandInput,
  type TableCommandOp,
  type TableCommandResult,
  type TableCommandWire,
  type PlayerStream,
  type ChatHistory,
  type StreamSource,
  type TableStreams,
  TableStreamsBody,
} from '@felt-studio/protocol';
import type { TipPayoutBody, TipPayoutResult, TipsReport } from '@felt-studio/protocol';
import type { CreateTournamentBody, TournamentActionBody, TournamentControlBody, TournamentEntryResult, TournamentLog, TournamentSummary, TournamentTableFrame, TournamentTablesView, TournamentView } from '@felt-studio/protocol';
import type { BetPatterns, LateBettorList, LateBettorRead, PlayerFlag, PlayerFlagList, PlayerIntegrityList, PlayerIntegrityRead, PokerTableIntegrity, PokerTableIntegrityList, ShoeIntegrity, ShoeIntegrityList, WheelIntegrity, WheelIntegrityList } from '@felt-studio/protocol';
import type { input as ZodInput } from 'zod';
import { CLIENT_ERROR_CODES, FeltApiError, describeIssues } from './errors.js';
import { newBetId, newEntryId, newRequestId } from './ids.js';
import { ROLES } from './types.js';
import type { RoundDetail, RoundListItem, RoundSearchQuery, TableDay } from './pit.types.js';
import type { DeviceCredentialInfo, IssuedDeviceCredential } from './device-credentials.js';
import type {
  AcceptedBet,
  Alert,
  AuditRecord,
  AuthUser,
  Balance,
  BetResult,
  LayoutResult,
  CommandResult,
  DepositResult,
  HealthReport,
  LoginResult,
  PendingRequest,
  PublicUser,
  Role,
  RoundSummary,
  RoundView,
  ServerTime,
  StoredRoundEvent,
  TablePresence,
  Table,
  TableResult,
  PlayerRound,
} from './types.js';

/** The fetch signature the client needs (the global fetch of browsers and Node ≥ 18 fits). */
export type FetchLike = (input: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<{ status: number; ok: boolean; text(): Promise<string> }>;

export interface FeltClientOptions {
  /** e.g. `http://localhost:3000` (a trailing `/` is ignored). */
  readonly baseUrl: string;
  /** A JWT from an earlier login; `login()` replaces it. */
  readonly token?: string | null;
  /** Injected fetch (tests, a proxy-aware fetch); default: the global fetch. */
  readonly fetch?: FetchLike;
}

export type CreateTableInput = ZodInput<typeof CreateTableBodySchema>;
export type UpdateTableInput = ZodInput<typeof UpdateTableBodySchema>;
export type PreOpenCheckInput = ZodInput<typeof PreOpenCheckBodySchema>;
/** A bet; `betId` defaults to `newBetId()` — pass your own id to retry the same bet safely. */
export type PlaceBetInput = Omit<TableCommandInput<'bet.place'>, 'betId'> & { readonly betId?: string };

export interface DepositInput {
  readonly playerId: string;
  readonly amountMinor: number;
  readonly currency?: string;
  /** Idempotency key: the same id twice is one deposit. */
  readonly depositId?: string;
  readonly reason: string;
}

export interface CreateUserInput {
  readonly username: string;
  readonly name: string;
  readonly role: Role;
  readonly password: string;
  readonly reason: string;
}

interface Validator<T> {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** Validates a body before sending (STYLE.md habit 4); a bad body never leaves the client. */
function validate<T>(schema: Validator<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  throw FeltApiError.client(CLIENT_ERROR_CODES.INVALID_INPUT, describeIssues(r.error.issues));
}

function check(ok: boolean, message: string): void {
  if (!ok) throw FeltApiError.client(CLIENT_ERROR_CODES.INVALID_INPUT, message);
}

const seg = (s: string): string => encodeURIComponent(s);

function query(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}

/** `GET /admin/operators` row (issue 12): @felt-studio/protocol's schema. */
export type OperatorInfo = OperatorView;
/** `GET /admin/operators/{id}/reconciliation` (issue 12): per bet, our ledger against the operator's acknowledgements. */
export type OperatorReconciliation = ReconciliationReport;
/** `GET /admin/operators/{id}/dead-letter` (issue 12): a wallet call that exhausted its retries. */
export type DeadLetter = DeadLetterRow;

interface RequestOptions {
  readonly body?: unknown;
  /** Default true: send the bearer token (and refuse to call without one). */
  readonly auth?: boolean;
  /** Non-2xx statuses whose JSON body is a normal answer (health: 503). */
  readonly acceptStatus?: readonly number[];
  /** Do not try a token refresh on 401 (the auth calls themselves). */
  readonly noRefresh?: boolean;
}

/**
 * Typed REST client of the studio server. Every method resolves with the server's JSON answer or
 * rejects with a FeltApiError (`{status, code, ruleId, message}`); request bodies are validated
 * with the @felt-studio/protocol schemas before sending.
 */
/** The pit boss's decision on a live poker hand (`POST /poker-tables/:id/hand/decisions`). */
export type PokerHandDecision = ZodInput<typeof PokerPitDecisionBody>;

/**
 * One event of a poker hand as `GET /poker-tables/:id/hands/:handId/events` gives it to this audience
 * (redacted by the server: a down card another audience may not see is only `card-scanned`). Cards are
 * codes (`7h`); older stored results and `expose` commands may still carry the core's numeric card ids.
 */
export type PokerHandEvent = { readonly seq: number; readonly at?: number } & (
  | { readonly type: 'hand-started'; readonly handId: string; readonly buttonSeat: number | null; readonly seats: readonly { readonly seat: number; readonly stackMinor: number }[]; readonly deckCommit: string | null }
  | { readonly type: 'card'; readonly to: number | 'board' | 'burn'; readonly card: string; readonly up: boolean }
  | { readonly type: 'card-scanned'; readonly to: number; readonly up: boolean }
  /** PT-BURN: a card burned (its value only in the pit boss's events of a finished hand, as `card` `to: 'burn'`). */
  | { readonly type: 'card-burned' }
  | { readonly type: 'act'; readonly seat: number; readonly action: 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'all-in'; readonly toMinor?: number }
  | { readonly type: 'draw'; readonly seat: number; readonly discards?: readonly string[]; readonly count?: number }
  | { readonly type: 'time-bank' | 'timeout'; readonly seat: number }
  | { readonly type: 'void' | 'misdeal'; readonly reason: string }
  | { readonly type: 'expose'; readonly seat: number; readonly card: string | number }
  | { readonly type: 'hand-ended'; readonly result: PokerHandEventResult | null; readonly deck?: unknown; readonly salt?: string }
);

/** The hand's result inside `hand-ended` (the pure core's HandResult). */
export interface PokerHandEventResult {
  readonly type: 'showdown' | 'uncontested' | 'void';
  readonly pots: readonly { readonly amountMinor: number; readonly eligible: readonly number[] }[];
  readonly awards: readonly { readonly pot: number; readonly part: string; readonly amountMinor: number; readonly winners: readonly number[]; readonly shares: readonly (readonly [number, number])[] }[];
  readonly rakeMinor: number;
  readonly seats: readonly { readonly seat: number; readonly inMinor: number; readonly wonMinor: number; readonly netMinor: number; readonly stackMinor: number }[];
  readonly shown: readonly { readonly seat: number; readonly cards: readonly (string | number)[]; readonly high: string; readonly low: string | null }[];
  readonly rules: readonly string[];
}

export interface PokerHandEvents {
  readonly handId: string;
  readonly events: readonly PokerHandEvent[];
}

export class FeltClient {
  readonly baseUrl: string;
  private tokenValue: string | null;
  private refreshValue: string | null = null;
  private refreshing: Promise<LoginResult> | null = null;
  private readonly fetchFn: FetchLike;
  /** Called with every pair obtained by `refresh()` (e.g. to hand the new access token to a RealtimeClient). */
  onTokens: ((r: LoginResult) => void) | null = null;

  constructor(opts: FeltClientOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.tokenValue = opts.token ?? null;
    this.fetchFn = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /** The JWT sent as `Authorization: Bearer …` (null before login). */
  get token(): string | null {
    return this.tokenValue;
  }

  setToken(token: string | null): void {
    this.tokenValue = token;
  }

  // ───────────────────────── auth ─────────────────────────

  /** `POST /auth/login`; stores the token for the following calls. Staff with TOTP on also send `totp`, the 6-digit code (issue 22 §8). */
  async login(username: string, password: string, totp?: string): Promise<LoginResult> {
    check(typeof username === 'string' && username.length > 0, 'username: required');
    check(typeof password === 'string' && password.length > 0, 'password: required');
    check(totp === undefined || /^\d{6}$/.test(totp), 'totp: six digits');
    const r = await this.request<LoginResult>('POST', '/auth/login', { body: { username, password, ...(totp !== undefined ? { totp } : {}) }, auth: false });
    this.tokenValue = r.token;
    this.refreshValue = r.refreshToken ?? null;
    return r;
  }

  /** The refresh token of the last login/refresh (null when none). */
  get refreshToken(): string | null {
    return this.refreshValue;
  }

  /**
   * `POST /auth/refresh`: trades the refresh token for a new access + refresh token and stores both.
   * Called automatically once when a call answers 401 (expired access token); `onTokens` hears every new pair.
   */
  async refresh(): Promise<LoginResult> {
    if (this.refreshValue === null) throw FeltApiError.client(CLIENT_ERROR_CODES.NO_TOKEN, 'refresh() needs a refresh token: login() first');
    // Single flight: a refresh token works once (the server treats a second use as theft and ends every
    // session), so calls that all got a 401 at once share one refresh.
    this.refreshing ??= (async () => {
      try {
        const r = await this.request<LoginResult>('POST', '/auth/refresh', { body: { refreshToken: this.refreshValue }, auth: false, noRefresh: true });
        this.tokenValue = r.token;
        this.refreshValue = r.refreshToken ?? null;
        this.onTokens?.(r);
        return r;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /** Forgets the tokens locally (use `signOut()` to also revoke them on the server). */
  logout(): void {
    this.tokenValue = null;
    this.refreshValue = null;
  }

  /** `POST /auth/logout`: every token of this user stops working (all devices), then forgets them locally. */
  async signOut(): Promise<void> {
    await this.request('POST', '/auth/logout', { noRefresh: true });
    this.logout();
  }

  async me(): Promise<AuthUser> {
    return this.request('GET', '/auth/me');
  }

  /** `GET /health` — the report also when the server says 503 (a dependency is down). */
  async health(): Promise<HealthReport> {
    return this.request('GET', '/health', { auth: false, acceptStatus: [503] });
  }

  /** `GET /time` — the server clock (no login needed); see `measureClockOffset`. */
  async serverTime(): Promise<ServerTime> {
    return this.request('GET', '/time', { auth: false });
  }

  /**
   * Server clock − local clock in ms, NTP style: the server's `now` is taken as the middle of the
   * round trip. Add it to `Date.now()` to count down to a server deadline (`bettingClosesAt`).
   */
  async measureClockOffset(now: () => number = () => Date.now()): Promise<{ offsetMs: number; rttMs: number }> {
    const t0 = now();
    const { now: server } = await this.serverTime();
    const t1 = now();
    return { offsetMs: Math.round(server - (t0 + t1) / 2), rttMs: t1 - t0 };
  }

  // ───────────────────────── users (admin) ─────────────────────────

  async listUsers(): Promise<PublicUser[]> {
    return this.request('GET', '/users');
  }

  async createUser(body: CreateUserInput): Promise<PublicUser> {
    check(/^[a-z0-9._-]{3,40}$/.test(body.username), 'username: 3–40 of a-z 0-9 . _ -');
    check((ROLES as readonly string[]).includes(body.role), `role: one of ${ROLES.join(', ')}`);
    check(body.password.length >= 8, 'password: at least 8 characters');
    check(body.reason.length > 0 && body.name.length > 0, 'name and reason: required');
    return this.request('POST', '/users', { body });
  }

  // ───────────────────────── tables ─────────────────────────

  async listTables(): Promise<Table[]> {
    return this.request('GET', '/tables');
  }

  /** Live poker tables (issue 11) for the lobby: `GET /poker-tables` → `{ tables }`; a table opens at `/play/poker/:tableId`. */
  async pokerTables(): Promise<PokerLobbyEntry[]> {
    const r = await this.request<{ tables: PokerLobbyEntry[] }>('GET', '/poker-tables');
    return r.tables;
  }

  /** P4-IRR / S1-FAIL-RING (pit boss): a misdeal, an exposed card, or voiding the hand in play with every contribution back. */
  async pokerHandDecision(tableId: string, decision: PokerHandDecision): Promise<PokerTableFrame> {
    // the route of the command's one definition (libs/protocol `POKER_COMMAND_WIRES['poker.hand-decision']`)
    const call = restCallOf(POKER_COMMAND_WIRES['poker.hand-decision'].rest, tableId, decision as Record<string, unknown>);
    return this.request(call.method, call.path, call.body !== undefined ? { body: call.body } : {});
  }

  /** The poker table's latest hands, newest first (pit boss / admin; `limit` 1–100, default 30). */
  async pokerHands(tableId: string, limit?: number): Promise<{ hands: PokerHandSummary[] }> {
    return this.request('GET', `/poker-tables/${seg(tableId)}/hands${limit === undefined ? '' : `?limit=${limit}`}`);
  }

  /** A poker hand's events as this audience may see them (GEN-8 hand history; hole cards redacted by the server). */
  async pokerHandEvents(tableId: string, handId: string): Promise<PokerHandEvents> {
    return this.request('GET', `/poker-tables/${seg(tableId)}/hands/${seg(handId)}/events`);
  }

  async getTable(tableId: string): Promise<Table> {
    return this.request('GET', `/tables/${seg(tableId)}`);
  }

  /** Issue 21 §1: the table's video sources, each URL signed for this viewer and table (until `expiresAt`); null when the table has no video. */
  async tableStream(tableId: string): Promise<PlayerStream | null> {
    try {
      return await this.request<PlayerStream>('GET', `/tables/${seg(tableId)}/stream`);
    } catch (e) {
      if (e instanceof FeltApiError && e.code === 'NO_STREAM') return null;
      throw e;
    }
  }

  /** Issue 21 §1 (pit boss, admin): the table's configured video sources, unsigned. */
  async tableStreams(tableId: string): Promise<TableStreams> {
    return this.request('GET', `/tables/${seg(tableId)}/streams`);
  }

  /** Issue 21 §1 (admin, audited with `reason`): sets the table's video sources (none: the players see the rendered table). */
  async setTableStreams(tableId: string, sources: readonly StreamSource[], reason: string): Promise<TableStreams> {
    return this.request('PUT', `/tables/${seg(tableId)}/streams`, { body: validate(TableStreamsBody, { sources, reason }) });
  }

  async createTable(body: CreateTableInput): Promise<Table> {
    return this.request('POST', '/tables', { body: validate(CreateTableBodySchema, body) });
  }

  async updateTable(tableId: string, body: UpdateTableInput): Promise<Table> {
    return this.request('PATCH', `/tables/${seg(tableId)}`, { body: validate(UpdateTableBodySchema, body) });
  }

  /** ROU-7: the pit boss records the pre-open check (roulette: table, wheel-level, free-running, ball). */
  async preOpenCheck(tableId: string, body: PreOpenCheckInput): Promise<Table> {
    return this.request('POST', `/tables/${seg(tableId)}/pre-open-check`, { body: validate(PreOpenCheckBodySchema, body) });
  }

  /** Open / close / pause / maintenance, audited with the reason. */
  async setTableStatus(tableId: string, status: TableStatus, reason: string): Promise<Table> {
    return this.request('POST', `/tables/${seg(tableId)}/status`, { body: validate(TableStatusBodySchema, { status, reason }) });
  }

  /** The current round as the caller may see it (players: redacted view, own bets only). */
  async currentRound(tableId: string): Promise<RoundView> {
    return this.request('GET', `/tables/${seg(tableId)}/round`);
  }

  /** Latest rounds of the table (dealer / pit boss / admin). */
  async roundHistory(tableId: string, limit?: number): Promise<RoundSummary[]> {
    return this.request('GET', `/tables/${seg(tableId)}/rounds${query({ limit })}`);
  }

  /** Finished rounds of the table, newest first, without anyone's bets (any role; limit ≤ 500). */
  async tableResults(tableId: string, limit?: number): Promise<TableResult[]> {
    return this.request('GET', `/tables/${seg(tableId)}/results${query({ limit })}`);
  }

  /** The player's own rounds with the settlement of every bet (player; limit ≤ 200). */
  async myRounds(limit?: number): Promise<PlayerRound[]> {
    return this.request('GET', `/me/rounds${query({ limit })}`);
  }

  // ───────────────────────── rounds: dealer / pit boss ─────────────────────────

  async openRound(tableId: string): Promise<CommandResult> {
    return this.command('round.open', tableId, {});
  }

  /** "No more bets" (GEN-3). */
  async closeBetting(tableId: string): Promise<CommandResult> {
    return this.command('round.close', tableId, {});
  }

  /** A dealer's direct game command, e.g. `{type: 'DeclareNoSpin'}` (ROU-4). */
  async dealerCommand(tableId: string, command: GameCommandBody): Promise<CommandResult> {
    return this.command('round.dealer-command', tableId, command);
  }

  /** Dealer / pit boss asks for a void; a pit boss approves it (GEN-6). */
  async requestVoid(tableId: string, reason: string): Promise<PendingRequest> {
    return this.command('round.void-request', tableId, { reason });
  }

  /** Pit boss only, never their own request (GEN-6). */
  async approveVoid(tableId: string, requestId: string, reason: string): Promise<CommandResult> {
    return this.command('round.void-approve', tableId, { requestId, reason });
  }

  /** Pit boss voids the round directly (technical error, ROU-6 / GEN-6). */
  async voidRound(tableId: string, reason: string): Promise<CommandResult> {
    return this.command('round.void', tableId, { reason });
  }

  /**
   * Pit boss resumes a round stalled in play (`PLAY_STALLED`, issue 9 §5): the step's deadline is re-armed
   * from now (the other choice is `voidRound`); `ROUND_NOT_STALLED` when nothing is stalled. Audited.
   */
  async resumePlay(tableId: string, reason: string): Promise<CommandResult> {
    return this.command('round.resume-play', tableId, { reason });
  }

  /** Dealer enters a card/result by hand (S-3); it waits for a pit boss's approval. */
  async proposeManualEntry(tableId: string, command: GameCommandBody): Promise<PendingRequest> {
    return this.command('round.manual-entry', tableId, command);
  }

  async approveManualEntry(tableId: string, requestId: string, reason: string): Promise<CommandResult> {
    return this.command('round.manual-approve', tableId, { requestId, reason });
  }

  /** Result correction / misdeal resolution / resume (pit boss, audited with `reason`): a request a second pit boss or an admin approves (`approveManualEntry`). */
  async correctResult(tableId: string, command: GameCommandBody): Promise<PendingRequest> {
    return this.command('round.correction', tableId, command);
  }

  /** Void requests and manual entries waiting for a pit boss. */
  async pendingRequests(tableId: string): Promise<PendingRequest[]> {
    return this.request('GET', `/tables/${seg(tableId)}/requests`);
  }

  /** Every stored event of a round (replay; pit boss / admin). */
  async roundEvents(roundId: string): Promise<StoredRoundEvent[]> {
    return this.request('GET', `/rounds/${seg(roundId)}/events`);
  }

  // ───────────────────────── dealer console ─────────────────────────

  /** Device health of a table: last status, seq and event time per device (dealer / pit boss / admin). */
  async tableDevices(tableId: string): Promise<DeviceHealth[]> {
    return this.request('GET', `/tables/${seg(tableId)}/devices`);
  }

  /** The dealer calls the pit boss to the table: a live alert for every pit boss, audited with the reason. */
  async callPitBoss(tableId: string, reason: string): Promise<Alert> {
    return this.request('POST', `/tables/${seg(tableId)}/pit-boss-calls`, { body: validate(ReasonBodySchema, { reason }) });
  }

  // ───────────────────────── bets / decisions: player ─────────────────────────

  async placeBet(tableId: string, bet: PlaceBetInput): Promise<BetResult> {
    return this.command('bet.place', tableId, { ...bet, betId: bet.betId ?? newBetId() });
  }

  /** A whole layout as ONE command: one decision per chip in order, one transaction, one answer per chip. */
  async placeLayout(tableId: string, bets: readonly PlaceBetInput[]): Promise<LayoutResult> {
    return this.command('bet.layout', tableId, { bets: bets.map((b) => ({ ...b, betId: b.betId ?? newBetId() })) });
  }

  async cancelBet(tableId: string, betId: string): Promise<BetResult> {
    return this.command('bet.cancel', tableId, { betId });
  }

  /** Repeats the player's bets of the previous round; the new bets get ids `<requestId>:<n>`. */
  async rebet(tableId: string, requestId: string = newRequestId()): Promise<BetResult> {
    return this.command('bet.rebet', tableId, { requestId });
  }

  /** Doubles the player's current bets; the new bets get ids `<requestId>:<n>`. */
  async double(tableId: string, requestId: string = newRequestId()): Promise<BetResult> {
    return this.command('bet.double', tableId, { requestId });
  }

  async myBets(tableId: string): Promise<AcceptedBet[]> {
    return this.request('GET', `/tables/${seg(tableId)}/bets/mine`);
  }

  /** A player's decision, e.g. blackjack `{type: 'PlayerAction', …}` (seat ownership checked by the server, BJ-9). */
  async playerDecision(tableId: string, command: PlayerDecisionBody): Promise<CommandResult> {
    return this.command('player.decision', tableId, { command });
  }

  // ───────────────────────── wallet ─────────────────────────

  async myWallet(): Promise<Balance> {
    return this.request('GET', '/wallet/me');
  }

  /** Admin deposit into a player's account (audited; idempotent by `depositId`). */
  async deposit(body: DepositInput): Promise<DepositResult> {
    check(typeof body.playerId === 'string' && body.playerId.length > 0, 'playerId: required');
    check(Number.isSafeInteger(body.amountMinor) && body.amountMinor > 0, 'amountMinor: a positive integer (minor units)');
    check(body.currency === undefined || /^[A-Z]{3}$/.test(body.currency), 'currency: three upper-case letters');
    check(typeof body.reason === 'string' && body.reason.length > 0, 'reason: required');
    return this.request('POST', '/wallet/deposit', { body });
  }

  /** Demo mode only: raises the player's balance back to the demo amount. */
  async demoTopUp(): Promise<Balance> {
    return this.request('POST', '/wallet/demo-top-up');
  }

  /** Ledger invariants report (admin). */
  async ledgerCheck(): Promise<unknown> {
    return this.request('GET', '/admin/ledger/check');
  }

  // ───────────────────────── supervision ─────────────────────────

  async alerts(opts: { tableId?: string; limit?: number } = {}): Promise<Alert[]> {
    return this.request('GET', `/alerts${query({ tableId: opts.tableId, limit: opts.limit })}`);
  }

  /** A pit boss acknowledges an alert (stored with who and when, audited; every pit boss sees it). */
  async acknowledgeAlert(alertId: string, note?: string): Promise<Alert> {
    return this.request('POST', `/alerts/${seg(alertId)}/ack`, { body: validate(AlertAckBodySchema, note === undefined ? {} : { note }) });
  }

  /** Who is at each table now: players with the table open (staff also see the dealers at its console). */
  async presence(): Promise<TablePresence[]> {
    return this.request('GET', '/presence');
  }

  async audit(opts: { target?: string; limit?: number } = {}): Promise<AuditRecord[]> {
    return this.request('GET', `/audit${query({ target: opts.target, limit: opts.limit })}`);
  }

  // ───────────────────────── pit boss: integrity (issue 23) ─────────────────────────

  /** Every wheel's bias report (the reporting device is the wheel), most suspicious first. */
  async integrityWheels(): Promise<WheelIntegrity[]> {
    return (await this.request<WheelIntegrityList>('GET', '/integrity/wheels')).wheels;
  }

  /** Every shoe's composition report over its last finished sessions, most suspicious first. */
  async integrityShoes(): Promise<ShoeIntegrity[]> {
    return (await this.request<ShoeIntegrityList>('GET', '/integrity/shoes')).shoes;
  }

  /** Every blackjack and baccarat player's advantage-play report (bet size against the count), most suspicious first, with their names. */
  async integrityPlayers(): Promise<PlayerIntegrityRead[]> {
    return (await this.request<PlayerIntegrityList>('GET', '/integrity/players')).players;
  }

  /** Every roulette player's late-betting report (late bets' wins against chance), most suspicious first, with their names. */
  async integrityLateBettors(): Promise<LateBettorRead[]> {
    return (await this.request<LateBettorList>('GET', '/integrity/late-bettors')).players;
  }

  /** Issue 23 §5: groups of accounts betting the same spots at the same moments across the wheel and card tables (pit boss, admin). */
  async integrityBetPatterns(): Promise<BetPatterns> {
    return this.request<BetPatterns>('GET', '/integrity/bet-patterns');
  }

  /** Issue 23 §4: every live poker table's collusion and bot report (pit boss, admin). */
  async integrityPoker(): Promise<PokerTableIntegrity[]> {
    return (await this.request<PokerTableIntegrityList>('GET', '/integrity/poker')).tables;
  }

  /** Issue 23: the tables' reports and the pairs of accounts seen together across tables (pit boss, admin). */
  async integrityPokerReport(): Promise<PokerTableIntegrityList> {
    const r = await this.request<PokerTableIntegrityList>('GET', '/integrity/poker');
    return { tables: r.tables, crossTable: r.crossTable ?? [] };
  }

  /** Issue 23: the pit's flags on player accounts — the standing ones, or every flag with its lifting (`all`), newest first (pit boss, admin). */
  async playerFlags(opts: { all?: boolean } = {}): Promise<PlayerFlag[]> {
    return (await this.request<PlayerFlagList>('GET', `/integrity/flags${opts.all ? '?all=1' : ''}`)).flags;
  }

  /** Issue 23: flag a player account with a reason (pit boss; audited, raises PLAYER_FLAGGED). */
  async flagPlayer(playerId: string, reason: string): Promise<PlayerFlag> {
    return this.request('POST', '/integrity/flags', { body: validate(FlagPlayerBodySchema, { playerId, reason }) });
  }

  /** Issue 23: lift a player's standing flag with a reason (pit boss; audited). */
  async liftPlayerFlag(playerId: string, reason: string): Promise<PlayerFlag> {
    return this.request('POST', `/integrity/flags/${seg(playerId)}/lift`, { body: validate(ReasonBodySchema, { reason }) });
  }

  // ───────────────────────── pit boss: day, search, detail, deny ─────────────────────────

  /** Rounds, stakes and hold per table since `from` (default today 00:00 UTC), bucketed (default hourly). */
  async day(opts: { from?: number; to?: number; bucketMs?: number } = {}): Promise<TableDay[]> {
    return this.request('GET', `/rounds/day${query({ from: opts.from, to: opts.to, bucketMs: opts.bucketMs })}`);
  }

  /** Rounds by id, table, player (their bets) and opening time; newest first. */
  async searchRounds(q: RoundSearchQuery = {}): Promise<RoundListItem[]> {
    return this.request('GET', `/rounds/search${query({ roundId: q.roundId, tableId: q.tableId, playerId: q.playerId, from: q.from, to: q.to, limit: q.limit })}`);
  }

  /** A round's money, bets (status, return) and every stored event (replay). */
  async roundDetail(roundId: string): Promise<RoundDetail> {
    return this.request('GET', `/rounds/${seg(roundId)}/detail`);
  }

  /** A pit boss turns down a void request or a manual entry (audited with the reason). */
  async denyRequest(tableId: string, requestId: string, reason: string): Promise<PendingRequest> {
    return this.request('POST', `/tables/${seg(tableId)}/requests/${seg(requestId)}/deny`, { body: validate(ReasonBodySchema, { reason }) });
  }

  // ───────────────────────── device credentials (admin; issue 9 finding 1) ─────────────────────────

  /** Issues (or rotates: the old secret stops working at once) a device's MQTT credential; the secret is returned only here. */
  async issueDeviceCredential(tableId: string, deviceId: string, reason: string): Promise<IssuedDeviceCredential> {
    check(typeof reason === 'string' && reason.length > 0, 'reason: required');
    return this.request('POST', `/tables/${seg(tableId)}/devices/${seg(deviceId)}/credentials`, { body: { reason } });
  }

  /** A table's device credentials: usernames and dates, never secrets (pit boss / admin). */
  async listDeviceCredentials(tableId: string): Promise<DeviceCredentialInfo[]> {
    return this.request('GET', `/tables/${seg(tableId)}/device-credentials`);
  }

  async revokeDeviceCredential(tableId: string, deviceId: string, reason: string): Promise<{ revoked: boolean }> {
    check(typeof reason === 'string' && reason.length > 0, 'reason: required');
    return this.request('DELETE', `/tables/${seg(tableId)}/devices/${seg(deviceId)}/credentials`, { body: { reason } });
  }

  // ───────────────────────── operators (admin; issue 12 seamless wallet) ─────────────────────────

  /** Operators with their wallet mode, endpoint and currencies (never the secret). */
  async listOperators(): Promise<OperatorInfo[]> {
    return this.request('GET', '/admin/operators');
  }

  /** Reconciliation of one operator and UTC day (YYYY-MM-DD; default today): our ledger against its acknowledgements. */
  async operatorReconciliation(operatorId: string, day?: string): Promise<OperatorReconciliation> {
    return this.request('GET', `/admin/operators/${seg(operatorId)}/reconciliation${query({ day })}`);
  }

  /** The operator's dead-lettered wallet calls. */
  async operatorDeadLetters(operatorId: string): Promise<DeadLetter[]> {
    return this.request('GET', `/admin/operators/${seg(operatorId)}/dead-letter`);
  }

  /** Re-queues dead-lettered calls (the given transaction uuids, or all of the operator's); audited with the reason. */
  async retryOperatorDeadLetters(operatorId: string, reason: string, transactionUuids?: readonly string[]): Promise<{ operatorId: string; requeued: string[] }> {
    return this.request('POST', `/admin/operators/${seg(operatorId)}/dead-letter/retry`, { body: { reason, ...(transactionUuids === undefined ? {} : { transactionUuids }) } });
  }

  // ───────────────────────── table chat and tips (issue 24) ─────────────────────────

  /** The table chat's history as this user may see it (staff: the shift's tips; the pit boss: mutes and bans in force). */
  chatHistory(tableId: string): Promise<ChatHistory> {
    return this.request('GET', `/tables/${seg(tableId)}/chat`);
  }

  /** Tips per table, dealer and shift (pit boss, admin; TIP-4): times in ms, default the last 7 days. */
  tipsReport(q: { from?: number; to?: number; tableId?: string; dealerId?: string } = {}): Promise<TipsReport> {
    return this.request('GET', `/tips/shifts${query({ from: q.from, to: q.to, tableId: q.tableId, dealerId: q.dealerId })}`);
  }

  /** Pays out a dealer's ended shift (admin, audited with the reason; TIP-5): once per shift, a retry answers the first (`duplicate`). */
  payTips(b: TipPayoutBody): Promise<TipPayoutResult> {
    check(typeof b.reason === 'string' && b.reason.trim().length > 0, 'reason: required');
    return this.request('POST', '/tips/payouts', { body: b });
  }

  // ───────────────────────── poker tournaments (issue 24) ─────────────────────────

  /** The tournament lobby: every tournament, the newest first. */
  tournaments(): Promise<TournamentSummary[]> {
    return this.request('GET', '/tournaments');
  }

  /** Publishes a tournament's terms (pit boss, admin; audited). */
  createTournament(body: CreateTournamentBody): Promise<TournamentView> {
    return this.request('POST', '/tournaments', { body });
  }

  /** One tournament as this user may see it (a player: their own entries; staff: every entry). */
  tournament(tournamentId: string): Promise<TournamentView> {
    return this.request('GET', `/tournaments/${seg(tournamentId)}`);
  }

  /** Registers (or registers late, or re-enters): buy-in + fee from the wallet; idempotent by `entryId` (a new one by default). */
  registerTournament(tournamentId: string, entryId: string = newEntryId()): Promise<TournamentEntryResult> {
    return this.request('POST', `/tournaments/${seg(tournamentId)}/entries`, { body: { entryId } });
  }

  /** The pit boss: pause, resume, add time or cancel (refunds by the rules); always with a reason (audited). */
  controlTournament(tournamentId: string, body: TournamentControlBody): Promise<TournamentView> {
    check(typeof body.reason === 'string' && body.reason.trim().length > 0, 'reason: required');
    return this.request('POST', `/tournaments/${seg(tournamentId)}/control`, { body });
  }

  /** The tournament's events in order (pit boss, admin): what `felt tournament` replays. */
  tournamentLog(tournamentId: string): Promise<TournamentLog> {
    return this.request('GET', `/tournaments/${seg(tournamentId)}/log`);
  }

  /** The pit boss's view of a tournament's tables: seats, chips, the hands in play (down cards once a hand is over). */
  tournamentTables(tournamentId: string): Promise<TournamentTablesView> {
    return this.request('GET', `/tournaments/${seg(tournamentId)}/tables`);
  }

  /** TRN-PLAY: the player's tournament table (a live table's frame shape: their own hole cards only) plus `tournament`. */
  tournamentTable(tournamentId: string): Promise<TournamentTableFrame> {
    return this.request('GET', `/tournaments/${seg(tournamentId)}/table`);
  }

  /** TRN-PLAY: take your seat (`true`: you act on your own turns, under the action clock) or leave it to the robot. */
  tournamentSeat(tournamentId: string, sitting: boolean): Promise<TournamentTableFrame> {
    return this.request('POST', `/tournaments/${seg(tournamentId)}/seat`, { body: { sitting } });
  }

  /** TRN-PLAY: your action in your tournament hand (refused with the hand core's code and rule ID, as at a live table). */
  tournamentAct(tournamentId: string, body: TournamentActionBody): Promise<TournamentTableFrame> {
    return this.request('POST', `/tournaments/${seg(tournamentId)}/actions`, { body });
  }

  // ───────────────────────── table commands ─────────────────────────

  /**
   * Any table command by its op (issue 19 §3): the route, the body and the answer's type come from the
   * command's one definition (libs/protocol `TABLE_COMMAND_WIRES`); the input is checked before it is sent.
   * The named methods above (`placeBet`, `closeBetting`, …) are this call with friendlier arguments.
   */
  async command<K extends TableCommandOp>(op: K, tableId: string, input: TableCommandInput<K>): Promise<TableCommandResult<K>> {
    const wire: TableCommandWire = TABLE_COMMAND_WIRES[op];
    if (wire.rest === undefined) throw FeltApiError.client(CLIENT_ERROR_CODES.INVALID_INPUT, `${op} has no REST route: send it on the socket`);
    const call = restCallOf(wire.rest, tableId, validate(wire.schema as Validator<Record<string, unknown>>, input));
    return this.request(call.method, call.path, call.body !== undefined ? { body: call.body } : {});
  }

  // ───────────────────────── transport ─────────────────────────

  private async request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (opts.auth !== false) {
      if (this.tokenValue === null) throw FeltApiError.client(CLIENT_ERROR_CODES.NO_TOKEN, `${method} ${path} needs a token: login() first`);
      headers['authorization'] = `Bearer ${this.tokenValue}`;
    }
    let body: string | undefined;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    let res: Awaited<ReturnType<FetchLike>>;
    let text: string;
    try {
      res = await this.fetchFn(`${this.baseUrl}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
      text = await res.text();
    } catch (e) {
      throw FeltApiError.client(CLIENT_ERROR_CODES.NETWORK_ERROR, `${method} ${path}: ${e instanceof Error ? e.message : String(e)}`, e);
    }
    if (res.status === 401 && opts.auth !== false && opts.noRefresh !== true && this.refreshValue !== null) {
      // The access token expired (or was revoked): one refresh, then the call once more (a revoked session fails the refresh).
      // If another call already refreshed since this one was sent, its new token is simply used.
      const sent = headers['authorization'];
      if (this.refreshing !== null) await this.refreshing;
      else if (sent === `Bearer ${this.tokenValue ?? ''}`) await this.refresh();
      return this.request<T>(method, path, { ...opts, noRefresh: true });
    }
    if (!res.ok && !(opts.acceptStatus ?? []).includes(res.status)) throw FeltApiError.fromHttp(res.status, text);
    if (text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch (e) {
      throw new FeltApiError(res.status, CLIENT_ERROR_CODES.BAD_RESPONSE, null, `${method} ${path}: the answer is not JSON`, undefined, { cause: e });
    }
  }
}
