import type { ReplayKernel } from './replay.model';

const camel = (id: string): string => id.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());

const isKernel = (k: unknown): k is ReplayKernel => typeof k === 'object' && k !== null && ['initial', 'evolve', 'view'].every((f) => typeof (k as Record<string, unknown>)[f] === 'function');

/**
 * The game's own round kernel from @felt/games (`<camelGameId>Kernel`, in the game's namespace or at
 * the top level — the server's convention), loaded on demand so the floor does not carry the rules.
 */
export async function loadKernel(game: string): Promise<ReplayKernel | null> {
  const games = (await import('@felt/games')) as unknown as Record<string, unknown>;
  const ns = games[camel(game)];
  const inNs = typeof ns === 'object' && ns !== null ? (ns as Record<string, unknown>)[`${camel(game)}Kernel`] : undefined;
  const k = inNs ?? games[`${camel(game)}Kernel`];
  return isKernel(k) ? k : null;
}
