import { poker, pokerTable, type Audience, type Card } from '@felt-studio/games';
import { pokerFrameConfig, type PokerSeatFrame, type PokerTableFrame } from '@felt-studio/protocol';

/**
 * Poker table frames built from the PURE core (issue 11), for component tests and the screenshot
 * harness: a hand is started and driven with `startHand` / `applyHandCommand`, and each audience's
 * frame carries `viewHand(state, audience)` exactly as the server builds it — so a screen under test
 * never sees more than the audience would (hole cards!).
 */
export interface FixtureSeat {
  readonly seat: number;
  readonly playerId: string;
  readonly name: string;
  readonly stackMinor: number;
  readonly status?: PokerSeatFrame['status'];
  readonly disconnected?: boolean;
  readonly robot?: boolean;
  readonly leaving?: boolean;
  readonly pendingTopUpMinor?: number;
  /** seated but not dealt into the hand (sitting out, waiting for the big blind). */
  readonly outOfHand?: boolean;
  /** S1-STRADDLE: the seat's standing straddle choice (posted when it sits directly after the big blind on an Ö table). */
  readonly straddle?: boolean;
  /** S1-TIMEBANK: what is left of this player's time bank (default: the table's). */
  readonly timeBankMs?: number;
}

export interface FixtureTable {
  readonly tableId?: string;
  readonly name?: string;
  readonly currency?: string;
  readonly seatCount?: number;
  readonly config?: Partial<pokerTable.PokerTableConfig>;
  readonly seats: readonly FixtureSeat[];
  readonly buttonSeat?: number | null;
  readonly minBuyInMinor?: number;
  readonly maxBuyInMinor?: number | null;
  readonly dealing?: PokerTableFrame['dealing'];
  /** the hand's start time (server clock); the clock deadlines follow from it. */
  readonly at?: number;
  readonly handId?: string;
}

export interface FrameExtras {
  readonly myBalanceMinor?: number | null;
  readonly waitingCount?: number;
  readonly myWaitingPosition?: number | null;
  readonly seq?: number;
}

/** A table with a hand in play, driven command by command; `frame(audience)` is what that audience receives. */
export class PokerScenario {
  state: pokerTable.HandState | null;
  at: number;
  readonly table: FixtureTable;
  readonly config: pokerTable.PokerTableConfig;
  private seq = 1;
  /** the hand's commands so far (for `events`). */
  private readonly commands: pokerTable.HandCommand[] = [];
  private readonly started: { readonly seats: readonly pokerTable.SeatInput[]; readonly at: number } | null = null;

  constructor(table: FixtureTable, opts: { startHand?: boolean } = {}) {
    this.table = table;
    this.config = pokerTable.tableConfig(table.config ?? {});
    this.at = table.at ?? Date.now();
    this.state = null;
    if (opts.startHand !== false) {
      const seats = table.seats
        .filter((s) => !s.outOfHand)
        .map((s): pokerTable.SeatInput => ({ seat: s.seat, playerId: s.playerId, stackMinor: s.stackMinor, ...(s.straddle ? { straddle: true } : {}), ...(s.timeBankMs === undefined ? {} : { timeBankMs: s.timeBankMs }) }));
      const r = pokerTable.startHand({ handId: table.handId ?? 'hnd_fixture_1', config: this.config, seats, buttonSeat: table.buttonSeat ?? null, at: this.at });
      if (!r.ok) throw new Error(`startHand: ${r.violation.code} ${r.violation.message}`);
      this.state = r.value;
      this.started = { seats, at: this.at };
    }
  }

  private apply(cmd: pokerTable.HandCommand): this {
    if (!this.state) throw new Error('no hand');
    const r = pokerTable.applyHandCommand(this.state, cmd);
    if (!r.ok) throw new Error(`${cmd.type}: ${r.violation.code} ${r.violation.message}`);
    this.state = r.value;
    this.commands.push(cmd);
    this.seq++;
    return this;
  }

  /** Deals cards in dealing order (hole cards, up cards, board) as the shoe or the RNG would. */
  deal(...cards: readonly string[]): this {
    for (const c of cards) this.apply({ type: 'card', card: poker.cardId(c as Card), at: this.tick() });
    return this;
  }

  act(seat: number, action: pokerTable.PlayerAction, toMinor?: number): this {
    return this.apply({ type: 'act', seat, action, ...(toMinor === undefined ? {} : { toMinor }), at: this.tick() });
  }

  draw(seat: number, ...discards: readonly string[]): this {
    return this.apply({ type: 'draw', seat, discards: discards.map((c) => poker.cardId(c as Card)), at: this.tick() });
  }

  /** S1-TIMEBANK: the seat on the clock spends its time bank (the deadline moves by what is left of it). */
  timeBank(seat: number): this {
    return this.apply({ type: 'time-bank', seat, at: this.tick() });
  }

  /** S1-TIMEOUT: the seat's clock ran out (the time moves to the deadline first). */
  timeout(seat: number): this {
    const d = this.state?.clock?.deadlineAt;
    if (d !== undefined && d > this.at) this.at = d;
    return this.apply({ type: 'timeout', seat, at: this.tick() });
  }

  /** P4-IRR: the pit boss rules a down card exposed. */
  expose(seat: number, card: string): this {
    return this.apply({ type: 'expose', seat, card: poker.cardId(card as Card), at: this.tick() });
  }

  /** P4-IRR / S1-FAIL-RING: a misdeal or a void with its reason. */
  decide(type: 'misdeal' | 'void', reason: string): this {
    return this.apply({ type, reason, at: this.tick() });
  }

  /** Moves the clock on by `ms` (the countdown's `at`; nothing else changes). */
  wait(ms: number): this {
    this.at += ms;
    return this;
  }

  /**
   * The hand's events as `GET /poker-tables/:id/hands/:handId/events` gives them to `audience`: built the
   * same way as the server (`redactHandCommand` on the state before each command; the result at the end).
   */
  events(audience: Audience): { handId: string; events: Record<string, unknown>[] } {
    const st = this.started;
    if (!st || !this.state) throw new Error('no hand');
    const handId = this.state.handId;
    // the server's own function (GET /poker-tables/:id/hands/:handId/events)
    const over = this.state.phase.type === 'complete' || this.state.phase.type === 'void';
    const start = { seq: 1, handId, config: this.config, seats: st.seats, buttonSeat: this.table.buttonSeat ?? null, at: st.at, deckCommit: null };
    const commands = this.commands.map((cmd, i) => ({ seq: i + 2, cmd }));
    const r = pokerTable.handEventsView({ start, commands, ended: over ? { seq: commands.length + 2, deck: null, salt: null } : null }, audience);
    if (!r.ok) throw new Error(r.violation.message);
    return { handId, events: r.value };
  }

  private tick(): number {
    this.at += 10;
    return this.at;
  }

  /** What `audience` receives now (players: their own view with `legal` only on their turn). */
  frame(audience: Audience, extras: FrameExtras = {}): PokerTableFrame {
    const t = this.table;
    const s = this.state;
    const count = t.seatCount ?? 6;
    const hand = s ? pokerTable.viewHand(s, audience) : null;
    const seats: (PokerSeatFrame | null)[] = Array.from({ length: count }, (_, i) => {
      const f = t.seats.find((x) => x.seat === i + 1);
      if (!f) return null;
      const inHand = hand?.seats.find((x) => x.seat === f.seat);
      return {
        seat: f.seat,
        displayName: f.name,
        me: audience.role === 'player' && audience.playerId === f.playerId,
        // as the server's frame (poker-table.state frameOf): the table stack, settled when the hand ends (issue 20 defect 6)
        stackMinor: inHand && hand && (hand.phase === 'complete' || hand.phase === 'void') ? inHand.stackMinor : f.stackMinor,
        status: f.status ?? 'active',
        disconnected: f.disconnected ?? false,
        leaving: f.leaving ?? false,
        pendingTopUpMinor: f.pendingTopUpMinor ?? 0,
        isButton: (t.buttonSeat ?? null) === f.seat,
        robot: f.robot ?? false,
        straddle: f.straddle ?? false,
      };
    });
    const c = this.config;
    return {
      tableId: t.tableId ?? 'ptb_fixture',
      name: t.name ?? "Hold'em 1",
      seq: extras.seq ?? this.seq,
      currency: t.currency ?? 'EUR',
      config: pokerFrameConfig(c, { seatCount: count, minBuyInMinor: t.minBuyInMinor ?? 20 * c.bigBlindMinor, maxBuyInMinor: t.maxBuyInMinor === undefined ? 100 * c.bigBlindMinor : t.maxBuyInMinor }),
      seats,
      waitingCount: extras.waitingCount ?? 0,
      myWaitingPosition: audience.role === 'player' ? (extras.myWaitingPosition ?? null) : null,
      hand,
      handSeats: (s?.seats ?? []).map((x) => {
        const f = t.seats.find((y) => y.playerId === x.playerId);
        return { seat: x.seat, displayName: f?.name ?? `Seat ${x.seat}`, me: audience.role === 'player' && audience.playerId === x.playerId, stillSeated: f?.seat === x.seat };
      }),
      myBalanceMinor: audience.role === 'player' ? (extras.myBalanceMinor === undefined ? 50_000 : extras.myBalanceMinor) : null,
      cardDue: audience.role !== 'player' && s && (t.dealing ?? 'shoe') === 'shoe' ? pokerTable.cardDue(s) : null,
      dealing: t.dealing ?? 'shoe',
      at: this.at,
    };
  }
}

/** The demo's six-seat no-limit Hold'em table (blinds €0.50/€1) with four players; `me` sits in seat 1. */
export function holdemScenario(opts: { at?: number; config?: Partial<pokerTable.PokerTableConfig>; seats?: readonly FixtureSeat[]; buttonSeat?: number } = {}): PokerScenario {
  return new PokerScenario({
    at: opts.at ?? Date.now(),
    seatCount: 6,
    buttonSeat: opts.buttonSeat ?? 4,
    config: { variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 20_000, timeBankMs: 30_000, ...opts.config },
    seats: opts.seats ?? [
      { seat: 1, playerId: 'me', name: 'Anna', stackMinor: 10_000 },
      { seat: 2, playerId: 'p2', name: 'Robot Ada', stackMinor: 8_000, robot: true },
      { seat: 4, playerId: 'p4', name: 'Bo', stackMinor: 12_000 },
      { seat: 5, playerId: 'p5', name: 'Cy', stackMinor: 5_000 },
    ],
  });
}

/**
 * A seven-seat fixed-limit Seven Card Stud table (ante €0.10, bring-in €0.50, bets €1/€2; no button): the hand of
 * `seats` (each with €50 unless given), started at `at`.
 */
export function studScenario(seats: readonly (Omit<FixtureSeat, 'stackMinor'> & { readonly stackMinor?: number })[], opts: { at?: number } = {}): PokerScenario {
  return new PokerScenario({
    ...(opts.at === undefined ? {} : { at: opts.at }),
    seatCount: 7,
    buttonSeat: null,
    config: { variant: 'stud', structure: 'fixed-limit', anteMinor: 10, bringInMinor: 50, smallBetMinor: 100, bigBetMinor: 200 },
    seats: seats.map((x) => ({ ...x, stackMinor: x.stackMinor ?? 5_000 })),
  });
}
