import { parseCommandArgs } from './kit/args.js';
import type { CliCommand } from './kit/command.js';
import { EXIT, line } from './kit/io.js';
import { adminClient, describe, readEnvFile } from './trust/env-file.js';

const HELP = `Usage: felt tips --server-url <url> [--from <time>] [--to <time>] [--table <id>] [--dealer <id>] [--env <file>]
       felt tips --server-url <url> --pay --table <id> --dealer <id> --shift-start <ms> --reason <text> [--env <file>]

Tips per dealer and shift (issue 24, TIP-4; docs/chat-and-tips.md): each tip counts for the dealer who was
at the table's console when it came; a shift is one console session (its start is the sign-in, in ms).
Without --pay: prints the report as JSON (times: ms or an ISO date; default the last 7 days).
With --pay (TIP-5): moves the ended shift's tips from tips:<table> to tips-payable:<dealer>, audited with
--reason; once per shift (a retry prints the first payout with "duplicate": true).
Logs in as FELT_ADMIN_USER / FELT_ADMIN_PASSWORD (environment, or the env file written by \`felt secrets\`).`;

/** A time as ms since the epoch, or an ISO date/time; null when neither. */
function timeOf(v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string') return null;
  if (/^\d+$/.test(v)) return Number(v);
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

export const tipsCommand: CliCommand = {
  summary: 'tips per dealer and shift (report), or pay out an ended shift to the dealer (admin, audited)',
  help: HELP,
  async run(args, io) {
    const p = parseCommandArgs(args, {
      'server-url': { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      table: { type: 'string' },
      dealer: { type: 'string' },
      pay: { type: 'boolean' },
      'shift-start': { type: 'string' },
      reason: { type: 'string' },
      env: { type: 'string' },
    });
    if (!p.ok) {
      line(io.stderr, `felt tips: ${p.message}\n\n${HELP}`);
      return EXIT.usage;
    }
    if (p.values.help === true) {
      line(io.stdout, HELP);
      return EXIT.ok;
    }
    const v = p.values;
    const serverUrl = v['server-url'];
    const from = timeOf(v.from);
    const to = timeOf(v.to);
    const shiftStart = timeOf(v['shift-start']);
    const table = typeof v.table === 'string' ? v.table : undefined;
    const dealer = typeof v.dealer === 'string' ? v.dealer : undefined;
    const pay = v.pay === true;
    if (typeof serverUrl !== 'string' || from === null || to === null || (pay && (table === undefined || dealer === undefined || typeof shiftStart !== 'number' || typeof v.reason !== 'string'))) {
      line(io.stderr, `felt tips: needs --server-url (and --table, --dealer, --shift-start and --reason with --pay); times are ms or ISO dates\n\n${HELP}`);
      return EXIT.usage;
    }
    try {
      const env = typeof v.env === 'string' ? { ...process.env, ...readEnvFile(v.env) } : process.env;
      const admin = await adminClient(serverUrl, env);
      if (pay) {
        line(io.stdout, JSON.stringify(await admin.payTips({ tableId: String(table), dealerId: String(dealer), shiftStart: Number(shiftStart), reason: String(v.reason) }), null, 2));
        return EXIT.ok;
      }
      line(io.stdout, JSON.stringify(await admin.tipsReport({ ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }), ...(table === undefined ? {} : { tableId: table }), ...(dealer === undefined ? {} : { dealerId: dealer }) }), null, 2));
      return EXIT.ok;
    } catch (e) {
      line(io.stderr, `felt tips: ${describe(e)}`);
      return EXIT.usage;
    }
  },
};
