import { integrity, isCard, type IntegritySpec } from '@felt-studio/games';
import type { PlayerIntegrity } from '@felt-studio/protocol';
import type { StoredRoundEvent } from '../shared/ports/persistence.port.js';

/** The events it folds, in log order. */
export const ADVANTAGE_EVENT_TYPES = ['ShoeAttached', 'CardRecorded', 'RoundOpened', 'BetAccepted', 'BetCancelled', 'RoundVoided'] as const;
/** Shoes kept per table (the evidence window: about 40 × 13 rounds of a shoe cut at half, 40 × 80 of a deep-cut shoe). */
export const ADVANTAGE_SHOES = 40;
/** A table's players are evaluated every this many rounds, and at every fresh shoe. */
export const ADVANTAGE_EVERY = 10;
/** The bets a game weighs against the count (its definition's `integrity.shoe.count`, libs/games). */
export type CountSpec = NonNullable<NonNullable<IntegritySpec['shoe']>['count']>;

interface Round {
  readonly roundId: string;
  readonly shoe: string;
  readonly trueCount: number;
  readonly pairChance: number;
  readonly at: number;
  stakes: Record<string, number>;
  sideStakes: Record<string, number>;
}

interface TableState {
  readonly tableId: string;
  readonly game: string;
  /** the main and the pair side bet kinds of the table's game. */
  readonly main: ReadonlySet<string>;
  readonly side: ReadonlySet<string>;
  shoeNo: number;
  count: integrity.ShoeCount;
  rounds: Round[];
  readonly byId: Map<string, Round>;
  readonly bets: Map<string, { roundId: string; playerId: string; stake: number; side: boolean }>;
  sinceEvaluation: number;
}

/**
 * Issue 23 §3: the rounds of every table whose game follows a count (its definition's `integrity.shoe.count`), each with the shoe's Hi-Lo true count and
 * pair chance when it opened (the cards the shoe dealt before its bets) and every player's main and pair
 * stakes (BetAccepted without a parent; cancelled bets taken back, void rounds dropped). A shoe session
 * starts at a fresh `ShoeAttached` (nothing dealt). Every ADVANTAGE_EVERY rounds of a table and at every
 * fresh shoe the players of that table are evaluated with `integrity.advantagePlay` (libs/games) over their
 * rounds at every table; `onVerdict` hears each player whose verdict turned to alarm.
 */
export class AdvantageMonitor {
  private readonly tables = new Map<string, TableState>();
  private readonly reports = new Map<string, PlayerIntegrity>();
  private readonly alarmed = new Set<string>();

  constructor(private readonly onAlarm: (player: PlayerIntegrity) => void) {}

  /** Folds one event of a table of `game`, whose definition declares the bets to weigh (`count`). */
  fold(e: StoredRoundEvent, game: string, count: CountSpec): void {
    const t = this.table(e.tableId, game, count);
    const p = (e.payload ?? {}) as Record<string, unknown>;
    switch (e.type) {
      case 'ShoeAttached': {
        const shoe = p['shoe'] as { decks?: unknown; dealt?: unknown } | undefined;
        if (shoe?.dealt !== 0 || typeof shoe.decks !== 'number') return; // a carried shoe: the count goes on
        const finished = t.count.dealt > 0;
        t.shoeNo++;
        t.count = new integrity.ShoeCount(shoe.decks);
        this.trim(t);
        if (finished) this.evaluate(t);
        return;
      }
      case 'CardRecorded': {
        if (isCard(p['card'])) t.count.see(p['card']);
        return;
      }
      case 'RoundOpened': {
        const r: Round = { roundId: e.roundId, shoe: `${t.tableId}#${t.shoeNo}`, trueCount: t.count.trueCount, pairChance: t.count.pairChance, at: e.at, stakes: {}, sideStakes: {} };
        t.rounds.push(r);
        t.byId.set(e.roundId, r);
        if (++t.sinceEvaluation >= ADVANTAGE_EVERY) this.evaluate(t);
        return;
      }
      case 'BetAccepted': {
        const bet = p['bet'] as { betId?: unknown; playerId?: unknown; stakeMinor?: unknown; kind?: unknown; parentBetId?: unknown } | undefined;
        const r = t.byId.get(e.roundId);
        if (!r || !bet || bet.parentBetId !== undefined || typeof bet.playerId !== 'string' || typeof bet.stakeMinor !== 'number' || typeof bet.kind !== 'string') return;
        const side = t.side.has(bet.kind);
        if (!side && !t.main.has(bet.kind)) return;
        const book = side ? r.sideStakes : r.stakes;
        book[bet.playerId] = (book[bet.playerId] ?? 0) + bet.stakeMinor;
        if (typeof bet.betId === 'string') t.bets.set(bet.betId, { roundId: e.roundId, playerId: bet.playerId, stake: bet.stakeMinor, side });
        return;
      }
      case 'BetCancelled': {
        const b = t.bets.get(String(p['betId']));
        const r = b === undefined ? undefined : t.byId.get(b.roundId);
        if (!b || !r) return;
        const book = b.side ? r.sideStakes : r.stakes;
        const left = (book[b.playerId] ?? 0) - b.stake;
        if (left > 0) book[b.playerId] = left;
        else delete book[b.playerId];
        return;
      }
      case 'RoundVoided': {
        const r = t.byId.get(e.roundId);
        if (!r) return;
        t.byId.delete(e.roundId);
        t.rounds = t.rounds.filter((x) => x !== r);
        return;
      }
    }
  }

  /** Evaluates every player seen so far (at boot, after the log is read). */
  evaluateAll(): void {
    this.assess(new Set([...this.tables.values()].flatMap((t) => t.rounds.flatMap((r) => Object.keys(r.stakes)))));
  }

  /** Every player's report, most suspicious first. */
  list(): PlayerIntegrity[] {
    return [...this.reports.values()].sort((a, b) => a.report.pValue - b.report.pValue || a.playerId.localeCompare(b.playerId));
  }

  private table(tableId: string, game: string, count: CountSpec): TableState {
    let t = this.tables.get(tableId);
    if (t === undefined) {
      t = { tableId, game, main: new Set(count.mainKinds), side: new Set(count.sideKinds), shoeNo: 0, count: new integrity.ShoeCount(8), rounds: [], byId: new Map(), bets: new Map(), sinceEvaluation: 0 };
      this.tables.set(tableId, t);
    }
    return t;
  }

  /** Keeps the table's last ADVANTAGE_SHOES shoes. */
  private trim(t: TableState): void {
    const oldest = `${t.tableId}#${t.shoeNo - ADVANTAGE_SHOES}`;
    const cut = t.rounds.findIndex((r) => r.shoe === oldest);
    if (cut < 0) return;
    const keep = t.rounds.findIndex((r, i) => i > cut && r.shoe !== oldest);
    const dropped = t.rounds.splice(0, keep < 0 ? t.rounds.length : keep);
    for (const r of dropped) t.byId.delete(r.roundId);
    for (const [id, b] of t.bets) if (!t.byId.has(b.roundId)) t.bets.delete(id);
  }

  private evaluate(t: TableState): void {
    t.sinceEvaluation = 0;
    const from = t.rounds.length - 2 * ADVANTAGE_EVERY;
    this.assess(new Set(t.rounds.slice(Math.max(0, from)).flatMap((r) => Object.keys(r.stakes))));
  }

  private assess(players: ReadonlySet<string>): void {
    if (players.size === 0) return;
    const all = [...this.tables.values()];
    // only these players' rounds are needed (their shoes' other rounds as the comparison): keep the shoes they bet in
    const rounds: integrity.CountedRound[] = [];
    for (const t of all) {
      const shoes = new Set(t.rounds.filter((r) => Object.keys(r.stakes).some((p) => players.has(p))).map((r) => r.shoe));
      for (const r of t.rounds) if (shoes.has(r.shoe)) rounds.push({ shoe: r.shoe, trueCount: r.trueCount, pairChance: t.side.size > 0 ? r.pairChance : 0, stakes: pick(r.stakes, players), sideStakes: pick(r.sideStakes, players) });
    }
    for (const report of integrity.advantagePlay(rounds)) {
      if (!players.has(report.playerId)) continue;
      const tables = all.filter((t) => t.rounds.some((r) => r.stakes[report.playerId] !== undefined));
      const lastAt = Math.max(0, ...tables.flatMap((t) => t.rounds.filter((r) => r.stakes[report.playerId] !== undefined).map((r) => r.at)));
      const view: PlayerIntegrity = { playerId: report.playerId, tables: tables.map((t) => ({ tableId: t.tableId, game: t.game })), lastAt, report };
      this.reports.set(report.playerId, view);
      const fresh = report.alarm && !this.alarmed.has(report.playerId);
      if (report.alarm) this.alarmed.add(report.playerId);
      else this.alarmed.delete(report.playerId);
      if (fresh) this.onAlarm(view);
    }
  }
}

const pick = (book: Readonly<Record<string, number>>, players: ReadonlySet<string>): Record<string, number> => Object.fromEntries(Object.entries(book).filter(([p]) => players.has(p)));
