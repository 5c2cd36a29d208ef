import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { createRng, poker, pokerTable, type Audience, type Result } from '@felt/games';
import type { PokerHandSummary, PokerLobbyEntry, PokerTableFrame, PokerWsMessage } from '@felt/protocol';
import { ReplaySubject, Subject } from 'rxjs';
import { AlertsService } from '../alerts/alerts.service.js';
import { CLOCK, IDS, type Clock, type Ids } from '../shared/clock.js';
import { UNIT_OF_WORK, type Tx, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { TABLE_HOST, type TableHost } from '../shared/host/table-host.js';
import type { HostDeadline, TableProgram } from '../shared/host/table-program.js';
import { DEFAULT_CURRENCY, depositPosting, HOUSE_ACCOUNT, operatorAccount, playerAccount, seamlessOutPosting, type Posting } from '../shared/ledger.rules.js';
import { SeamlessService, type SessionStatus } from '../wallet/seamless/seamless.service.js';
import type { PlayerLinkRow } from '../wallet/seamless/seamless.repository.js';
import { POKER_TABLES_REPOSITORY, type PokerTablesRepository } from './poker-table.repository.js';
import { applyEvent, eventEffects, frameOf, handOver, handSettled, initialState, nextRngCard, seatUpdate, sessionRound, shuffleDeck, streamOf, type PlayerEntry, type PokerEvent, type PokerTableDef, type PokerTableState, type RngDeck, type SeamlessChips } from './poker-table.state.js';

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

/** S1-STACK: a player's table stack sub-account (a `player:` account, so the ledger keeps it non-negative). */
export const stackAccount = (userId: string, tableId: string): string => `${playerAccount(userId)}:poker:${tableId}`;

const fail = (code: string, message: string, ruleId: string | null = null): Result<never> => ({ ok: false, violation: { code, ruleId, message } });

/** Operator rounds of poker seat sessions: `poker:<tableId>:<sessionId>` (sessionRound). */
const SESSION_PREFIX = 'poker:';
/** The stack posting of a seamless buy-in/top-up, by its debit (the seamless sweep checks it reached the table). */
const chipsPostingId = (tableId: string, type: 'buy-in' | 'top-up', debit: string): string => `poker-${type}:${tableId}:${debit}`;

interface Built {
  readonly events: PokerEvent[];
  readonly postings: Posting[];
}

/** A poker table's deadline on the host's scheduler. */
export interface PokerDeadline extends HostDeadline {
  readonly type: 'timeout' | 'robot' | 'next-hand' | 'card-overdue';
  readonly handId: string | null;
}

/** One change of a table: the new state and who had money moved (their balance in frames). */
export interface PokerChange {
  readonly state: PokerTableState;
  readonly touched: readonly string[];
}

/**
 * Live poker tables (issue 11): one write path per table (a keyed mutex, like the rounds), state = seats
 * + current hand + seq, persisted as an append-only event log (`round_event` stream `poker:<tableId>`) in
 * the same transaction as the ledger postings (S1-STACK buy-in/top-up/cash-out, the hand's result with
 * the rake to the house, S1-RAKE). Timers (action clock, robots, next hand) are armed after each commit.
 */
@Injectable()
export class PokerTablesService implements TableProgram, OnModuleDestroy {
  readonly kind = 'poker';
  private readonly log = new Logger('Poker');
  private readonly states = new Map<string, PokerTableState>();
  private readonly decks = new Map<string, RngDeck>();
  /** deadline keys that fired and changed nothing (not armed again until the table changes). */
  private readonly spent = new Map<string, Set<string>>();
  private readonly robotRng = createRng(Date.now() & 0x7fffffff);
  private stopped = false;
  readonly changes$ = new Subject<PokerChange>();
  /** shoe-dealt tables (created or restored): the device ingest subscribes to their shoe. */
  readonly shoeTables$ = new ReplaySubject<string>();
  /** card-due watch: a shoe table waiting for a card longer than this alerts the pit boss once per hand. */
  private readonly cardAlerted = new Set<string>();

  constructor(
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(POKER_TABLES_REPOSITORY) private readonly repo: PokerTablesRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: Ids,
    /** The one table host (issue 19 §2): the table's writer, deadlines, recovery and lease come from it. */
    @Inject(TABLE_HOST) private readonly host: TableHost,
    @Inject(AlertsService) private readonly alerts: AlertsService,
    @Optional() @Inject(POKER_TIMINGS) private readonly timings: PokerTimings = { nextHandMs: Number(process.env['FELT_POKER_NEXT_HAND_MS'] ?? 3000), robotMs: Number(process.env['FELT_POKER_ROBOT_MS'] ?? 900), robots: process.env['FELT_POKER_ROBOTS'] !== '0', cardWaitMs: Number(process.env['FELT_POKER_CARD_WAIT_MS'] ?? 60_000) },
    /** Issue 12: players of a seamless operator buy in from (and cash out to) the operator's wallet. */
    @Optional() @Inject(SeamlessService) private readonly seamless: Pick<SeamlessService, 'linkOf' | 'playerBalance' | 'debitChips' | 'returnChips' | 'registerSessions' | 'sweep'> | null = null,
  ) {
    // the seamless sweep asks the table about its seat sessions' debits (never treating them as bets)
    this.seamless?.registerSessions(SESSION_PREFIX, (round, betIds) => this.sessionStatus(round, betIds));
    this.host.register(this);
  }

  private get mutex(): TableHost['writers'] {
    return this.host.writers;
  }

  // ───────────────────────────── the table program (the host's seam) ─────────────────────────────

  async tables(): Promise<readonly string[]> {
    return (await this.repo.list()).map((d) => d.tableId);
  }

  async has(tableId: string): Promise<boolean> {
    return (await this.repo.get(tableId)) !== null;
  }

  /** The host's recovery (boot; several instances: this instance won the table's lease): lay the table out from its log. */
  async recover(tableId: string): Promise<void> {
    const def = await this.repo.get(tableId);
    if (def && !this.stopped) await this.restoreSafely(def);
  }

  /** The host's ownership: this instance no longer runs the table (lease lost). */
  release(tableId: string): void {
    this.drop(tableId);
  }

  private drop(tableId: string): void {
    this.host.timers.disarm(tableId);
    this.spent.delete(tableId);
    this.states.delete(tableId);
    this.decks.delete(tableId);
    this.logSeqs.delete(tableId);
  }

  private async restoreSafely(def: PokerTableDef): Promise<void> {
    try {
      await this.restore(def);
    } catch (e) {
      // a log that does not replay keeps its table closed and tells the pit boss (non-negotiable 5: never silently stuck)
      this.states.delete(def.tableId);
      this.log.error(`poker table ${def.tableId} not restored: ${(e as Error).stack ?? String(e)}`);
      await this.alerts.raise({ tableId: def.tableId, severity: 'critical', code: 'POKER_TABLE_NOT_RESTORED', message: `Poker table ${def.name} could not be laid out again from its log: ${(e as Error).message}` });
    }
  }

  onModuleDestroy(): void {
    this.stopped = true;
    for (const t of this.states.keys()) this.host.timers.disarm(t);
    this.changes$.complete();
  }

  private async restore(def: PokerTableDef): Promise<void> {
    // the last snapshot (a cache) + the log after it; a snapshot that does not fit is ignored (full replay)
    const snap = await this.repo.snapshot(def.tableId).catch(() => null);
    const from = snap && snap.logSeq > 0 ? snap : null;
    const events = await this.uow.run((tx) => tx.events.load(streamOf(def.tableId), from?.logSeq ?? 0));
    let s: PokerTableState = from ? { ...from.state, def, wallets: from.state.wallets ?? {} } : initialState(def);
    for (const e of events) {
      const pe = (e.payload as { e: PokerEvent }).e;
      s = applyEvent(s, pe, (e.payload as { frame: number }).frame);
      if (pe.type === 'hand-started') this.indexHand(def.tableId, pe.handId, e.seq);
    }
    const hand = s.hand && !handOver(s.hand) ? s.hand : null;
    // under the table's mutex: a command arriving during a takeover (several instances) waits for the void below
    await this.mutex.run(def.tableId, async () => {
      this.states.set(def.tableId, s);
      this.logSeqs.set(def.tableId, events.at(-1)?.seq ?? from?.logSeq ?? 0);
      // S1-FAIL-RING: the hand cannot go on (the RNG deck or the shoe's position died with the process): void, chips back.
      if (hand) await this.commit(def.tableId, async () => ({ ok: true, value: { events: [{ type: 'hand-command', handId: hand.handId, cmd: { type: 'void', reason: 'server restart', at: this.clock.now() } }], postings: [] } }));
    });
    if (def.dealing === 'shoe') this.shoeTables$.next(def.tableId);
    if (hand) {
      await this.alerts.raise({ tableId: def.tableId, roundId: hand.handId, severity: 'critical', code: 'POKER_HAND_VOIDED', message: `Poker table ${def.name}: hand ${hand.handId} was unfinished at restart and is void; every contribution went back to the stacks (S1-FAIL-RING).` });
    } else this.arm(def.tableId);
    if (!this.timings.robots) await this.robotsLeave(def.tableId);
  }

  /** Robots switched off (FELT_POKER_ROBOTS=0): the seated robots stand up (at once, or when their hand ends). */
  private async robotsLeave(tableId: string): Promise<void> {
    await this.mutex.run(tableId, () =>
      this.commit(tableId, async (s) => {
        const events: PokerEvent[] = s.seats.seats.filter((r) => s.players[r.playerId]?.robot && !r.leaving).map((r) => ({ type: 'seat', op: 'leave', key: r.playerId }));
        return { ok: true, value: { events, postings: [] } };
      }),
    );
  }

  private readonly logSeqs = new Map<string, number>();

  // ───────────────────────────── tables ─────────────────────────────

  async createTable(input: { tableId?: string; name: string; currency?: string; dealing: 'rng' | 'shoe'; shoeDeviceId?: string | null; config: Partial<pokerTable.PokerTableConfig>; seats: { seatCount: number; minBuyInMinor: number; maxBuyInMinor: number | null }; robots?: number }): Promise<Result<PokerTableDef>> {
    const config = pokerTable.tableConfig(input.config);
    const checked = pokerTable.validateConfig(config);
    if (!checked.ok) return checked;
    const v = pokerTable.VARIANTS[config.variant];
    if (input.seats.seatCount < 2 || input.seats.seatCount > v.maxSeats) return fail('POKER_INVALID_CONFIG', `${v.name} seats 2–${v.maxSeats}`);
    if (input.seats.minBuyInMinor <= 0 || (input.seats.maxBuyInMinor !== null && input.seats.maxBuyInMinor < input.seats.minBuyInMinor)) return fail('POKER_INVALID_CONFIG', 'buy-in min ≤ max, both positive (S1-STACK)');
    const tableId = input.tableId ?? this.ids.next('pkt');
    if (this.states.has(tableId) || (await this.repo.get(tableId))) return fail('POKER_TABLE_EXISTS', `poker table ${tableId} exists`);
    const def: PokerTableDef = {
      tableId,
      name: input.name,
      currency: input.currency ?? DEFAULT_CURRENCY,
      dealing: input.dealing,
      shoeDeviceId: input.dealing === 'shoe' ? (input.shoeDeviceId ?? 'shoe-1') : null,
      config: checked.value,
      seats: { ...input.seats, smallBlindMinor: config.smallBlindMinor, bigBlindMinor: config.bigBlindMinor, straddleTable: checked.value.straddleTable },
      robots: Math.max(0, Math.min(input.robots ?? 0, input.seats.seatCount - 1)),
      createdAt: this.clock.now(),
    };
    await this.repo.insert(def);
    // several instances: the creator runs the table when it gets the table's lease (else the holder's next pass takes it)
    if (!(await this.host.claim(tableId))) return { ok: true, value: def };
    this.states.set(tableId, initialState(def));
    this.logSeqs.set(tableId, 0);
    if (def.dealing === 'shoe') this.shoeTables$.next(tableId);
    if (def.robots > 0 && this.timings.robots) await this.seatRobots(tableId);
    return { ok: true, value: def };
  }

  /** The demo's robot players (bounded: `def.robots` seats, the rest free for people). */
  private async seatRobots(tableId: string): Promise<void> {
    const def = this.stateOf(tableId)?.def;
    if (!def) return;
    const buyIn = def.seats.maxBuyInMinor ?? def.seats.minBuyInMinor * 2;
    // every other seat first (people sit between robots), then the rest
    const all = Array.from({ length: def.seats.seatCount }, (_, i) => i + 1);
    const order = [...all.filter((n) => n % 2 === 0), ...all.filter((n) => n % 2 === 1)];
    for (let i = 1; i <= def.robots; i++) {
      const userId = `robot-${tableId}-${i}`;
      const taken = new Set(this.stateOf(tableId)?.seats.seats.map((r) => r.seat) ?? []);
      const seat = order.find((n) => !taken.has(n));
      if (seat === undefined) return;
      const r = await this.command(tableId, { userId, name: `Robot ${i}`, role: 'player' }, 'poker.sit', { tableId, seat, buyInMinor: buyIn, postToEnter: false }, { robot: true, fund: buyIn });
      if (!r.ok) this.log.warn(`poker ${tableId}: robot ${i} not seated: ${r.violation.code} ${r.violation.message}`);
    }
  }

  stateOf(tableId: string): PokerTableState | undefined {
    return this.states.get(tableId);
  }

  lobby(): PokerLobbyEntry[] {
    return [...this.states.values()].map((s) => ({
      tableId: s.def.tableId,
      name: s.def.name,
      variant: s.def.config.variant,
      structure: s.def.config.structure,
      smallBlindMinor: s.def.config.smallBlindMinor,
      bigBlindMinor: s.def.config.bigBlindMinor,
      seatCount: s.def.seats.seatCount,
      seated: s.seats.seats.length,
      waiting: s.seats.waiting.length,
      minBuyInMinor: s.def.seats.minBuyInMinor,
      maxBuyInMinor: s.def.seats.maxBuyInMinor,
      currency: s.def.currency,
      dealing: s.def.dealing,
    }));
  }

  keyOf(s: PokerTableState, userId: string): string | null {
    return Object.values(s.players).find((p) => p.userId === userId)?.key ?? null;
  }

  audienceOf(u: PokerUser): Audience {
    return u.role === 'player' ? { role: 'player', playerId: u.userId } : u.role === 'dealer' ? { role: 'dealer' } : { role: 'pitboss' };
  }

  /**
   * The player's wallet balance for the frame (what a buy-in / top-up may take): the ledger's, or for a seamless
   * operator's player the operator's own (read when the player joins, acts or has money moved — not per frame);
   * null when the operator does not answer or holds another currency (the screen then offers no buy-in).
   */
  async balanceOf(userId: string, currency: string): Promise<number | null> {
    if (this.seamless?.linkOf(userId)) {
      const b = await this.seamless.playerBalance(userId).catch(() => null);
      return b !== null && b.currency === currency ? b.balanceMinor : null;
    }
    return this.uow.run((tx) => tx.ledger.balance(playerAccount(userId), currency));
  }

  /** The audience's frame (players: their own hole cards only, their balance and queue place). */
  frame(s: PokerTableState, u: PokerUser, balanceMinor: number | null): PokerTableFrame {
    const key = u.role === 'player' ? this.keyOf(s, u.userId) : null;
    return frameOf(s, { audience: this.audienceOf(u), key }, { balanceMinor, at: this.clock.now() });
  }

  // ───────────────────────────── commands ─────────────────────────────

  /** A `poker.*` message of a player (already validated against the contract's schema). */
  command(tableId: string, u: PokerUser, msg: PokerWsMessage, body: Record<string, unknown>, opts: { robot?: boolean; fund?: number; seamless?: SeamlessChips } = {}): Promise<Result<PokerTableState>> {
    if (!this.states.has(tableId)) return this.missing(tableId);
    if (msg === 'poker.join' || msg === 'poker.leave-view') return Promise.resolve({ ok: true, value: this.states.get(tableId) as PokerTableState });
    if ((msg === 'poker.sit' || msg === 'poker.top-up') && opts.seamless === undefined && opts.robot !== true) {
      // issue 12: chips of a seamless operator's player come from (and go back to) the operator's wallet
      const link = this.seamless?.linkOf(u.userId) ?? null;
      const s0 = this.states.get(tableId) as PokerTableState;
      const key0 = this.keyOf(s0, u.userId);
      const seated = key0 !== null && s0.seats.seats.some((r) => r.playerId === key0);
      if (msg === 'poker.top-up' && seated && (link === null) !== (s0.wallets?.[key0 as string] === undefined)) {
        return Promise.resolve(fail('POKER_WALLET_CHANGED', "this seat's chips came from another wallet than the player's wallet now (a seamless operator's or Felt's); stand up (the stack goes back where it came from) and sit down again to top up", 'S1-STACK'));
      }
      if (link !== null) return this.viaOperator(tableId, u, msg, body, link);
    }
    return this.mutex.run(tableId, () =>
      this.commit(tableId, async (s, tx) => {
        const at = this.clock.now();
        let key = this.keyOf(s, u.userId);
        const events: PokerEvent[] = [];
        const postings: Posting[] = [];
        if (key === null) {
          if (msg !== 'poker.sit' && msg !== 'poker.waitlist') return fail('POKER_NOT_SEATED', 'the player has no seat at this table', 'S1-STACK');
          key = `pk${Object.keys(s.players).length + 1}`;
          const player: PlayerEntry = { key, userId: u.userId, displayName: u.name, robot: opts.robot === true };
          events.push({ type: 'player', player });
        }
        const balance = async (): Promise<number> => {
          if (opts.fund) {
            const p = depositPosting(`poker-robot:${tableId}:${u.userId}:${at}`, u.userId, opts.fund, s.def.currency);
            await tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at })));
          }
          return tx.ledger.balance(playerAccount(u.userId), s.def.currency);
        };
        const h = s.hand && !handOver(s.hand) ? s.hand : null;
        const mySeat = h?.seats.find((x) => x.playerId === key)?.seat;
        const inHand = (handId: unknown): Result<{ hand: pokerTable.HandState; seat: number }> => {
          if (!h || h.handId !== handId) return fail('POKER_WRONG_HAND', `hand ${String(handId)} is not in play`);
          if (mySeat === undefined) return fail('POKER_NOT_IN_HAND', 'the player is not dealt in this hand');
          return { ok: true, value: { hand: h, seat: mySeat } };
        };
        switch (msg) {
          case 'poker.sit':
            events.push({ type: 'seat', op: 'sit', key, seat: Number(body['seat']), buyInMinor: Number(body['buyInMinor']), balanceMinor: await balance(), postToEnter: body['postToEnter'] === true, ...(opts.seamless ? { seamless: opts.seamless } : {}) });
            break;
          case 'poker.waitlist':
            events.push({ type: 'seat', op: 'waitlist', key });
            break;
          case 'poker.top-up':
            if (opts.seamless && s.wallets?.[key]?.sessionId !== opts.seamless.sessionId) return fail('POKER_WALLET_CHANGED', 'the seat session changed while the operator debited the top-up', 'S1-STACK');
            events.push({ type: 'seat', op: 'top-up', key, amountMinor: Number(body['amountMinor']), balanceMinor: await balance(), ...(opts.seamless ? { seamless: opts.seamless } : {}) });
            break;
          case 'poker.sit-out':
            events.push({ type: 'seat', op: 'sit-out', key, disconnected: false });
            break;
          case 'poker.sit-in':
            events.push({ type: 'seat', op: 'sit-in', key, postToEnter: body['postToEnter'] === true });
            break;
          case 'poker.stand-up':
            events.push({ type: 'seat', op: 'leave', key });
            break;
          case 'poker.straddle':
            // S1-STRADDLE: a seat event (logged, so a replay plans the same hands); refused off Ö tables by the core
            events.push({ type: 'seat', op: 'straddle', key, on: body['straddle'] === true });
            break;
          case 'poker.act': {
            const r = inHand(body['handId']);
            if (!r.ok) return r;
            const toMinor = body['toMinor'];
            events.push({ type: 'hand-command', handId: r.value.hand.handId, cmd: { type: 'act', seat: r.value.seat, action: body['action'] as pokerTable.PlayerAction, ...(typeof toMinor === 'number' ? { toMinor } : {}), at } });
            break;
          }
          case 'poker.time-bank': {
            const r = inHand(body['handId']);
            if (!r.ok) return r;
            events.push({ type: 'hand-command', handId: r.value.hand.handId, cmd: { type: 'time-bank', seat: r.value.seat, at } });
            break;
          }
          case 'poker.draw': {
            const r = inHand(body['handId']);
            if (!r.ok) return r;
            const cards = poker.parseHand((body['discard'] as string[]).map((c) => c.toUpperCase()), undefined, 'discard');
            if (!cards.ok) return fail('POKER_INVALID_DRAW', cards.violation.message, '001 §3.4');
            events.push({ type: 'hand-command', handId: r.value.hand.handId, cmd: { type: 'draw', seat: r.value.seat, discards: cards.value, at } });
            break;
          }
        }
        return { ok: true, value: { events, postings } };
      }),
    );
  }

  /**
   * A seamless operator's player buys in / tops up (issue 12 × S1-STACK): the table's own checks first (a seat
   * refused calls nobody), then the operator's debit OUTSIDE the table's lock (RS_OK only; refused →
   * SEAMLESS_DEBIT_REFUSED with the operator's code, no answer → SEAMLESS_DEBIT_UNCONFIRMED and a rollback),
   * the chips posted in (`seamless-in:<debit>`), then the seat event under the lock with the debit in it.
   * A table that refuses it then (the seat went meanwhile) gives the chips back (posting out + rollback). A
   * crash between the debit and the commit leaves a debit no table holds: the seamless sweep rolls it back.
   */
  private async viaOperator(tableId: string, u: PokerUser, msg: 'poker.sit' | 'poker.top-up', body: Record<string, unknown>, link: PlayerLinkRow): Promise<Result<PokerTableState>> {
    const seamless = this.seamless as NonNullable<typeof this.seamless>;
    const s0 = this.states.get(tableId) as PokerTableState;
    const amount = Number(msg === 'poker.sit' ? body['buyInMinor'] : body['amountMinor']);
    const key0 = this.keyOf(s0, u.userId);
    const probeKey = key0 ?? `pk${Object.keys(s0.players).length + 1}`;
    const probe: PokerEvent = msg === 'poker.sit' ? { type: 'seat', op: 'sit', key: probeKey, seat: Number(body['seat']), buyInMinor: amount, balanceMinor: amount, postToEnter: body['postToEnter'] === true } : { type: 'seat', op: 'top-up', key: probeKey, amountMinor: amount, balanceMinor: amount };
    const pre = seatUpdate(s0.seats, probe);
    if (!pre.ok) return pre;
    const sessionId = msg === 'poker.sit' ? `pks_${randomUUID()}` : (s0.wallets?.[probeKey]?.sessionId as string);
    const debit = msg === 'poker.sit' ? sessionId : `${sessionId}-t_${randomBytes(6).toString('hex')}`;
    const round = sessionRound(tableId, sessionId);
    const currency = s0.def.currency;
    const d = await seamless.debitChips(link, round, debit, amount, currency);
    if (!d.ok) return d;
    const r = await this.command(tableId, u, msg, body, { seamless: { sessionId, operatorId: link.operatorId, user: link.externalUser, debit } });
    if (!r.ok) await seamless.returnChips(link, round, debit, amount, currency);
    return r;
  }

  /**
   * The seamless sweep asks about one seat session's debits (`poker:<tableId>:<sessionId>`), under the table's
   * lock so the answer matches the log: which reached the table (their stack posting exists), and whether the
   * session is over (the seat is gone) with what went back (`seamless-out:<sessionId>`). Null: not a table run here.
   */
  private async sessionStatus(round: string, betIds: readonly string[]): Promise<SessionStatus | null> {
    const rest = round.slice(SESSION_PREFIX.length);
    const i = rest.lastIndexOf(':');
    if (!round.startsWith(SESSION_PREFIX) || i <= 0) return null;
    const tableId = rest.slice(0, i);
    const sessionId = rest.slice(i + 1);
    if (!this.states.has(tableId)) return null;
    return this.mutex.run(tableId, async () => {
      const s = this.states.get(tableId);
      if (!s) return null;
      return this.uow.run(async (tx) => {
        const committed: string[] = [];
        for (const b of betIds) if ((await tx.ledger.entries(chipsPostingId(tableId, b === sessionId ? 'buy-in' : 'top-up', b))).length > 0) committed.push(b);
        const live = Object.values(s.wallets ?? {}).some((w) => w.sessionId === sessionId);
        if (live || !committed.includes(sessionId)) return { committed, endedWithMinor: null };
        const out = await tx.ledger.entries(`seamless-out:${sessionId}`);
        return { committed, endedWithMinor: out.filter((e) => e.account.startsWith(operatorAccount(''))).reduce((a, e) => a + e.amountMinor, 0) };
      });
    });
  }

  /** Not here: unknown, or (several instances) run by no instance right now — messages reach the owner through PokerCluster. */
  private async missing(tableId: string): Promise<Result<never>> {
    if (this.host.clustered && (await this.repo.get(tableId))) return fail('TABLE_OWNER_UNAVAILABLE', `poker table ${tableId} is not running on any instance right now (a takeover is under way); retry shortly`, 'GEN-3');
    return fail('POKER_TABLE_NOT_FOUND', `no poker table ${tableId}`);
  }

  /** S1-DISCONNECT: the last socket of a seated player dropped — sat out, still pays the blinds when due. */
  disconnected(tableId: string, userId: string): Promise<Result<PokerTableState>> {
    return this.mutex.run(tableId, () =>
      this.commit(tableId, async (s) => {
        const key = this.keyOf(s, userId);
        const rec = key === null ? undefined : s.seats.seats.find((r) => r.playerId === key);
        if (!rec || rec.disconnected || key === null) return { ok: true, value: { events: [], postings: [] } };
        return { ok: true, value: { events: [{ type: 'seat', op: 'sit-out', key, disconnected: true }], postings: [] } };
      }),
    );
  }

  /** Back after a disconnection: dealt in again per S1-REENTRY. */
  reconnected(tableId: string, userId: string): Promise<Result<PokerTableState>> {
    return this.mutex.run(tableId, () =>
      this.commit(tableId, async (s) => {
        const key = this.keyOf(s, userId);
        const rec = key === null ? undefined : s.seats.seats.find((r) => r.playerId === key);
        if (!rec?.disconnected || key === null) return { ok: true, value: { events: [], postings: [] } };
        return { ok: true, value: { events: [{ type: 'seat', op: 'sit-in', key, postToEnter: false }], postings: [] } };
      }),
    );
  }

  /** A card from the table's authenticated shoe (S1-DEAL-1): refused when none is due (`cardDue`, S1-DEAL-3). */
  shoeCard(tableId: string, deviceId: string, card: string): Promise<Result<PokerTableState>> {
    return this.mutex.run(tableId, () =>
      this.commit(tableId, async (s) => {
        if (s.def.dealing !== 'shoe' || s.def.shoeDeviceId !== deviceId) return fail('POKER_NOT_SHOE_TABLE', 'this table takes no cards from that device', 'S1-DEAL-1');
        if (!s.hand || handOver(s.hand) || pokerTable.cardDue(s.hand) === null) return fail('POKER_NO_CARD_DUE', 'no card is due', 'S1-DEAL-3');
        const parsed = poker.parseHand([card.toUpperCase()], 1, 'card');
        if (!parsed.ok) return parsed;
        return { ok: true, value: { events: [{ type: 'hand-command', handId: s.hand.handId, cmd: { type: 'card', card: parsed.value[0] as number, at: this.clock.now() } }], postings: [] } };
      }),
    );
  }

  /** S1-FAIL-RING: the table's shoe reported a fault — the hand in play is void, every contribution back, the pit boss alerted. */
  async deviceFault(tableId: string, deviceId: string): Promise<void> {
    const s = this.states.get(tableId);
    if (!s?.hand || handOver(s.hand) || s.def.shoeDeviceId !== deviceId) return;
    const handId = s.hand.handId;
    const r = await this.pitDecision(tableId, { type: 'void', reason: `device fault: ${deviceId}` });
    if (r.ok) await this.alerts.raise({ tableId, roundId: handId, severity: 'critical', code: 'POKER_HAND_VOIDED', message: `Poker table ${s.def.name}: the shoe ${deviceId} reported a fault; hand ${handId} is void and every contribution went back to the stacks (S1-FAIL-RING).` });
  }

  /** Pit boss (P4-IRR, S1-FAIL-RING): misdeal, an exposed card, or void the hand (contributions back). */
  pitDecision(tableId: string, decision: { type: 'misdeal' | 'void'; reason: string } | { type: 'expose'; seat: number; card: string }): Promise<Result<PokerTableState>> {
    return this.mutex.run(tableId, () =>
      this.commit(tableId, async (s) => {
        if (!s.hand || handOver(s.hand)) return fail('POKER_HAND_OVER', 'no hand in play', 'GEN-6');
        const at = this.clock.now();
        let cmd: pokerTable.HandCommand;
        if (decision.type === 'expose') {
          const parsed = poker.parseHand([decision.card.toUpperCase()], 1, 'card');
          if (!parsed.ok) return parsed;
          cmd = { type: 'expose', seat: decision.seat, card: parsed.value[0] as number, at };
        } else cmd = { type: decision.type, reason: decision.reason, at };
        return { ok: true, value: { events: [{ type: 'hand-command', handId: s.hand.handId, cmd }], postings: [] } };
      }),
    );
  }

  /**
   * The one write path (call under the table's mutex): builds the events from the current state, folds
   * them (validating with the pure core), completes the change — RNG cards due (S1-DEAL-1), the hand's
   * end posted once (S1-STACK, S1-RAKE) — and appends it with its ledger postings in ONE transaction.
   */
  private async commit(tableId: string, build: (s: PokerTableState, tx: Tx) => Promise<Result<Built>>): Promise<Result<PokerTableState>> {
    const before = this.states.get(tableId);
    if (!before) return fail('POKER_TABLE_NOT_FOUND', `no poker table ${tableId}`);
    const frameNo = before.seq + 1;
    const touched = new Set<string>();
    const out = await this.uow.run(async (tx): Promise<Result<PokerTableState>> => {
      const built = await build(before, tx);
      if (!built.ok) return built;
      if (built.value.events.length === 0) return { ok: true, value: before };
      const events = [...built.value.events];
      const postings = [...built.value.postings];
      let s = before;
      // validate + fold the requested events (a refused one changes nothing: the transaction rolls back)
      for (const e of events) {
        const prev = s;
        const r = this.tryApply(s, e, frameNo);
        if (!r.ok) return r;
        s = r.value;
        if (e.type === 'seat') for (const p of this.seatPostings(prev, e, frameNo)) postings.push(p);
      }
      // complete the change: RNG deals what is due; a finished hand is posted and folded into the seats
      for (let guard = 0; guard < 200; guard++) {
        const h = s.hand;
        if (h && !handOver(h) && s.def.dealing === 'rng' && pokerTable.cardDue(h)) {
          const deck = this.decks.get(tableId) ?? shuffleDeck(h.lowestRank);
          this.decks.set(tableId, deck);
          const card = nextRngCard(h, deck);
          if (card === null) break;
          const e: PokerEvent = { type: 'hand-command', handId: h.handId, cmd: { type: 'card', card, at: this.clock.now() } };
          const r = this.tryApply(s, e, frameNo);
          if (!r.ok) throw new Error(`RNG card refused: ${r.violation.code}`);
          events.push(e);
          s = r.value;
          continue;
        }
        if (h && handOver(h) && !handSettled(s)) {
          const deck = this.decks.get(tableId);
          const e: PokerEvent = { type: 'hand-ended', handId: h.handId, deck: deck ? deck.order.map((c) => poker.cardCode(c)) : null, salt: deck?.salt ?? null };
          const endPostings = this.handPostings(s, h);
          const update = pokerTable.handEnded(s.seats, h.result as pokerTable.HandResult, h);
          for (const eff of update.effects) postings.push(...this.effectPostings(s, eff, h.handId));
          postings.push(...endPostings);
          s = applyEvent(s, e, frameNo);
          events.push(e);
          this.decks.delete(tableId);
          continue;
        }
        break;
      }
      const logSeq = this.logSeqs.get(tableId) ?? 0;
      this.logSeqAt.set(tableId, logSeq);
      await tx.events.append(streamOf(tableId), tableId, logSeq, events.map((e) => ({ type: e.type, at: this.clock.now(), payload: { frame: frameNo, e } })), null);
      events.forEach((e, i) => {
        if (e.type === 'hand-started') this.indexHand(tableId, e.handId, logSeq + i + 1);
      });
      const at = this.clock.now();
      for (const p of postings) {
        if (p.entries.length === 0) continue;
        await tx.ledger.post(p.postingId, p.entries.map((x) => ({ ...x, at })));
        for (const x of p.entries) if (x.account.startsWith('player:')) touched.add(x.account.split(':')[1] as string);
      }
      this.logSeqs.set(tableId, logSeq + events.length);
      return { ok: true, value: s };
    });
    if (!out.ok || out.value === before) return out;
    this.states.set(tableId, out.value);
    if (out.value.handNo !== before.handNo && out.value.handNo % (this.timings.snapshotEveryHands ?? 25) === 1) this.snapshotBefore(tableId, before);
    this.changes$.next({ state: out.value, touched: [...touched] });
    this.spent.delete(tableId);
    this.arm(tableId);
    // a seamless seat session ended (its cash-out already posted back to the operator's clearing account in this
    // change): the sweep sends the operator its credit now (it waits for this table's lock; retried every second)
    const after = out.value.wallets ?? {};
    if (Object.keys(before.wallets ?? {}).some((k) => after[k] === undefined)) void this.seamless?.sweep();
    return out;
  }

  /**
   * A snapshot of the state just before a hand started (between hands: nothing in play), written outside the
   * command's transaction — it is a cache; the log stays the truth and a restart replays what follows it.
   */
  private snapshotBefore(tableId: string, before: PokerTableState): void {
    const { def: _def, ...state } = before;
    const logSeq = this.logSeqAt.get(tableId);
    if (logSeq === undefined) return;
    this.repo.saveSnapshot(tableId, { logSeq, state }).catch((e: unknown) => this.log.warn(`poker ${tableId}: snapshot not saved: ${(e as Error).message}`));
  }
  /** the log seq of the state before the last commit (for the snapshot). */
  private readonly logSeqAt = new Map<string, number>();

  private tryApply(s: PokerTableState, e: PokerEvent, frameNo: number): Result<PokerTableState> {
    if (e.type === 'seat') {
      const r = seatUpdate(s.seats, e);
      if (!r.ok) return r;
    }
    if (e.type === 'hand-command') {
      if (!s.hand || s.hand.handId !== e.handId) return fail('POKER_WRONG_HAND', `hand ${e.handId} is not in play`);
      const r = pokerTable.applyHandCommand(s.hand, e.cmd);
      if (!r.ok) return r;
    }
    return { ok: true, value: applyEvent(s, e, frameNo) };
  }

  private userOf(s: PokerTableState, key: string): string {
    const p = s.players[key];
    if (!p) throw new Error(`poker: unknown player key ${key}`);
    return p.userId;
  }

  /**
   * S1-STACK: buy-in / top-up: wallet → table stack; cash-out: table stack → wallet. A seamless seat's wallet
   * account is the player's transit account: its chips came in from the operator (`seamless-in:<debit>`, before
   * the seat event) and its cash-out goes straight on to the operator's clearing account in the same change
   * (`seamless-out:<sessionId>`), so the session's money is never only in our memory.
   */
  private effectPostings(s: PokerTableState, eff: pokerTable.SeatEffect, ref: string, seamlessDebit?: string): Posting[] {
    const userId = this.userOf(s, eff.playerId);
    const stack = stackAccount(userId, s.def.tableId);
    const wallet = playerAccount(userId);
    const c = s.def.currency;
    const memo = `poker ${eff.type} ${s.def.tableId}`;
    const [from, to] = eff.type === 'cash-out' ? [stack, wallet] : [wallet, stack];
    const postingId = seamlessDebit !== undefined && eff.type !== 'cash-out' ? chipsPostingId(s.def.tableId, eff.type, seamlessDebit) : `poker-${eff.type}:${s.def.tableId}:${ref}:${eff.playerId}`;
    const out: Posting[] = [{ postingId, entries: [{ account: from, currency: c, amountMinor: -eff.amountMinor, memo }, { account: to, currency: c, amountMinor: eff.amountMinor, memo }] }];
    const w = s.wallets?.[eff.playerId];
    if (eff.type === 'cash-out' && w) out.push(seamlessOutPosting(w.operatorId, w.sessionId, userId, eff.amountMinor, c));
    return out;
  }

  private seatPostings(before: PokerTableState, e: Extract<PokerEvent, { type: 'seat' }>, frameNo: number): Posting[] {
    const debit = (e.op === 'sit' || e.op === 'top-up') && e.seamless ? e.seamless.debit : undefined;
    return eventEffects(before, e).flatMap((eff) => this.effectPostings(before, eff, `f${frameNo}`, debit));
  }

  /** The hand's result, posted once (postingId by hand): contributions out of the stacks, winnings in, the rake to the house (S1-RAKE). A void hand nets to nothing. */
  private handPostings(s: PokerTableState, h: pokerTable.HandState): Posting[] {
    const r = h.result;
    if (!r) return [];
    const c = s.def.currency;
    const entries: Posting['entries'][number][] = [];
    let sum = 0;
    for (const x of r.seats) {
      const acc = stackAccount(this.userOf(s, x.playerId), s.def.tableId);
      if (x.inMinor > 0) entries.push({ account: acc, currency: c, amountMinor: -x.inMinor, memo: `poker hand ${h.handId} in` });
      if (x.wonMinor > 0) entries.push({ account: acc, currency: c, amountMinor: x.wonMinor, memo: `poker hand ${h.handId} won` });
      sum += x.wonMinor - x.inMinor;
    }
    if (r.rakeMinor > 0) entries.push({ account: HOUSE_ACCOUNT, currency: c, amountMinor: r.rakeMinor, memo: `poker rake ${h.handId}` });
    sum += r.rakeMinor;
    if (sum !== 0) throw new Error(`poker hand ${h.handId} does not balance: ${sum}`);
    if (r.type === 'void' && entries.every((e) => e.amountMinor === 0)) return [];
    return [{ postingId: `poker-hand:${s.def.tableId}:${h.handId}`, entries }];
  }

  // ───────────────────────────── time (S1-TIMEOUT, robots, next hand) ─────────────────────────────

  private arm(tableId: string): void {
    if (!this.stopped) this.host.arm(this, tableId);
  }

  /**
   * The table's deadlines (fields of its state; the host arms them on its one scheduler and re-arms them
   * after a recovery): the action clock's deadline → a `timeout` (S1-TIMEOUT); a robot's turn → its
   * command; no hand and ≥ 2 can play → the next hand; a shoe table waiting for a card → the overdue alert.
   */
  deadlines(tableId: string): readonly PokerDeadline[] {
    const s = this.states.get(tableId);
    if (!s || this.stopped) return [];
    const spent = this.spent.get(tableId);
    const keep = (d: PokerDeadline): PokerDeadline[] => (spent?.has(d.key) ? [] : [d]);
    const now = this.clock.now();
    const h = s.hand;
    if (h && !handOver(h)) {
      if (h.toAct === null || h.clock === null) {
        // a card is due from the shoe: never silently stuck (non-negotiable 5) — the pit boss hears of a long wait
        if (s.def.dealing === 'shoe' && !this.cardAlerted.has(h.handId)) return keep({ key: `card|${h.handId}|${s.seq}`, at: now + this.timings.cardWaitMs, type: 'card-overdue', handId: h.handId });
        return [];
      }
      const seat = h.seats[h.toAct];
      const who = seat ? s.players[seat.playerId] : undefined;
      const deadline = h.clock.deadlineAt;
      // a robot that could not decide leaves its turn to the clock (its key is spent), never stuck
      const robot: PokerDeadline = { key: `robot|${h.handId}|${s.seq}`, at: Math.min(deadline - 1, now + this.timings.robotMs), type: 'robot', handId: h.handId };
      if (who?.robot && this.timings.robots && !spent?.has(robot.key)) return [robot];
      return keep({ key: `timeout|${h.handId}|${deadline}`, at: deadline, type: 'timeout', handId: h.handId });
    }
    if (pokerTable.planNextHand(s.seats)) return keep({ key: `next|${s.handNo}|${s.seq}`, at: now + this.timings.nextHandMs, type: 'next-hand', handId: null });
    return [];
  }

  /** A deadline is due: its command through the table's write path; one that changed nothing is not armed again until the table changes. */
  async fire(tableId: string, d: HostDeadline): Promise<void> {
    const dl = d as PokerDeadline;
    const before = this.states.get(tableId)?.seq;
    try {
      if (dl.type === 'timeout') await this.timeout(tableId, dl.handId as string);
      else if (dl.type === 'robot') await this.robotAct(tableId, dl.handId as string);
      else if (dl.type === 'card-overdue') await this.cardOverdue(tableId, dl.handId as string);
      else {
        const r = await this.startNextHand(tableId);
        const s = this.states.get(tableId);
        // never silently stuck (non-negotiable 5): a hand the core refuses to start is the pit boss's to see
        if (!r.ok && s) await this.alerts.raise({ tableId, severity: 'warning', code: 'POKER_HAND_NOT_STARTED', message: `Poker table ${s.def.name}: the next hand could not start: ${r.violation.code} ${r.violation.message}` });
      }
    } catch (e) {
      this.log.error(`poker ${tableId}: ${(e as Error).stack ?? String(e)}`);
    }
    const s = this.states.get(tableId);
    if (!s || this.stopped) return;
    if (s.seq === before) this.spent.set(tableId, (this.spent.get(tableId) ?? new Set<string>()).add(d.key));
    this.arm(tableId);
  }

  private async cardOverdue(tableId: string, handId: string): Promise<void> {
    const s = this.states.get(tableId);
    if (!s) return;
    this.cardAlerted.add(handId);
    await this.alerts.raise({ tableId, roundId: handId, severity: 'warning', code: 'POKER_CARD_OVERDUE', message: `Poker table ${s.def.name}: hand ${handId} has waited ${Math.round(this.timings.cardWaitMs / 1000)} s for a card from the shoe; void it (S1-FAIL-RING) or fix the shoe.` });
  }

  /** S1-TIMEOUT: at the deadline on the server's clock the seat folds (or checks when free); the time bank may have moved it. */
  private async timeout(tableId: string, handId: string): Promise<void> {
    await this.mutex.run(tableId, async () => {
      const r = await this.commit(tableId, async (s) => {
        const h = s.hand;
        if (!h || h.handId !== handId || handOver(h) || !h.clock) return { ok: true, value: { events: [], postings: [] } };
        if (this.clock.now() < h.clock.deadlineAt) return { ok: true, value: { events: [], postings: [] } };
        // S1-TIMEOUT: the core applies timeoutAction (fold, or check when free; a draw stands pat)
        return { ok: true, value: { events: [{ type: 'hand-command', handId, cmd: { type: 'timeout', seat: h.clock.seat, at: h.clock.deadlineAt } }], postings: [] } };
      });
      if (!r.ok) this.log.warn(`poker ${tableId}: timeout refused ${r.violation.code} ${r.violation.message}`);
    });
  }

  private async robotAct(tableId: string, handId: string): Promise<void> {
    await this.mutex.run(tableId, async () => {
      const r = await this.commit(tableId, async (s) => {
        const h = s.hand;
        if (!h || h.handId !== handId || handOver(h)) return { ok: true, value: { events: [], postings: [] } };
        const cmd = pokerTable.robotCommand(h, this.robotRng, this.clock.now(), s.def.config.bigBlindMinor * 4);
        if (!cmd) return { ok: true, value: { events: [], postings: [] } };
        return { ok: true, value: { events: [{ type: 'hand-command', handId, cmd }], postings: [] } };
      });
      if (!r.ok) this.log.warn(`poker ${tableId}: robot command refused ${r.violation.code} ${r.violation.message}`);
    });
  }

  /** The next hand, a few seconds after the last ended, when ≥ 2 can play (planNextHand). */
  startNextHand(tableId: string): Promise<Result<PokerTableState>> {
    return this.mutex.run(tableId, () =>
      this.commit(tableId, async (s, tx) => {
        if (!handSettled(s)) return { ok: true, value: { events: [], postings: [] } };
        const events: PokerEvent[] = [];
        const postings: Posting[] = [];
        let seats = s.seats;
        // demo robots never run dry: a robot below the minimum buys chips again (funded, like a demo deposit)
        for (const r of s.seats.seats) {
          const who = s.players[r.playerId];
          if (!who?.robot || !this.timings.robots || r.leaving || r.stackMinor >= s.def.seats.minBuyInMinor) continue;
          const amount = (s.def.seats.maxBuyInMinor ?? s.def.seats.minBuyInMinor * 2) - r.stackMinor;
          const at = this.clock.now();
          const dep = depositPosting(`poker-robot:${tableId}:${who.userId}:h${s.handNo}`, who.userId, amount, s.def.currency);
          await tx.ledger.post(dep.postingId, dep.entries.map((x) => ({ ...x, at })));
          const e: PokerEvent = { type: 'seat', op: 'top-up', key: r.playerId, amountMinor: amount, balanceMinor: await tx.ledger.balance(playerAccount(who.userId), s.def.currency) };
          const u = seatUpdate(seats, e);
          if (!u.ok) continue;
          seats = u.value.table;
          events.push(e);
        }
        const plan = pokerTable.planNextHand(seats);
        if (!plan) return { ok: true, value: { events, postings } };
        const handId = `${tableId}-h${s.handNo + 1}`;
        let commit: string | null = null;
        if (s.def.dealing === 'rng') {
          const lowest = pokerTable.VARIANTS[s.def.config.variant].deckLowestRank;
          const deck = shuffleDeck(lowest === 'seven-e' ? (plan.seats.length <= 4 ? 5 : 4) : lowest);
          this.decks.set(tableId, deck);
          commit = deck.commit;
        }
        events.push({ type: 'hand-started', handId, plan, at: this.clock.now(), deckCommit: commit });
        return { ok: true, value: { events, postings } };
      }),
    );
  }

  /** hand id → the log seq of its `hand-started` (the events endpoint reads from there, not the whole log). */
  private readonly handIndex = new Map<string, Map<string, number>>();
  private indexHand(tableId: string, handId: string, seq: number): void {
    const m = this.handIndex.get(tableId) ?? new Map<string, number>();
    m.set(handId, seq);
    this.handIndex.set(tableId, m);
  }

  /** The table's latest hands, newest first (`GET /poker-tables/:id/hands`): ids, times and how each ended. */
  async recentHands(tableId: string, limit: number): Promise<Result<PokerHandSummary[]>> {
    const s = this.states.get(tableId);
    if (!s) return this.missing(tableId);
    const latest = [...(this.handIndex.get(tableId) ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
    if (latest.length === 0) return { ok: true, value: [] };
    const from = Math.min(...latest.map(([, seq]) => seq));
    const stored = await this.uow.run((tx) => tx.events.load(streamOf(tableId), from - 1));
    const out = new Map(latest.map(([handId]): [string, { handId: string; startedAt: number; endedAt: number | null; ending: 'complete' | 'void' | null; voided: boolean }] => [handId, { handId, startedAt: 0, endedAt: null, ending: null, voided: false }]));
    for (const row of stored) {
      const e = (row.payload as { e: PokerEvent }).e;
      if (e.type !== 'hand-started' && e.type !== 'hand-command' && e.type !== 'hand-ended') continue;
      const h = out.get(e.handId);
      if (!h) continue;
      if (e.type === 'hand-started') h.startedAt = e.at;
      else if (e.type === 'hand-command') {
        if (e.cmd.type === 'void') h.voided = true;
        h.endedAt = e.cmd.at;
      } else h.ending = h.voided ? 'void' : 'complete';
    }
    return { ok: true, value: [...out.values()].map(({ voided: _v, ...h }) => ({ ...h, endedAt: h.ending === null ? null : h.endedAt })) };
  }

  /** Redacted events of one hand for an audience (`GET /poker-tables/:id/hands/:handId/events`). */
  async handEvents(tableId: string, handId: string, u: PokerUser): Promise<Result<{ handId: string; table: pokerTable.PokerTableConfig; events: Record<string, unknown>[] }>> {
    const s = this.states.get(tableId);
    if (!s) return fail('POKER_TABLE_NOT_FOUND', `no poker table ${tableId}`);
    const from = this.handIndex.get(tableId)?.get(handId);
    const stored = await this.uow.run((tx) => tx.events.load(streamOf(tableId), from === undefined ? 0 : from - 1));
    const key = u.role === 'player' ? this.keyOf(s, u.userId) : null;
    const audience: Audience = u.role === 'player' ? { role: 'player', playerId: key ?? '-' } : this.audienceOf(u);
    let start: pokerTable.LoggedHand['start'] | null = null;
    const commands: { seq: number; cmd: pokerTable.HandCommand }[] = [];
    let ended: pokerTable.LoggedHand['ended'] = null;
    for (const row of stored) {
      const e = (row.payload as { e: PokerEvent }).e;
      if (e.type === 'hand-started' && e.handId === handId) start = { seq: row.seq, handId, config: s.def.config, seats: e.plan.seats, buttonSeat: e.plan.buttonSeat, at: e.at, deckCommit: e.deckCommit };
      else if (start && e.type === 'hand-command' && e.handId === handId) commands.push({ seq: row.seq, cmd: e.cmd });
      else if (start && e.type === 'hand-ended' && e.handId === handId) {
        ended = { seq: row.seq, deck: e.deck, salt: e.salt };
        break;
      }
    }
    if (!start) return fail('POKER_HAND_NOT_FOUND', `no hand ${handId} at ${tableId}`);
    // the audience's copy; the pit boss (and an admin) get every card and the deck proof once the hand is over (GEN-8, S1-DEAL-1)
    const events = pokerTable.handEventsView({ start, commands, ended }, audience);
    if (!events.ok) return events;
    return { ok: true, value: { handId, table: s.def.config, events: events.value } };
  }
}
