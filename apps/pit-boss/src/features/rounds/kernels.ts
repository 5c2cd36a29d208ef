import { gameKernel } from '@felt-studio/games';
import type { ReplayKernel } from './replay.model';

/**
 * The game's own round kernel from @felt-studio/games' manifests (`gameKernel(id)`, one registry for every
 * game: a new game's rounds replay here with no change). @felt-studio/games is in the bundle already.
 */
export function kernelFor(game: string): ReplayKernel | null {
  return (gameKernel(game) as ReplayKernel | undefined) ?? null;
}
