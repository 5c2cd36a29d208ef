/**
 * What the rest of the server sees of the cluster (issue 13, "Past one machine"). Type-only imports:
 * the rounds, realtime and ingest modules depend on these tokens without depending on ClusterModule,
 * and every one of them keeps its single-instance behaviour when the token is absent.
 */
import type { DealerAtTable, TablePresence } from '@felt-studio/protocol';
import type { Observable } from 'rxjs';

/** Does this instance own the table's round kernel right now (holds its lease and has recovered it)? */
export interface TableOwnerGuard {
  owns(tableId: string): boolean;
  /** Emits when this instance takes a table over (after the recovery) or loses it. */
  readonly ownership$: Observable<{ readonly tableId: string; readonly owned: boolean }>;
  /** This instance's id (the lease value). */
  readonly instanceId: string;
  /**
   * The MQTT client id of the table's ingest session: the same on every instance, so the instance that
   * takes a table over resumes the dead owner's persistent session (its unacknowledged QoS 1 messages).
   */
  ingestSessionId(tableId: string): string;
}
export const TABLE_OWNER_GUARD = Symbol('TABLE_OWNER_GUARD');

// The table router's port lives with the table commands (shared/commands/table-router.port.ts); re-exported here.
export { forwarded, leaseKeyOf, TABLE_ROUTER, type TableCommand, type TableRouterPort } from '../commands/table-router.port.js';

/** This instance's own part of a table's presence (its sockets). */
export interface LocalPresence {
  readonly players: readonly string[];
  readonly dealers: readonly DealerAtTable[];
}

/** Table presence summed over every instance (a player counted once wherever connected). */
export interface PresenceMerger {
  /** Store this instance's part and answer the merged presence. */
  merge(tableId: string, local: LocalPresence): Promise<TablePresence>;
  /**
   * Who is at the table on every instance, by id (issue 24, CHAT-7: a player chats only where present; TIP-3/4:
   * the dealer on duty): the stored parts of the other instances merged with this instance's current `local`.
   */
  who(tableId: string, local: LocalPresence): Promise<LocalPresence>;
}
export const PRESENCE_MERGER = Symbol('PRESENCE_MERGER');

/** socket.io adapter factory for cross-instance fan-out (the Redis adapter), or absent on one instance. */
export const SOCKET_IO_ADAPTER = Symbol('SOCKET_IO_ADAPTER');

/**
 * Owner → instance relay (issue 13 point 4) for tables whose per-viewer frames are built on the viewer's
 * instance (live poker), and small shared maps (the poker lobby). Absent on one instance.
 */
export interface TableRelayPort {
  /** To every OTHER instance subscribed to the topic (at most once, in order per publisher). */
  publish(topic: string, payload: unknown): Promise<void>;
  /** Resolves once subscribed (nothing published after that is missed); call the answer to unsubscribe. */
  subscribe(topic: string, fn: (payload: unknown) => void): Promise<() => void>;
  /** Write a stamped entry of a shared map; it stops counting when not written again within `staleMs`. */
  put(map: string, field: string, value: unknown, staleMs: number): Promise<void>;
  remove(map: string, field: string): Promise<void>;
  /** The entries written within `staleMs`. */
  entries(map: string, staleMs: number): Promise<unknown[]>;
}
export const TABLE_RELAY = Symbol('TABLE_RELAY');

/**
 * Work that is not a table but must be done by exactly one instance at a time (issue 24: a tournament's clock —
 * levels, hands, busts). It is owned through the cluster's table leases (the same store, the same renew/acquire
 * pass, its own key per unit, e.g. `tournament:<id>`), so no second lease loop exists. Absent on one instance:
 * the work is this instance's.
 */
export interface LeasedWorkSource {
  /** The lease keys of the units that need an owner now (called once per ownership pass; refresh what is known here). */
  keys(): Promise<readonly string[]>;
  /** This instance holds the unit's lease now: take it over (fold its log again; a dead owner's work continues here). */
  taken(key: string): Promise<void>;
  /** The lease was lost or given up: decide nothing more for the unit here. */
  lost(key: string): Promise<void>;
}
export interface LeasedWork {
  /**
   * Registers a source (once, at construction); its units are leased from the next pass on. The answer's `claim`
   * takes a new unit's lease at once (its creator): true when this instance holds it now (`taken` is not called).
   */
  bind(source: LeasedWorkSource): { claim(key: string): Promise<boolean> };
}
export const LEASED_WORK = Symbol('LEASED_WORK');
