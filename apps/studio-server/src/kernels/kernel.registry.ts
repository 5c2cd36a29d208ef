import * as games from '@felt-studio/games';
import type { AnyDefinition, Audience, CommandSpec, GameId, RoundKernel, RoundStateBase } from '@felt-studio/games';
import { redactorOf, type Redactor } from './redaction.js';

import type { KernelCommand, KernelEvent } from './kernel.types.js';

export type { KernelCommand, KernelEvent } from './kernel.types.js';
export type AnyKernel = RoundKernel<RoundStateBase, KernelCommand, KernelEvent, unknown>;

export interface KernelRegistry {
  get(game: string): AnyKernel | undefined;
  games(): readonly string[];
  /** Rule profile ids of a game (undefined when the game publishes none). */
  profiles(game: string): readonly string[] | undefined;
  /** What an audience may see of a game's event (the shared bet rule plus the game's own). */
  redactor(game: string): Redactor;
}

export const KERNELS = Symbol('KERNELS');

/** What the definition behind a kernel declares (a `createKernel(defineGame(...))` kernel carries it). */
export type KernelDefinition = Pick<AnyDefinition, 'id' | 'name' | 'commands' | 'carry' | 'devices' | 'preOpen' | 'bets'>;

/** The definition of a referee kernel, or undefined for a bare kernel (tests' coin game). */
export const definitionOf = (k: AnyKernel): KernelDefinition | undefined => {
  const d = (k as unknown as { definition?: unknown }).definition;
  return typeof d === 'object' && d !== null ? (d as KernelDefinition) : undefined;
};

/** The commands a person may issue through round control, with their roles (from the definition). */
export const commandsOf = (k: AnyKernel): readonly CommandSpec[] => definitionOf(k)?.commands ?? [];

/** Registry over explicit kernels (tests, or a fixed build). */
export class MapKernelRegistry implements KernelRegistry {
  private readonly byGame: Map<string, AnyKernel>;
  constructor(
    kernels: readonly AnyKernel[],
    private readonly profileIds: Readonly<Record<string, readonly string[]>> = {},
    gameRedactors: Readonly<Record<string, (event: KernelEvent, audience: Audience) => unknown>> = {},
  ) {
    this.byGame = new Map(kernels.map((k) => [k.game, k]));
    // A referee kernel redacts its own events (`redact`); an explicit redactor wins (tests).
    const own = (k: AnyKernel): ((event: KernelEvent, audience: Audience) => unknown) | undefined => {
      const r = (k as unknown as { redact?: unknown }).redact;
      return typeof r === 'function' ? (e, a) => (r as (event: KernelEvent, audience: Audience) => unknown).call(k, e, a) : undefined;
    };
    this.redactors = new Map(kernels.map((k) => [k.game, redactorOf(gameRedactors[k.game] ?? own(k))]));
  }
  private readonly redactors: Map<string, Redactor>;
  redactor(game: string): Redactor {
    return this.redactors.get(game) ?? redactorOf();
  }
  profiles(game: string): readonly string[] | undefined {
    return this.profileIds[game];
  }
  get(game: string): AnyKernel | undefined {
    return this.byGame.get(game);
  }
  games(): readonly string[] {
    return [...this.byGame.keys()];
  }
}

/**
 * The studio's kernels: one `createKernel(defineGame(...))` per game of the definitions registry
 * (`GAME_KERNELS`, issue 8), whose `redact` is the one redaction of its events. A game without a
 * definition has no kernel: a table that plays it stops the boot (TablesService.checkDefinitions).
 */
export function gamesKernelRegistry(): KernelRegistry {
  const found: AnyKernel[] = [];
  const profiles: Record<string, readonly string[]> = {};
  const redactors: Record<string, (event: KernelEvent, audience: Audience) => unknown> = {};
  for (const id of games.GAME_IDS as readonly GameId[]) {
    const referee = games.gameKernel(id);
    if (!referee) continue;
    found.push(referee as unknown as AnyKernel);
    redactors[id] = (e, a) => referee.redact(e as never, a);
    profiles[id] = Object.keys(referee.definition.profiles);
  }
  return new MapKernelRegistry(found, profiles, redactors);
}
