/**
 * Response shapes of the studio server's REST API (apps/studio-server controllers), as seen on the
 * wire — the one definition (the client SDK re-exports these names), plus the typed view per game.
 */
import type * as games from '@felt-studio/games';
import type { GameCommandBody, TableDevice, TableStatus } from './api.schema.js';

/** Each game's kernel type, by game id: derived from @felt-studio/games' manifests (one list, issue 19 §4). */
export type GameKernels = games.GameKernels;
/** What `view(state, audience)` of a game returns: `RoundView.view` / snapshot `view` at a table of that game. */
export type ViewOf<G extends games.GameId> = G extends keyof GameKernels ? ReturnType<GameKernels[G]['view']> : unknown;

export const ROLES = ['player', 'dealer', 'pitboss', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** `GET /auth/me`: the authenticated principal (JWT claims). */
export interface AuthUser {
  readonly userId: string;
  readonly role: Role;
  readonly name: string;
}

export interface LoginResult {
  /** Short-lived access token (15 min). */
  readonly token: string;
  /** Longer-lived refresh token (one shift); `FeltClient.refresh()` trades it for a new pair. */
  readonly refreshToken?: string;
  /** Seconds until `token` expires. */
  readonly expiresIn?: number;
  readonly user: AuthUser;
}

export interface SpotLimit {
  readonly minMinor: number;
  readonly maxMinor: number;
}

export interface PreOpenCheck {
  readonly by: string;
  readonly at: number;
  readonly checks: readonly string[];
  readonly note?: string;
}

export interface Table {
  readonly tableId: string;
  readonly name: string;
  readonly game: string;
  readonly profileId: string;
  readonly currency: string;
  readonly limits: { readonly spots: Readonly<Record<string, SpotLimit>>; readonly tableMinMinor: number; readonly tableMaxMinor: number };
  readonly betWindowS: number;
  readonly cadence: { readonly auto: boolean; readonly pauseS: number };
  readonly devices: readonly TableDevice[];
  readonly status: TableStatus;
  readonly preOpenCheck: PreOpenCheck | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface NextAction {
  readonly kind: string;
  readonly message: string;
  readonly ruleId?: string;
}

/** `GET /tables/:id/round`: the current round as the caller may see it (players: redacted view). */
export interface RoundView {
  readonly roundId: string | null;
  readonly seq: number;
  readonly view: unknown;
  readonly next: readonly NextAction[];
}

/** `GET /tables/:id/rounds`: read-model rows, newest first. */
export interface RoundSummary {
  readonly roundId: string;
  readonly phase: string;
  readonly seq: number;
  readonly openedAt: number;
  readonly updatedAt: number;
}

/** Result of a round command (open, close, void, approve, dealer command, decision). */
export interface CommandResult {
  readonly roundId: string;
  readonly seq: number;
  readonly phase: string;
  /** The events this command appended (type + seq only). */
  readonly events: readonly { readonly seq: number; readonly type: string }[];
  /** True when nothing was appended (an idempotent replay). */
  readonly duplicate: boolean;
}

export interface AcceptedBet {
  readonly betId: string;
  readonly playerId: string;
  readonly spot: string;
  readonly stakeMinor: number;
  readonly acceptedAt: number;
  readonly kind: string;
  readonly parentBetId?: string;
}

/** Result of a bet command over REST (place, cancel, rebet, double). */
export interface BetResult {
  readonly roundId: string;
  readonly seq: number;
  readonly phase: string;
  readonly duplicate: boolean;
  /** The bets this command placed (a place, rebet or double; empty for a cancel) — never the whole list (issue 25 §2). */
  readonly bets: readonly AcceptedBet[];
  /** The player's round after this command; the whole list is `GET /tables/{id}/bets/mine`. */
  readonly totals: BetTotals;
}

/** A player's accepted bets in a round, counted (issue 25 §2). */
export interface BetTotals {
  readonly count: number;
  readonly stakedMinor: number;
}

/** One chip of a `bet.layout` command: accepted, or refused with the same rejection a single bet gets. */
export type LayoutChipResult = { readonly betId: string; readonly ok: true } | { readonly betId: string; readonly ok: false; readonly error: { readonly code: string; readonly ruleId: string | null; readonly message: string } };

/** The ack of a player's layout (issue 13): one answer per chip, in order, and the player's bets after it. */
export interface LayoutResult {
  readonly roundId: string | null;
  readonly seq: number;
  readonly results: readonly LayoutChipResult[];
  /** The layout's accepted chips (issue 25 §2: not the player's whole list). */
  readonly bets: readonly AcceptedBet[];
  readonly totals: BetTotals;
}

/** A void request or a manual entry waiting for a pit boss (GEN-6, S-3). */
export interface PendingRequest {
  readonly requestId: string;
  readonly kind: 'void' | 'manual';
  readonly tableId: string;
  readonly roundId: string;
  readonly by: string;
  readonly role: string;
  readonly reason: string;
  readonly at: number;
  readonly command?: GameCommandBody;
}

export interface Balance {
  readonly playerId: string;
  readonly currency: string;
  readonly balanceMinor: number;
}

export interface DepositResult {
  readonly depositId: string;
  /** False when the deposit id had been used already (idempotent). */
  readonly created: boolean;
  readonly balance: Balance;
}

export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export interface Alert {
  readonly alertId: string;
  readonly tableId: string | null;
  readonly roundId: string | null;
  readonly severity: AlertSeverity;
  readonly code: string;
  readonly message: string;
  readonly at: number;
  /** Who acknowledged the alert and when (stored on the server, seen by every pit boss); null while open. */
  readonly ack?: AlertAck | null;
  /**
   * issue 20 defect 8 (docs/alerts.md): how many times the same code was raised at the same table within
   * the grouping window (1 when alone); the last time; when the condition cleared by itself (null: not);
   * when an unacknowledged warning was escalated to critical (null: not).
   */
  readonly subject?: string | null;
  readonly count?: number;
  readonly lastAt?: number;
  readonly resolvedAt?: number | null;
  readonly escalatedAt?: number | null;
}

export interface AlertAck {
  readonly by: string;
  readonly byName: string;
  readonly at: number;
  readonly note: string | null;
}

/** A dealer signed in at a table's console (`table.presence` frames and `GET /presence`, staff only). */
export interface DealerAtTable {
  readonly userId: string;
  readonly name: string;
  /** When this dealer's console joined the table (server clock). */
  readonly since: number;
}

/**
 * Who is at a table now (`GET /presence`, `table.presence` frame): players with the table open (a lobby
 * glance does not count; a player with two tabs counts once) and, for staff only, the dealers signed in
 * at its console. Kept in the server's memory: it is live state, not history (the audit log keeps who dealt).
 */
export interface TablePresence {
  readonly tableId: string;
  readonly players: number;
  /** Staff only (pit boss, admin, dealer); absent for players. */
  readonly dealers?: readonly DealerAtTable[];
}

export interface AuditRecord {
  readonly auditId: string;
  readonly actor: string;
  readonly role: string;
  readonly action: string;
  readonly reason: string;
  readonly target: string;
  readonly at: number;
}

/** A stored round event (`GET /rounds/:roundId/events`, pit boss / admin). */
export interface StoredRoundEvent {
  readonly roundId: string;
  readonly tableId: string;
  readonly seq: number;
  readonly type: string;
  /** Server-clock time of the command that produced it (epoch ms). */
  readonly at: number;
  readonly payload: unknown;
  readonly recordedAt: number;
  readonly causationId: string | null;
}

/** `GET /health`: returned for 200 (ok) and 503 (a dependency is down) alike. */
export interface HealthReport {
  readonly status: 'ok' | 'error';
  readonly db: 'up' | 'down';
  /** Redis (BullMQ, fan-out); `up` when not configured (jobs in-process). */
  readonly redis?: 'up' | 'down';
  readonly broker: 'up' | 'down';
  readonly queue: 'up' | 'down';
  /** Why each down component is down. */
  readonly details: Readonly<Record<string, string>>;
  /** Terminus's per-component results (`{status, message?}`), up ones in `info`, down ones in `error`. */
  readonly info?: Readonly<Record<string, { readonly status: string; readonly message?: string }>>;
  readonly error?: Readonly<Record<string, { readonly status: string; readonly message?: string }>>;
}

export interface PublicUser {
  readonly userId: string;
  readonly username: string;
  readonly name: string;
  readonly role: Role;
}

/** `GET /time`: the server clock (epoch ms). */
export interface ServerTime {
  readonly now: number;
}

/** `GET /tables/:id/results`: a finished round as everyone may see it (the kernel's view without bets). */
export interface TableResult {
  readonly roundId: string;
  readonly phase: string;
  readonly openedAt: number;
  readonly finishedAt: number;
  readonly view: unknown;
}

export interface PlayerBetRecord {
  readonly betId: string;
  readonly spot: string;
  readonly kind: string;
  readonly stakeMinor: number;
  readonly status: 'accepted' | 'cancelled' | 'settled' | 'refunded';
  /** What the bet returned (stake included on a win/push); null while open. */
  readonly returnMinor: number | null;
  readonly currency: string;
  readonly placedAt: number;
  readonly settledAt: number | null;
}

/** `GET /me/rounds`: one round of the player's history. */
export interface PlayerRound {
  readonly roundId: string;
  readonly tableId: string;
  readonly placedAt: number;
  readonly settledAt: number | null;
  readonly stakeMinor: number;
  readonly returnMinor: number | null;
  readonly currency: string;
  readonly bets: readonly PlayerBetRecord[];
}
