import { randomBytes, randomUUID } from 'node:crypto';
import type { BetGate } from '../limits/bet-gate.js';
import type { Result } from '@felt-studio/games';
import type { PokerWsMessage } from '@felt-studio/protocol';
import type { Clock } from '../shared/clock.js';
import { operatorAccount, playerAccount } from '../shared/ledger.rules.js';
import type { UnitOfWork } from '../shared/ports/persistence.port.js';
import type { TableHost } from '../shared/host/table-host.js';
import type { SeamlessService, SessionStatus } from '../wallet/seamless/seamless.service.js';
import type { PlayerLinkRow } from '../wallet/seamless/seamless.repository.js';
import { fail, keyOf, type LiveTables, type PokerUser } from './poker-live-tables.js';
import { chipsPostingId } from './poker-postings.js';
import type { PokerTablesRepository } from './poker-table.repository.js';
import { seatUpdate, sessionRound, type PokerEvent, type PokerTableState, type SeamlessChips } from './poker-table.state.js';
import type { PokerTableWriter } from './poker-table.writer.js';
import { pokerRules } from './poker-rules.js';

/** Operator rounds of poker seat sessions: `poker:<tableId>:<sessionId>` (sessionRound). */
export const SESSION_PREFIX = 'poker:';

/** Issue 23: whether the pit flagged a player account (PlayerFlagsService): a flagged player takes no new seat. */
export interface PokerFlagGate {
  flagged(userId: string): Promise<boolean>;
}

export type PokerSeamless = Pick<SeamlessService, 'linkOf' | 'playerBalance' | 'debitChips' | 'returnChips' | 'registerSessions' | 'sweep'>;

/**
 * Seating and the wallet at a live poker table (issue 11 S1-STACK; issue 12 seamless operators): the players'
 * `poker.*` messages become the table's events (sit, wait, top up, sit out / in, stand up, straddle, act, time
 * bank, draw) through the table's write path; a seamless operator's player buys in from the operator's wallet;
 * the seamless sweep asks here about the seat sessions' debits; S1-DISCONNECT and S1-REENTRY.
 */
export class PokerSeating {
  constructor(
    private readonly live: LiveTables,
    private readonly writer: PokerTableWriter,
    private readonly uow: UnitOfWork,
    private readonly repo: PokerTablesRepository,
    private readonly clock: Clock,
    private readonly host: TableHost,
    private readonly seamless: PokerSeamless | null,
    /** Issue 22 §16: responsible-gambling limits gate a buy-in or top-up like a bet (self-exclusion, time and loss limits). */
    private readonly gate: BetGate | null = null,
    /** Issue 23: the pit's player flags — a flagged player may not sit down or join a waiting list. */
    private readonly flags: PokerFlagGate | null = null,
  ) {
    // the seamless sweep asks the table about its seat sessions' debits (never treating them as bets)
    this.seamless?.registerSessions(SESSION_PREFIX, (round, betIds) => this.sessionStatus(round, betIds));
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

  /** A `poker.*` message of a player (already validated against the contract's schema). */
  command(tableId: string, u: PokerUser, msg: PokerWsMessage, body: Record<string, unknown>, opts: { robot?: boolean; fund?: number; seamless?: SeamlessChips } = {}): Promise<Result<PokerTableState>> {
    if (!this.live.states.has(tableId)) return this.missing(tableId);
    if (msg === 'poker.join' || msg === 'poker.leave-view') return Promise.resolve({ ok: true, value: this.live.get(tableId) as PokerTableState });
    if ((msg === 'poker.sit' || msg === 'poker.waitlist') && opts.robot !== true && opts.seamless === undefined && this.flags !== null) {
      const flags = this.flags;
      return flags.flagged(u.userId).then((flagged) => (flagged ? fail('POKER_PLAYER_FLAGGED', 'a pit boss flagged this account: no new seat at a live poker table while the flag stands (ask the pit)') : this.admitted(tableId, u, msg, body, opts)));
    }
    return this.admitted(tableId, u, msg, body, opts);
  }

  /** A player's message past the pit's flag gate. */
  private admitted(tableId: string, u: PokerUser, msg: PokerWsMessage, body: Record<string, unknown>, opts: { robot?: boolean; fund?: number; seamless?: SeamlessChips }): Promise<Result<PokerTableState>> {
    if ((msg === 'poker.sit' || msg === 'poker.top-up') && opts.robot !== true && this.gate !== null) {
      const amount = Number(msg === 'poker.sit' ? body['buyInMinor'] : body['amountMinor']);
      const refused = Number.isFinite(amount) && amount > 0 ? this.gate.refuse(u.userId, amount, this.clock.now()) : null;
      if (refused !== null) return Promise.resolve({ ok: false, violation: refused });
    }
    if ((msg === 'poker.sit' || msg === 'poker.top-up') && opts.seamless === undefined && opts.robot !== true) {
      // issue 12: chips of a seamless operator's player come from (and go back to) the operator's wallet
      const link = this.seamless?.linkOf(u.userId) ?? null;
      const s0 = this.live.get(tableId) as PokerTableState;
      const key0 = keyOf(s0, u.userId);
      const seated = key0 !== null && s0.seats.seats.some((r) => r.playerId === key0);
      if (msg === 'poker.top-up' && seated && (link === null) !== (s0.wallets?.[key0 as string] === undefined)) {
        return Promise.resolve(fail('POKER_WALLET_CHANGED', "this seat's chips came from another wallet than the player's wallet now (a seamless operator's or Felt's); stand up (the stack goes back where it came from) and sit down again to top up", 'S1-STACK'));
      }
      if (link !== null) return this.viaOperator(tableId, u, msg, body, link);
    }
    // stamped with the server clock when the table's writer runs it (non-negotiable 1)
    return this.writer.change(tableId, (s, tx) => pokerRules.decide(s, { user: u, msg, body, at: this.clock.now(), opts }, tx));
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
    const s0 = this.live.get(tableId) as PokerTableState;
    const amount = Number(msg === 'poker.sit' ? body['buyInMinor'] : body['amountMinor']);
    const key0 = keyOf(s0, u.userId);
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
    if (!this.live.states.has(tableId)) return null;
    return this.writer.write(tableId, async () => {
      const s = this.live.get(tableId);
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
  async missing(tableId: string): Promise<Result<never>> {
    if (this.host.clustered && (await this.repo.get(tableId))) return fail('TABLE_OWNER_UNAVAILABLE', `poker table ${tableId} is not running on any instance right now (a takeover is under way); retry shortly`, 'GEN-3');
    return fail('POKER_TABLE_NOT_FOUND', `no poker table ${tableId}`);
  }

  /** S1-DISCONNECT: the last socket of a seated player dropped — sat out, still pays the blinds when due. */
  disconnected(tableId: string, userId: string): Promise<Result<PokerTableState>> {
    return this.writer.change(tableId, async (s) => {
      const key = keyOf(s, userId);
      const rec = key === null ? undefined : s.seats.seats.find((r) => r.playerId === key);
      if (!rec || rec.disconnected || key === null) return { ok: true, value: { events: [], postings: [] } };
      return { ok: true, value: { events: [{ type: 'seat', op: 'sit-out', key, disconnected: true }], postings: [] } };
    });
  }

  /** Back after a disconnection: dealt in again per S1-REENTRY. */
  reconnected(tableId: string, userId: string): Promise<Result<PokerTableState>> {
    return this.writer.change(tableId, async (s) => {
      const key = keyOf(s, userId);
      const rec = key === null ? undefined : s.seats.seats.find((r) => r.playerId === key);
      if (!rec?.disconnected || key === null) return { ok: true, value: { events: [], postings: [] } };
      return { ok: true, value: { events: [{ type: 'seat', op: 'sit-in', key, postToEnter: false }], postings: [] } };
    });
  }}
