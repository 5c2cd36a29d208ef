import { pokerTable, type Audience, type Result } from '@felt-studio/games';
import type { PokerHandSummary, PokerLobbyEntry, PokerTableFrame } from '@felt-studio/protocol';
import type { Clock } from '../shared/clock.js';
import type { UnitOfWork } from '../shared/ports/persistence.port.js';
import { fail, keyOf, type LiveTables, type PokerUser } from './poker-live-tables.js';
import { pokerRules } from './poker-rules.js';
import { streamOf, type PokerEvent, type PokerTableState } from './poker-table.state.js';

/**
 * The read side of live poker (issue 11): the lobby, each audience's frame (non-negotiable 4: a player sees
 * their own hole cards only), the latest hands and a hand's events redacted for the audience (GEN-8).
 */
export class PokerReadSide {
  constructor(
    private readonly live: LiveTables,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly missing: (tableId: string) => Promise<Result<never>>,
  ) {}

  keyOf(s: PokerTableState, userId: string): string | null {
    return keyOf(s, userId);
  }


  lobby(): PokerLobbyEntry[] {
    return [...this.live.states.values()].map((s) => ({
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

  audienceOf(u: PokerUser): Audience {
    return u.role === 'player' ? { role: 'player', playerId: u.userId } : u.role === 'dealer' ? { role: 'dealer' } : { role: 'pitboss' };
  }

  /** The audience's frame (players: their own hole cards only, their balance and queue place). */
  frame(s: PokerTableState, u: PokerUser, balanceMinor: number | null): PokerTableFrame {
    return pokerRules.view(s, this.audienceOf(u), { balanceMinor, at: this.clock.now() });
  }

  /** The table's latest hands, newest first (`GET /poker-tables/:id/hands`): ids, times and how each ended. */
  async recentHands(tableId: string, limit: number): Promise<Result<PokerHandSummary[]>> {
    const s = this.live.get(tableId);
    if (!s) return this.missing(tableId);
    const latest = [...(this.live.handIndex.get(tableId) ?? new Map<string, number>()).entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
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
    const s = this.live.get(tableId);
    if (!s) return fail('POKER_TABLE_NOT_FOUND', `no poker table ${tableId}`);
    const from = this.live.handIndex.get(tableId)?.get(handId);
    const stored = await this.uow.run((tx) => tx.events.load(streamOf(tableId), from === undefined ? 0 : from - 1));
    const key = u.role === 'player' ? keyOf(s, u.userId) : null;
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
  /**
   * The table's last `limit` finished hands as the pit boss exports them, oldest first: each the body of
   * `GET /poker-tables/:id/hands/:handId/events` once the hand is over (every card, the deck proof) — what
   * `felt settle poker-<variant>` replays and the integrity monitors read (issue 23 §4). One read of the log.
   */
  async exportHands(tableId: string, limit: number): Promise<Result<{ handId: string; table: pokerTable.PokerTableConfig; events: Record<string, unknown>[] }[]>> {
    const s = this.live.get(tableId);
    if (!s) return fail('POKER_TABLE_NOT_FOUND', `no poker table ${tableId}`);
    const latest = [...(this.live.handIndex.get(tableId) ?? new Map<string, number>()).values()].sort((a, b) => b - a).slice(0, limit + 1);
    if (latest.length === 0) return { ok: true, value: [] };
    const stored = await this.uow.run((tx) => tx.events.load(streamOf(tableId), Math.min(...latest) - 1));
    const out: { handId: string; table: pokerTable.PokerTableConfig; events: Record<string, unknown>[] }[] = [];
    let open: { start: pokerTable.LoggedHand['start']; commands: { seq: number; cmd: pokerTable.HandCommand }[] } | null = null;
    for (const row of stored) {
      const e = (row.payload as { e: PokerEvent }).e;
      if (e.type === 'hand-started') open = { start: { seq: row.seq, handId: e.handId, config: s.def.config, seats: e.plan.seats, buttonSeat: e.plan.buttonSeat, at: e.at, deckCommit: e.deckCommit }, commands: [] };
      else if (open && e.type === 'hand-command' && e.handId === open.start.handId) open.commands.push({ seq: row.seq, cmd: e.cmd });
      else if (open && e.type === 'hand-ended' && e.handId === open.start.handId) {
        const events = pokerTable.handEventsView({ ...open, ended: { seq: row.seq, deck: e.deck, salt: e.salt } }, { role: 'pitboss' });
        if (events.ok) out.push({ handId: open.start.handId, table: s.def.config, events: events.value });
        open = null;
      }
    }
    return { ok: true, value: out.slice(-limit) };
  }
}
