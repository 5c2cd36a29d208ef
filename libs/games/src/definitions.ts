import type { CommonCommand, CommonEvent, GameId, RoundKernel } from './kernel/kernel.js';
import type { Cmd, GameDefinition, ProfileLike, RefereeKernel, RefereeState } from './kernel/define.js';
import { GAME_MANIFESTS } from './games.js';
import type { GameManifest } from './kernel/manifest.js';

/**
 * The registry of game definitions (issue 8), derived from the one list of manifests (games.ts,
 * issue 19 §4): every game is a `defineGame(...)` run by the one referee (`createKernel`). The
 * server, the CLI and the contract suite (contract.spec.ts) iterate this registry; a new game is its
 * manifest and gets the contract suite for free.
 */
export type AnyDefinition = GameDefinition<RefereeState, Cmd, Cmd, unknown, ProfileLike>;
export type AnyRefereeKernel = RefereeKernel<RefereeState, Cmd, Cmd, unknown, ProfileLike> & RoundKernel<RefereeState, Cmd | CommonCommand, Cmd | CommonEvent, unknown>;

/** The referee kernel of every game, by id (each built once from its definition). */
export const GAME_KERNELS: Readonly<Partial<Record<GameId, AnyRefereeKernel>>> = Object.fromEntries(
  (GAME_MANIFESTS as readonly GameManifest[]).filter((m) => m.kernel !== null).map((m) => [m.id, m.kernel as AnyRefereeKernel]),
);

/** Every game definition, by id. */
export const GAME_DEFINITIONS: Readonly<Partial<Record<GameId, AnyDefinition>>> = Object.fromEntries(Object.entries(GAME_KERNELS).map(([id, k]) => [id, k.definition]));

export function gameDefinition(id: string): AnyDefinition | undefined {
  return Object.prototype.hasOwnProperty.call(GAME_DEFINITIONS, id) ? (GAME_DEFINITIONS as Record<string, AnyDefinition>)[id] : undefined;
}

export function gameKernel(id: string): AnyRefereeKernel | undefined {
  return Object.prototype.hasOwnProperty.call(GAME_KERNELS, id) ? (GAME_KERNELS as Record<string, AnyRefereeKernel>)[id] : undefined;
}
