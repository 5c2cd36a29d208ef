import { parseCommandArgs } from './kit/args.js';
import type { CliCommand } from './kit/command.js';
import { EXIT, line } from './kit/io.js';
import { adminClient, describe, readEnvFile } from './trust/env-file.js';

const HELP = `Usage: felt reconcile --server-url <url> [--operator <id>] [--day YYYY-MM-DD] [--env <file>]

Seamless-wallet reconciliation (issue 12): for one operator (default: every operator in seamless mode) and
one UTC day (default: today), our double-entry ledger (stakes in from the operator, returns out to it)
against the operator's acknowledgements (debits, credits, rollbacks that returned money). Prints the
report as JSON; exit code 0 when every report is balanced (no difference, nothing pending or
dead-lettered), 1 otherwise. Logs in as FELT_ADMIN_USER / FELT_ADMIN_PASSWORD (environment, or the env
file written by \`felt secrets\` with --env).`;

export const reconcileCommand: CliCommand = {
  summary: 'seamless-wallet reconciliation per operator and day: our ledger against the operator’s acknowledgements (admin)',
  help: HELP,
  async run(args, io) {
    const p = parseCommandArgs(args, { 'server-url': { type: 'string' }, operator: { type: 'string' }, day: { type: 'string' }, env: { type: 'string' } });
    if (!p.ok) {
      line(io.stderr, `felt reconcile: ${p.message}\n\n${HELP}`);
      return EXIT.usage;
    }
    if (p.values.help === true) {
      line(io.stdout, HELP);
      return EXIT.ok;
    }
    const serverUrl = p.values['server-url'];
    const day = typeof p.values.day === 'string' ? p.values.day : undefined;
    if (typeof serverUrl !== 'string' || (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day))) {
      line(io.stderr, `felt reconcile: needs --server-url (and --day as YYYY-MM-DD)\n\n${HELP}`);
      return EXIT.usage;
    }
    try {
      const env = typeof p.values.env === 'string' ? { ...process.env, ...readEnvFile(p.values.env) } : process.env;
      const admin = await adminClient(serverUrl, env);
      const ids = typeof p.values.operator === 'string' ? [p.values.operator] : (await admin.listOperators()).filter((o) => o.walletMode === 'seamless').map((o) => o.operatorId);
      const reports = [];
      for (const id of ids) reports.push(await admin.operatorReconciliation(id, day));
      line(io.stdout, JSON.stringify(reports, null, 2));
      return reports.every((r) => r.balanced) ? EXIT.ok : EXIT.internal;
    } catch (e) {
      line(io.stderr, `felt reconcile: ${describe(e)}`);
      return EXIT.usage;
    }
  },
};
