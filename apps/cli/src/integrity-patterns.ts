import { integrity } from '@felt-studio/games';

/** `felt integrity patterns`' input line (HELP): one accepted bet as JSON. */
const FIELDS = { playerId: 'string', tableId: 'string', roundId: 'string', spot: 'string', amount: 'number', acceptedAt: 'number', msBeforeClose: 'number' } as const;

/** JSON lines (`felt integrity poker` and `patterns`): each non-empty line that is not a `#` comment, parsed, with its 1-based line number. */
export function jsonLines(lines: readonly string[], what: string): { ok: true; items: { line: number; value: unknown }[] } | { ok: false; code: string; message: string } {
  const items: { line: number; value: unknown }[] = [];
  for (const [i, l] of lines.entries()) {
    if (l === '' || l.startsWith('#')) continue;
    try {
      items.push({ line: i + 1, value: JSON.parse(l) as unknown });
    } catch {
      return { ok: false, code: 'INVALID_LINE', message: `line ${i + 1}: not a JSON object (${what} per line)` };
    }
  }
  return { ok: true, items };
}

/**
 * Issue 23 §5: reads accepted bets, one JSON object per line (`#` starts a comment line), into the shared-pattern
 * detector's bets — every field of FIELDS present: strings non-empty, numbers finite, amount and msBeforeClose ≥ 0.
 */
export function patternBets(lines: readonly string[]): { ok: true; bets: integrity.PatternBet[] } | { ok: false; code: string; message: string } {
  const read = jsonLines(lines, 'one bet');
  if (!read.ok) return read;
  const bets: integrity.PatternBet[] = [];
  for (const { line: n, value: item } of read.items) {
    const o = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    for (const [k, type] of Object.entries(FIELDS)) {
      const v = o[k];
      const fine = type === 'string' ? typeof v === 'string' && v !== '' : typeof v === 'number' && Number.isFinite(v) && (k === 'acceptedAt' || v >= 0);
      if (!fine) return { ok: false, code: 'INVALID_BET', message: `line ${n}: "${k}" must be ${type === 'string' ? 'a non-empty string' : k === 'acceptedAt' ? 'a number (epoch ms)' : 'a number ≥ 0'}` };
    }
    bets.push(o as unknown as integrity.PatternBet);
  }
  return { ok: true, bets };
}

/** The report `felt integrity patterns` prints: the contract's fields first, the detector's report under them. */
export function patternsOutput(r: integrity.SharedPatternsReport): Record<string, unknown> {
  return {
    bets: r.bets,
    rounds: r.rounds,
    players: r.players,
    pairsTested: r.pairsTested,
    alarm: r.alarm,
    pValue: r.pValue,
    alpha: r.alpha,
    windowMs: r.windowMs,
    groups: r.groups.map((g) => g.players),
    suspects: [...new Set(r.groups.flatMap((g) => g.players))].sort(),
    evidence: r.groups,
    topPairs: r.topPairs,
  };
}
