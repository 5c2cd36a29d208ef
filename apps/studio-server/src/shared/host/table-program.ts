import type { Audience, Result } from '@felt-studio/games';
import type { Posting } from '../ledger.rules.js';
import type { Tx } from '../ports/persistence.port.js';

/**
 * The seam a table program plugs into (issue 19 §2, docs/architecture.md "One table host").
 *
 * A table program is what a kind of table decides — the referee's spot-bet rounds (`RoundsService` over
 * the game kernels) or the P2P poker hand (`PokerHandDriver`). The HOST (`TableHost`) gives every kind,
 * once: one writer per table (`writers`, a keyed mutex), one deadline scheduler whose deadlines are
 * fields of the state (so a restart or a takeover re-arms them from the recovered state), one recovery at
 * boot and on takeover, and one lease space for ownership (a table's lease key is its id, whatever its kind).
 *
 * The pure part of a program (`TableRules`) is what the host's commit path folds: decide (command →
 * events), evolve (fold one event), view (one audience's copy), postings (the ledger's side of a change,
 * in the same transaction as the events) and the device map (which device may report what).
 */
export interface TableRules<S, E, C, V, K extends string = string> {
  /** The events a command makes from the current state (a refusal is a coded violation; nothing changes). */
  decide(state: S, command: C, tx: Tx): Promise<Result<{ readonly events: readonly E[]; readonly postings: readonly Posting[] }>>;
  /** Fold one event (validated: a refused event rolls the whole change back). */
  evolve(state: S, event: E, frameNo: number): Result<S>;
  /** One audience's copy of the state (players: only their own cards; non-negotiable 4). */
  view(state: S, audience: Audience, extra: { readonly balanceMinor: number | null; readonly at: number }): V;
  /** The ledger postings of one folded event (S1-STACK, S1-RAKE: double entry, summing to zero). */
  postings(before: S, after: S, event: E, frameNo: number): readonly Posting[];
  /** The kind of device a device id is at this table (null: no device of this table; DEV-AUTH-1). */
  deviceKind(state: S, deviceId: string): K | null;
}

/** A deadline of a table: a command the program issues at `at` on the server clock (non-negotiable 1). */
export interface HostDeadline {
  /** Stable while the deadline stands: the host keeps an armed timer whose key is still wanted. */
  readonly key: string;
  readonly at: number;
}

/**
 * A kind of table the host runs (registered with `TableHost.register` when its module starts). The host
 * asks it for its tables (the ownership pass takes each one's lease, the boot recovery recovers each one),
 * lays each one out (`recover`, at boot or when this instance wins the table's lease), forgets it (`release`,
 * the lease was lost), and arms its deadlines (`deadlines` from the current state; `fire` when one is due).
 */
export interface TableProgram {
  readonly kind: string;
  /** Every table of this kind in the store (every instance's). */
  tables(): Promise<readonly string[]>;
  /** Does this table belong to the program (a stored table of its kind)? */
  has(tableId: string): Promise<boolean>;
  /** Lay the table out from its log (boot, takeover); an unfinished piece of play is resolved by the program's rule. */
  recover(tableId: string): Promise<void>;
  /** This instance no longer runs the table (lease lost, shutdown): forget its state and timers. */
  release(tableId: string): void;
  /** The table's deadlines now (fields of its state, so recovery re-arms them). */
  deadlines(tableId: string): readonly HostDeadline[];
  /** A deadline is due (the program issues its command through its own write path). */
  fire(tableId: string, deadline: HostDeadline): Promise<void>;
}

/** How the host hears about ownership when several instances run (bound by the cluster module). */
export interface HostOwnership {
  /** Take the lease of a new table (its creator): true when this instance runs it now. */
  claim(tableId: string): Promise<boolean>;
}
