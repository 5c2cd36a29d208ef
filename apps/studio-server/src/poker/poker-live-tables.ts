import type { Result } from '@felt-studio/games';
import { settingOf, type FeltConfig } from '../config/config.js';
import { ReplaySubject, Subject } from 'rxjs';
import type { PokerTableState, RngDeck } from './poker-table.state.js';

/** A poker user as the service needs it (from the socket's or the request's AuthUser). */
export interface PokerUser {
  readonly userId: string;
  readonly name: string;
  readonly role: 'player' | 'dealer' | 'pitboss' | 'admin';
}

export interface PokerTimings {
  /** pause between a hand's end and the next deal (issue 11: "a few seconds"). */
  readonly nextHandMs: number;
  /** how long a robot "thinks" before acting. */
  readonly robotMs: number;
  /** robots on (FELT_POKER_ROBOTS=0 turns them off). */
  readonly robots: boolean;
  /** a shoe table waiting this long for a card alerts the pit boss. */
  readonly cardWaitMs: number;
  /** a snapshot of the table (between hands) every this many hands (default 25): a restart folds only the log after it. */
  readonly snapshotEveryHands?: number;
}
export const POKER_TIMINGS = Symbol('POKER_TIMINGS');

/** The timings of the validated configuration (FELT_POKER_*; issue 22 §12), or the schema's defaults without one. */
export const timingsOf = (config: FeltConfig | null): PokerTimings => ({ nextHandMs: settingOf(config, 'pokerNextHandMs'), robotMs: settingOf(config, 'pokerRobotMs'), robots: settingOf(config, 'pokerRobots'), cardWaitMs: settingOf(config, 'pokerCardWaitMs') });

/** One change of a table: the new state and who had money moved (their balance in frames). */
export interface PokerChange {
  readonly state: PokerTableState;
  readonly touched: readonly string[];
}

export const fail = (code: string, message: string, ruleId: string | null = null): Result<never> => ({ ok: false, violation: { code, ruleId, message } });

/**
 * The poker tables this instance runs, in memory (issue 19 §2: shared by the hand driver, seating, robots
 * and the read side). The state of a table is a fold of its log (`round_event` stream `poker:<tableId>`);
 * it is here from the host's recovery (or the table's creation) until the host releases the table.
 */
export class LiveTables {
  readonly states = new Map<string, PokerTableState>();
  /** the undealt RNG deck of a hand in play (never leaves this instance). */
  readonly decks = new Map<string, RngDeck>();
  /** the log seq each table's state folds up to. */
  readonly logSeqs = new Map<string, number>();
  /** hand id → the log seq of its `hand-started` (the events endpoint reads from there, not the whole log). */
  readonly handIndex = new Map<string, Map<string, number>>();
  readonly changes$ = new Subject<PokerChange>();
  /** shoe-dealt tables (created or restored): the device ingest subscribes to their shoe. */
  readonly shoeTables$ = new ReplaySubject<string>();

  get(tableId: string): PokerTableState | undefined {
    return this.states.get(tableId);
  }

  indexHand(tableId: string, handId: string, seq: number): void {
    const m = this.handIndex.get(tableId) ?? new Map<string, number>();
    m.set(handId, seq);
    this.handIndex.set(tableId, m);
  }

  drop(tableId: string): void {
    this.states.delete(tableId);
    this.decks.delete(tableId);
    this.logSeqs.delete(tableId);
  }
}

/** The table-local key of a user (`pk1`, …), or null when they never came to the table. */
export function keyOf(s: PokerTableState, userId: string): string | null {
  return Object.values(s.players).find((p) => p.userId === userId)?.key ?? null;
}

export function userOf(s: PokerTableState, key: string): string {
  const p = s.players[key];
  if (!p) throw new Error(`poker: unknown player key ${key}`);
  return p.userId;
}
