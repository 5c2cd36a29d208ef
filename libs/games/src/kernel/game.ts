import type { Result } from '../common/result.js';
import type { GameId, Settlement } from './kernel.js';

/**
 * Ids the offline tools (`felt rtp`, `felt settle`) know that no table runs (no referee definition:
 * the server refuses their tables): `ray-poker`, the four RAY bank-poker games (rules-ray-2011.md §7)
 * as one module keyed by profile. Every RAY game also runs live under its own id (`fast-poker`,
 * `triple-bet-poker`, `dynamic-poker`, `riverside-poker`).
 */
export const OFFLINE_GAME_IDS = ['ray-poker'] as const;
export type OfflineGameId = (typeof OFFLINE_GAME_IDS)[number];
/** What a game module (CLI tool) is keyed by: a live game id or an offline-only one. */
export type ToolGameId = GameId | OfflineGameId;

/** One row of `felt rtp`: a bet of a profile with its return-to-player. */
export interface RtpRow {
  /** Bet key as in the profile's paytable (e.g. `straight`, `banker`, `total:4`). */
  readonly bet: string;
  /** Return to player, as a fraction (0.973 = 97.3 %). */
  readonly rtp: number;
  readonly houseEdge: number;
  readonly method: 'exact' | 'simulation';
  /** For simulations: 95 % confidence half-width of `rtp`, and sample size. */
  readonly ci95?: number;
  readonly samples?: number;
  /** Exact value as a rational where available ("36/37"). */
  readonly exact?: string;
  readonly note?: string;
}

export interface RtpReport {
  readonly game: ToolGameId;
  readonly profile: string;
  readonly rows: readonly RtpRow[];
}

export interface RtpOptions {
  /** Monte-Carlo seed and sample size for games without exact enumeration (blackjack). */
  readonly seed?: number;
  readonly rounds?: number;
}

/**
 * What the CLI (`felt rtp`, `felt settle`) and the server need from a game module, registered in
 * `registry.ts`. `settleOffline` is the dispute tool (GEN-8): an outcome + bets → every bet's result.
 */
export interface GameModule {
  readonly id: ToolGameId;
  readonly profiles: Readonly<Record<string, { readonly id: string; readonly name: string }>>;
  readonly defaultProfile: string;
  rtp(profileId: string, opts?: RtpOptions): Result<RtpReport>;
  /** `input` is untrusted parsed JSON: validate it and return a violation for bad input. */
  settleOffline(profileId: string, input: unknown): Result<Settlement>;
}
