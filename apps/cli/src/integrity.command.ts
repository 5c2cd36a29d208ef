import { integrity, parseCard, roulette, type Card } from '@felt-studio/games';
import { intFlag, parseCommandArgs } from './kit/args.js';
import type { CliCommand } from './kit/command.js';
import { EXIT, line, readAll, type CliIo } from './kit/io.js';
import { jsonLines, patternBets, patternsOutput } from './integrity-patterns.js';

const HELP = `Usage: felt integrity wheel [--pockets 37] [--window N] < spins.txt
       felt integrity shoe --decks 8 < cards.txt
       felt integrity player [--decks 8] < rounds.txt
       felt integrity poker < hands.ndjson
       felt integrity patterns < bets.jsonl

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
          --decks N     decks in the shoe (required)
  player  a blackjack or baccarat table's log, oldest first, one item per line:
            ---                          a fresh shoe (the count starts again)
            round                        a round opens (its bets are placed at the count of the cards so far)
            bet <player> <stake> [pair]  a player's main stake in this round (minor units) and optional pair side stake
            AS, TD, 9H …                 a card dealt from the shoe
          "#" starts a comment. Prints { "players", "rounds", "alarm", "pValue", "suspects": [player ids],
          "reports": [...] }: per player, bet size against the Hi-Lo true count (counting), presence against
          the count (wonging), pair bets against the remaining shoe — permutation tests over shoes.
          --decks N     decks in the shoe (default 8)
  poker   a live poker table's hands, oldest first, one JSON object per line:
            { "handId", "table", "events": [...] }        a hand as the pit boss exports it once it is over: the
                                                          body of GET /poker-tables/<table>/hands/<hand>/events
                                                          (the same body felt settle poker-<variant> replays)
            { "connection": { "player": "pk3", "ip": "203.0.113.7", "device": "fp-1c9e" } }
                                                          a player's address and/or device fingerprint, when known
          "#" starts a comment line. Each hand is laid out again through the table's state machine. Prints
          { "hands", "players", "alarm", "pValue", "alpha", "suspects": [player keys], "findings": [...],
          "flows": [...], "timing": [...] }: chip dumping (repeated losses of 8+ big blinds played as nobody
          should, to one player), soft play (no raises heads-up within a pair), decision times too regular to be
          human, shared connections — each finding with its hands (replay each with felt settle).
  patterns  accepted bets at the wheel and card tables, one JSON object per line ("#" starts a comment line):
            { "playerId", "tableId", "roundId", "spot", "amount", "acceptedAt": epoch ms, "msBeforeClose": ms }
          Prints { "bets", "rounds", "players", "pairsTested", "alarm", "pValue", "alpha", "groups": [[player ids]],
          "suspects", "evidence": [...], "topPairs": [...] }: accounts betting the same spot in the same round
          within 500 ms more often than independent players with their own habits would (Poisson-binomial per
          pair, Bonferroni over the pairs), merged into groups, with their co-bets and tables.`;

/** The American wheel, 00 given as 37. */
const AMERICAN_ORDER = [0, 28, 9, 26, 30, 11, 7, 20, 32, 17, 5, 22, 34, 15, 3, 24, 36, 13, 1, 37, 27, 10, 25, 29, 12, 8, 19, 31, 18, 6, 21, 33, 16, 4, 23, 35, 14, 2];

function bad(io: CliIo, code: string, message: string): typeof EXIT.usage {
  line(io.stderr, `felt integrity: ${message} [${code}]`);
  return EXIT.usage;
}

/** Reads `felt integrity player`'s format (HELP) into the detector's rounds. */
function playerRounds(lines: readonly string[], decks: number): { ok: true; rounds: integrity.CountedRound[] } | { ok: false; code: string; message: string } {
  const rounds: { shoe: string; trueCount: number; pairChance: number; stakes: Record<string, number>; sideStakes: Record<string, number> }[] = [];
  let shoe = 0;
  let count = new integrity.ShoeCount(decks);
  let current: (typeof rounds)[number] | null = null;
  const stake = (x: string | undefined): number | null => (x !== undefined && /^\d+$/.test(x) && Number(x) > 0 && Number.isSafeInteger(Number(x)) ? Number(x) : null);
  for (const [i, raw] of lines.entries()) {
    const l = raw.replace(/#.*$/, '').trim();
    if (l === '') continue;
    if (l === '---') {
      shoe++;
      count = new integrity.ShoeCount(decks);
      current = null;
      continue;
    }
    if (l === 'round') {
      current = { shoe: `s${shoe}`, trueCount: count.trueCount, pairChance: count.pairChance, stakes: {}, sideStakes: {} };
      rounds.push(current);
      continue;
    }
    const words = l.split(/\s+/);
    if (words[0] === 'bet') {
      const [, player, main, pair, extra] = words;
      const m = stake(main);
      if (current === null) return { ok: false, code: 'INVALID_LINE', message: `line ${i + 1}: a bet before any "round" line` };
      if (player === undefined || m === null || (pair !== undefined && stake(pair) === null) || extra !== undefined) return { ok: false, code: 'INVALID_LINE', message: `line ${i + 1}: expected "bet <player> <stake> [pair stake]" with whole positive minor units, got "${l}"` };
      current.stakes[player] = (current.stakes[player] ?? 0) + m;
      if (pair !== undefined) current.sideStakes[player] = (current.sideStakes[player] ?? 0) + stake(pair)!;
      continue;
    }
    const c = parseCard(l);
    if (!c.ok) return { ok: false, code: 'INVALID_CARD', message: `line ${i + 1}: "${l}" is neither "---", "round", "bet …" nor a card: ${c.violation.message}` };
    count.see(c.value);
  }
  return { ok: true, rounds };
}

export const integrityCommand: CliCommand = {
  summary: 'integrity monitors on an export: wheel bias, shoe composition, advantage play, poker collusion and bots, shared betting patterns (JSON report)',
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
    if (what === 'player') {
      const decks = intFlag('decks', parsed.values.decks, 1);
      if (!decks.ok) return bad(io, 'USAGE', decks.message);
      const rounds = playerRounds(lines, decks.value ?? 8);
      if (!rounds.ok) return bad(io, rounds.code, rounds.message);
      if (rounds.rounds.length === 0) return bad(io, 'NO_INPUT', 'no rounds on stdin');
      const reports = integrity.advantagePlay(rounds.rounds);
      line(io.stdout, JSON.stringify({ players: reports.length, rounds: rounds.rounds.length, alarm: reports.some((r) => r.alarm), pValue: Math.min(1, ...reports.map((r) => r.pValue)), alpha: integrity.ADVANTAGE_PLAY_DEFAULTS.alpha, suspects: reports.filter((r) => r.alarm).map((r) => r.playerId), reports }, null, 2));
      return EXIT.ok;
    }
    if (what === 'poker') {
      const hands: integrity.PokerHandRecord[] = [];
      const connections: integrity.PokerConnection[] = [];
      const read = jsonLines(lines, 'one hand or connection');
      if (!read.ok) return bad(io, read.code, read.message);
      for (const { line: n, value: item } of read.items) {
        const conn = (item as { connection?: unknown } | null)?.connection;
        if (conn !== undefined) {
          const c = conn as { player?: unknown; ip?: unknown; device?: unknown } | null;
          const str = (x: unknown): x is string => typeof x === 'string' && x !== '';
          if (c === null || typeof c !== 'object' || !str(c.player) || (!str(c.ip) && !str(c.device)) || (c.ip !== undefined && !str(c.ip)) || (c.device !== undefined && !str(c.device))) return bad(io, 'INVALID_LINE', `line ${n}: a connection needs "player" and an "ip" and/or a "device" (non-empty strings)`);
          connections.push({ playerId: c.player, ip: str(c.ip) ? c.ip : null, device: str(c.device) ? c.device : null });
          continue;
        }
        const rec = integrity.pokerHandRecordFromEvents('table', item);
        if (!rec.ok) return bad(io, 'INVALID_HAND', `line ${n}: ${rec.violation.code}${rec.violation.ruleId ? ` (${rec.violation.ruleId})` : ''}: ${rec.violation.message}`);
        hands.push(rec.value);
      }
      if (hands.length === 0) return bad(io, 'NO_INPUT', 'no hands on stdin');
      const r = integrity.pokerIntegrity(hands, connections);
      line(io.stdout, JSON.stringify(r, null, 2));
      return EXIT.ok;
    }
    if (what === 'patterns') {
      const read = patternBets(lines);
      if (!read.ok) return bad(io, read.code, read.message);
      if (read.bets.length === 0) return bad(io, 'NO_INPUT', 'no bets on stdin');
      line(io.stdout, JSON.stringify(patternsOutput(integrity.sharedPatterns(read.bets)), null, 2));
      return EXIT.ok;
    }
    return bad(io, 'USAGE', what === undefined ? 'say what to check: wheel, shoe, player, poker or patterns' : `unknown monitor "${what}" (wheel, shoe, player, poker or patterns)`);
  },
};
