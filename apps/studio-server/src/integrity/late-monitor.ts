import { integrity, type IntegritySpec } from '@felt-studio/games';
import type { LateBettor } from '@felt-studio/protocol';
import type { StoredRoundEvent } from '../shared/ports/persistence.port.js';
import { OpenRounds, ROUND_BET_TYPES } from './round-bets.js';

/** A wheel game's spec (its definition's `integrity.wheel`, libs/games). */
export type WheelSpec = NonNullable<IntegritySpec['wheel']>;
/** The events the late-bettor monitor folds at a table of this wheel. */
export const lateEventTypes = (wheel: WheelSpec): readonly string[] => [...ROUND_BET_TYPES, wheel.resultEvent];
/** Settled bets kept per player (the evidence window). */
export const LATE_WINDOW = 2_000;
/** A player is evaluated every this many of their settled bets. */
export const LATE_EVERY = 20;

interface PlayerState {
  readonly playerId: string;
  bets: integrity.TimedBet[];
  readonly tables: Map<string, number>;
  sinceEvaluation: number;
  report: integrity.LateBettorReport | null;
  alarmed: boolean;
}

/**
 * Issue 23 §5: every bet at a wheel game (its definition's `integrity.wheel`), settled, with its time before "no more bets" (BettingClosed − the bet's
 * acceptance), its fair chance (the pockets its spot covers / the wheel's pockets: the game's `coverage`) and whether the result landed on it. Every LATE_EVERY settled bets a player is evaluated with
 * `integrity.lateBettors` (libs/games) over their last LATE_WINDOW bets; `onAlarm` hears a verdict that
 * turned to alarm. Cancelled bets and void rounds count for nothing.
 */
export class LateBetMonitor {
  private readonly rounds = new OpenRounds();
  private readonly players = new Map<string, PlayerState>();

  constructor(private readonly onAlarm: (player: LateBettor) => void) {}

  /** Folds one event of a table of a wheel game (`wheel`: its definition's spec). */
  fold(e: StoredRoundEvent, wheel: WheelSpec): void {
    if (e.type === wheel.resultEvent) this.result(e, wheel, (e.payload ?? {}) as Record<string, unknown>);
    else this.rounds.fold(e);
  }

  /** The wheel's result: every bet of the round, timed against the close, with its chance and whether it won. */
  private result(e: StoredRoundEvent, wheel: WheelSpec, p: Record<string, unknown>): void {
    const r = this.rounds.take(e.roundId);
    const n = p['number'];
    if (!r || r.closedAt === null || typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= wheel.pockets) return;
    for (const b of r.bets.values()) {
      const covered = wheel.coverage(b.spot, r.profileId);
      if (covered === null) continue;
      this.add(r.tableId, { playerId: b.playerId, msBeforeClose: Math.max(0, r.closedAt - b.acceptedAt), pWin: covered.size / wheel.pockets, won: covered.has(n) });
    }
  }

  /** Evaluates every player (at boot, after the log is read: an alarm raises its alert, which joins one still open). */
  evaluateAll(): void {
    for (const s of this.players.values()) this.evaluate(s);
  }

  list(): LateBettor[] {
    return [...this.players.values()].map((s) => this.view(s)).sort((a, b) => a.report.pValue - b.report.pValue || a.playerId.localeCompare(b.playerId));
  }

  private add(tableId: string, bet: integrity.TimedBet): void {
    let s = this.players.get(bet.playerId);
    if (s === undefined) {
      s = { playerId: bet.playerId, bets: [], tables: new Map(), sinceEvaluation: 0, report: null, alarmed: false };
      this.players.set(bet.playerId, s);
    }
    s.bets.push(bet);
    if (s.bets.length > LATE_WINDOW) s.bets.splice(0, s.bets.length - LATE_WINDOW);
    s.tables.set(tableId, (s.tables.get(tableId) ?? 0) + 1);
    if (++s.sinceEvaluation >= LATE_EVERY) this.evaluate(s);
  }

  private evaluate(s: PlayerState): void {
    s.sinceEvaluation = 0;
    s.report = integrity.lateBettors(s.bets)[0] ?? null;
    const alarm = s.report?.alarm === true;
    if (alarm && !s.alarmed) this.onAlarm(this.view(s));
    s.alarmed = alarm;
  }

  private view(s: PlayerState): LateBettor {
    if (s.report === null || s.sinceEvaluation > 0) s.report = integrity.lateBettors(s.bets)[0]!;
    const tables = [...s.tables.entries()].sort((a, b) => b[1] - a[1]).map(([tableId]) => tableId);
    return { playerId: s.playerId, tables, report: s.report };
  }
}
