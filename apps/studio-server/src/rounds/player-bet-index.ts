import type { AcceptedBet } from '@felt-studio/games';
import type { KernelEvent } from '../kernels/kernel.registry.js';
import type { LoadedRound } from './round.model.js';

interface Index {
  readonly roundId: string;
  seq: number;
  readonly byPlayer: Map<string, Map<string, AcceptedBet>>;
}

/**
 * Each player's accepted bets in each table's current round (the bet ack, `GET …/bets/mine`), kept
 * up to date by every commit, so an ack costs O(the player's bets), not O(all bets). A cache: rebuilt
 * from the round's state whenever it is behind.
 */
export class PlayerBetIndex {
  private readonly byTable = new Map<string, Index>();

  /** A player's bets in `round` (the table's current round). */
  betsOf(round: LoadedRound, playerId: string): AcceptedBet[] {
    let idx = this.byTable.get(round.tableId);
    if (idx?.roundId !== round.roundId || idx.seq !== round.state.seq) {
      idx = { roundId: round.roundId, seq: round.state.seq, byPlayer: new Map() };
      for (const b of Object.values(round.state.bets)) add(idx, b);
      this.byTable.set(round.tableId, idx);
    }
    return [...(idx.byPlayer.get(playerId)?.values() ?? [])];
  }

  /** Events committed to `before` (a round at seq `before.state.seq`) that moved it to `seq`. */
  onCommit(before: LoadedRound, events: readonly KernelEvent[], seq: number): void {
    const idx = this.byTable.get(before.tableId);
    if (!idx || idx.roundId !== before.roundId || idx.seq !== before.state.seq) return;
    for (const e of events) {
      if (e.type === 'BetAccepted') add(idx, (e as unknown as { bet: AcceptedBet }).bet);
      else if (e.type === 'BetCancelled') {
        const c = e as unknown as { betId: string; playerId: string };
        idx.byPlayer.get(c.playerId)?.delete(c.betId);
      }
    }
    idx.seq = seq;
  }
}

function add(idx: Index, b: AcceptedBet): void {
  let m = idx.byPlayer.get(b.playerId);
  if (!m) {
    m = new Map();
    idx.byPlayer.set(b.playerId, m);
  }
  m.set(b.betId, b);
}
