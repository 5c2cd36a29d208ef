import { readFile } from 'node:fs/promises';
import { tournament as T } from '@felt-studio/games';
import { parseCommandArgs } from './kit/args.js';
import type { CliCommand } from './kit/command.js';
import { EXIT, line, readAll, type CliIo } from './kit/io.js';

const HELP = `Usage: felt tournament [<log.json>] [--json]

Replays a poker tournament from its event log (issue 24; docs/tournaments.md): the body of
GET /tournaments/<id>/log (pit boss/admin), or the bare array of its events; a file, or stdin without one.
The log is folded with the server's own pure rules and checked while it is: the terms (TRN-DEF), the chips
conserved after every hand, the finish's prizes against the published table and the places (TRN-PAY,
TRN-TIE), a cancellation's payouts against TRN-CANCEL / S1-FAIL-STT / S1-FAIL-MTT.
Prints the levels and breaks, the pit boss's pauses and added time, the busts with their places, the
tables broken and the results with the prizes (minor units of the tournament's currency).
  --json   print one JSON object (terms, levels, busts, payouts, people's actions, mismatches) instead of text
Exit 0 when the log replays, 1 when it folds but a check fails (each mismatch printed), 2 on bad input.`;

const money = (minor: number, currency: string): string => `${(minor / 100).toFixed(2)} ${currency}`;
const time = (at: number): string => new Date(at).toISOString().slice(11, 19);
const places = (a: number, b: number | null): string => (b === null || b === a ? `${a}` : `${a}–${b}`);

export const tournamentCommand: CliCommand = {
  summary: 'replay a poker tournament from its event log (levels, busts, places, payouts), checked against the rules',
  help: HELP,
  async run(args, io: CliIo) {
    const p = parseCommandArgs(args, { json: { type: 'boolean' } });
    if (!p.ok) {
      line(io.stderr, `felt tournament: ${p.message}`);
      return EXIT.usage;
    }
    const [file, ...extra] = p.positionals;
    if (extra.length > 0) {
      line(io.stderr, 'felt tournament: one log file at most');
      return EXIT.usage;
    }
    let text: string | null;
    try {
      text = file === undefined ? await readAll(io.stdin) : await readFile(file, 'utf8');
    } catch (e) {
      line(io.stderr, `felt tournament: cannot read ${file ?? 'stdin'}: ${(e as Error).message}`);
      return EXIT.usage;
    }
    if (text === null || text.trim() === '') {
      line(io.stderr, 'felt tournament: no log (give a file or pipe the JSON in) [TOURNAMENT_LOG_INVALID]');
      return EXIT.usage;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      line(io.stderr, `felt tournament: the log is not JSON: ${(e as Error).message} [TOURNAMENT_LOG_INVALID]`);
      return EXIT.usage;
    }
    const r = T.replayTournament(raw);
    if (!r.ok) {
      line(io.stderr, `felt tournament: ${r.violation.message} [${r.violation.code}]`);
      return EXIT.usage;
    }
    const { def, state: s, lines } = r.value;
    if (p.values['json'] === true) {
      line(io.stdout, JSON.stringify({ tournamentId: def.tournamentId, name: def.name, kind: def.kind, currency: def.currency, status: s.status, entries: s.entries.length, poolMinor: s.poolMinor, feesMinor: s.feesMinor, hands: r.value.hands, moves: r.value.moves, actions: r.value.actions, lines, payouts: s.payouts, mismatches: r.value.mismatches }, null, 2));
      return r.value.mismatches.length === 0 ? EXIT.ok : EXIT.internal;
    }
    const c = def.currency;
    line(io.stdout, `${def.name} (${def.tournamentId}): ${def.kind}, buy-in ${money(def.buyInMinor, c)} + fee ${money(def.feeMinor, c)}, ${def.startingStack} chips, ${def.seatsPerTable} seats a table`);
    line(io.stdout, `${r.value.registrations} entries (${new Set(s.entries.map((e) => e.playerId)).size} players), prize pool ${money(s.poolMinor, c)}, fees ${money(s.feesMinor, c)}`);
    for (const l of lines) {
      switch (l.type) {
        case 'started':
          line(io.stdout, `${time(l.at)}  started: ${l.players} players at ${l.tables} table${l.tables === 1 ? '' : 's'}`);
          break;
        case 'level':
          line(io.stdout, l.item.type === 'break' ? `${time(l.at)}  break (${Math.round(l.item.durationMs / 1000)} s)` : `${time(l.at)}  level ${l.level + 1}: blinds ${l.item.smallBlind}/${l.item.bigBlind}${l.item.ante > 0 ? ` ante ${l.item.ante}` : ''}`);
          break;
        case 'control':
          line(io.stdout, `${time(l.at)}  ${l.what}${l.ms === undefined ? '' : ` ${Math.round(l.ms / 1000)} s`} by ${l.by}: ${l.reason}`);
          break;
        case 'bust':
          line(io.stdout, `${time(l.at)}  out, place ${places(l.place, l.placeTo)}${l.entries.length > 1 ? ' (tie)' : ''}: ${l.entries.map((e) => `${e.entryId} (${e.playerId})`).join(', ')}`);
          break;
        case 'table-broken':
          line(io.stdout, `${time(l.at)}  table ${l.table} broken`);
          break;
        case 'end':
          line(io.stdout, `${time(l.at)}  ${l.how}${l.reason === null ? '' : `: ${l.reason}`} (${l.rule})`);
          break;
      }
    }
    const a = r.value.actions;
    line(io.stdout, `${r.value.hands} hands, ${r.value.moves} players moved${a.player + a.robot + a.timeout + a.absent > 0 ? `; in hands people played: ${a.player} actions by people, ${a.timeout} by the clock, ${a.robot} by robots (TRN-PLAY), ${a.absent} folds of people away (TRN-ABSENT)${a.timeBank > 0 ? `, ${a.timeBank} time-bank presses (S1-TIMEBANK)` : ''}` : ''}`);
    if (s.payouts.length > 0) {
      line(io.stdout, 'payouts:');
      const byId = new Map(s.entries.map((e) => [e.entryId, e]));
      for (const x of [...s.payouts].sort((a, b) => (a.place ?? 1e9) - (b.place ?? 1e9))) {
        if (x.amountMinor === 0) continue;
        const who = x.entryId === null ? x.playerId : `${x.entryId} (${byId.get(x.entryId)?.playerId ?? x.playerId})`;
        line(io.stdout, `  ${x.place === null ? '' : `place ${places(x.place, x.placeTo)}  `}${who}  ${x.kind} ${money(x.amountMinor, c)}  [${x.rule}]`);
      }
      line(io.stdout, `  total ${money(s.payouts.reduce((a, x) => a + x.amountMinor, 0), c)}`);
    }
    for (const m of r.value.mismatches) line(io.stderr, `felt tournament: MISMATCH ${m}`);
    return r.value.mismatches.length === 0 ? EXIT.ok : EXIT.internal;
  },
};
