import type { RtpOptions, RtpReport } from '@felt-studio/games';
import { intFlag, parseCommandArgs, resolveGame, resolveProfile, toolGames } from './kit/args.js';
import type { CliCommand } from './kit/command.js';
import { EXIT, line, type CliIo } from './kit/io.js';
import { pct, renderTable } from './table.js';

const HELP = `Usage: felt rtp <game> [--profile <name>] [--json] [--seed N] [--rounds N]

Return to player of every bet of a game's rule profile.

  <game>            ${toolGames()}
  --profile <name>  rule profile (default: the game's default profile)
  --json            print the RtpReport as JSON:
                      { "game", "profile", "rows": [ { "bet", "rtp", "houseEdge", "method",
                        "exact"?, "ci95"?, "samples"?, "note"? } ] }   (rtp/houseEdge/ci95 are fractions)
  --seed N          seed for simulated games (blackjack); recorded in the output
  --rounds N        rounds to simulate (blackjack)

Exit codes: 0 ok, 2 unknown game/profile/flag.`;

function printTable(report: RtpReport, opts: RtpOptions, io: CliIo): void {
  const simulated = report.rows.some((r) => r.method === 'simulation');
  line(io.stdout, `${report.game} — profile ${report.profile}${simulated && opts.seed !== undefined ? ` — seed ${opts.seed}` : ''}`);
  line(io.stdout);
  const rows = report.rows.map((r) => [
    r.bet,
    pct(r.rtp),
    pct(r.houseEdge),
    r.method,
    r.ci95 === undefined ? '' : `±${pct(r.ci95)}`,
    r.exact ?? (r.samples !== undefined && r.method === 'simulation' ? `n=${r.samples}` : ''),
    r.note ?? '',
  ]);
  line(io.stdout, renderTable(['bet', 'RTP %', 'house edge %', 'method', '95% CI', 'exact / samples', 'note'], rows, new Set([1, 2, 4])));
}

export const rtpCommand: CliCommand = {
  summary: 'RTP and house edge of every bet of a game profile (exact or simulated)',
  help: HELP,
  async run(args, io) {
    const parsed = parseCommandArgs(args, { profile: { type: 'string', short: 'p' }, json: { type: 'boolean' }, seed: { type: 'string' }, rounds: { type: 'string' } });
    if (!parsed.ok) return usage(io, parsed.message);
    if (parsed.values.help === true) {
      line(io.stdout, HELP);
      return EXIT.ok;
    }
    if (parsed.positionals.length > 1) return usage(io, `unexpected argument "${parsed.positionals[1]}"`);
    const game = resolveGame(parsed.positionals[0]);
    if (!game.ok) return usage(io, game.message);
    const profile = resolveProfile(game.value, parsed.values.profile);
    if (!profile.ok) return usage(io, profile.message);
    const seed = intFlag('seed', parsed.values.seed, 0);
    if (!seed.ok) return usage(io, seed.message);
    const rounds = intFlag('rounds', parsed.values.rounds, 1);
    if (!rounds.ok) return usage(io, rounds.message);
    const opts: RtpOptions = { ...(seed.value === undefined ? {} : { seed: seed.value }), ...(rounds.value === undefined ? {} : { rounds: rounds.value }) };
    let report: ReturnType<typeof game.value.rtp>;
    try {
      report = rtpOf(game.value, profile.value, opts);
    } catch (e: unknown) {
      line(io.stderr, `felt rtp: could not compute: ${e instanceof Error ? e.message : String(e)} [INTERNAL, GEN-8]`);
      return EXIT.usage;
    }
    if (!report.ok) {
      const v = report.violation;
      line(io.stderr, `felt rtp: ${v.message} [${v.code}${v.ruleId ? `, ${v.ruleId}` : ''}]`);
      return EXIT.usage;
    }
    if (parsed.values.json === true) line(io.stdout, JSON.stringify(report.value, null, 2));
    else printTable(report.value, opts, io);
    return EXIT.ok;
  },
};

/**
 * A game's RTP report is a pure function of (game, profile, options) — the exact enumerations of the banked
 * poker games take seconds — so one process computes each at most once (the CLI's own tests ask for the
 * same report as JSON and as a table).
 */
const reports = new WeakMap<object, Map<string, unknown>>();
function rtpOf<G extends { rtp(profile: P, opts: RtpOptions): R }, P, R>(game: G, profile: P, opts: RtpOptions): R {
  let byKey = reports.get(game);
  if (byKey === undefined) reports.set(game, (byKey = new Map()));
  const key = JSON.stringify([profile, opts]);
  if (!byKey.has(key)) byKey.set(key, game.rtp(profile, opts));
  return byKey.get(key) as R;
}

function usage(io: CliIo, message: string): typeof EXIT.usage {
  line(io.stderr, `felt rtp: ${message}`);
  line(io.stderr, 'Usage: felt rtp <game> [--profile <name>] [--json] [--seed N] [--rounds N]   (felt rtp --help)');
  return EXIT.usage;
}
