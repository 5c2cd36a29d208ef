import type { PokerTableFrame, PokerWsBody, PokerWsMessage } from '@felt-studio/protocol';

/**
 * The demo's planted poker cheats (issue 23 §4, `felt studio --plant-anomalies`): two players at Hold'em 1 who
 * sit down as people do (over the socket, from their own wallets — nothing marks them as robots):
 *
 * - the **dumper**, in half of the hands, raises to 10 big blinds with its partner in the hand and folds to the
 *   partner's re-raise — 10 big blinds handed over each time, a pot nobody builds to fold (against anyone else
 *   it plays the pot out); the receiver re-raises it and plays the pot out;
 * - the **receiver** re-raises the dumper, and acts after exactly 1.2 s ± 100 ms every time — a timing bot.
 *
 * Otherwise both play a plain game (check when free; call a small bet now and then; fold the rest), the
 * dumper taking a person's time (log-normal, median 2.5 s). The chip-dumping and the timing alerts fire on the
 * pit floor (POKER_COLLUSION_SUSPECTED, POKER_BOT_SUSPECTED); docs/integrity.md says after how long.
 */
export type PlantedRole = 'dumper' | 'receiver';

export const PLANTED_POKER = { dumpRate: 1, raiseToBB: 10, foldAfterBB: 8, botMs: 1_200, botJitterMs: 100, humanMedianMs: 2_500, humanLogSd: 0.6 } as const;

export interface PlantedAction {
  readonly action: 'fold' | 'check' | 'call' | 'bet' | 'raise';
  readonly toMinor?: number;
}

/** A number in [0, 1) from a string (the same hand gives the same choice on every frame). */
function hashUnit(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
}

/** Whether the dumper dumps in this hand (half of the hands, fixed per hand id). */
export const dumpsIn = (handId: string): boolean => hashUnit(`dump:${handId}`) < PLANTED_POKER.dumpRate;

/**
 * What a planted player does at this frame, or null when it is not its turn. `partnerSeat`: the seat of the
 * other planted player (null: not seated). `roll` is a number in [0, 1) for the plain game's choices.
 */
export function plantedPokerAction(f: PokerTableFrame, role: PlantedRole, partnerSeat: number | null, roll: number): PlantedAction | null {
  const h = f.hand;
  const mine = f.seats.find((s) => s?.me === true);
  if (!h || !mine || h.toAct !== mine.seat || !h.legal) return null;
  const la = h.legal;
  const bb = f.config.bigBlindMinor;
  const me = h.seats.find((x) => x.seat === mine.seat);
  const partner = partnerSeat === null ? undefined : h.seats.find((x) => x.seat === partnerSeat && !x.folded);
  if (!me) return null;
  if (partner && dumpsIn(h.handId)) {
    const partnerLeads = partner.streetMinor === h.currentBetMinor && partner.streetMinor > me.streetMinor;
    if (role === 'dumper') {
      // raise to 10 big blinds with the partner in the hand, fold to the partner's raise — the chips go to the partner
      if (me.totalMinor >= PLANTED_POKER.foldAfterBB * bb && partnerLeads) return { action: 'fold' };
      if (la.raise && me.totalMinor < PLANTED_POKER.foldAfterBB * bb) return { action: la.raise.kind, toMinor: Math.min(la.raise.maxToMinor, Math.max(la.raise.minToMinor, PLANTED_POKER.raiseToBB * bb)) };
      // against anyone else it keeps its chips in play
      return la.canCheck ? { action: 'check' } : { action: 'call' };
    }
    // the receiver re-raises the dumper, then plays the pot out
    if (partnerLeads && partner.totalMinor >= PLANTED_POKER.foldAfterBB * bb && la.raise && la.callMinor > 0) return { action: la.raise.kind, toMinor: la.raise.minToMinor };
    if (me.totalMinor >= PLANTED_POKER.foldAfterBB * bb) return la.canCheck ? { action: 'check' } : { action: 'call' };
  }
  // the plain game: check when free, call a small bet now and then
  if (la.canCheck) return { action: 'check' };
  // the dumper otherwise plays tight (its losses are its dumps); the receiver calls a small bet now and then
  if (role === 'receiver' && la.callMinor <= 3 * bb && roll < 0.6) return { action: 'call' };
  return { action: 'fold' };
}

/** The think time before acting: the receiver a script's (1.2 s ± 100 ms), the dumper a person's. */
export function plantedThinkMs(role: PlantedRole, u1: number, u2: number): number {
  if (role === 'receiver') return Math.round(PLANTED_POKER.botMs - PLANTED_POKER.botJitterMs + 2 * PLANTED_POKER.botJitterMs * u1);
  const z = Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
  return Math.min(15_000, Math.max(400, Math.round(PLANTED_POKER.humanMedianMs * Math.exp(PLANTED_POKER.humanLogSd * z))));
}

/** The part of the realtime client a planted player uses. */
export interface PokerSocket {
  on(event: 'poker.table', handler: (f: PokerTableFrame) => void): () => void;
  poker<K extends PokerWsMessage>(message: K, body: PokerWsBody<K>): Promise<PokerTableFrame>;
}

/**
 * One planted player at a table: joins, sits at a free seat with the table's largest buy-in, tops up between
 * hands when below the minimum, and acts on its turn after its think time. `partner()` is the other planted
 * player's seat. Errors are reported to `log` (a refused action leaves the turn to the clock).
 */
export class PlantedPokerPlayer {
  seat: number | null = null;
  private last: PokerTableFrame | null = null;
  private pending: string | null = null;
  private off: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly socket: PokerSocket,
    private readonly tableId: string,
    readonly role: PlantedRole,
    private readonly partner: () => number | null,
    private readonly random: () => number,
    private readonly log: (msg: string) => void,
    /** refills the player's wallet when a top-up needs more than it holds (the demo's own top-up). */
    private readonly refill: () => Promise<unknown> = async () => undefined,
  ) {}

  async start(preferredSeats: readonly number[]): Promise<boolean> {
    this.off = this.socket.on('poker.table', (f) => {
      if (f.tableId === this.tableId) this.see(f);
    });
    const f = await this.socket.poker('poker.join', { tableId: this.tableId });
    const mine = f.seats.find((s) => s?.me === true);
    if (mine) {
      this.seat = mine.seat;
      this.see(f);
      return true;
    }
    const free = preferredSeats.find((n) => n <= f.config.seatCount && f.seats[n - 1] === null) ?? f.seats.findIndex((s) => s === null) + 1;
    if (free <= 0) return false;
    const after = await this.socket.poker('poker.sit', { tableId: this.tableId, seat: free, buyInMinor: f.config.maxBuyInMinor ?? f.config.minBuyInMinor * 2, postToEnter: false });
    this.seat = free;
    this.see(after);
    return true;
  }

  stop(): void {
    this.stopped = true;
    this.off?.();
    if (this.timer) clearTimeout(this.timer);
  }

  private see(f: PokerTableFrame): void {
    if (this.last && f.seq < this.last.seq) return;
    this.last = f;
    const mine = f.seats.find((s) => s?.me === true);
    const h = f.hand;
    const over = h === null || h.phase === 'complete' || h.phase === 'void';
    if (mine && over && mine.pendingTopUpMinor === 0 && mine.stackMinor < f.config.minBuyInMinor && this.pending !== `top-up:${f.seq}`) {
      this.pending = `top-up:${f.seq}`;
      const amountMinor = (f.config.maxBuyInMinor ?? f.config.minBuyInMinor * 2) - mine.stackMinor;
      const short = f.myBalanceMinor !== null && f.myBalanceMinor < amountMinor;
      (short ? this.refill() : Promise.resolve())
        .then(() => this.socket.poker('poker.top-up', { tableId: this.tableId, amountMinor }))
        .catch((e: unknown) => this.log(`planted ${this.role}: top-up refused: ${(e as Error).message}`));
    }
    if (!h || !mine || h.toAct !== mine.seat || !h.legal) return;
    const turn = `${h.handId}:${f.seq}`;
    if (this.pending !== null && this.pending.startsWith(`${h.handId}:`)) return; // already thinking about this turn
    this.pending = turn;
    this.timer = setTimeout(() => void this.act(h.handId), plantedThinkMs(this.role, this.random(), this.random()));
  }

  private async act(handId: string): Promise<void> {
    const f = this.last;
    this.pending = null;
    if (this.stopped || !f || f.hand?.handId !== handId) return;
    const a = plantedPokerAction(f, this.role, this.partner(), this.random());
    if (!a) return;
    await this.socket.poker('poker.act', { tableId: this.tableId, handId, action: a.action, ...(a.toMinor === undefined ? {} : { toMinor: a.toMinor }) }).catch((e: unknown) => this.log(`planted ${this.role}: ${a.action} refused: ${(e as Error).message}`));
  }
}
