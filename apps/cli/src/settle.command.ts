import { gameKernel, globalStakeCeiling, type Settlement, type SettlementLine } from '@felt-studio/games';
import { parseCommandArgs, resolveGame, resolveProfile, toolGames } from './kit/args.js';
import type { CliCommand } from './kit/command.js';
import { EXIT, line, readAll, type CliIo } from './kit/io.js';
import { renderTable } from './table.js';
import { isPokerSettleGame, POKER_SETTLE_HELP, settlePoker } from './poker-settle.js';

const HELP = `Usage: felt settle <game> [--profile <name>] [--json] < round.json

Settle a round offline (the dispute tool, GEN-8): reads the outcome and the bets as JSON on stdin and
prints every bet's result and payout. The input format of each game is in apps/cli/README.md, e.g.
  echo '{"dice":[1,2,3],"bets":[{"spot":"small","stakeMinor":1000}]}' | felt settle sicbo

  <game>            ${toolGames()}
  --profile <name>  rule profile (default: the game's default profile)
  --json            print the Settlement as JSON:
                      { "roundId", "voided", "houseResultMinor",
                        "lines": [ { "betId", "playerId", "stakeMinor", "returnMinor", "outcome", "rules" } ] }

${POKER_SETTLE_HELP}

Exit codes: 0 settled; 2 malformed JSON, invalid input (the message names the rule ID and code), or an
unknown game/profile/flag.`;

/** The input's `spot` of a line, when the input has a `bets` array we can match (display only). */
function spotsOf(input: unknown, lines: readonly SettlementLine[]): (string | undefined)[] {
  const bets = typeof input === 'object' && input !== null && 'bets' in input && Array.isArray(input.bets) ? (input.bets as unknown[]) : [];
  const spotOf = (b: unknown): string | undefined => (typeof b === 'object' && b !== null && 'spot' in b && typeof b.spot === 'string' ? b.spot : undefined);
  const byId = new Map<string, string | undefined>();
  for (const b of bets) if (typeof b === 'object' && b !== null && 'betId' in b && typeof b.betId === 'string') byId.set(b.betId, spotOf(b));
  return lines.map((l, i) => (byId.has(l.betId) ? byId.get(l.betId) : bets.length === lines.length ? spotOf(bets[i]) : undefined));
}

function printSettlement(s: Settlement, input: unknown, game: string, profile: string, io: CliIo): void {
  line(io.stdout, `${game} — profile ${profile}${s.voided ? ' — VOIDED (every bet refunded)' : ''}`);
  line(io.stdout);
  const spots = spotsOf(input, s.lines);
  const rows = s.lines.map((l, i) => [l.betId, l.playerId, spots[i] ?? '', String(l.stakeMinor), String(l.returnMinor), signed(l.returnMinor - l.stakeMinor), l.outcome, l.rules.join(',')]);
  line(io.stdout, renderTable(['bet', 'player', 'spot', 'stake', 'return', 'net', 'outcome', 'rules'], rows, new Set([3, 4, 5])));
  const stake = s.lines.reduce((a, l) => a + l.stakeMinor, 0);
  const ret = s.lines.reduce((a, l) => a + l.returnMinor, 0);
  line(io.stdout);
  line(io.stdout, `total stake ${stake}, total return ${ret}, house result ${signed(s.houseResultMinor)} (minor units)`);
}

/**
 * D-1: the highest stake the offline tool settles for a game profile (stake × the highest payout stays
 * an exact integer): the referee's ceiling where the game is on the referee, else a conservative one.
 */
export function offlineStakeCeiling(game: string, profileId: string): number {
  const k = gameKernel(game);
  const p = k?.definition.profiles[profileId];
  return k && p ? k.stakeCeiling(p) : globalStakeCeiling(1000);
}

/** The first bet whose stake is a number above the ceiling (validated before any arithmetic). */
function stakeTooLarge(input: unknown, ceiling: number): { index: number; stakeMinor: number } | null {
  const bets = typeof input === 'object' && input !== null && 'bets' in input && Array.isArray(input.bets) ? (input.bets as unknown[]) : [];
  for (let i = 0; i < bets.length; i++) {
    const b = bets[i];
    const stake = typeof b === 'object' && b !== null && 'stakeMinor' in b ? b.stakeMinor : undefined;
    if (typeof stake === 'number' && stake > ceiling) return { index: i, stakeMinor: stake };
  }
  return null;
}

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

export const settleCommand: CliCommand = {
  summary: 'settle a round offline from JSON on stdin (dispute tool)',
  help: HELP,
  async run(args, io) {
    const parsed = parseCommandArgs(args, { profile: { type: 'string', short: 'p' }, json: { type: 'boolean' } });
    if (!parsed.ok) return usage(io, parsed.message);
    if (parsed.values.help === true) {
      line(io.stdout, HELP);
      return EXIT.ok;
    }
    if (parsed.positionals.length > 1) return usage(io, `unexpected argument "${parsed.positionals[1]}"`);
    const first = parsed.positionals[0];
    if (isPokerSettleGame(first)) {
      if (parsed.values.profile !== undefined) return usage(io, `${first} takes its table settings from the input's "table", not --profile`);
      const read = await readJsonStdin(io, `no input: pipe the hand JSON on stdin (felt settle ${first} < hand.json)`);
      if (!read.ok) return read.exit;
      return settlePoker(first, read.input, parsed.values.json === true, io);
    }
    const game = resolveGame(parsed.positionals[0]);
    if (!game.ok) return usage(io, game.message);
    const profile = resolveProfile(game.value, parsed.values.profile);
    if (!profile.ok) return usage(io, profile.message);
    const read = await readJsonStdin(io, 'no input: pipe the round JSON on stdin (felt settle <game> < round.json)');
    if (!read.ok) return read.exit;
    const input = read.input;
    const ceiling = offlineStakeCeiling(game.value.id, profile.value);
    const big = stakeTooLarge(input, ceiling);
    if (big) {
      line(io.stderr, `felt settle: invalid ${game.value.id} input: bets[${big.index}] stakes ${big.stakeMinor}; at most ${ceiling} minor units (stake × the highest payout must stay an exact integer).`);
      line(io.stderr, `  code STAKE_TOO_LARGE, rule D-1`);
      return EXIT.usage;
    }
    let result: ReturnType<typeof game.value.settleOffline>;
    try {
      result = game.value.settleOffline(profile.value, input);
    } catch (e: unknown) {
      // never a stack trace for any input: a coded message (the rules layer should have returned a violation)
      line(io.stderr, `felt settle: could not settle this ${game.value.id} input: ${e instanceof Error ? e.message : String(e)}`);
      line(io.stderr, '  code INTERNAL, rule GEN-8');
      return EXIT.usage;
    }
    if (!result.ok) {
      const v = result.violation;
      line(io.stderr, `felt settle: invalid ${game.value.id} input: ${v.message}`);
      line(io.stderr, `  code ${v.code}${v.ruleId ? `, rule ${v.ruleId}` : ''}${v.details ? `, details ${JSON.stringify(v.details)}` : ''}`);
      return EXIT.usage;
    }
    if (parsed.values.json === true) line(io.stdout, JSON.stringify(result.value, null, 2));
    else printSettlement(result.value, input, game.value.id, profile.value, io);
    return EXIT.ok;
  },
};

/** The JSON piped on stdin; nothing piped or malformed JSON is a usage error (said on stderr). */
async function readJsonStdin(io: CliIo, noInput: string): Promise<{ readonly ok: true; readonly input: unknown } | { readonly ok: false; readonly exit: typeof EXIT.usage }> {
  const text = await readAll(io.stdin);
  if (text === null || text.trim() === '') return { ok: false, exit: usage(io, noInput) };
  try {
    return { ok: true, input: JSON.parse(text) as unknown };
  } catch (e: unknown) {
    line(io.stderr, `felt settle: malformed JSON on stdin: ${e instanceof Error ? e.message : String(e)}`);
    return { ok: false, exit: EXIT.usage };
  }
}

function usage(io: CliIo, message: string): typeof EXIT.usage {
  line(io.stderr, `felt settle: ${message}`);
  line(io.stderr, 'Usage: felt settle <game> [--profile <name>] [--json] < round.json   (felt settle --help)');
  return EXIT.usage;
}
