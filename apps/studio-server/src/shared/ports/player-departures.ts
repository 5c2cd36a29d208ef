/**
 * S1-DISCONNECT beyond the tables a socket watches (issue 24: tournaments). The realtime gateway reports a player
 * whose LAST connection closed — on every instance (the cluster's adapter counts their sockets everywhere; an instance
 * that does not answer in time counts as none) — and the modules that seat players somewhere a socket does not watch
 * listen here: a tournament sits the player out (TRN-ABSENT: dealt in, blinds posted, folded on their turns) until
 * they take their seat again. One per application (SharedPortsModule); the gateway is its only reporter.
 */
export interface DepartureListener {
  /** Does this player's departure matter here (e.g. they sit in a tournament)? Cheap and synchronous: asked on every player socket's close. */
  wants(playerId: string): boolean;
  /** The player has no connection left on any instance. */
  gone(playerId: string): Promise<void>;
}

export class PlayerDepartures {
  private readonly listeners = new Set<DepartureListener>();

  /** Returns the way to stop listening. */
  listen(l: DepartureListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Is any listener interested in this player (else the gateway does not count their sockets across instances)? */
  wanted(playerId: string): boolean {
    for (const l of this.listeners) if (l.wants(playerId)) return true;
    return false;
  }

  /** The player has no connection left: every interested listener is told (one failing does not stop the others). */
  async gone(playerId: string): Promise<void> {
    await Promise.allSettled([...this.listeners].filter((l) => l.wants(playerId)).map((l) => l.gone(playerId)));
  }
}

export const PLAYER_DEPARTURES = Symbol('PLAYER_DEPARTURES');
