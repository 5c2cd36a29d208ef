import type { Audience } from '@felt-studio/games';
import type { KernelEvent } from './kernel.types.js';
import type { StoredRoundEvent } from '../shared/ports/persistence.port.js';

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

/** A stored round event as one audience may read it: the envelope, the payload through the audience view (`null`: hidden). */
export interface AudienceEvent {
  readonly seq: number;
  readonly type: string;
  readonly at: number;
  readonly roundId: string;
  readonly tableId: string;
  readonly recordedAt: number;
  readonly causationId: string | null;
  readonly payload: unknown;
}

/** Phases after which a round's trail is complete for the pit boss (the outcome is decided; nothing is face down any more that matters to play). */
const TRAIL_COMPLETE: ReadonlySet<string> = new Set(['resolved', 'settled', 'void']);

/**
 * THE audience view of stored round events (issue 22 §2, non-negotiable 4): every read of stored round
 * events — REST (events, round detail / replay), WS resync, exports — goes through this one function,
 * never `loadEvents` straight to a client. Players and dealers always get each payload through the
 * game's redactor (own bets only; no face-down card before its reveal, BJ-5a). The pit boss and admin
 * get the same while the round is in play, and the complete audit trail once it is over.
 */
export function audienceEvents(redact: Redactor, phase: string | null, events: readonly StoredRoundEvent[], audience: Audience): AudienceEvent[] {
  const complete = audience.role === 'pitboss' && phase !== null && TRAIL_COMPLETE.has(phase);
  return events.map((e) => ({ seq: e.seq, type: e.type, at: e.at, roundId: e.roundId, tableId: e.tableId, recordedAt: e.recordedAt, causationId: e.causationId, payload: complete ? e.payload : (redact(e.payload as KernelEvent, audience) ?? null) }));
}
