import { Logger } from '@nestjs/common';
import { createRng, pokerTable, type Result } from '@felt-studio/games';
import type { Clock } from '../shared/clock.js';
import { depositPosting, playerAccount } from '../shared/ledger.rules.js';
import type { Tx } from '../shared/ports/persistence.port.js';
import type { RobotHooks } from './poker-hand.driver.js';
import type { LiveTables, PokerTimings, PokerUser } from './poker-live-tables.js';
import { handOver, type PokerEvent, type PokerTableState } from './poker-table.state.js';
import { nothing, type PokerTableWriter } from './poker-table.writer.js';

/** How a robot sits down (the seating's command with the robot's funding). */
export type RobotSit = (tableId: string, u: PokerUser, body: Record<string, unknown>, opts: { robot: true; fund: number }) => Promise<Result<PokerTableState>>;

/**
 * The demo's robot players (issue 11): `def.robots` seats get robots when the table is created (funded by
 * demo deposits), topped up when below the minimum between hands, each decision `robotCommand` (bounded
 * raise size, always legal) when its turn's deadline fires; `FELT_POKER_ROBOTS=0` stands them up.
 */
export class PokerRobots implements RobotHooks {
  private readonly log = new Logger('Poker');
  private readonly rng = createRng(Date.now() & 0x7fffffff);

  constructor(
    private readonly live: LiveTables,
    private readonly writer: PokerTableWriter,
    private readonly clock: Clock,
    private readonly timings: PokerTimings,
    private readonly sit: RobotSit,
  ) {}

  /** The demo's robot players (bounded: `def.robots` seats, the rest free for people). */
  async seat(tableId: string): Promise<void> {
    const def = this.live.get(tableId)?.def;
    if (!def || def.robots <= 0 || !this.timings.robots) return;
    const buyIn = def.seats.maxBuyInMinor ?? def.seats.minBuyInMinor * 2;
    // every other seat first (people sit between robots), then the rest
    const all = Array.from({ length: def.seats.seatCount }, (_, i) => i + 1);
    const order = [...all.filter((n) => n % 2 === 0), ...all.filter((n) => n % 2 === 1)];
    for (let i = 1; i <= def.robots; i++) {
      const userId = `robot-${tableId}-${i}`;
      const taken = new Set(this.live.get(tableId)?.seats.seats.map((r) => r.seat) ?? []);
      const seat = order.find((n) => !taken.has(n));
      if (seat === undefined) return;
      const r = await this.sit(tableId, { userId, name: `Robot ${i}`, role: 'player' }, { tableId, seat, buyInMinor: buyIn, postToEnter: false }, { robot: true, fund: buyIn });
      if (!r.ok) this.log.warn(`poker ${tableId}: robot ${i} not seated: ${r.violation.code} ${r.violation.message}`);
    }
  }

  /** Robots switched off (FELT_POKER_ROBOTS=0): the seated robots stand up (at once, or when their hand ends). */
  async leave(tableId: string): Promise<void> {
    await this.writer.change(tableId, async (s) => {
      const events: PokerEvent[] = s.seats.seats.filter((r) => s.players[r.playerId]?.robot && !r.leaving).map((r) => ({ type: 'seat', op: 'leave', key: r.playerId }));
      return { ok: true, value: { events, postings: [] } };
    });
  }

  /** A robot's turn (its deadline fired): a legal decision, or nothing — then the turn is the clock's (the timeout). */
  async act(tableId: string, handId: string): Promise<void> {
    const r = await this.writer.change(tableId, async (s) => {
      const h = s.hand;
      if (!h || h.handId !== handId || handOver(h)) return nothing;
      const cmd = pokerTable.robotCommand(h, this.rng, this.clock.now(), s.def.config.bigBlindMinor * 4);
      if (!cmd) return nothing;
      return { ok: true, value: { events: [{ type: 'hand-command', handId, cmd }], postings: [] } };
    });
    if (!r.ok) this.log.warn(`poker ${tableId}: robot command refused ${r.violation.code} ${r.violation.message}`);
  }

  /** Demo robots never run dry: a robot below the minimum buys chips again before the next hand (funded, like a demo deposit). */
  async topUps(s: PokerTableState, tx: Tx): Promise<PokerEvent[]> {
    const events: PokerEvent[] = [];
    for (const r of s.seats.seats) {
      const who = s.players[r.playerId];
      if (!who?.robot || !this.timings.robots || r.leaving || r.stackMinor >= s.def.seats.minBuyInMinor) continue;
      const amount = (s.def.seats.maxBuyInMinor ?? s.def.seats.minBuyInMinor * 2) - r.stackMinor;
      const at = this.clock.now();
      const dep = depositPosting(`poker-robot:${s.def.tableId}:${who.userId}:h${s.handNo}`, who.userId, amount, s.def.currency);
      await tx.ledger.post(dep.postingId, dep.entries.map((x) => ({ ...x, at })));
      events.push({ type: 'seat', op: 'top-up', key: r.playerId, amountMinor: amount, balanceMinor: await tx.ledger.balance(playerAccount(who.userId), s.def.currency) });
    }
    return events;
  }
}
