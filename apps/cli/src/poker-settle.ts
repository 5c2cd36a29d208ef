import { poker, pokerTable } from '@felt-studio/games';
import { EXIT, line, type CliIo, type ExitCode } from './kit/io.js';
import { renderTable } from './table.js';

type VariantId = pokerTable.VariantId;
type HandState = pokerTable.HandState;

/** `felt settle poker-<variant>`: the live poker games where players play each other (issue 11). */
export const POKER_SETTLE_GAMES: readonly string[] = pokerTable.VARIANT_IDS.map((v) => `poker-${v}`);

export const POKER_SETTLE_HELP = `Poker where players play each other (issue 11): felt settle poker-<variant> [--json] < hand.json
  variants: ${pokerTable.VARIANT_IDS.join(' | ')}
  input:   { "table": { "structure": "no-limit", "smallBlindMinor": 50, "bigBlindMinor": 100, … },
             "button": 4, "seats": [ { "seat": 1, "playerId": "ann", "stackMinor": 10000 } … ],
             "cards": { "1": ["AH", "AD"], … },   (each seat's cards in dealing order; draw replacements after the five)
             "board": ["2C", "7D", "9H", "JS", "3S"],
             "actions": [ { "seat": 3, "action": "raise", "toMinor": 300 }, { "seat": 1, "action": "call" },
                          { "seat": 2, "action": "draw", "discards": ["2C"] }, { "seat": 4, "action": "timeout" },
                          { "action": "void", "reason": "server failure" } ] }
  or:      the body of GET /poker-tables/<table>/hands/<hand>/events as the pit boss gets it once the hand is
           over ({ handId, table, events }, every card shown): the logged commands are applied in order
           and the result must match the logged hand-ended (POKER_REPLAY_MISMATCH otherwise).
  The hand is laid out again through the same state machine the tables run (GEN-8) and every pot is
  printed with who won it and the rake it paid (in proportion to its chips, PT-RAKE-ALLOC). Unknown
  fields and invalid values are refused (POKER_INVALID_CONFIG for table settings, POKER_REPLAY_INPUT).`;

const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

export function isPokerSettleGame(game: string | undefined): game is string {
  return game !== undefined && POKER_SETTLE_GAMES.includes(game);
}

export function settlePoker(game: string, input: unknown, json: boolean, io: CliIo): ExitCode {
  const variant = game.slice('poker-'.length) as VariantId;
  // GEN-8: either a hand written out by hand, or the events of a table's hand as the pit boss fetches them
  const r = pokerTable.isHandEventsInput(input) ? replayEvents(variant, input) : replayWritten(variant, input);
  if (!r.ok) {
    const v = r.violation;
    line(io.stderr, `felt settle: invalid ${game} hand: ${v.message}`);
    line(io.stderr, `  code ${v.code}${v.ruleId ? `, rule ${v.ruleId}` : ''}`);
    return EXIT.usage;
  }
  const s = r.value;
  const res = s.result;
  if (!res) {
    line(io.stderr, `felt settle: the ${game} hand did not finish (code POKER_REPLAY_INCOMPLETE, rule GEN-8)`);
    return EXIT.usage;
  }
  if (json) {
    line(io.stdout, JSON.stringify({ game, variant, result: res.type, rakeMinor: res.rakeMinor, pots: res.pots, awards: res.awards, seats: res.seats, shown: res.shown.map((x) => ({ ...x, cards: x.cards.map((c) => poker.cardCode(c)) })), board: s.board.map((c) => poker.cardCode(c)), rules: res.rules }, null, 2));
    return EXIT.ok;
  }
  printHand(game, s, io);
  return EXIT.ok;
}

function replayEvents(variant: VariantId, input: unknown): ReturnType<typeof pokerTable.replayHandEvents> {
  const parsed = pokerTable.parseHandEvents(variant, input);
  return parsed.ok ? pokerTable.replayHandEvents(parsed.value) : parsed;
}

function replayWritten(variant: VariantId, input: unknown): ReturnType<typeof pokerTable.replayHand> {
  const parsed = pokerTable.parseReplayInput(variant, input);
  return parsed.ok ? pokerTable.replayHand(parsed.value) : parsed;
}

function printHand(game: string, s: HandState, io: CliIo): void {
  const res = s.result as NonNullable<HandState['result']>;
  line(io.stdout, `${game} — ${s.variant.name}, ${s.config.structure}${res.type === 'void' ? ' — VOID (S1-FAIL-RING: contributions returned)' : ''}`);
  if (s.board.length > 0) line(io.stdout, `board: ${s.board.map((c) => poker.cardCode(c)).join(' ')}`);
  line(io.stdout);
  if (res.shown.length > 0) {
    line(io.stdout, 'showdown (in showing order):');
    line(io.stdout, renderTable(['seat', 'cards', 'high', 'low'], res.shown.map((x) => [String(x.seat), x.cards.map((c) => poker.cardCode(c)).join(' '), x.high, x.low ?? ''])));
    line(io.stdout);
  }
  if (res.pots.length > 0) {
    // issue 24: every pot is listed (main pot first), with the rake it paid (PT-RAKE-ALLOC), even one nobody is paid from
    const potName = (i: number): string => (i === 0 ? 'main pot' : `side pot ${i}`);
    const rows: string[][] = [];
    for (const p of res.pots) {
      const rake = String(p.rakeMinor ?? 0);
      const parts = res.awards.filter((a) => a.pot === p.index);
      if (parts.length === 0) rows.push([potName(p.index), '-', String(p.amountMinor), p.eligible.join(','), 'nobody (nothing left after the rake)', rake]);
      for (const [k, a] of parts.entries()) rows.push([potName(p.index), a.part, String(a.amountMinor), a.eligible.join(','), a.shares.map(([seat, x]) => `seat ${seat}: ${x}`).join(', '), k === 0 ? rake : '']);
    }
    line(io.stdout, renderTable(['pot', 'part', 'amount', 'eligible', 'won by', 'rake'], rows, new Set([2, 5])));
    line(io.stdout);
  }
  line(io.stdout, renderTable(['seat', 'player', 'put in', 'won', 'net', 'stack'], res.seats.map((x) => [String(x.seat), x.playerId, String(x.inMinor), String(x.wonMinor), signed(x.netMinor), String(x.stackMinor)]), new Set([2, 3, 4, 5])));
  const inTotal = res.seats.reduce((a, x) => a + x.inMinor, 0);
  const outTotal = res.seats.reduce((a, x) => a + x.wonMinor, 0);
  line(io.stdout);
  line(io.stdout, `chips in ${inTotal} = chips out ${outTotal} + rake ${res.rakeMinor} (minor units)`);
}
