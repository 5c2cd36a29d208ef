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
export { forwarded, leaseKeyOf, ownerStamp, TABLE_ROUTER, type TableCommand, type TableRouterPort } from '../commands/table-router.port.js';

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

