import { poker, pokerTable, type Audience, type Card } from '@felt/games';
import type { PokerSeatFrame, PokerTableFrame } from '@felt/protocol';

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

  constructor(table: FixtureTable, opts: { startHand?: boolean } = {}) {
    this.table = table;
    this.config = pokerTable.tableConfig(table.config ?? {});
    this.at = table.at ?? Date.now();
    this.state = null;
    if (opts.startHand !== false) {
      const r = pokerTable.startHand({
        handId: table.handId ?? 'hnd_fixture_1',
        config: this.config,
        seats: table.seats.filter((s) => !s.outOfHand).map((s) => ({ seat: s.seat, playerId: s.playerId, stackMinor: s.stackMinor })),
        buttonSeat: table.buttonSeat ?? null,
        at: this.at,
      });
      if (!r.ok) throw new Error(`startHand: ${r.violation.code} ${r.violation.message}`);
      this.state = r.value;
    }
  }

  private apply(cmd: pokerTable.HandCommand): this {
    if (!this.state) throw new Error('no hand');
    const r = pokerTable.applyHandCommand(this.state, cmd);
    if (!r.ok) throw new Error(`${cmd.type}: ${r.violation.code} ${r.violation.message}`);
    this.state = r.value;
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
        stackMinor: inHand ? inHand.stackMinor : f.stackMinor,
        status: f.status ?? 'active',
        disconnected: f.disconnected ?? false,
        leaving: f.leaving ?? false,
        pendingTopUpMinor: f.pendingTopUpMinor ?? 0,
        isButton: (t.buttonSeat ?? null) === f.seat,
        robot: f.robot ?? false,
        straddle: false,
      };
    });
    const c = this.config;
    return {
      tableId: t.tableId ?? 'ptb_fixture',
      name: t.name ?? "Hold'em 1",
      seq: extras.seq ?? this.seq,
      currency: t.currency ?? 'EUR',
      config: {
        variant: c.variant,
        structure: c.structure,
        smallBlindMinor: c.smallBlindMinor,
        bigBlindMinor: c.bigBlindMinor,
        anteMinor: c.anteMinor,
        bringInMinor: c.bringInMinor,
        smallBetMinor: c.smallBetMinor,
        bigBetMinor: c.bigBetMinor,
        straddleTable: c.straddleTable,
        capPerHandMinor: c.capPerHandMinor,
        actionMs: c.actionMs,
        timeBankMs: c.timeBankMs,
        timeout: c.timeout,
        seatCount: count,
        minBuyInMinor: t.minBuyInMinor ?? 20 * c.bigBlindMinor,
        maxBuyInMinor: t.maxBuyInMinor === undefined ? 100 * c.bigBlindMinor : t.maxBuyInMinor,
        rake: c.rake,
      },
      seats,
      waitingCount: extras.waitingCount ?? 0,
      myWaitingPosition: audience.role === 'player' ? (extras.myWaitingPosition ?? null) : null,
      hand,
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
