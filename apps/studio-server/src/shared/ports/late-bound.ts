/**
 * A port whose adapter lives in a module ABOVE its user (issue 19 §1: modules import downward only).
 * The user injects the slot (a token of the bottom layer) and calls through it; the module that owns the
 * adapter binds it when it starts. Nothing is looked up by class or by reflection, and an application
 * without the adapter's module (a unit test, a server without live poker) simply finds the slot empty.
 */
export class LateBound<T> {
  private impl: T | null = null;

  bind(impl: T): void {
    if (this.impl !== null && this.impl !== impl) throw new Error('This port is already bound.');
    this.impl = impl;
  }

  get(): T | null {
    return this.impl;
  }
}

/** A live poker table's display name (the poker module's lobby); null when no such table runs here. */
export interface PokerTableNames {
  nameOf(tableId: string): string | null;
}

/** Pushes a frame to every socket of one player (the realtime gateway). */
export interface PlayerPush {
  emitToPlayer(playerId: string, event: string, body: unknown): void;
  /** A notice (no data an audience's view would hide) to the pit bosses and to these players, on every instance. */
  notifyStaffAndPlayers(playerIds: readonly string[], event: string, body: unknown): void;
}

/** A player's balance at their seamless operator's wallet; null: not a seamless player (the wallet module's /wallet/me). */
export interface SeamlessBalances {
  playerBalance(playerId: string): Promise<{ playerId: string; currency: string; balanceMinor: number } | null>;
}

export const POKER_TABLE_NAMES = Symbol('POKER_TABLE_NAMES');
export const SEAMLESS_BALANCES = Symbol('SEAMLESS_BALANCES');
export const PLAYER_PUSH = Symbol('PLAYER_PUSH');
export const TABLE_COMMANDS = Symbol('TABLE_COMMANDS');
/** The table-command bus (shared/commands/command-bus.ts): REST and WS run every table command through it. */
export const TABLE_COMMAND_BUS = Symbol('TABLE_COMMAND_BUS');
