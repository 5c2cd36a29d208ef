import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Violation } from '@felt-studio/games';
import { Subject, type Subscription } from 'rxjs';
import { CLOCK, type Clock } from '../shared/clock.js';
import { PLAYER_PUSH, type LateBound, type PlayerPush } from '../shared/ports/late-bound.js';
import { RoundsService, type RoundFrame } from '../rounds/rounds.service.js';
import {
  applyDue,
  EMPTY_SETTINGS,
  periodStart,
  refuseBet,
  selfExclude,
  SESSION_GAP_MS,
  setLimit,
  setRealityCheck,
  type ExclusionPeriod,
  type MoneyMove,
  type RgKind,
  type RgPeriod,
  type RgResult,
  type RgSettings,
  type Usage,
} from './limits.rules.js';
import type { BetGate } from './bet-gate.js';
import { UsageIndex } from './limits.usage.js';
import type { BetTrace, LimitsRepository } from './limits.repository.js';

export const LIMITS_REPOSITORY = Symbol('LIMITS_REPOSITORY');
/** How stale another instance's bets and pushed settings may be in this instance's bet gate. */
export const REFRESH_EVERY_MS = 5_000;
const REFRESH_OVERLAP_MS = 2_000;
/** Moves folded from this instance's frames in the last minute survive a re-fold until the store shows their bet. */
const LOCAL_KEEP_MS = 60_000;
/** The longest stretch one usage fold runs before it lets the loop read (ms). */
const FOLD_SLICE_MS = 4;
/** Moves indexed between two looks at the clock when a fold replaces the players' usage. */
const FOLD_CHECK_EVERY = 256;

/** `rg.reality-check` socket frame (to the player's sockets) at every interval of a session. */
export interface RealityCheckFrame {
  readonly playerId: string;
  readonly at: number;
  readonly intervalMinutes: number;
  readonly sessionStartedAt: number;
  readonly sessionMinutes: number;
  /** Net loss of the session (stakes − returns; negative when ahead). */
  readonly sessionLossMinor: number;
}

export interface PlayerLimitsView {
  readonly playerId: string;
  readonly settings: RgSettings;
  readonly usage: Usage;
  readonly excluded: boolean;
}

interface PlayerState {
  settings: RgSettings;
  /** Money moves and bet times, kept so the bet gate reads the usage in O(log n) (limits.usage.ts, issue 25). */
  usage: UsageIndex;
  realityTimer: NodeJS.Timeout | null;
}

/**
 * Responsible gambling per player (issue 12 point 2; rules in limits.rules.ts). Settings are stored
 * (player_limits) and cached; usage (net loss, play time) is folded from the round frames (BetAccepted,
 * BetCancelled, RoundVoided, RoundSettled → the round's returns) and rebuilt from the bets at boot, so
 * the bet gate answers synchronously from memory, in O(log n) of the player's month (UsageIndex, issue 25).
 * One instance per process (scale-out: the cache follows the table lease; see README).
 */
@Injectable()
export class LimitsService implements BetGate, OnApplicationBootstrap, OnModuleDestroy {
  readonly realityChecks$ = new Subject<RealityCheckFrame>();
  private readonly log = new Logger('Limits');
  private readonly players = new Map<string, PlayerState>();
  private sub: Subscription | null = null;
  private chain: Promise<void> = Promise.resolve();
  private refreshedAt = 0;
  private refreshTimer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;

  constructor(
    @Inject(LIMITS_REPOSITORY) private readonly repo: LimitsRepository,
    private readonly rounds: RoundsService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PLAYER_PUSH) private readonly push: LateBound<PlayerPush>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const [playerId, settings] of await this.repo.all()) this.state(playerId).settings = settings;
    const now = this.clock.now();
    // usage of the current month (and the session in progress) from the stored bets
    await this.fold(await this.repo.betsSince(this.usageWindowStart(now)), null);
    this.refreshedAt = now;
    this.sub = this.rounds.frames$.subscribe((f) => this.onFrame(f));
    this.refreshTimer = setInterval(() => void this.refresh(), REFRESH_EVERY_MS);
    this.refreshTimer.unref();
  }

  /**
   * Usage and settings are stored, not only in this process (issue 12 point 2): settings live in
   * player_limits, usage is a fold of the stored bets. Every few seconds each instance reloads the
   * settings (an operator may have pushed a limit through another instance) and re-folds the usage of
   * every player with a bet placed or settled since the last pass (bets taken by other instances).
   * Bounded staleness: REFRESH_EVERY_MS (see README).
   */
  refresh(): Promise<void> {
    this.refreshing ??= this.refreshOnce()
      .catch((e: unknown) => this.log.error({ msg: 'could not refresh responsible-gambling usage from the store', error: (e as Error).message }))
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  private async refreshOnce(): Promise<void> {
    const now = this.clock.now();
    const since = this.refreshedAt - REFRESH_OVERLAP_MS;
    for (const [playerId, settings] of await this.repo.all()) this.state(playerId).settings = settings;
    const active = await this.repo.playersActiveSince(since);
    if (active.length > 0) await this.fold(await this.repo.betsSince(this.usageWindowStart(now), active), active, now - LOCAL_KEEP_MS);
    this.refreshedAt = now;
  }

  private usageWindowStart(now: number): number {
    return Math.min(periodStart('month', now), periodStart('week', now)) - SESSION_GAP_MS;
  }

  /**
   * Rebuilds the usage of `players` (null: every player in `bets`) from stored bets. Recent moves this
   * instance folded from its own frames (at ≥ keepLocalSince) whose bet the snapshot does not show yet
   * are kept (keyed by `ref`), so a bet committed during the query is never dropped.
   *
   * It yields to the loop every FOLD_SLICE_MS (the closing burst's profile, 10 000 players: one pass folded
   * ~10 000 bets in one 16–19 ms stretch while bets were arriving). A frame folded between two slices is a
   * local move: each player's usage is replaced in one step that keeps the local moves the snapshot lacks.
   * A player's new usage index is built there (from the snapshot, in time order from the store, then the
   * local moves), so the clock is read by moves built, not by players: one regular's month is thousands of moves.
   */
  private async fold(bets: readonly BetTrace[], players: readonly string[] | null, keepLocalSince = Number.POSITIVE_INFINITY): Promise<void> {
    let sliceStart = performance.now();
    const yieldIfDue = async (): Promise<void> => {
      if (performance.now() - sliceStart < FOLD_SLICE_MS) return;
      await new Promise<void>((r) => setImmediate(r));
      sliceStart = performance.now();
    };
    const stored = new Set<string>();
    const fresh = new Map<string, { moves: MoneyMove[]; activity: number[] }>();
    const of = (id: string): { moves: MoneyMove[]; activity: number[] } => {
      let f = fresh.get(id);
      if (f === undefined) fresh.set(id, (f = { moves: [], activity: [] }));
      return f;
    };
    for (const id of players ?? []) of(id);
    for (let i = 0; i < bets.length; i++) {
      if ((i & 255) === 255) await yieldIfDue();
      const b = bets[i]!;
      const f = of(b.playerId);
      f.activity.push(b.placedAt);
      f.moves.push({ at: b.placedAt, deltaMinor: b.stakeMinor, ref: `${b.betId}:stake` });
      stored.add(`${b.betId}:stake`);
      const back = b.cancelled ? b.stakeMinor : b.returnMinor;
      if (back !== null) {
        f.moves.push({ at: b.placedAt, deltaMinor: -back, ref: `${b.betId}:back` });
        stored.add(`${b.betId}:back`);
      }
    }
    let work = 0;
    for (const [id, f] of fresh) {
      work += 1 + f.moves.length;
      if (work >= FOLD_CHECK_EVERY) {
        work = 0;
        await yieldIfDue();
      }
      const p = this.state(id);
      const usage = UsageIndex.of(f.moves, f.activity);
      // the local moves and bet times are the last minute's: each goes in near the end of the snapshot's
      for (const m of p.usage.movesFrom(keepLocalSince)) if (m.ref !== undefined && !stored.has(m.ref)) usage.addMove(m);
      for (const t of p.usage.activityFrom(keepLocalSince)) usage.addActivity(t);
      p.usage = usage;
    }
  }

  onModuleDestroy(): void {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.sub?.unsubscribe();
    for (const p of this.players.values()) if (p.realityTimer) clearTimeout(p.realityTimer);
  }

  /** Resolves when every frame seen so far is folded in (tests). */
  settled(): Promise<void> {
    return this.chain;
  }

  refuse(playerId: string, stakeMinor: number, at: number): Violation | null {
    const p = this.players.get(playerId);
    if (p === undefined) return null;
    const usage = p.usage.usage(at);
    p.settings = applyDue(p.settings, at, usage.session?.start ?? at);
    return refuseBet(p.settings, usage, stakeMinor, at);
  }

  view(playerId: string): PlayerLimitsView {
    const at = this.clock.now();
    const p = this.state(playerId);
    const usage = p.usage.usage(at);
    p.settings = applyDue(p.settings, at, usage.session?.start ?? null);
    return { playerId, settings: p.settings, usage, excluded: p.settings.excludedUntil !== null && at < p.settings.excludedUntil };
  }

  async setLimit(playerId: string, change: { kind: RgKind; period: RgPeriod; value: number | null }): Promise<RgResult<PlayerLimitsView>> {
    const at = this.clock.now();
    const p = this.state(playerId);
    const r = setLimit(applyDue(p.settings, at, p.usage.usage(at).session?.start ?? null), change, at);
    if (!r.ok) return r;
    await this.save(playerId, r.value, at);
    return { ok: true, value: this.view(playerId) };
  }

  async setRealityCheck(playerId: string, minutes: number | null): Promise<PlayerLimitsView> {
    const at = this.clock.now();
    await this.save(playerId, setRealityCheck(this.state(playerId).settings, minutes), at);
    this.armRealityCheck(playerId);
    return this.view(playerId);
  }

  async selfExclude(playerId: string, period: ExclusionPeriod): Promise<PlayerLimitsView> {
    const at = this.clock.now();
    await this.save(playerId, selfExclude(this.state(playerId).settings, period, at), at);
    this.log.warn({ msg: 'player self-excluded', playerId, period, until: this.state(playerId).settings.excludedUntil });
    return this.view(playerId);
  }

  // ───────────── internals ─────────────

  private async save(playerId: string, s: RgSettings, at: number): Promise<void> {
    await this.repo.save(playerId, s, at); // stored first: a self-exclusion survives a restart
    this.state(playerId).settings = s;
  }

  private state(playerId: string): PlayerState {
    let p = this.players.get(playerId);
    if (p === undefined) {
      p = { settings: EMPTY_SETTINGS, usage: new UsageIndex(), realityTimer: null };
      this.players.set(playerId, p);
    }
    return p;
  }

  private onFrame(f: RoundFrame): void {
    for (const e of f.events) {
      const ev = (e.payload ?? {}) as { type?: string; at?: number; bet?: { betId?: string; playerId?: string; stakeMinor?: number }; betId?: string; playerId?: string; stakeMinor?: number };
      const at = ev.at ?? e.at;
      switch (e.type) {
        case 'BetAccepted':
          if (ev.bet?.playerId !== undefined && typeof ev.bet.stakeMinor === 'number') this.onBet(ev.bet.playerId, ev.bet.stakeMinor, at, `${ev.bet.betId ?? '?'}:stake`);
          break;
        case 'BetCancelled':
          if (ev.playerId !== undefined && typeof ev.stakeMinor === 'number') this.state(ev.playerId).usage.addMove({ at, deltaMinor: -ev.stakeMinor, ref: `${ev.betId ?? '?'}:back` });
          break;
        case 'RoundVoided':
        case 'RoundSettled':
          this.foldReturns(f.roundId, e.type);
          break;
      }
    }
  }

  private onBet(playerId: string, stakeMinor: number, at: number, ref: string): void {
    const p = this.state(playerId);
    p.usage.addMove({ at, deltaMinor: stakeMinor, ref });
    p.usage.addActivity(at);
    this.armRealityCheck(playerId);
  }

  /**
   * The round's returns (settled) or refunds (void) reduce each player's net loss. Taken from the
   * round's settlement lines (`kernel.settle` on the cached fold — the lines the settlement posted),
   * not by reading every bet of the round back from the store (4–8 s at 100 000 bets, issue 13).
   */
  private foldReturns(roundId: string, type: 'RoundVoided' | 'RoundSettled'): void {
    this.chain = this.chain
      .then(async () => {
        const r = await this.rounds.round(roundId);
        // A void round's refunds were folded at RoundVoided; its later RoundSettled (refunds posted) adds nothing.
        if (r === null || (type === 'RoundSettled' && r.state.voidReason !== null)) return;
        const s = r.kernel.settle(r.state);
        if (!s.ok) throw new Error(`${type}: ${s.violation.code} ${s.violation.message}`);
        const at = this.clock.now();
        const bets = r.state.bets;
        // A void round's lines are refunds of every live bet (cancelled ones are not in the book).
        for (const l of s.value.lines) {
          if (l.returnMinor !== 0) this.state(l.playerId).usage.addMove({ at: Math.min(at, bets[l.betId]?.acceptedAt ?? at), deltaMinor: -l.returnMinor, ref: `${l.betId}:back` });
        }
      })
      .catch((e: unknown) => this.log.error({ msg: 'could not fold round returns into player limits', roundId, error: (e as Error).message }));
  }

  /** One timer per player with a reality-check interval and a session in progress. */
  private armRealityCheck(playerId: string): void {
    const p = this.state(playerId);
    const minutes = p.settings.realityCheckMinutes;
    if (p.realityTimer) clearTimeout(p.realityTimer);
    p.realityTimer = null;
    if (minutes === null) return;
    const now = this.clock.now();
    const u = p.usage.usage(now);
    if (u.session === null) return;
    const interval = minutes * 60_000;
    const elapsed = now - u.session.start;
    const dueIn = interval - (elapsed % interval);
    p.realityTimer = setTimeout(() => this.fireRealityCheck(playerId), dueIn);
    p.realityTimer.unref();
  }

  private fireRealityCheck(playerId: string): void {
    const p = this.state(playerId);
    const minutes = p.settings.realityCheckMinutes;
    const at = this.clock.now();
    const u = p.usage.usage(at);
    p.realityTimer = null;
    if (minutes === null || u.session === null) return;
    const frame: RealityCheckFrame = { playerId, at, intervalMinutes: minutes, sessionStartedAt: u.session.start, sessionMinutes: Math.floor(u.minutes.session), sessionLossMinor: u.lossMinor.session };
    this.realityChecks$.next(frame);
    this.emitToPlayer(playerId, frame);
    this.armRealityCheck(playerId);
  }

  /** The reality-check frame on every socket of the player (the realtime gateway binds PLAYER_PUSH). */
  private emitToPlayer(playerId: string, frame: RealityCheckFrame): void {
    const push = this.push.get();
    if (push === null) {
      this.log.debug('no realtime gateway in this app: the reality check goes to realityChecks$ only');
      return;
    }
    push.emitToPlayer(playerId, 'rg.reality-check', frame);
  }
}

