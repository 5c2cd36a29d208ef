import { integrity, parseCard, roulette, type Card } from '@felt/games';
import { intFlag, parseCommandArgs } from './args.js';
import type { CliCommand } from './command.js';
import { EXIT, line, readAll, type CliIo } from './io.js';

const HELP = `Usage: felt integrity wheel [--pockets 37] [--window N] < spins.txt
       felt integrity shoe --decks 8 < cards.txt

Re-runs the pit boss's integrity monitors (issue 23) on an export, so an auditor can reproduce a finding.
Prints one JSON object; exit 0 whether or not it alarms, 2 on bad input (the message names the line and a code).

  wheel   one winning number per line, oldest first (0–36; with --pockets 38, 00 is written "00").
          Prints { "spins", "window", "alarm", "pValue", "alpha", "suspects": [pockets], "tests": [...] }:
          pocket frequencies (chi-square), the busiest pocket, sector and half of the wheel (binomial
          scans in wheel order) and the distance from the previous number — docs/integrity.md.
          --pockets N   pockets on the wheel (37 European order, 38 American order, other counts in index order)
          --window N    evaluate the last N spins only (default: all of them)
  shoe    one card code per line (AS, TD, 9H …), shoe sessions separated by a line "---".
          Prints { "sessions", "cards", "alarm", "pValue", "alpha", "suspects": [ranks], "findings": [...] }:
          composition against a fair shoe per session and pooled, impossible cards, runs repeated
          across sessions (a pre-arranged shoe).
          --decks N     decks in the shoe (required)`;

/** The American wheel, 00 given as 37. */
const AMERICAN_ORDER = [0, 28, 9, 26, 30, 11, 7, 20, 32, 17, 5, 22, 34, 15, 3, 24, 36, 13, 1, 37, 27, 10, 25, 29, 12, 8, 19, 31, 18, 6, 21, 33, 16, 4, 23, 35, 14, 2];

function bad(io: CliIo, code: string, message: string): typeof EXIT.usage {
  line(io.stderr, `felt integrity: ${message} [${code}]`);
  return EXIT.usage;
}

export const integrityCommand: CliCommand = {
  summary: 'integrity monitors on an export: wheel bias, shoe composition (JSON report)',
  help: HELP,
  async run(args, io) {
    const parsed = parseCommandArgs(args, { pockets: { type: 'string' }, window: { type: 'string' }, decks: { type: 'string' } });
    if (!parsed.ok) return bad(io, 'USAGE', parsed.message);
    if (parsed.values.help === true) {
      line(io.stdout, HELP);
      return EXIT.ok;
    }
    const [what, extra] = parsed.positionals;
    if (extra !== undefined) return bad(io, 'USAGE', `unexpected argument "${extra}"`);
    const input = await readAll(io.stdin);
    if (input === null) return bad(io, 'NO_INPUT', 'nothing on stdin (pipe the export in)');
    const lines = input.split(/\r?\n/).map((l) => l.trim());
    if (what === 'wheel') {
      const pockets = intFlag('pockets', parsed.values.pockets, 2);
      if (!pockets.ok) return bad(io, 'USAGE', pockets.message);
      const window = intFlag('window', parsed.values.window, 1);
      if (!window.ok) return bad(io, 'USAGE', window.message);
      const n = pockets.value ?? 37;
      const spins: number[] = [];
      for (const [i, l] of lines.entries()) {
        if (l === '') continue;
        const v = n === 38 && l === '00' ? 37 : /^\d+$/.test(l) ? Number(l) : NaN;
        if (!Number.isInteger(v) || v < 0 || v >= (n === 38 ? 38 : n) || (n === 38 && l === '37')) return bad(io, 'INVALID_SPIN', `line ${i + 1}: "${l}" is not a pocket of a ${n}-pocket wheel (ROU-1)`);
        spins.push(v);
      }
      if (spins.length === 0) return bad(io, 'NO_INPUT', 'no spins on stdin');
      const order = n === 37 ? roulette.WHEEL_ORDER : n === 38 ? AMERICAN_ORDER : undefined;
      const r = integrity.wheelBias(spins, { pockets: n, ...(order === undefined ? {} : { order }), ...(window.value === undefined ? {} : { window: window.value }) });
      const shown = (p: number): number | string => (n === 38 && p === 37 ? '00' : p);
      line(io.stdout, JSON.stringify({ spins: r.spins, window: r.window, alarm: r.alarm, pValue: r.pValue, alpha: r.alpha, suspects: r.suspects.map(shown), tests: r.tests.map((t) => ({ ...t, pockets: t.pockets.map(shown) })) }, null, 2));
      return EXIT.ok;
    }
    if (what === 'shoe') {
      const decks = intFlag('decks', parsed.values.decks, 1);
      if (!decks.ok) return bad(io, 'USAGE', decks.message);
      if (decks.value === undefined) return bad(io, 'USAGE', '--decks is required');
      const sessions: Card[][] = [[]];
      for (const [i, l] of lines.entries()) {
        if (l === '') continue;
        if (l === '---') {
          sessions.push([]);
          continue;
        }
        const c = parseCard(l);
        if (!c.ok) return bad(io, 'INVALID_CARD', `line ${i + 1}: ${c.violation.message}`);
        sessions[sessions.length - 1]!.push(c.value);
      }
      const nonEmpty = sessions.filter((s) => s.length > 0);
      if (nonEmpty.length === 0) return bad(io, 'NO_INPUT', 'no cards on stdin');
      const r = integrity.shoeIntegrity(nonEmpty.map((cards) => ({ cards })), { decks: decks.value });
      line(io.stdout, JSON.stringify({ sessions: r.sessions, cards: r.cards, alarm: r.alarm, pValue: r.pValue, alpha: r.alpha, suspects: r.suspects, findings: r.findings }, null, 2));
      return EXIT.ok;
    }
    return bad(io, 'USAGE', what === undefined ? 'say what to check: wheel or shoe' : `unknown monitor "${what}" (wheel or shoe)`);
  },
};
