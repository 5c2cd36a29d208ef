import type { Logger } from '@nestjs/common';
import { ok, type Result, type RoundStateBase, type Violation } from '@felt-studio/games';
import { ConcurrencyConflict, InsufficientFunds, type StoredRoundEvent } from '../shared/ports/persistence.port.js';
import type { Table } from '../tables/table.model.js';
import type { KernelCommand, KernelEvent } from '../kernels/kernel.registry.js';
import type { KeyedMutex } from '../shared/host/keyed-mutex.js';
import { BetIdTaken } from './round-commit.js';
import { decideCommands } from './round-decisions.js';
import { noop, type Committed, type LoadedRound, type Locked } from './round.model.js';
import { rejection, type Actor } from '../shared/command.types.js';

/** What a bet group needs of the table's write path (RoundsService). */
export interface BetGroupHost {
  table(tableId: string): Promise<Result<Table>>;
  loadCurrent(tableId: string): Promise<LoadedRound | null>;
  /** One command through the ordinary locked path (a group of one, or the fallback). */
  runLocked(tableId: string, command: KernelCommand, actor: Actor): Promise<Locked>;
  rejected(command: KernelCommand, v: Violation): Result<Committed>;
  commit(table: Table, round: LoadedRound, state: RoundStateBase, events: readonly KernelEvent[], actor: Actor): Promise<{ committed: Committed; stored: StoredRoundEvent[]; after: () => Promise<void> }>;
  forget(tableId: string): void;
}

/** How long a bet group's decisions may hold the loop before it yields (ms). */
const DECIDE_SLICE_MS = 4;

interface PendingBet {
  readonly command: KernelCommand;
  readonly actor: Actor;
  readonly resolve: (r: Result<Committed>) => void;
  readonly reject: (e: unknown) => void;
}

/**
 * Issue 22 §5, fair queueing: a player's bets in one group at most. A player with more pending bets
 * fills the next groups (each its own commit, queued on the table behind this one), so one account's
 * burst never stands between another player's bet and the next commit.
 */
export const BETS_PER_PLAYER_PER_GROUP = 4;

interface OpenGroup {
  readonly items: PendingBet[];
  /** Pending bets per player (actor.userId) in this group. */
  readonly perPlayer: Map<string, number>;
}

/**
 * PlaceBet with group commit (one job): bets that arrive while the table's queue is busy are decided
 * one by one (each on the state the previous ones produced, each with its own result) and committed in
 * ONE transaction. The groups stay open only until any other command is queued for the table
 * (`close`), so a bet after "no more bets" is decided after it. If a group cannot commit (a wallet
 * short of funds, a reused bet id, a concurrent writer), its bets are decided and committed one by one
 * instead.
 *
 * Fair queueing (issue 22 §5): a group takes at most BETS_PER_PLAYER_PER_GROUP bets of one player; a
 * bet joins the EARLIEST open group with room for its player, and a new group (queued on the table's
 * mutex behind the others) is opened when none has. So: one player's bets are still decided in their
 * order of arrival (a player's later bet never lands in an earlier group), every open group is queued
 * ahead of the command that closes them, and another player's bet joins the next group to commit
 * instead of waiting behind a flooder's 64 — bets of different players may be decided in another
 * order than they arrived in (they are independent; the close barrier and `lateAtClose` still bound
 * them by the server clock).
 */
export class BetGroups {
  /** Per table: the open groups, oldest first (each already queued on the table's mutex). */
  private readonly open = new Map<string, OpenGroup[]>();

  constructor(
    private readonly mutex: KeyedMutex,
    private readonly host: BetGroupHost,
    private readonly log: Pick<Logger, 'error'>,
    private readonly perPlayer = BETS_PER_PLAYER_PER_GROUP,
  ) {}

  /** Another command is queued for the table: later bets are decided after it (every open group is ahead of it). */
  close(tableId: string): void {
    this.open.delete(tableId);
  }

  place(tableId: string, command: KernelCommand, actor: Actor): Promise<Result<Committed>> {
    const groups = this.open.get(tableId) ?? [];
    let group = groups.find((g) => (g.perPlayer.get(actor.userId) ?? 0) < this.perPlayer);
    if (!group) {
      const g: OpenGroup = { items: [], perPlayer: new Map() };
      group = g;
      groups.push(g);
      this.open.set(tableId, groups);
      this.mutex
        .run(tableId, async () => {
          const now = this.open.get(tableId);
          if (now) {
            const i = now.indexOf(g);
            if (i >= 0) now.splice(i, 1);
            if (now.length === 0) this.open.delete(tableId);
          }
          return this.flush(tableId, g.items);
        })
        .then(
          (after) => after(),
          (e: unknown) => {
            for (const it of g.items) it.reject(e);
          },
        )
        .catch((e: unknown) => this.log.error(`bet group on ${tableId}: ${(e as Error).stack ?? String(e)}`));
    }
    const target = group;
    target.perPlayer.set(actor.userId, (target.perPlayer.get(actor.userId) ?? 0) + 1);
    return new Promise<Result<Committed>>((resolve, reject) => target.items.push({ command, actor, resolve, reject }));
  }

  private async flush(tableId: string, items: readonly PendingBet[]): Promise<() => Promise<void>> {
    const single = items.length === 1 ? items[0] : undefined;
    if (single) {
      const l = await this.host.runLocked(tableId, single.command, single.actor);
      single.resolve(l.result);
      return l.after;
    }
    const t = await this.host.table(tableId);
    if (!t.ok) {
      for (const it of items) it.resolve(t);
      return noop;
    }
    const round = await this.host.loadCurrent(tableId);
    if (!round) {
      const none: Result<Committed> = { ok: false, violation: rejection('NO_ROUND', 'GEN-3', `Table ${t.value.name} has no round.`) };
      for (const it of items) it.resolve(none);
      return noop;
    }
    let state = round.state;
    const events: KernelEvent[] = [];
    const taken: { it: PendingBet; from: number; to: number }[] = [];
    let slice = performance.now();
    for (const it of items) {
      // Issue 25: a group of thousands of bets (a closing burst behind a commit) is decided in slices of
      // ≤ DECIDE_SLICE_MS that let the loop read meanwhile (the table's lock is held: nothing interleaves).
      if (performance.now() - slice > DECIDE_SLICE_MS) {
        await new Promise<void>((r) => setImmediate(r));
        slice = performance.now();
      }
      const d = decideCommands(round.kernel, round.game, state, [it.command]);
      if (!d.ok) {
        it.resolve(this.host.rejected(it.command, d.violation));
        continue;
      }
      if (d.events.length === 0) {
        it.resolve(ok({ roundId: round.roundId, seq: state.seq, phase: state.phase, events: [], duplicate: true }));
        continue;
      }
      const from = events.length;
      events.push(...d.events);
      state = d.state;
      taken.push({ it, from, to: events.length });
    }
    const first = taken[0];
    if (!first) return noop;
    try {
      const c = await this.host.commit(t.value, round, state, events, first.it.actor);
      for (const x of taken) x.it.resolve(ok({ ...c.committed, events: c.stored.slice(x.from, x.to) }));
      return c.after;
    } catch (e) {
      if (!(e instanceof InsufficientFunds || e instanceof BetIdTaken || e instanceof ConcurrencyConflict)) throw e;
      if (e instanceof ConcurrencyConflict) this.host.forget(tableId);
      const afters: (() => Promise<void>)[] = [];
      for (const x of taken) {
        const l = await this.host.runLocked(tableId, x.it.command, x.it.actor);
        x.it.resolve(l.result);
        afters.push(l.after);
      }
      return async () => {
        for (const f of afters) await f();
      };
    }
  }
}
