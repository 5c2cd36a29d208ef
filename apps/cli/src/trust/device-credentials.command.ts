import { parseCommandArgs } from '../kit/args.js';
import type { CliCommand } from '../kit/command.js';
import { EXIT, line } from '../kit/io.js';
import { adminClient, describe, readEnvFile } from './env-file.js';

const HELP = `Usage: felt device-credentials issue  --server-url <url> --table <tableId> --device <deviceId> [--reason <text>] [--env <file>]
       felt device-credentials rotate --server-url <url> --table <tableId> --device <deviceId> [--reason <text>] [--env <file>]
       felt device-credentials list   --server-url <url> --table <tableId> [--env <file>]
       felt device-credentials revoke --server-url <url> --table <tableId> --device <deviceId> [--reason <text>] [--env <file>]

Per-device MQTT credentials issued by the server (issue 9 finding 1). issue/rotate print the new
{username, password} once as JSON (rotating makes the old secret stop working at once); list shows
usernames and dates, never secrets. Logs in as FELT_ADMIN_USER / FELT_ADMIN_PASSWORD (environment,
or the env file written by \`felt secrets\` with --env).`;

export const deviceCredentialsCommand: CliCommand = {
  summary: 'issue, rotate, list or revoke a device’s MQTT credential (admin, against a running server)',
  help: HELP,
  async run(args, io) {
    const p = parseCommandArgs(args, { 'server-url': { type: 'string' }, table: { type: 'string' }, device: { type: 'string' }, reason: { type: 'string' }, env: { type: 'string' } });
    if (!p.ok) {
      line(io.stderr, `felt device-credentials: ${p.message}\n\n${HELP}`);
      return EXIT.usage;
    }
    if (p.values.help === true) {
      line(io.stdout, HELP);
      return EXIT.ok;
    }
    const [action] = p.positionals;
    const serverUrl = p.values['server-url'];
    const table = p.values.table;
    const device = p.values.device;
    const reason = typeof p.values.reason === 'string' ? p.values.reason : `felt device-credentials ${action ?? ''}`;
    const needsDevice = action === 'issue' || action === 'rotate' || action === 'revoke';
    if (!['issue', 'rotate', 'list', 'revoke'].includes(action ?? '') || typeof serverUrl !== 'string' || typeof table !== 'string' || (needsDevice && typeof device !== 'string')) {
      line(io.stderr, `felt device-credentials: needs an action (issue|rotate|list|revoke), --server-url, --table${needsDevice ? ' and --device' : ''}\n\n${HELP}`);
      return EXIT.usage;
    }
    try {
      const env = typeof p.values.env === 'string' ? { ...process.env, ...readEnvFile(p.values.env) } : process.env;
      const admin = await adminClient(serverUrl, env);
      const out =
        action === 'list'
          ? await admin.listDeviceCredentials(table)
          : action === 'revoke'
            ? await admin.revokeDeviceCredential(table, device as string, reason)
            : await admin.issueDeviceCredential(table, device as string, reason);
      line(io.stdout, JSON.stringify(out, null, 2));
      return EXIT.ok;
    } catch (e) {
      line(io.stderr, `felt device-credentials: ${describe(e)}`);
      return EXIT.usage;
    }
  },
};
