import { Logger } from '@nestjs/common';
import { poker, pokerTable, type Result } from '@felt-studio/games';
import type { AlertsService } from '../alerts/alerts.service.js';
import type { Clock } from '../shared/clock.js';
import type { Tx } from '../shared/ports/persistence.port.js';
import type { TableHost } from '../shared/host/table-host.js';
import type { HostDeadline, TableProgram } from '../shared/host/table-program.js';
import { fail, type LiveTables, type PokerTimings } from './poker-live-tables.js';
import { nothing, type PokerTableWriter, type WriterHooks } from './poker-table.writer.js';
import { handOver, handSettled, seatUpdate, shuffleDeck, type PokerEvent, type PokerTableState } from './poker-table.state.js';

/** A poker table's deadline on the host's scheduler. */
export interface PokerDeadline extends HostDeadline {
  readonly type: 'timeout' | 'robot' | 'next-hand' | 'card-overdue';
  readonly handId: string | null;
}

/** What the driver asks of the robots (PokerRobots binds it: no import back). */
export interface RobotHooks {
  act(tableId: string, handId: string): Promise<void>;
  leave(tableId: string): Promise<void>;
  topUps(s: PokerTableState, tx: Tx): Promise<PokerEvent[]>;
}

/**
 * The poker hand driver (issue 11; issue 19 §2: the P2P hand as a table program): the hand's life through
 * the table's write path — the next hand, the action clock, the robots' turns, the shoe's cards and faults,
 * the pit boss's decisions — with its deadlines on the host's one scheduler (fields of the state: the
 * host's recovery re-arms them).
 */
export class PokerHandDriver implements Pick<TableProgram, 'deadlines' | 'fire' | 'release'>, WriterHooks {
  private readonly log = new Logger('Poker');
  /** deadline keys that fired and changed nothing (not armed again until the table changes). */
  private readonly spent = new Map<string, Set<string>>();
  /** a shoe table waiting for a card longer than this alerts the pit boss once per hand. */
  private readonly cardAlerted = new Set<string>();
  private stopped = false;
  robots: RobotHooks | null = null;

  constructor(
    private readonly live: LiveTables,
    private readonly writer: PokerTableWriter,
    private readonly clock: Clock,
    private readonly host: TableHost,
    private readonly program: TableProgram,
    private readonly alerts: Pick<AlertsService, 'raise'>,
    private readonly timings: PokerTimings,
    private readonly onSessionEnded: () => void,
  ) {}

  // ───────────────────────────── the writer's hooks ─────────────────────────────

  changed(tableId: string): void {
    this.spent.delete(tableId);
    this.arm(tableId);
  }

  async restored(tableId: string, voided: boolean): Promise<void> {
    if (!voided) this.arm(tableId);
    if (!this.timings.robots) await this.robots?.leave(tableId);
  }

  sessionEnded(): void {
    this.onSessionEnded();
  }

  release(tableId: string): void {
    this.host.timers.disarm(tableId);
    this.spent.delete(tableId);
    this.live.drop(tableId);
  }

  stop(): void {
    this.stopped = true;
    this.writer.stop();
    for (const t of this.live.states.keys()) this.host.timers.disarm(t);
  }

  // ───────────────────────────── time: deadlines on the host's scheduler ─────────────────────────────

  private arm(tableId: string): void {
    if (!this.stopped) this.host.arm(this.program, tableId);
  }

  /**
   * The table's deadlines (fields of its state; the host arms them on its one scheduler and re-arms them
   * after a recovery): the action clock's deadline → a `timeout` (S1-TIMEOUT); a robot's turn → its
   * command; no hand and ≥ 2 can play → the next hand; a shoe table waiting for a card → the overdue alert.
   */
  deadlines(tableId: string): readonly PokerDeadline[] {
    const s = this.live.get(tableId);
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
      if (who?.robot && this.timings.robots && this.robots && !spent?.has(robot.key)) return [robot];
      return keep({ key: `timeout|${h.handId}|${deadline}`, at: deadline, type: 'timeout', handId: h.handId });
    }
    if (pokerTable.planNextHand(s.seats)) return keep({ key: `next|${s.handNo}|${s.seq}`, at: now + this.timings.nextHandMs, type: 'next-hand', handId: null });
    return [];
  }

  /** A deadline is due: its command through the table's write path; one that changed nothing is not armed again until the table changes. */
  async fire(tableId: string, d: HostDeadline): Promise<void> {
    const dl = d as PokerDeadline;
    const before = this.live.get(tableId)?.seq;
    try {
      if (dl.type === 'timeout') await this.timeout(tableId, dl.handId as string);
      else if (dl.type === 'robot') await this.robots?.act(tableId, dl.handId as string);
      else if (dl.type === 'card-overdue') await this.cardOverdue(tableId, dl.handId as string);
      else {
        const r = await this.startNextHand(tableId);
        const s = this.live.get(tableId);
        // never silently stuck (non-negotiable 5): a hand the core refuses to start is the pit boss's to see
        if (!r.ok && s) await this.alerts.raise({ tableId, severity: 'warning', code: 'POKER_HAND_NOT_STARTED', message: `Poker table ${s.def.name}: the next hand could not start: ${r.violation.code} ${r.violation.message}` });
      }
    } catch (e) {
      this.log.error(`poker ${tableId}: ${(e as Error).stack ?? String(e)}`);
    }
    const s = this.live.get(tableId);
    if (!s || this.stopped) return;
    if (s.seq === before) this.spent.set(tableId, (this.spent.get(tableId) ?? new Set<string>()).add(d.key));
    this.arm(tableId);
  }

  private async cardOverdue(tableId: string, handId: string): Promise<void> {
    const s = this.live.get(tableId);
    if (!s) return;
    this.cardAlerted.add(handId);
    await this.alerts.raise({ tableId, roundId: handId, severity: 'warning', code: 'POKER_CARD_OVERDUE', message: `Poker table ${s.def.name}: hand ${handId} has waited ${Math.round(this.timings.cardWaitMs / 1000)} s for a card from the shoe; void it (S1-FAIL-RING) or fix the shoe.` });
  }

  /** S1-TIMEOUT: at the deadline on the server's clock the seat folds (or checks when free); the time bank may have moved it. */
  private async timeout(tableId: string, handId: string): Promise<void> {
    const r = await this.writer.change(tableId, async (s) => {
      const h = s.hand;
      if (!h || h.handId !== handId || handOver(h) || !h.clock) return nothing;
      if (this.clock.now() < h.clock.deadlineAt) return nothing;
      // S1-TIMEOUT: the core applies timeoutAction (fold, or check when free; a draw stands pat)
      return { ok: true, value: { events: [{ type: 'hand-command', handId, cmd: { type: 'timeout', seat: h.clock.seat, at: h.clock.deadlineAt } }], postings: [] } };
    });
    if (!r.ok) this.log.warn(`poker ${tableId}: timeout refused ${r.violation.code} ${r.violation.message}`);
  }

  /** The next hand, a few seconds after the last ended, when ≥ 2 can play (planNextHand). */
  startNextHand(tableId: string): Promise<Result<PokerTableState>> {
    return this.writer.change(tableId, async (s, tx) => {
      if (!handSettled(s)) return nothing;
      const events: PokerEvent[] = [];
      let seats = s.seats;
      // demo robots never run dry: a robot below the minimum buys chips again (funded, like a demo deposit)
      for (const e of (await this.robots?.topUps(s, tx)) ?? []) {
        const u = e.type === 'seat' ? seatUpdate(seats, e) : null;
        if (!u?.ok) continue;
        seats = u.value.table;
        events.push(e);
      }
      const plan = pokerTable.planNextHand(seats);
      if (!plan) return { ok: true, value: { events, postings: [] } };
      const handId = `${tableId}-h${s.handNo + 1}`;
      let commit: string | null = null;
      if (s.def.dealing === 'rng') {
        const lowest = pokerTable.VARIANTS[s.def.config.variant].deckLowestRank;
        const deck = shuffleDeck(lowest === 'seven-e' ? (plan.seats.length <= 4 ? 5 : 4) : lowest);
        this.live.decks.set(tableId, deck);
        commit = deck.commit;
      }
      events.push({ type: 'hand-started', handId, plan, at: this.clock.now(), deckCommit: commit });
      return { ok: true, value: { events, postings: [] } };
    });
  }

  // ───────────────────────────── the dealer's shoe and the pit boss ─────────────────────────────

  /** A card from the table's authenticated shoe (S1-DEAL-1): refused when none is due (`cardDue`, S1-DEAL-3). */
  shoeCard(tableId: string, deviceId: string, card: string): Promise<Result<PokerTableState>> {
    return this.writer.change(tableId, async (s) => {
      if (s.def.dealing !== 'shoe' || s.def.shoeDeviceId !== deviceId) return fail('POKER_NOT_SHOE_TABLE', 'this table takes no cards from that device', 'S1-DEAL-1');
      if (!s.hand || handOver(s.hand) || pokerTable.cardDue(s.hand) === null) return fail('POKER_NO_CARD_DUE', 'no card is due', 'S1-DEAL-3');
      const parsed = poker.parseHand([card.toUpperCase()], 1, 'card');
      if (!parsed.ok) return parsed;
      return { ok: true, value: { events: [{ type: 'hand-command', handId: s.hand.handId, cmd: { type: 'card', card: parsed.value[0] as number, at: this.clock.now() } }], postings: [] } };
    });
  }

  /** S1-FAIL-RING: the table's shoe reported a fault — the hand in play is void, every contribution back, the pit boss alerted. */
  async deviceFault(tableId: string, deviceId: string): Promise<void> {
    const s = this.live.get(tableId);
    if (!s?.hand || handOver(s.hand) || s.def.shoeDeviceId !== deviceId) return;
    const handId = s.hand.handId;
    const r = await this.pitDecision(tableId, { type: 'void', reason: `device fault: ${deviceId}` });
    if (r.ok) await this.alerts.raise({ tableId, roundId: handId, severity: 'critical', code: 'POKER_HAND_VOIDED', message: `Poker table ${s.def.name}: the shoe ${deviceId} reported a fault; hand ${handId} is void and every contribution went back to the stacks (S1-FAIL-RING).` });
  }

  /** Pit boss (P4-IRR, S1-FAIL-RING): misdeal, an exposed card, or void the hand (contributions back). */
  pitDecision(tableId: string, decision: { type: 'misdeal' | 'void'; reason: string } | { type: 'expose'; seat: number; card: string }): Promise<Result<PokerTableState>> {
    return this.writer.change(tableId, async (s) => {
      if (!s.hand || handOver(s.hand)) return fail('POKER_HAND_OVER', 'no hand in play', 'GEN-6');
      const at = this.clock.now();
      let cmd: pokerTable.HandCommand;
      if (decision.type === 'expose') {
        const parsed = poker.parseHand([decision.card.toUpperCase()], 1, 'card');
        if (!parsed.ok) return parsed;
        cmd = { type: 'expose', seat: decision.seat, card: parsed.value[0] as number, at };
      } else cmd = { type: decision.type, reason: decision.reason, at };
      return { ok: true, value: { events: [{ type: 'hand-command', handId: s.hand.handId, cmd }], postings: [] } };
    });
  }
}
