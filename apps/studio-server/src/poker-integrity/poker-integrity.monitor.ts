import { integrity } from '@felt-studio/games';
import type { PokerTableIntegrity } from '@felt-studio/protocol';

/** Hands kept per poker table (the evidence window). */
export const POKER_INTEGRITY_WINDOW = 2_000;
/** A table is evaluated every this many hands (and when the pit boss reads it). */
export const POKER_INTEGRITY_EVERY = 25;

/** What the monitor knows of a table and its players (display names and accounts: the pit flags a player by account). */
export interface PokerTableInfo {
  readonly tableId: string;
  readonly name: string;
  readonly variant: string;
  readonly currency: string;
  readonly players: readonly { readonly key: string; readonly name: string; readonly robot: boolean; readonly playerId: string }[];
}

interface TableState {
  info: PokerTableInfo;
  hands: integrity.PokerHandRecord[];
  readonly seen: Set<string>;
  sinceEvaluation: number;
  report: integrity.PokerIntegrityReport | null;
  /** the alarming findings of the last evaluation (kind + players): a new one raises its alert. */
  alarmed: Set<string>;
  lastAt: number;
  /** the players' connections seen at the table (hashes; shared/connection-fingerprint.ts). */
  connections: readonly integrity.PokerConnection[];
  /** the shared groups among the players dealt in, as last evaluated. */
  shared: string;
}

/** The groups of players sharing an address or a device (what the shared-connection finding reports). */
function sharedGroups(list: readonly integrity.PokerConnection[]): string[] {
  const by = new Map<string, Set<string>>();
  for (const c of list) for (const k of [c.ip ? `a:${c.ip}` : null, c.device ? `d:${c.device}` : null]) if (k !== null) (by.get(k) ?? by.set(k, new Set()).get(k)!).add(c.playerId);
  return [...by.values()].filter((s) => s.size > 1).map((s) => [...s].sort().join('+')).sort();
}

/** The shared groups among the players dealt in at the table (what its report's shared-connection findings name). */
function sharedSig(t: TableState): string {
  if (t.connections.length < 2) return '[]';
  const dealt = new Set(t.hands.flatMap((h) => h.players.map((p) => p.playerId)));
  return JSON.stringify(sharedGroups(t.connections.filter((c) => dealt.has(c.playerId))));
}

const findingKey = (f: integrity.PokerFinding): string => `${f.kind}:${f.players.join('+')}`;

/**
 * Issue 23 §4: the collusion and bot monitor of every live poker table. It folds each finished hand (a
 * record laid out again from the pit boss's export of the hand, `integrity.pokerHandRecordFromEvents`), keeps
 * the table's last POKER_INTEGRITY_WINDOW hands, evaluates them every POKER_INTEGRITY_EVERY hands with
 * `integrity.pokerIntegrity` (libs/games) and tells `onAlarm` of every finding that turned to alarm.
 *
 * The house's own robot players (declared as robots to every audience; they act after a fixed think time
 * by design) are left out of the timing test: they are bots, and nobody is deceived. Every other player —
 * an undeclared script among them — is judged; the robots' hands count for everything else.
 */
export class PokerIntegrityMonitor {
  private readonly tables = new Map<string, TableState>();
  /** connections of a table whose first hand is not folded yet. */
  private readonly pending = new Map<string, readonly integrity.PokerConnection[]>();

  constructor(private readonly onAlarm: (table: PokerTableIntegrity, finding: integrity.PokerFinding) => void) {}

  knows(tableId: string): boolean {
    return this.tables.has(tableId);
  }

  seen(tableId: string, handId: string): boolean {
    return this.tables.get(tableId)?.seen.has(handId) ?? false;
  }

  /** Folds one finished hand (once per hand id); evaluates the table every POKER_INTEGRITY_EVERY hands unless `quiet` (a backfill). */
  fold(info: PokerTableInfo, hand: integrity.PokerHandRecord, quiet = false): void {
    let t = this.tables.get(info.tableId);
    if (t === undefined) {
      t = { info, hands: [], seen: new Set(), sinceEvaluation: 0, report: null, alarmed: new Set(), lastAt: hand.at, connections: this.pending.get(info.tableId) ?? [], shared: '[]' };
      this.tables.set(info.tableId, t);
      this.pending.delete(info.tableId);
    }
    t.info = info;
    if (t.seen.has(hand.handId)) return;
    t.seen.add(hand.handId);
    t.hands.push(hand);
    t.lastAt = Math.max(t.lastAt, hand.at);
    if (t.hands.length > POKER_INTEGRITY_WINDOW) {
      for (const old of t.hands.splice(0, t.hands.length - POKER_INTEGRITY_WINDOW)) t.seen.delete(old.handId);
    }
    if (++t.sinceEvaluation >= POKER_INTEGRITY_EVERY && !quiet) this.evaluate(t);
    else if (!quiet && t.connections.length > 1) this.sharedChanged(t);
  }

  /**
   * The table's connections now (issue 23 §4: each player's address and device, hashed). A change that makes two
   * players share one is evaluated at once (a shared connection is a rule, not a test: no hands to wait for).
   */
  connections(tableId: string, list: readonly integrity.PokerConnection[]): void {
    const t = this.tables.get(tableId);
    if (t === undefined) {
      this.pending.set(tableId, list);
      return;
    }
    t.connections = list;
    this.sharedChanged(t);
  }

  /** Evaluates the table when the groups of its dealt-in players sharing a connection changed (then its alert is raised at once). */
  private sharedChanged(t: TableState): void {
    if (t.shared === '[]' && sharedGroups(t.connections).length === 0) return;
    if (sharedSig(t) !== t.shared) this.evaluate(t);
  }

  /** Evaluates one table now (after a backfill: an alarm raises its alert, which joins one still open). */
  evaluateTable(tableId: string): void {
    const t = this.tables.get(tableId);
    if (t) this.evaluate(t);
  }

  /**
   * Every table's report as last evaluated (no evaluation here: the instance shares these with the others,
   * issue 23 — at most POKER_INTEGRITY_EVERY hands behind the table), with the evaluation's hand count.
   */
  evaluated(): PokerTableIntegrity[] {
    return [...this.tables.values()].map((t) => {
      t.report ??= this.assess(t);
      const { tableId, name, variant, currency, players } = t.info;
      return { tableId, name, variant, currency, lastAt: t.lastAt, players: [...players], report: t.report };
    });
  }

  list(): PokerTableIntegrity[] {
    return [...this.tables.values()].map((t) => this.view(t)).sort((a, b) => Number(b.report.alarm) - Number(a.report.alarm) || a.report.pValue - b.report.pValue || a.tableId.localeCompare(b.tableId));
  }

  private assess(t: TableState): integrity.PokerIntegrityReport {
    const robots = new Set(t.info.players.filter((p) => p.robot).map((p) => p.key));
    const judged = robots.size === 0 ? t.hands : t.hands.map((h) => ({ ...h, decisions: h.decisions.map((d) => (robots.has(d.playerId) ? { ...d, ms: null } : d)) }));
    return integrity.pokerIntegrity(judged, t.connections);
  }

  private evaluate(t: TableState): void {
    t.sinceEvaluation = 0;
    t.shared = sharedSig(t);
    t.report = this.assess(t);
    const now = new Set(t.report.findings.filter((f) => f.alarm).map(findingKey));
    for (const f of t.report.findings) if (f.alarm && !t.alarmed.has(findingKey(f))) this.onAlarm(this.view(t), f);
    t.alarmed = now;
  }

  private view(t: TableState): PokerTableIntegrity {
    if (t.report === null || t.sinceEvaluation > 0) t.report = this.assess(t);
    const { tableId, name, variant, currency, players } = t.info;
    return { tableId, name, variant, currency, lastAt: t.lastAt, players: [...players], report: t.report };
  }
}
