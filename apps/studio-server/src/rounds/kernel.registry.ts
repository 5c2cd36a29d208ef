import * as games from '@felt/games';
import type { Audience, GameId, RoundKernel, RoundStateBase } from '@felt/games';
import { redactorOf, type Redactor } from './redaction.js';

/** A round kernel seen generically by the server: it only routes commands and events, never interprets them. */
export interface KernelCommand {
  readonly type: string;
  readonly at: number;
  readonly [key: string]: unknown;
}
export interface KernelEvent {
  readonly type: string;
  readonly at: number;
  readonly [key: string]: unknown;
}
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

const isKernel = (k: unknown): k is AnyKernel =>
  typeof k === 'object' && k !== null && ['initial', 'decide', 'evolve', 'view', 'settle', 'next', 'deadlines'].every((f) => typeof (k as Record<string, unknown>)[f] === 'function');

const camel = (id: string): string => id.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Registry over explicit kernels (tests, or a fixed build). */
export class MapKernelRegistry implements KernelRegistry {
  private readonly byGame: Map<string, AnyKernel>;
  constructor(
    kernels: readonly AnyKernel[],
    private readonly profileIds: Readonly<Record<string, readonly string[]>> = {},
    gameRedactors: Readonly<Record<string, (event: KernelEvent, audience: Audience) => unknown>> = {},
  ) {
    this.byGame = new Map(kernels.map((k) => [k.game, k]));
    this.redactors = new Map(kernels.map((k) => [k.game, redactorOf(gameRedactors[k.game])]));
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
 * The studio's kernels: every game of the definitions registry (`GAME_KERNELS`, issue 8: one
 * `createKernel(defineGame(...))` per game, whose `redact` is the one redaction of its events), then —
 * until their definitions land — the games still exported as hand-written kernels under the
 * `<camelGameId>Kernel` convention (roulette, baccarat, blackjack; blackjack's `eventForAudience`
 * hides its hole card, BJ-5a).
 */
export function gamesKernelRegistry(): KernelRegistry {
  const found: AnyKernel[] = [];
  const profiles: Record<string, readonly string[]> = {};
  const redactors: Record<string, (event: KernelEvent, audience: Audience) => unknown> = {};
  const exported = games as unknown as Record<string, unknown>;
  for (const id of games.GAME_IDS as readonly GameId[]) {
    const referee = games.gameKernel(id);
    if (referee) {
      found.push(referee as unknown as AnyKernel);
      redactors[id] = (e, a) => referee.redact(e as never, a);
      profiles[id] = Object.keys(referee.definition.profiles);
      continue;
    }
    const ns = exported[camel(id)];
    const inNs = typeof ns === 'object' && ns !== null ? (ns as Record<string, unknown>)[`${camel(id)}Kernel`] : undefined;
    const k = inNs ?? exported[`${camel(id)}Kernel`];
    if (isKernel(k)) found.push(k);
    const redact = typeof ns === 'object' && ns !== null ? (ns as Record<string, unknown>)['eventForAudience'] : undefined;
    if (typeof redact === 'function') redactors[id] = redact as (event: KernelEvent, audience: Audience) => unknown;
    const mod = games.gameModule(id);
    if (mod) profiles[id] = Object.keys(mod.profiles);
  }
  return new MapKernelRegistry(found, profiles, redactors);
}
