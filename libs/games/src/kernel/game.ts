import type { Result } from '../common/result.js';
import type { Settlement } from './kernel.js';

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

/** A Monte-Carlo row of `felt rtp` from the simulated return per unit staked (house edge 1 − rtp). */
export function simulatedRtpRow(bet: string, sim: { readonly rtp: number; readonly ci95: number }, samples: number, note: string): RtpRow {
  return { bet, rtp: sim.rtp, houseEdge: 1 - sim.rtp, method: 'simulation', ci95: sim.ci95, samples, note };
}

/** A Monte-Carlo row of `felt rtp` from the simulated net win per unit staked (rtp 1 + mean, house edge −mean). */
export function simulatedMeanRow(bet: string, sim: { readonly mean: number; readonly ci95: number }, samples: number, note: string): RtpRow {
  return { bet, rtp: 1 + sim.mean, houseEdge: -sim.mean, method: 'simulation', ci95: sim.ci95, samples, note };
}

export interface RtpReport {
  /** A `ToolGameId` (games.ts: derived from the manifests, which import this file — so a string here). */
  readonly game: string;
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
  /** A `ToolGameId` (games.ts; a string here, as `game` above). */
  readonly id: string;
  readonly profiles: Readonly<Record<string, { readonly id: string; readonly name: string }>>;
  readonly defaultProfile: string;
  rtp(profileId: string, opts?: RtpOptions): Result<RtpReport>;
  /** `input` is untrusted parsed JSON: validate it and return a violation for bad input. */
  settleOffline(profileId: string, input: unknown): Result<Settlement>;
}
