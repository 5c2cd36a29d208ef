import { Inject, Injectable, Optional } from '@nestjs/common';
import type { AcceptedBet, Result } from '@felt-studio/games';
import type { BetTotals, LayoutChipResult, LayoutResult, PlaceBetBody } from '@felt-studio/protocol';
import { CLOCK, type Clock } from '../shared/clock.js';
import { BET_GATE, type BetGate } from '../limits/bet-gate.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import type { KernelCommand } from '../kernels/kernel.registry.js';
import { ROUNDS_METRICS, type RoundsMetricsPort } from '../shared/ports/rounds.ports.js';
import { RoundsService, type Committed } from '../rounds/rounds.service.js';
import { rejection, type Actor } from '../shared/command.types.js';
import { SeamlessService, type SeamlessBet } from '../wallet/seamless/seamless.service.js';

export interface BetOutcome extends Committed {
  /**
   * The bets this command placed (a place — also when replayed —, a rebet, a double; empty for a cancel).
   * Never the player's whole list (issue 25 §2): an ack of a player's n-th bet carried n bets back.
   */
  readonly bets: readonly AcceptedBet[];
  /** The player's round after this command (the whole list: `myBets`, `GET bets/mine`). */
  readonly totals: BetTotals;
}

/** What an ack carries of the player's round: the bets `mine` picks out, and the totals of all of them. */
function answer(all: readonly AcceptedBet[], mine: (b: AcceptedBet) => boolean): { bets: AcceptedBet[]; totals: BetTotals } {
  const bets: AcceptedBet[] = [];
  let stakedMinor = 0;
  for (const b of all) {
    stakedMinor += b.stakeMinor;
    if (mine(b)) bets.push(b);
  }
  return { bets, totals: { count: all.length, stakedMinor } };
}

/**
 * Player bets. REST and WebSocket both call these methods (STYLE.md habit 6). Every bet is decided
 * by the kernel (round open on the server clock, spot, limits, RES-1..5) and debited by the wallet in
 * the same transaction (INSUFFICIENT_FUNDS rolls everything back).
 *
 * A bet's time is when this process's transport read it (issue 25 §1: `arrivedAt`, stamped by the
 * socket or HTTP layer before any await; else now, before anything is awaited). The close is a barrier
 * (shared/host/intake-barrier.ts): it waits, bounded, for every bet that arrived before its instant, so
 * such a bet is decided on its merits even when its turn in the table's queue comes after the close, and
 * one that arrived at or after it is rejected (GEN-3, ROU-3).
 */
/** The bets a rebet or double placed: their ids are `<requestId>:<n>`. */
const ofRequest =
  (requestId: string) =>
  (b: AcceptedBet): boolean =>
    b.betId.startsWith(`${requestId}:`);

@Injectable()
export class BettingService {
  constructor(
    private readonly rounds: RoundsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(ROUNDS_METRICS) private readonly metrics: RoundsMetricsPort,
    @Optional() @Inject(BET_GATE) private readonly gate?: BetGate,
    @Optional() @Inject(SeamlessService) private readonly seamless?: SeamlessService,
  ) {}

  /** `arrivedAt`: when the transport read the bet (issue 25 §1); the bet is decided on that instant. */
  place(tableId: string, player: Actor, body: PlaceBetBody, arrivedAt?: number): Promise<Result<BetOutcome>> {
    const at = this.stamp(arrivedAt);
    const refused = this.refusedByLimits(player, body.stakeMinor, at);
    if (refused !== null) return Promise.resolve(this.reject(refused));
    return this.withBets(tableId, player, this.placeOne(tableId, player, body, at), (b) => b.betId === body.betId);
  }

  /** One bet into the table queue; a seamless-wallet player's stake is debited at the operator first (issue 12). */
  private placeOne(tableId: string, player: Actor, b: PlaceBetBody, at: number): Promise<Result<Committed>> {
    const cmd = (t: number): KernelCommand => ({ type: 'PlaceBet', at: t, bet: { betId: b.betId, playerId: player.userId, spot: b.spot, stakeMinor: b.stakeMinor } });
    if (this.seamlessLink(player) === null) return this.rounds.placeBet(tableId, cmd(at), player);
    return this.viaOperatorWallet(tableId, player, at, [b], (t) => this.rounds.placeBet(tableId, cmd(t), player));
  }

  private seamlessLink(player: Actor): ReturnType<SeamlessService['linkOf']> {
    return player.role === 'player' ? (this.seamless?.linkOf(player.userId) ?? null) : null;
  }

  /**
   * Seamless wallet (issue 12): the operator's debit is called before the bet is accepted, outside the
   * table's queue; `commit(t)` runs with a stamp taken after the debits, so the kernel enforces the close
   * on the server's clock at commit (non-negotiable 1). No debit for a round that is not taking bets.
   */
  private async viaOperatorWallet<T>(tableId: string, player: Actor, at: number, bets: readonly SeamlessBet[], commit: (t: number) => Promise<Result<T>>): Promise<Result<T>> {
    const link = this.seamlessLink(player);
    const cur = await this.rounds.currentRound(tableId);
    if (link === null || this.seamless === undefined) return commit(at);
    if (cur === null) return this.reject(rejection('NO_ROUND', 'GEN-3', 'No round is open on this table.'));
    if (cur.state.phase !== 'betting' || (cur.state.bettingClosesAt !== null && at >= cur.state.bettingClosesAt)) return this.reject({ code: 'BETTING_CLOSED', ruleId: 'GEN-3', message: 'Betting is closed: no bet is accepted or withdrawn (GEN-3).' });
    const r = await this.seamless.place(link, tableId, cur.roundId, bets, commit, cur.game);
    // the table's own rejections are counted by the rounds side; the operator's refusals here
    if (!r.ok && r.violation.code.startsWith('SEAMLESS_')) this.metrics.betsRejected.inc({ code: r.violation.code });
    return r;
  }

  /**
   * A player's whole layout as ONE command (issue 13): every chip is stamped at the same instant and
   * queued in the same tick, so they are decided in order in one group (each on the state the previous
   * ones produced, each with its own rule check) and the accepted ones commit in one transaction; one
   * answer per chip, and the player's bets are read once. A chip refused by the wallet or a reused id
   * falls back to one commit per chip, like any bet group.
   */
  async placeLayout(tableId: string, player: Actor, bets: readonly PlaceBetBody[], arrivedAt?: number): Promise<Result<LayoutResult>> {
    const at = this.stamp(arrivedAt);
    const pending = bets.map((b) => this.placeOne(tableId, player, b, at));
    const rs = await Promise.all(pending);
    let roundId: string | null = null;
    let seq = 0;
    const results: LayoutChipResult[] = rs.map((r, i) => {
      const betId = bets[i]?.betId ?? '';
      if (r.ok) {
        roundId = r.value.roundId;
        seq = Math.max(seq, r.value.seq);
        return { betId, ok: true };
      }
      return { betId, ok: false, error: { code: r.violation.code, ruleId: r.violation.ruleId, message: r.violation.message } };
    });
    const accepted = new Set(results.filter((r) => r.ok).map((r) => r.betId));
    return { ok: true, value: { roundId, seq, results, ...answer(await this.myBets(tableId, player.userId), (b) => accepted.has(b.betId)) } };
  }

  cancel(tableId: string, player: Actor, betId: string, arrivedAt?: number): Promise<Result<BetOutcome>> {
    const at = this.stamp(arrivedAt);
    return this.withBets(tableId, player, this.rounds.execute(tableId, { type: 'CancelBet', at, betId, playerId: player.userId }, player), () => false);
  }

  /** Repeat the player's bets of the table's previous round (ids `<requestId>:<n>`, idempotent), all or none. */
  async rebet(tableId: string, player: Actor, requestId: string, arrivedAt?: number): Promise<Result<BetOutcome>> {
    const at = this.stamp(arrivedAt);
    const previous = await this.previousRoundBets(tableId, player.userId);
    if (!previous.ok) return this.reject(previous.violation);
    if (previous.value.length === 0) return this.reject(rejection('NOTHING_TO_REBET', null, 'You had no bets in the previous round of this table.'));
    const cmds = (t: number): KernelCommand[] => previous.value.map((b, i) => ({ type: 'PlaceBet', at: t, bet: { betId: `${requestId}:${i + 1}`, playerId: player.userId, spot: b.spot, stakeMinor: b.stakeMinor } }));
    const refused = this.refusedByLimits(player, previous.value.reduce((a, b) => a + b.stakeMinor, 0), at);
    if (refused !== null) return this.reject(refused);
    return this.withBets(tableId, player, this.batch(tableId, player, at, cmds), ofRequest(requestId));
  }

  /** Double: place every current (non-derived) bet again, so each stake is ×2 — all or none. */
  async double(tableId: string, player: Actor, requestId: string, arrivedAt?: number): Promise<Result<BetOutcome>> {
    const at = this.stamp(arrivedAt);
    const cur = await this.rounds.currentRound(tableId);
    const mine = cur ? Object.values(cur.state.bets).filter((b) => b.playerId === player.userId && b.parentBetId === undefined && !b.betId.startsWith(`${requestId}:`)) : [];
    if (mine.length === 0) {
      // A replay of the same double after it was applied is a no-op (idempotent request id).
      const replay = cur ? Object.values(cur.state.bets).some((b) => b.betId.startsWith(`${requestId}:`)) : false;
      if (!replay) return this.reject(rejection('NOTHING_TO_DOUBLE', null, 'You have no bets on the table to double.'));
    }
    const cmds = (t: number): KernelCommand[] =>
      mine.sort((a, b) => a.betId.localeCompare(b.betId)).map((b, i) => ({ type: 'PlaceBet', at: t, bet: { betId: `${requestId}:${i + 1}`, playerId: player.userId, spot: b.spot, stakeMinor: b.stakeMinor } }));
    const refused = this.refusedByLimits(player, mine.reduce((a, b) => a + b.stakeMinor, 0), at);
    if (refused !== null) return this.reject(refused);
    return this.withBets(tableId, player, this.batch(tableId, player, at, cmds), ofRequest(requestId));
  }

  /** All-or-none bets (rebet, double); in seamless mode every stake is debited first and all are rolled back if the table refuses. */
  private batch(tableId: string, player: Actor, at: number, cmds: (t: number) => KernelCommand[]): Promise<Result<Committed>> {
    if (this.seamlessLink(player) === null) return this.rounds.executeBatch(tableId, cmds(at), player);
    const bets = cmds(at).map((c) => (c as unknown as { bet: SeamlessBet }).bet);
    return this.viaOperatorWallet(tableId, player, at, bets, (t) => this.rounds.executeBatch(tableId, cmds(t), player));
  }

  /**
   * The bet's time (GEN-3): when this process's transport read it (issue 25 §1), else now. Never later
   * than now (a stamp is taken on this process's clock before the command is run here).
   */
  private stamp(arrivedAt: number | undefined): number {
    const now = this.clock.now();
    return arrivedAt !== undefined && arrivedAt <= now ? arrivedAt : now;
  }

  /** The player's bets in the current round (their own only). */
  myBets(tableId: string, playerId: string): Promise<AcceptedBet[]> {
    return this.rounds.playerBets(tableId, playerId);
  }

  private async previousRoundBets(tableId: string, playerId: string): Promise<Result<{ spot: string; stakeMinor: number }[]>> {
    const rows = await this.uow.run((tx) => tx.rounds.listByTable(tableId, 2));
    const cur = await this.rounds.currentRound(tableId);
    if (!cur) return { ok: false, violation: rejection('NO_ROUND', 'GEN-3', 'No round is open on this table.') };
    const prev = rows.find((r) => r.roundId !== cur.roundId);
    if (!prev) return { ok: true, value: [] };
    const bets = await this.uow.run((tx) => tx.bets.listByRound(prev.roundId));
    // Only the player's own main stakes (not cancelled, not derived double/split/insurance stakes).
    const prevRound = await this.rounds.round(prev.roundId);
    const derived = new Set(prevRound ? Object.values(prevRound.state.bets).filter((b) => b.parentBetId !== undefined).map((b) => b.betId) : []);
    return { ok: true, value: bets.filter((b) => b.playerId === playerId && b.status !== 'cancelled' && !derived.has(b.betId)).sort((a, b) => a.placedAt - b.placedAt || a.betId.localeCompare(b.betId)).map((b) => ({ spot: b.spot, stakeMinor: b.stakeMinor })) };
  }

  private async withBets(tableId: string, player: Actor, p: Promise<Result<Committed>>, mine: (b: AcceptedBet) => boolean): Promise<Result<BetOutcome>> {
    const r = await p;
    if (!r.ok) return r;
    return { ok: true, value: { ...r.value, ...answer(await this.myBets(tableId, player.userId), mine) } };
  }

  /** Responsible gambling (limits/): self-exclusion, loss and time limits — synchronous, so `at` keeps its place in the table queue (GEN-3). */
  private refusedByLimits(player: Actor, stakeMinor: number, at: number): ReturnType<typeof rejection> | null {
    return player.role === 'player' && stakeMinor > 0 ? (this.gate?.refuse(player.userId, stakeMinor, at) ?? null) : null;
  }

  private reject(v: ReturnType<typeof rejection>): { ok: false; violation: ReturnType<typeof rejection> } {
    this.metrics.betsRejected.inc({ code: v.code });
    return { ok: false, violation: v };
  }
}
