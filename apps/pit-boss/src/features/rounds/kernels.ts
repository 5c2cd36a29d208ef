import * as games from '@felt/games';
import type { ReplayKernel } from './replay.model';

const camel = (id: string): string => id.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

const isKernel = (k: unknown): k is ReplayKernel => typeof k === 'object' && k !== null && ['initial', 'evolve', 'view'].every((f) => typeof (k as Record<string, unknown>)[f] === 'function');

/**
 * The game's own round kernel from @felt/games (`<camelGameId>Kernel`, in the game's namespace or at
 * the top level — the server's convention). @felt/games is in the bundle already (@felt/protocol's
 * codecs use it), so this costs nothing extra.
 */
export function kernelFor(game: string): ReplayKernel | null {
  const exported = games as unknown as Record<string, unknown>;
  const ns = exported[camel(game)];
  const inNs = typeof ns === 'object' && ns !== null ? (ns as Record<string, unknown>)[`${camel(game)}Kernel`] : undefined;
  const k = inNs ?? exported[`${camel(game)}Kernel`];
  return isKernel(k) ? k : null;
}
