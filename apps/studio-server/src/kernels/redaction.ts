import type { Audience } from '@felt/games';
import type { KernelEvent } from './kernel.types.js';

/**
 * What an audience may receive of one round event (non-negotiable 4). `null`: nothing (the frame keeps
 * its seq and type so the client's seq stays contiguous). Every realtime frame (live and resync) and
 * every REST payload that carries round events goes through the game's redactor; nothing else
 * publishes events.
 */
export type Redactor = (event: KernelEvent, audience: Audience) => unknown;

const betOwner = (e: KernelEvent): string | undefined => {
  if (e.type === 'BetAccepted') return (e as { bet?: { playerId?: string } }).bet?.playerId;
  if (e.type === 'BetCancelled') return (e as { playerId?: string }).playerId;
  return undefined;
};

/** The rule every game shares: a player never receives another player's bet events (issue §8). */
export const ownBetsOnly: Redactor = (e, a) => {
  if (a.role !== 'player') return e;
  const owner = betOwner(e);
  return owner !== undefined && owner !== a.playerId ? null : e;
};

/** The shared rule, then the game's own (e.g. the blackjack hole card, BJ-5a). */
export function redactorOf(game?: (event: KernelEvent, audience: Audience) => unknown): Redactor {
  if (!game) return ownBetsOnly;
  return (e, a) => (ownBetsOnly(e, a) === null ? null : game(e, a));
}

/** The audience of an authenticated user (admins see what pit bosses see). */
export const audienceOfRole = (role: string, userId: string): Audience => (role === 'player' ? { role: 'player', playerId: userId } : role === 'dealer' ? { role: 'dealer' } : { role: 'pitboss' });
