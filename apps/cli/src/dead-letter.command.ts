import { parseCommandArgs } from './kit/args.js';
import type { CliCommand } from './kit/command.js';
import { EXIT, line } from './kit/io.js';
import { adminClient, describe, readEnvFile } from './trust/env-file.js';

const HELP = `Usage: felt dead-letter --server-url <url> --operator <id> [--retry --reason <text> [--transactions <uuid,uuid,…>]] [--env <file>]

Seamless-wallet dead letters (issue 12): the operator's wallet calls (credits, rollbacks) that exhausted
their retries and raised a SEAMLESS_DEAD_LETTER alert. Without --retry: prints them as JSON; exit 0 when
there are none, 1 otherwise. With --retry: re-queues them (the given transaction uuids, or all) with the
same transaction uuids (idempotent at the operator), audited with --reason; prints the re-queued uuids.
Logs in as FELT_ADMIN_USER / FELT_ADMIN_PASSWORD (environment, or the env file written by \`felt secrets\`).`;

export const deadLetterCommand: CliCommand = {
  summary: 'seamless-wallet dead letters of an operator: list them, or re-queue them after the operator is fixed (admin, audited)',
  help: HELP,
  async run(args, io) {
    const p = parseCommandArgs(args, { 'server-url': { type: 'string' }, operator: { type: 'string' }, retry: { type: 'boolean' }, reason: { type: 'string' }, transactions: { type: 'string' }, env: { type: 'string' } });
    if (!p.ok) {
      line(io.stderr, `felt dead-letter: ${p.message}\n\n${HELP}`);
      return EXIT.usage;
    }
    if (p.values.help === true) {
      line(io.stdout, HELP);
      return EXIT.ok;
    }
    const serverUrl = p.values['server-url'];
    const operator = p.values.operator;
    const retry = p.values.retry === true;
    const reason = p.values.reason;
    if (typeof serverUrl !== 'string' || typeof operator !== 'string' || (retry && typeof reason !== 'string')) {
      line(io.stderr, `felt dead-letter: needs --server-url and --operator (and --reason with --retry)\n\n${HELP}`);
      return EXIT.usage;
    }
    const transactions = typeof p.values.transactions === 'string' ? p.values.transactions.split(',').map((t) => t.trim()).filter((t) => t.length > 0) : undefined;
    try {
      const env = typeof p.values.env === 'string' ? { ...process.env, ...readEnvFile(p.values.env) } : process.env;
      const admin = await adminClient(serverUrl, env);
      if (retry) {
        line(io.stdout, JSON.stringify(await admin.retryOperatorDeadLetters(operator, String(reason), transactions), null, 2));
        return EXIT.ok;
      }
      const dead = await admin.operatorDeadLetters(operator);
      line(io.stdout, JSON.stringify(dead, null, 2));
      return dead.length === 0 ? EXIT.ok : EXIT.internal;
    } catch (e) {
      line(io.stderr, `felt dead-letter: ${describe(e)}`);
      return EXIT.usage;
    }
  },
};
