import { Logger } from '@nestjs/common';
import { poker, pokerTable, type Result } from '@felt-studio/games';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { Clock } from '../shared/clock.js';
import { commitTableChange } from '../shared/host/table-commit.js';
import type { Posting } from '../shared/ledger.rules.js';
import type { Tx, UnitOfWork } from '../shared/ports/persistence.port.js';
import type { TableHost } from '../shared/host/table-host.js';
import { fail, type LiveTables, type PokerTimings } from './poker-live-tables.js';
import { effectPostings, handPostings } from './poker-postings.js';
import { pokerRules } from './poker-rules.js';
import type { PokerTablesRepository } from './poker-table.repository.js';
import { applyEvent, handOver, handSettled, initialState, nextRngCard, shuffleDeck, streamOf, type PokerEvent, type PokerTableDef, type PokerTableState } from './poker-table.state.js';

/** What one change of a table adds: its events and its own postings (the fold adds the seat and hand postings). */
export interface Built {
  readonly events: readonly PokerEvent[];
  readonly postings: readonly Posting[];
}
export const nothing: Result<Built> = { ok: true, value: { events: [], postings: [] } };

/** What follows a change and a restore (the hand driver arms the deadlines; the robots leave when switched off). */
export interface WriterHooks {
  changed(tableId: string): void;
  restored(tableId: string, voided: boolean): Promise<void>;
  sessionEnded(): void;
}

/**
 * The write path of a poker table (issue 11; issue 19 §2: under the table host's one writer per table):
 * build → fold with the pure core → complete (RNG cards, the hand's end) → append the log events and post
 * the ledger in ONE transaction → the new state and one change for the fan-out. And the table laid out
 * again from its log (snapshot + the log after it) when the host's recovery asks (boot, takeover).
 */
export class PokerTableWriter {
  private readonly log = new Logger('Poker');
  /** the log seq of the state before the last commit (for the snapshot). */
  private readonly logSeqAt = new Map<string, number>();
  private stopped = false;
  hooks: WriterHooks | null = null;

  constructor(
    private readonly live: LiveTables,
    private readonly uow: UnitOfWork,
    private readonly repo: PokerTablesRepository,
    private readonly clock: Clock,
    private readonly host: TableHost,
    private readonly alerts: Pick<AlertsService, 'raise'>,
    private readonly timings: PokerTimings,
  ) {}

  /** Run `fn` as the table's one writer (the host's keyed mutex, shared with every kind of table). */
  write<T>(tableId: string, fn: () => Promise<T>): Promise<T> {
    return this.host.writers.run(tableId, fn);
  }

  /** One change under the table's writer. */
  change(tableId: string, build: (s: PokerTableState, tx: Tx) => Promise<Result<Built>>): Promise<Result<PokerTableState>> {
    return this.write(tableId, () => this.commit(tableId, build));
  }

  // ───────────────────────────── recovery (the host's, at boot and takeover) ─────────────────────────────

  async recover(tableId: string): Promise<void> {
    const def = await this.repo.get(tableId);
    if (!def || this.stopped) return;
    try {
      await this.restore(def);
    } catch (e) {
      // a log that does not replay keeps its table closed and tells the pit boss (non-negotiable 5: never silently stuck)
      this.live.states.delete(def.tableId);
      this.log.error(`poker table ${def.tableId} not restored: ${(e as Error).stack ?? String(e)}`);
      await this.alerts.raise({ tableId: def.tableId, severity: 'critical', code: 'POKER_TABLE_NOT_RESTORED', message: `Poker table ${def.name} could not be laid out again from its log: ${(e as Error).message}` });
    }
  }

  /** A new table (its creator holds its lease): laid out empty. */
  open(def: PokerTableDef): void {
    this.live.states.set(def.tableId, initialState(def));
    this.live.logSeqs.set(def.tableId, 0);
    if (def.dealing === 'shoe') this.live.shoeTables$.next(def.tableId);
  }

  stop(): void {
    this.stopped = true;
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
      if (pe.type === 'hand-started') this.live.indexHand(def.tableId, pe.handId, e.seq);
    }
    const hand = s.hand && !handOver(s.hand) ? s.hand : null;
    // under the table's writer: a command arriving during a takeover (several instances) waits for the void below
    await this.write(def.tableId, async () => {
      this.live.states.set(def.tableId, s);
      this.live.logSeqs.set(def.tableId, events.at(-1)?.seq ?? from?.logSeq ?? 0);
      // S1-FAIL-RING: the hand cannot go on (the RNG deck or the shoe's position died with the process): void, chips back.
      if (hand) await this.commit(def.tableId, async () => ({ ok: true, value: { events: [{ type: 'hand-command', handId: hand.handId, cmd: { type: 'void', reason: 'server restart', at: this.clock.now() } }], postings: [] } }));
    });
    if (def.dealing === 'shoe') this.live.shoeTables$.next(def.tableId);
    if (hand) await this.alerts.raise({ tableId: def.tableId, roundId: hand.handId, severity: 'critical', code: 'POKER_HAND_VOIDED', message: `Poker table ${def.name}: hand ${hand.handId} was unfinished at restart and is void; every contribution went back to the stacks (S1-FAIL-RING).` });
    await this.hooks?.restored(def.tableId, hand !== null);
  }

  // ───────────────────────────── the one write path ─────────────────────────────

  /**
   * The one write path (call under the table's writer): builds the events from the current state, folds
   * them (validating with the pure core), completes the change — RNG cards due (S1-DEAL-1), the hand's
   * end posted once (S1-STACK, S1-RAKE) — and appends it with its ledger postings in ONE transaction.
   * Then the new state, one change for the fan-out, and the hooks (the deadlines re-armed on the host's scheduler).
   */
  async commit(tableId: string, build: (s: PokerTableState, tx: Tx) => Promise<Result<Built>>): Promise<Result<PokerTableState>> {
    const before = this.live.get(tableId);
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
        const r = pokerRules.evolve(s, e, frameNo);
        if (!r.ok) return r;
        s = r.value;
        postings.push(...pokerRules.postings(prev, s, e, frameNo));
      }
      s = this.complete(tableId, s, frameNo, events, postings);
      const logSeq = this.live.logSeqs.get(tableId) ?? 0;
      this.logSeqAt.set(tableId, logSeq);
      // the host's one commit step: the log events and the ledger postings in this one transaction
      const now = this.clock.now();
      const committed = await commitTableChange(tx, { stream: streamOf(tableId), tableId, expectedSeq: logSeq, events: events.map((e) => ({ type: e.type, at: now, payload: { frame: frameNo, e } })), causationId: null, postings, at: now });
      for (const u of committed.touched) touched.add(u);
      events.forEach((e, i) => {
        if (e.type === 'hand-started') this.live.indexHand(tableId, e.handId, logSeq + i + 1);
      });
      this.live.logSeqs.set(tableId, logSeq + events.length);
      return { ok: true, value: s };
    });
    if (!out.ok || out.value === before) return out;
    this.live.states.set(tableId, out.value);
    if (out.value.handNo !== before.handNo && out.value.handNo % (this.timings.snapshotEveryHands ?? 25) === 1) this.snapshotBefore(tableId, before);
    this.live.changes$.next({ state: out.value, touched: [...touched] });
    this.hooks?.changed(tableId);
    // a seamless seat session ended (its cash-out already posted back to the operator's clearing account in this
    // change): the sweep sends the operator its credit now (it waits for this table's lock; retried every second)
    const after = out.value.wallets ?? {};
    if (Object.keys(before.wallets ?? {}).some((k) => after[k] === undefined)) this.hooks?.sessionEnded();
    return out;
  }

  /** Complete a change: the RNG deals what is due; a finished hand is posted and folded into the seats. */
  private complete(tableId: string, state: PokerTableState, frameNo: number, events: PokerEvent[], postings: Posting[]): PokerTableState {
    let s = state;
    for (let guard = 0; guard < 200; guard++) {
      const h = s.hand;
      if (h && !handOver(h) && s.def.dealing === 'rng' && pokerTable.cardDue(h)) {
        const deck = this.live.decks.get(tableId) ?? shuffleDeck(h.lowestRank);
        this.live.decks.set(tableId, deck);
        const card = nextRngCard(h, deck);
        if (card === null) break;
        const e: PokerEvent = { type: 'hand-command', handId: h.handId, cmd: { type: 'card', card, at: this.clock.now() } };
        const r = pokerRules.evolve(s, e, frameNo);
        if (!r.ok) throw new Error(`RNG card refused: ${r.violation.code}`);
        events.push(e);
        s = r.value;
        continue;
      }
      if (h && handOver(h) && !handSettled(s)) {
        const deck = this.live.decks.get(tableId);
        const e: PokerEvent = { type: 'hand-ended', handId: h.handId, deck: deck ? deck.order.map((c) => poker.cardCode(c)) : null, salt: deck?.salt ?? null };
        const endPostings = handPostings(s, h);
        const update = pokerTable.handEnded(s.seats, h.result as pokerTable.HandResult, h);
        for (const eff of update.effects) postings.push(...effectPostings(s, eff, h.handId));
        postings.push(...endPostings);
        s = applyEvent(s, e, frameNo);
        events.push(e);
        this.live.decks.delete(tableId);
        continue;
      }
      break;
    }
    return s;
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

}
