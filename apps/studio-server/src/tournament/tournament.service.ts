/**
 * Poker tournaments on the server (issue 24; docs/tournaments.md). The rules are the pure core
 * (`@felt-studio/games` `tournament`: terms, the fold, balancing, payouts, S1-FAIL-STT/MTT, the robots' hands on the
 * live-poker core). This service loads, calls the rule, persists, posts:
 *
 * - **The log.** A tournament's events are the append-only stream `tournament:<id>` (the same event repository
 *   as rounds and poker tables: memory, PGlite, PostgreSQL; expected-seq checked), every change appended with
 *   its ledger postings in ONE unit of work. The stream `tournaments` lists the tournaments. A restart folds the
 *   logs again (`load`), so the levels resume on the server's clock where they were (TRN-CLOCK).
 * - **On the one table host** (issue 19 §2; issue 24: "do not grow the second stack"). A tournament is a table
 *   program of kind `tournament` (`TableProgram`, registered on `TABLE_HOST`): its writes go through the host's
 *   writer (`host.writers`, one keyed mutex for every kind of table), its clock is the host's deadline scheduler
 *   (the next step is a deadline of the tournament, re-armed after every step and at recovery), it is recovered by
 *   the host's one recovery (boot; takeover) and owned in the host's one lease space under its own id (`trn_…`, like
 *   a poker table's `pkt_…`). Several instances (issue 24, "one owner per tournament"): the clock — the start, the
 *   levels, the hands, the busts — is advanced by the instance holding the tournament's lease; a dead owner's lease
 *   runs out and another instance takes it over by folding the log again (TRN-CLOCK carries the levels on); a
 *   tournament that is over leaves `tables()` and its lease is given up. Writes (register, control, seat, actions)
 *   reaching another instance are forwarded to the owner by the cluster's owner-forward middleware; with no owner (a
 *   takeover under way) they are decided here on the log caught up first, and the expected seq refuses a write that
 *   raced another (CONCURRENT_UPDATE, retry). Non-owners catch their copy up from the log every ownership pass and
 *   before answering a tournament.
 * - **Money.** Registration: `tournament-entry:<tid>:<entryId>` player → pool + house; a seamless operator's
 *   player is debited at the operator first (`seamless-in:<entryId>`, the round `tournament:<tid>:<entryId>`,
 *   closed through the sweep when the tournament ends, with what the entry won or got back). Finish / cancel:
 *   `tournament-pay:…` postings in the same transaction as the event.
 * - **Time.** `step` reads the injected clock: it starts a due tournament, advances the levels, deals one round
 *   of hands. The host fires it FELT_TOURNAMENT_ROUND_MS after the last step (0: no deadline; tests call it).
 */
import { createHash, randomInt } from 'node:crypto';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { tournament as T, type Result } from '@felt-studio/games';
import { isRobotPlayerId, type CreateTournamentBody, type TournamentActionBody, type TournamentChangedFrame, type TournamentControlBody, type TournamentTableFrame, type TournamentEntryResult, type TournamentLog, type TournamentSummary, type TournamentTablesView, type TournamentView } from '@felt-studio/protocol';
import { PlayerNames } from '../auth/player-names.js';
import { AuditService } from '../audit/audit.service.js';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import { rejection, type Actor } from '../shared/command.types.js';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { TABLE_HOST, type TableHost } from '../shared/host/table-host.js';
import { ROUNDS_ALERTS, type AlertsPort } from '../shared/ports/rounds.ports.js';
import { PLAYER_DEPARTURES, type PlayerDepartures } from '../shared/ports/player-departures.js';
import type { HostDeadline, TableProgram } from '../shared/host/table-program.js';
import { ConcurrencyConflict, InsufficientFunds, UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import type { Posting } from '../shared/ledger.rules.js';
import { PLAYER_PUSH, type LateBound, type PlayerPush } from '../shared/ports/late-bound.js';
import { SeamlessService } from '../wallet/seamless/seamless.service.js';
import { tableFrameOf } from './tournament.table-frame.js';
import { entryPosting, entryPostingId, payoutPostings, seamlessRoundOf } from './tournament.postings.js';

const INDEX_STREAM = 'tournaments';
const streamOf = (tournamentId: string): string => `tournament:${tournamentId}`;
/** The writer key of the index stream (not a table id: tournaments are `trn_…`, tables never start with `#`). */
const INDEX_LOCK = '#tournaments';
const isOver = (s: T.TournamentState): boolean => s.status === 'finished' || s.status === 'cancelled';
/** Seamless operator rounds of tournament entries: `tournament:<tid>:<entryId>` (the entry's debit id is the entry id). */
export const TOURNAMENT_ROUND_PREFIX = 'tournament:';

interface Live {
  state: T.TournamentState;
  seq: number;
  seed: number | null;
}

const ok = <V>(value: V): Result<V> => ({ ok: true, value });
const no = (code: Parameters<typeof rejection>[0], ruleId: string | null, message: string, details?: Record<string, unknown>): Result<never> => ({ ok: false, violation: rejection(code, ruleId, message, details) });
const isStaff = (a: Actor): boolean => a.role === 'pitboss' || a.role === 'admin';

@Injectable()
export class TournamentService implements TableProgram {
  readonly kind = 'tournament';
  private readonly log = new Logger('TournamentService');
  private readonly live = new Map<string, Live>();
  private indexSeq = 0;
  private loaded: Promise<void> | null = null;
  /** With several instances: the tournaments whose lease this instance holds (one instance: every tournament is this one's). */
  private readonly owned = new Set<string>();
  /** When each owned tournament last stepped (its next step is a host deadline FELT_TOURNAMENT_ROUND_MS later). */
  private readonly steppedAt = new Map<string, number>();

  constructor(
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    private readonly audit: AuditService,
    /** The one table host (issue 19 §2): a tournament's writer, clock, recovery and lease come from it. */
    @Inject(TABLE_HOST) private readonly host: TableHost,
    @Optional() @Inject(FELT_CONFIG) private readonly config: FeltConfig | null = null,
    @Optional() @Inject(SeamlessService) private readonly seamless: SeamlessService | null = null,
    @Optional() @Inject(PlayerNames) private readonly names: PlayerNames | null = null,
    /** Issue 24: `tournament.changed` notices (the realtime gateway binds it; absent in a server without sockets). */
    @Optional() @Inject(PLAYER_PUSH) private readonly push: LateBound<PlayerPush> | null = null,
    /** TRN-AWAY: the pit boss is told when a field left all away paused itself. */
    @Optional() @Inject(ROUNDS_ALERTS) private readonly alerts: AlertsPort | null = null,
    /** S1-DISCONNECT: the gateway reports a player whose last connection closed (on every instance). */
    @Optional() @Inject(PLAYER_DEPARTURES) departures: PlayerDepartures | null = null,
  ) {
    this.host.register(this);
    departures?.listen({ wants: (playerId) => this.sitsIn(playerId), gone: (playerId) => this.departed(playerId) });
    // A seamless entry's debit: committed once its entry posting exists; the session ends with the tournament (what the entry got).
    this.seamless?.registerSessions(TOURNAMENT_ROUND_PREFIX, async (round, betIds) => {
      const [tid = ''] = round.slice(TOURNAMENT_ROUND_PREFIX.length).split(':');
      await this.ensureLoaded();
      const t = this.live.get(tid);
      if (!t) return null;
      const committed: string[] = [];
      for (const id of betIds) if ((await this.uow.run((tx) => tx.ledger.entries(entryPostingId(tid, id)))).length > 0) committed.push(id);
      const over = t.state.status === 'finished' || t.state.status === 'cancelled';
      const entryId = round.slice(round.lastIndexOf(':') + 1);
      return { committed, endedWithMinor: over ? t.state.payouts.filter((p) => p.entryId === entryId).reduce((a, p) => a + p.amountMinor, 0) : null };
    });
  }

  // ───────────────────────────── the table program (the host's seam) ─────────────────────────────

  /**
   * The tournaments that need an owner: every one not over (the ownership pass takes their leases; the boot recovery
   * recovers them). Called once per ownership pass: the tournaments other instances listed since are loaded here, and
   * the copies this instance does not own are caught up from their logs (an ended log is final).
   */
  async tables(): Promise<readonly string[]> {
    await this.ensureLoaded();
    if (this.host.clustered) {
      await this.host.writers.run(INDEX_LOCK, () => this.listedSince());
      for (const [tid, held] of [...this.live]) if (!this.owned.has(tid) && !isOver(held.state)) await this.host.writers.run(tid, () => this.catchUp(tid));
    }
    return [...this.live].filter(([, t]) => !isOver(t.state)).map(([tid]) => tid);
  }

  async has(tableId: string): Promise<boolean> {
    await this.ensureLoaded();
    return this.live.has(tableId);
  }

  /** The host's recovery (boot; several instances: this instance won the lease): fold the log again, as a restart does, and arm the clock. */
  async recover(tableId: string): Promise<void> {
    await this.ensureLoaded();
    await this.host.writers.run(tableId, () => this.reload(tableId));
    this.owned.add(tableId);
    this.steppedAt.set(tableId, this.clock.now());
    this.arm(tableId);
  }

  /** The host's ownership: the lease was lost or given up (the host has disarmed its timers): decide nothing more here. */
  release(tableId: string): void {
    this.owned.delete(tableId);
    this.steppedAt.delete(tableId);
  }

  /** TRN-CLOCK on the host's scheduler: the next step FELT_TOURNAMENT_ROUND_MS after the last one (none when 0: tests step by hand). */
  deadlines(tableId: string): readonly HostDeadline[] {
    const every = settingOf(this.config, 'tournamentRoundMs');
    const t = this.live.get(tableId);
    if (every <= 0 || !t || isOver(t.state) || !this.owns(tableId)) return [];
    const at = (this.steppedAt.get(tableId) ?? this.clock.now()) + every;
    return [{ key: `step:${at}`, at }];
  }

  async fire(tableId: string): Promise<void> {
    try {
      await this.step(tableId);
    } catch (e) {
      this.log.error({ msg: 'tournament step failed (retried next round)', tournamentId: tableId, error: (e as Error).message });
      this.steppedAt.set(tableId, this.clock.now());
    }
    this.arm(tableId);
  }

  private arm(tableId: string): void {
    if (this.owns(tableId)) this.host.arm(this, tableId);
  }

  /** Loads every tournament from its log (boot, or a fresh instance: the restart test). */
  ensureLoaded(): Promise<void> {
    this.loaded ??= this.loadAll();
    return this.loaded;
  }

  /** Drops what this process holds and folds every log again, as a boot does (another instance wrote; tests). */
  async restart(): Promise<void> {
    this.live.clear();
    this.loaded = null;
    await this.ensureLoaded();
  }

  /** Does this instance advance the tournament's clock? (One instance: always.) */
  owns(tournamentId: string): boolean {
    return !this.host.clustered || this.owned.has(tournamentId);
  }

  /** The tournaments listed in the index since this instance read it (another instance created them); under INDEX_LOCK. */
  private async listedSince(): Promise<void> {
    const listed = await this.uow.run((tx) => tx.events.load(INDEX_STREAM, this.indexSeq));
    for (const e of listed) {
      const tid = (e.payload as { tournamentId: string }).tournamentId;
      if (!this.live.has(tid)) await this.host.writers.run(tid, () => this.reload(tid));
    }
    this.indexSeq = Math.max(this.indexSeq, listed.at(-1)?.seq ?? 0);
  }

  /** Folds the events another instance appended since this copy (several instances). */
  private async catchUp(tournamentId: string): Promise<void> {
    const live = this.live.get(tournamentId);
    if (!live) return;
    const newer = await this.uow.run((tx) => tx.events.load(streamOf(tournamentId), live.seq));
    if (newer.length === 0) return;
    const events = newer.map((e) => e.payload as T.TournamentEvent);
    this.applyLogged(tournamentId, live, events);
  }

  /**
   * Folds events now in the log (appended here or by another instance) into the live copy, and sends `tournament.changed`
   * to the pit bosses and everyone with an entry: their screens read it again through their own view.
   */
  private applyLogged(tournamentId: string, live: Live, events: readonly T.TournamentEvent[]): void {
    live.state = events.reduce(T.evolve, live.state);
    live.seq += events.length;
    const started = events.find((e) => e.type === 'started');
    if (started?.type === 'started') live.seed = started.seed;
    const notice: TournamentChangedFrame = { tournamentId, seq: live.seq };
    this.push?.get()?.notifyStaffAndPlayers([...new Set(live.state.entries.map((e) => e.playerId))], 'tournament.changed', notice);
  }

  private async loadAll(): Promise<void> {
    const index = await this.uow.run((tx) => tx.events.load(INDEX_STREAM));
    this.indexSeq = index.length;
    for (const e of index) await this.reload((e.payload as { tournamentId: string }).tournamentId);
  }

  private async reload(tournamentId: string): Promise<Live | null> {
    const stored = await this.uow.run((tx) => tx.events.load(streamOf(tournamentId)));
    if (stored.length === 0) return null;
    const events = stored.map((e) => e.payload as T.TournamentEvent);
    const started = events.find((e) => e.type === 'started');
    const live: Live = { state: T.foldEvents(events), seq: stored.length, seed: started?.type === 'started' ? started.seed : null };
    this.live.set(tournamentId, live);
    return live;
  }

  /** Appends the events and posts the ledger in one unit of work; only then is the state replaced. */
  private async commit(tournamentId: string, live: Live, events: readonly T.TournamentEvent[], postings: readonly Posting[] = []): Promise<void> {
    if (events.length === 0) return;
    const at = this.clock.now();
    const money = [...postings];
    const done = events.find((e) => e.type === 'finished' || e.type === 'cancelled');
    try {
      await this.uow.run(async (tx) => {
        if (done && (done.type === 'finished' || done.type === 'cancelled')) {
          // seamless entries: their operator (from the entry's seamless-in posting) gets the entry's total back
          const seamless = new Map<string, string>();
          for (const p of done.payouts) {
            if (p.entryId === null || seamless.has(p.entryId)) continue;
            const op = (await tx.ledger.entries(`seamless-in:${p.entryId}`)).find((e) => e.account.startsWith('operator:'));
            if (op) seamless.set(p.entryId, op.account.slice('operator:'.length));
          }
          money.push(...payoutPostings(live.state.def, done.payouts, seamless));
        }
        if (money.length > 0) await tx.ledger.postMany(money.map((p) => ({ postingId: p.postingId, entries: p.entries.map((e) => ({ ...e, at })) })));
        await tx.events.append(streamOf(tournamentId), streamOf(tournamentId), live.seq, events.map((e) => ({ type: e.type, at: e.at, payload: e })), null);
      });
    } catch (e) {
      if (e instanceof ConcurrencyConflict) await this.reload(tournamentId);
      throw e;
    }
    this.applyLogged(tournamentId, live, events);
    if (events.some((e) => e.type === 'paused' && e.by === 'system' && e.reason === T.AWAY_REASON)) await this.alertAway(tournamentId, live.state);
  }

  /** TRN-AWAY: the tournament paused itself — the pit boss decides (wait for a player to come back, resume, or cancel by S1-FAIL-STT/MTT). */
  private async alertAway(tournamentId: string, s: T.TournamentState): Promise<void> {
    const left = T.playing(s).length;
    try {
      await this.alerts?.raise({ tableId: tournamentId, severity: 'warning', code: 'TOURNAMENT_ALL_AWAY', message: `Tournament ${s.def.name} paused itself (TRN-AWAY): all ${left} players still in have been away for a whole level. It resumes when one takes their seat; resume or cancel it (S1-FAIL-STT/MTT refunds).` });
    } catch (e) {
      this.log.error({ msg: 'TOURNAMENT_ALL_AWAY alert failed', tournamentId, error: (e as Error).message });
    }
  }

  private async get(tournamentId: string): Promise<Result<Live>> {
    await this.ensureLoaded();
    const t = this.live.get(tournamentId) ?? (await this.reload(tournamentId));
    return t ? ok(t) : no('TOURNAMENT_NOT_FOUND', null, `no tournament ${tournamentId}`);
  }

  /**
   * Inside the tournament's lock: the copy to decide on. A non-owner (several instances; a write that was not
   * forwarded because no instance holds the lease, or a read) catches up from the log first, so it never decides
   * on a stale copy; its commit is still checked by the expected seq.
   */
  private async current(tournamentId: string): Promise<Live> {
    if (!this.owns(tournamentId)) await this.catchUp(tournamentId);
    const live = this.live.get(tournamentId);
    if (!live) throw new Error(`tournament ${tournamentId} is not loaded`);
    return live;
  }

  /** `POST /tournaments` (pit boss/admin): the published terms (TRN-DEF), audited. */
  async create(by: Actor, body: CreateTournamentBody): Promise<Result<TournamentView>> {
    await this.ensureLoaded();
    const def: T.TournamentDef = { ...body, tournamentId: this.ids.next('trn'), payoutTable: body.payoutTable ?? T.STANDARD_PAYOUTS };
    const v = T.validateDef(def);
    if (!v.ok) return v;
    const at = this.clock.now();
    const created: T.TournamentEvent = { type: 'created', def, at };
    const live: Live = { state: T.initialState(def), seq: 1, seed: null };
    // the index is appended under its own lock, as the ownership pass reads it (one index seq, never skipped)
    await this.host.writers.run(INDEX_LOCK, async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          await this.uow.run(async (tx) => {
            await tx.events.append(INDEX_STREAM, INDEX_STREAM, this.indexSeq, [{ type: 'tournament-listed', at, payload: { tournamentId: def.tournamentId } }], null);
            await tx.events.append(streamOf(def.tournamentId), streamOf(def.tournamentId), 0, [{ type: 'created', at, payload: created }], null);
          });
          break;
        } catch (e) {
          if (!(e instanceof ConcurrencyConflict) || attempt > 2) throw e;
          await this.listedSince(); // another instance listed one: load it (it is in the lobby here too), then retry
        }
      }
      this.indexSeq += 1;
      this.live.set(def.tournamentId, live);
    });
    // several instances: its creator runs it when it can take the lease now (else the next pass of some instance does)
    if (await this.host.claim(def.tournamentId)) {
      this.owned.add(def.tournamentId);
      this.steppedAt.set(def.tournamentId, at);
      this.arm(def.tournamentId);
    }
    await this.audit.record({ actor: by.userId, role: by.role, action: 'tournament.create', reason: `created ${def.name}`, target: `tournament:${def.tournamentId}`, at });
    return ok(this.viewOf(live.state, by));
  }

  /**
   * `POST /tournaments/{id}/entries` (TRN-REG, TRN-LATE, TRN-REENTRY): buy-in + fee through the wallet (a
   * seamless operator's player: its wallet), idempotent by the entry id. A sit-and-go starts when full. TRN-ABSENT:
   * a robot account's entry (`isRobotPlayerId`) is registered as a robot's (played by the robot); any other is a person's.
   */
  async register(player: Actor, tournamentId: string, entryId: string): Promise<Result<TournamentEntryResult>> {
    const got = await this.get(tournamentId);
    if (!got.ok) return got;
    const r = await this.host.writers.run(tournamentId, async (): Promise<Result<TournamentEntryResult>> => {
      const live = await this.current(tournamentId);
      const had = live.state.entries.find((e) => e.entryId === entryId);
      if (had) {
        if (had.playerId !== player.userId) return no('TOURNAMENT_ENTRY_EXISTS', 'TRN-REG', `entry ${entryId} belongs to another player`);
        return ok({ tournamentId, entryId, reEntry: had.reEntry > 0, duplicate: true, tableNo: had.table, seat: had.seat });
      }
      if ((await this.uow.run((tx) => tx.ledger.entries(entryPostingId(tournamentId, entryId)))).length > 0) return no('TOURNAMENT_ENTRY_EXISTS', 'TRN-REG', `entry ${entryId} exists`);
      // TRN-ABSENT: a robot account's entry (`bot_…`, the demo's and CI's robots) is marked so, its seat robot-played; a person's seat not taken is folded
      const d = T.register(live.state, { entryId, playerId: player.userId, robot: isRobotPlayerId(player.userId), at: this.clock.now() });
      if (!d.ok) return d;
      const def = live.state.def;
      const amount = def.buyInMinor + def.feeMinor;
      const link = player.role === 'player' ? (this.seamless?.linkOf(player.userId) ?? null) : null;
      if (link !== null && this.seamless !== null) {
        const debit = await this.seamless.debitChips(link, seamlessRoundOf(tournamentId, entryId), entryId, amount, def.currency);
        if (!debit.ok) return debit;
      }
      try {
        await this.commit(tournamentId, live, d.value, [entryPosting(def, entryId, player.userId)]);
      } catch (e) {
        if (link !== null && this.seamless !== null) await this.seamless.returnChips(link, seamlessRoundOf(tournamentId, entryId), entryId, amount, def.currency);
        if (e instanceof InsufficientFunds) return no('TOURNAMENT_INSUFFICIENT_FUNDS', 'GEN-4', `the buy-in and fee (${amount} minor units of ${def.currency}) are more than the balance`, { neededMinor: amount });
        throw e;
      }
      const mine = live.state.entries.find((e) => e.entryId === entryId);
      return ok({ tournamentId, entryId, reEntry: (mine?.reEntry ?? 0) > 0, duplicate: false, tableNo: mine?.table ?? null, seat: mine?.seat ?? null });
    });
    const t = this.live.get(tournamentId);
    if (r.ok && !r.value.duplicate && t?.state.def.kind === 'sit-and-go' && t.state.status === 'registering') await this.step(tournamentId);
    return r;
  }

  /**
   * One step of a tournament on the server's clock: a scheduled tournament due (or a full sit-and-go) starts
   * (TRN-START; too few players at the start time → cancelled with every buy-in and fee back), the levels
   * advance (TRN-CLOCK), one round of hands is dealt (robots; people away folded, TRN-ABSENT) with the busts, TRN-BALANCE and the finish with
   * its prizes (TRN-PAY).
   */
  async step(tournamentId: string): Promise<void> {
    const got = await this.get(tournamentId);
    if (!got.ok || !this.owns(tournamentId)) return; // several instances: only the lease holder advances the clock
    await this.host.writers.run(tournamentId, async () => {
      if (!this.owns(tournamentId)) return;
      const live = await this.current(tournamentId);
      const s = live.state;
      const now = this.clock.now();
      this.steppedAt.set(tournamentId, now);
      let events: T.TournamentEvent[] = [];
      if (s.status === 'registering') {
        const full = s.def.kind === 'sit-and-go' && new Set(s.entries.map((e) => e.playerId)).size >= s.def.maxPlayers;
        const due = s.def.kind === 'scheduled' && s.def.startsAt !== null && s.def.startsAt <= now;
        if (!full && !due) return;
        const st = T.start(s, now, randomInt(2 ** 31));
        if (st.ok) events = st.value;
        else if (due) {
          const c = T.cancel(s, 'system', `too few players at the start time (${s.entries.length} of ${s.def.minPlayers})`, now);
          events = c.ok ? c.value : [];
        }
      } else if (s.status === 'running' || (s.status === 'paused' && s.round !== null)) {
        const ticked = T.tick(s, now);
        const cur = ticked.reduce(T.evolve, s);
        // TRN-PLAY: a round in play carries on (robots, expired clocks; a hand in play is finished during a pause), else a new round is dealt
        events = [...ticked, ...(cur.round !== null ? T.advanceRound(cur, now) : T.playRound(cur, live.seed ?? 0, cur.handsPlayed, now, settingOf(this.config, 'tournamentActionMs'), drawDeck))];
      }
      await this.commit(tournamentId, live, events);
    });
    this.arm(tournamentId); // the next step FELT_TOURNAMENT_ROUND_MS from this one (the host's scheduler)
  }

  /** Every tournament not over that this instance owns, one step each (tests; in a running server the host fires `step`). */
  async stepAll(): Promise<void> {
    await this.ensureLoaded();
    for (const [id, t] of this.live) {
      if (isOver(t.state) || !this.owns(id)) continue;
      try {
        await this.step(id);
      } catch (e) {
        this.log.error({ msg: 'tournament step failed', tournamentId: id, error: (e as Error).message });
      }
    }
  }

  /**
   * `POST /tournaments/{id}/seat` (TRN-PLAY): the player takes their seat (`sitting: true`: they act on their own
   * turns, from their next turn) or leaves it (TRN-ABSENT: folded on their turns, blinds and antes still posted).
   * Decided by the tournament's owner (forwarded).
   */
  seat(player: Actor, tournamentId: string, sitting: boolean): Promise<Result<TournamentTableFrame>> {
    return this.decideForPlayer(player, tournamentId, (state, at) => T.sitIn(state, player.userId, sitting, at));
  }

  /**
   * `POST /tournaments/{id}/actions` (TRN-PLAY): the player's action in their tournament hand, validated by the
   * live-poker hand core (its `POKER_*` codes and rule IDs: not your turn, the clock ran out, an amount out of
   * bounds, the wrong hand), logged as a `hand-action` with the robots' and the clock's; the round carries on.
   */
  act(player: Actor, tournamentId: string, body: TournamentActionBody): Promise<Result<TournamentTableFrame>> {
    return this.decideForPlayer(player, tournamentId, (state, at) => T.actInRound(state, player.userId, body, at));
  }

  /** A player's own command (seat, act): under the tournament's writer, the rule on the live state now, committed; the player's table frame. */
  private async decideForPlayer(player: Actor, tournamentId: string, decide: (state: T.TournamentState, at: number) => Result<T.TournamentEvent[]>): Promise<Result<TournamentTableFrame>> {
    const got = await this.get(tournamentId);
    if (!got.ok) return got;
    return this.host.writers.run(tournamentId, async (): Promise<Result<TournamentTableFrame>> => {
      const live = await this.current(tournamentId);
      const d = decide(live.state, this.clock.now());
      if (!d.ok) return d;
      await this.commit(tournamentId, live, d.value);
      return ok(this.frameOf(live, player.userId));
    });
  }

  /**
   * S1-DISCONNECT (TRN-ABSENT): the player's last connection closed — every tournament this instance runs in which they
   * sit in sits them out (`sat-out`, reason `disconnect`): dealt in, blinds and antes posted, folded on their turns
   * (at once when it is their turn now) until they take their seat again. A tournament another instance runs is left to
   * the action clock there (S1-TIMEOUT sits them out after one turn).
   */
  /** Does the player sit in a tournament still running (a departure matters)? */
  sitsIn(playerId: string): boolean {
    for (const t of this.live.values()) if (!isOver(t.state) && t.state.entries.some((e) => e.playerId === playerId && t.state.sittingIn.includes(e.entryId))) return true;
    return false;
  }

  async departed(playerId: string): Promise<void> {
    await this.ensureLoaded();
    for (const [tid, held] of [...this.live]) {
      if (isOver(held.state) || !this.owns(tid)) continue;
      if (!held.state.entries.some((e) => e.playerId === playerId && e.status === 'playing' && held.state.sittingIn.includes(e.entryId))) continue;
      try {
        await this.host.writers.run(tid, async () => {
          const live = await this.current(tid);
          const d = T.sitIn(live.state, playerId, false, this.clock.now(), 'disconnect');
          if (d.ok) await this.commit(tid, live, d.value);
        });
      } catch (e) {
        this.log.error({ msg: 'sitting a disconnected player out failed', tournamentId: tid, playerId, error: (e as Error).message });
      }
    }
  }

  /** `GET /tournaments/{id}/table` (TRN-PLAY): the player's table and hand in play as they may see it (their own hole cards only). */
  async table(player: Actor, tournamentId: string): Promise<Result<TournamentTableFrame>> {
    const got = await this.get(tournamentId);
    if (!got.ok) return got;
    const live = this.owns(tournamentId) ? got.value : await this.host.writers.run(tournamentId, () => this.current(tournamentId));
    return ok(this.frameOf(live, player.userId));
  }

  /** `GET /tournaments/{id}/tables` (staff): every table's seats and chips and its hand as the pit boss sees it (down cards once it is over). */
  async staffTables(tournamentId: string): Promise<Result<TournamentTablesView>> {
    const got = await this.get(tournamentId);
    if (!got.ok) return got;
    const live = this.owns(tournamentId) ? got.value : await this.host.writers.run(tournamentId, () => this.current(tournamentId));
    const tables = T.staffTablesView(live.state);
    const name = await this.nameOf(tables.flatMap((t) => t.seats.map((x) => x.playerId)));
    return ok({ tournamentId, seatsPerTable: live.state.def.seatsPerTable, tables: tables.map((t) => ({ ...t, seats: t.seats.map((x) => ({ ...x, name: name(x.playerId) })) })) });
  }

  /** The staff's reads name people (issue 20): one batched lookup; null for an account that is gone. */
  private async nameOf(playerIds: readonly string[]): Promise<(playerId: string) => string | null> {
    const named = (await this.names?.attach([...new Set(playerIds)].map((playerId) => ({ playerId })))) ?? [];
    const m = new Map(named.map((x) => [x.playerId, x.name] as const));
    return (id) => m.get(id) ?? null;
  }

  /** `POST /tournaments/{id}/control` (pit boss): pause / resume (S1-PAUSE), add time (TRN-TIME), cancel (TRN-CANCEL, S1-FAIL-STT/MTT); audited with the reason. */
  async control(by: Actor, tournamentId: string, body: TournamentControlBody): Promise<Result<TournamentView>> {
    const got = await this.get(tournamentId);
    if (!got.ok) return got;
    return this.host.writers.run(tournamentId, async (): Promise<Result<TournamentView>> => {
      const live = await this.current(tournamentId);
      const at = this.clock.now();
      let d: Result<T.TournamentEvent[]>;
      switch (body.action) {
        case 'pause':
          d = T.pause(live.state, by.userId, body.reason, at);
          break;
        case 'resume':
          d = T.resume(live.state, by.userId, body.reason, at);
          break;
        case 'add-time':
          d = T.addTime(live.state, body.ms, by.userId, body.reason, at);
          break;
        case 'cancel':
          d = T.cancel(live.state, by.userId, body.reason, at);
          break;
      }
      if (!d.ok) return d;
      await this.commit(tournamentId, live, d.value);
      const rule = d.value[0]?.type === 'cancelled' ? ` (${d.value[0].rule})` : '';
      await this.audit.record({ actor: by.userId, role: by.role, action: `tournament.${body.action}`, reason: body.reason, target: `tournament:${tournamentId}${body.action === 'add-time' ? ` +${body.ms} ms` : ''}${rule}`, at });
      return ok(this.viewOf(live.state, by));
    });
  }

  /** The lobby: every tournament, the newest first. */
  async lobby(): Promise<TournamentSummary[]> {
    await this.ensureLoaded();
    return [...this.live.values()].map((t) => summaryOf(t.state)).reverse();
  }

  async view(tournamentId: string, viewer: Actor): Promise<Result<TournamentView>> {
    const got = await this.get(tournamentId);
    if (!got.ok) return got;
    const live = this.owns(tournamentId) ? got.value : await this.host.writers.run(tournamentId, () => this.current(tournamentId));
    const v = this.viewOf(live.state, viewer);
    if (!isStaff(viewer)) return ok(v);
    const name = await this.nameOf(v.entriesView.flatMap((e) => (e.playerId === undefined ? [] : [e.playerId])));
    return ok({ ...v, entriesView: v.entriesView.map((e) => (e.playerId === undefined ? e : { ...e, name: name(e.playerId) })) });
  }

  /**
   * The events in order (staff): what `felt tournament` replays. TRN-DECK: the deck of a hand with a person in it is
   * in the stored log (the hand replays from it) but not in this read while its round is in play — the pit sees its
   * SHA-256 (`deckSha256`), and the deck once the round is over.
   */
  async eventLog(tournamentId: string): Promise<Result<TournamentLog>> {
    const got = await this.get(tournamentId);
    if (!got.ok) return got;
    const stored = await this.uow.run((tx) => tx.events.load(streamOf(tournamentId)));
    const events = stored.map((e) => e.payload as T.TournamentEvent);
    const inPlay = events.length > 0 ? T.foldEvents(events).round?.round : undefined;
    const shown = events.map((e) => (e.type === 'round-started' && e.round === inPlay ? { ...e, hands: e.hands.map(hideDeck) } : e));
    return ok({ tournamentId, events: shown as unknown as TournamentLog['events'] });
  }

  /** The state as held (tests). */
  stateOf(tournamentId: string): T.TournamentState | null {
    return this.live.get(tournamentId)?.state ?? null;
  }

  private frameOf(live: Live, playerId: string): TournamentTableFrame {
    return tableFrameOf(live.state, playerId, live.seq, this.clock.now(), live.state.round?.actionMs ?? settingOf(this.config, 'tournamentActionMs'));
  }

  private viewOf(s: T.TournamentState, viewer: Actor): TournamentView {
    const staff = isStaff(viewer);
    const entries = s.entries.filter((e) => staff || e.playerId === viewer.userId);
    return {
      ...summaryOf(s),
      structure: [...s.def.structure],
      lateRegistrationLevels: s.def.lateRegistrationLevels,
      reEntry: s.def.reEntry,
      prizes: T.prizesFor(s.def.payoutTable, Math.max(s.entries.length, 2), s.poolMinor),
      tables: s.tables.map((t) => ({ tableNo: t.tableNo, players: t.seats.filter((x) => x !== null).length })),
      entriesView: entries.map((e) => ({ entryId: e.entryId, status: e.status, chips: e.chips, tableNo: e.table, seat: e.seat, ...(staff ? { playerId: e.playerId } : {}) })),
      chipCounts: T.playing(s).map((e) => e.chips).sort((a, b) => b - a),
      handForHand: s.status === 'running' && T.handForHand(s),
      payouts: s.payouts.map((p) => ({ kind: p.kind, amountMinor: p.amountMinor, place: p.place, placeTo: p.placeTo, rule: p.rule, mine: p.playerId === viewer.userId, ...(staff ? { playerId: p.playerId } : {}) })),
      endReason: s.endReason,
    };
  }
}

export function summaryOf(s: T.TournamentState): TournamentSummary {
  const item = s.def.structure[s.level];
  return {
    tournamentId: s.def.tournamentId,
    name: s.def.name,
    kind: s.def.kind,
    status: s.status,
    currency: s.def.currency,
    buyInMinor: s.def.buyInMinor,
    feeMinor: s.def.feeMinor,
    startingStack: s.def.startingStack,
    maxPlayers: s.def.maxPlayers,
    startsAt: s.def.startsAt,
    startedAt: s.startedAt,
    endedAt: s.endedAt,
    entries: s.entries.length,
    remaining: T.playing(s).length,
    poolMinor: s.poolMinor,
    registrationOpen: T.registrationOpen(s),
    level: {
      index: s.level,
      type: item?.type ?? 'level',
      smallBlind: item?.type === 'level' ? item.smallBlind : null,
      bigBlind: item?.type === 'level' ? item.bigBlind : null,
      ante: item?.type === 'level' ? item.ante : null,
      endsAt: s.levelEndsAt,
      remainingMs: s.pausedRemainingMs,
    },
  };
}

/** TRN-DECK: a fresh deck for a hand with a person in it — CSPRNG Fisher–Yates (node:crypto) over the 52 cards. */
export function drawDeck(): number[] {
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
  }
  return deck;
}

/** TRN-DECK: a hand of the round in play as the log read shows it — its deck's SHA-256, not the deck. */
function hideDeck(h: T.RoundHand): T.RoundHand | (Omit<T.RoundHand, 'deck'> & { readonly deckSha256: string }) {
  if (h.deck === undefined) return h;
  const { deck, ...rest } = h;
  return { ...rest, deckSha256: createHash('sha256').update(deck.join(',')).digest('hex') };
}
