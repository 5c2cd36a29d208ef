/**
 * Collusion across poker tables (issue 23 §4 and §5, "shared patterns"): a colluding pair moves between tables,
 * and each table sees only its own share of their play. Pure: every table's report (`pokerIntegrity`) with its
 * players' accounts in; the pairs of ACCOUNTS (table keys are table-local) that show up together at two or more
 * tables out — each with the tables, the findings there and their hands.
 *
 * A pair counts at a table when one of the table's pair findings names both (chip dumping, soft play, a shared
 * connection — alarming or the best of its test, as the report lists them). Across the tables:
 *
 * - **flagged together**: the pair alarmed at `minTables` or more tables — a rule (each table's alarm already
 *   holds its own false-alarm rate; two independent ones for the same pair are rarer still);
 * - **combined**: the pair's best p-value at each table where it is named, combined by Fisher's method
 *   (−2 Σ ln pᵢ against chi-square with 2k degrees of freedom), Bonferroni over the pairs named at two or more
 *   tables, alarm below `alpha` — a pair just below the line at several tables adds up;
 * - a **shared connection** at one table and any pair finding at another is reported (alarm: the shared
 *   connection is already a rule), so the pit sees the same household, office or person at a second table.
 *
 * Only what the tables' reports list can be combined: a pair that never makes its table's list (neither alarming
 * nor the best of a test) is not seen here.
 */
import type { PokerFindingKind, PokerIntegrityReport } from './poker-collusion.js';
import { bonferroni, chiSquareSurvival } from './stats.js';

/** One table as the cross-table check reads it: its report and the account behind each table key. */
export interface CrossTableInput {
  readonly tableId: string;
  readonly report: PokerIntegrityReport;
  /** table key (`pk3`) → account id. */
  readonly accounts: Readonly<Record<string, string>>;
}

export interface CrossTableFinding {
  /** the two accounts, sorted. */
  readonly players: readonly [string, string];
  readonly tables: readonly { readonly tableId: string; readonly kinds: readonly PokerFindingKind[]; readonly pValue: number; readonly alarm: boolean; readonly hands: readonly string[] }[];
  /** Fisher-combined over the tables, Bonferroni over the pairs (0: a shared connection). */
  readonly pValue: number;
  readonly alarm: boolean;
  readonly detail: string;
}

export const CROSS_TABLE_DEFAULTS = { alpha: 0.001, minTables: 2 } as const;

const PAIR_KINDS: ReadonlySet<PokerFindingKind> = new Set(['chip-dumping', 'soft-play', 'shared-connection']);

/** The pairs of accounts seen together at two or more tables, most suspicious first. */
export function crossTablePairs(tables: readonly CrossTableInput[], options: { readonly alpha?: number; readonly minTables?: number } = {}): CrossTableFinding[] {
  const o = { ...CROSS_TABLE_DEFAULTS, ...options };
  type At = { tableId: string; kinds: Set<PokerFindingKind>; pValue: number; alarm: boolean; hands: Set<string> };
  const pairs = new Map<string, Map<string, At>>();
  for (const t of tables) {
    for (const f of t.report.findings) {
      if (!PAIR_KINDS.has(f.kind)) continue;
      const accounts = [...new Set(f.players.map((k) => t.accounts[k]).filter((a): a is string => a !== undefined))].sort();
      for (let i = 0; i < accounts.length; i++) {
        for (let j = i + 1; j < accounts.length; j++) {
          const key = `${accounts[i]}\u0000${accounts[j]}`;
          const byTable = pairs.get(key) ?? pairs.set(key, new Map()).get(key)!;
          const at = byTable.get(t.tableId) ?? { tableId: t.tableId, kinds: new Set(), pValue: 1, alarm: false, hands: new Set() };
          at.kinds.add(f.kind);
          at.pValue = Math.min(at.pValue, f.pValue);
          at.alarm ||= f.alarm;
          for (const h of f.hands) at.hands.add(h);
          byTable.set(t.tableId, at);
        }
      }
    }
  }
  const multi = [...pairs].filter(([, byTable]) => byTable.size >= o.minTables);
  const out: CrossTableFinding[] = multi.map(([key, byTable]) => {
    const [a, b] = key.split('\u0000') as [string, string];
    const at = [...byTable.values()].sort((x, y) => x.pValue - y.pValue || x.tableId.localeCompare(y.tableId));
    const shared = at.some((x) => x.kinds.has('shared-connection'));
    const stat = -2 * at.reduce((s, x) => s + Math.log(Math.max(x.pValue, 1e-300)), 0);
    const pValue = shared ? 0 : bonferroni(chiSquareSurvival(stat, 2 * at.length), multi.length);
    const flagged = at.filter((x) => x.alarm).length;
    const alarm = shared || flagged >= o.minTables || pValue < o.alpha;
    const how = shared ? 'a shared connection at one table and named together at another' : flagged >= o.minTables ? `flagged together at ${flagged} tables` : `named together at ${at.length} tables (combined p = ${pValue.toExponential(1)})`;
    return {
      players: [a, b],
      tables: at.map((x) => ({ tableId: x.tableId, kinds: [...x.kinds].sort(), pValue: x.pValue, alarm: x.alarm, hands: [...x.hands].slice(-20) })),
      pValue,
      alarm,
      detail: `${a} and ${b}: ${how} — ${at.map((x) => `${x.tableId} (${[...x.kinds].sort().join(', ')})`).join('; ')}`,
    };
  });
  return out.sort((x, y) => Number(y.alarm) - Number(x.alarm) || x.pValue - y.pValue || x.players.join().localeCompare(y.players.join()));
}
