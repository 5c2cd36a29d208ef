import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandArgs } from '../kit/args.js';
import type { CliCommand } from '../kit/command.js';
import { EXIT, line } from '../kit/io.js';
import { adminClient, describe, readEnvFile } from './env-file.js';
import { aclFile, passwordFile, serverPasswordFile, type DeviceUser } from './mosquitto-auth.js';

const HELP = `Usage: felt mqtt-auth --server-url <url> [--env deploy/felt.env] [--out deploy/mqtt] [--root felt/v1]

For an external Mosquitto (issue 9 finding 1): issues a fresh credential for every device of every
table of the running server (rotation: earlier device secrets stop working), and writes
  <out>/passwd          Mosquitto password_file (PBKDF2-SHA512 $7$): the server's login + every device
  <out>/acl             Mosquitto acl_file: a device writes only its own events/status/acks and reads
                        only its own commands; the server reads/writes <root>/#
  <out>/devices.json    {"<tableId>/<deviceId>": {username, password}} for the edge agents' configs
                        ("credentials") and \`felt studio --device-credentials\`. Mode 0600.
Then reload Mosquitto (\`docker compose kill -s HUP mosquitto\`). The server's login and the admin
login come from the env file written by \`felt secrets\`.`;

export const mqttAuthCommand: CliCommand = {
  summary: 'issue device credentials and write the Mosquitto password file + ACL for them',
  help: HELP,
  async run(args, io) {
    const p = parseCommandArgs(args, { 'server-url': { type: 'string' }, env: { type: 'string' }, out: { type: 'string' }, root: { type: 'string' } });
    if (!p.ok) {
      line(io.stderr, `felt mqtt-auth: ${p.message}\n\n${HELP}`);
      return EXIT.usage;
    }
    if (p.values.help === true) {
      line(io.stdout, HELP);
      return EXIT.ok;
    }
    const serverUrl = p.values['server-url'];
    if (typeof serverUrl !== 'string') {
      line(io.stderr, `felt mqtt-auth: --server-url is required\n\n${HELP}`);
      return EXIT.usage;
    }
    const out = typeof p.values.out === 'string' ? p.values.out : 'deploy/mqtt';
    const root = typeof p.values.root === 'string' ? p.values.root : 'felt/v1';
    try {
      const env = { ...process.env, ...readEnvFile(typeof p.values.env === 'string' ? p.values.env : 'deploy/felt.env') };
      const serverUser = env['MQTT_USERNAME'];
      const serverPassword = env['MQTT_PASSWORD'];
      if (!serverUser || !serverPassword) throw new Error('the env file has no MQTT_USERNAME / MQTT_PASSWORD (run felt secrets)');
      const admin = await adminClient(serverUrl, env);
      const devices: DeviceUser[] = [];
      for (const t of await admin.listTables()) {
        for (const d of t.devices) {
          const c = await admin.issueDeviceCredential(t.tableId, d.deviceId, 'felt mqtt-auth');
          devices.push({ username: c.username, password: c.password, tableId: t.tableId, deviceId: d.deviceId });
        }
      }
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'passwd'), passwordFile([{ username: serverUser, password: serverPassword }, ...devices]), { mode: 0o644 });
      writeFileSync(join(out, 'passwd-server'), serverPasswordFile({ username: serverUser, password: serverPassword }), { mode: 0o644 });
      writeFileSync(join(out, 'acl'), aclFile(serverUser, devices, root), { mode: 0o644 });
      writeFileSync(join(out, 'devices.json'), `${JSON.stringify(Object.fromEntries(devices.map((d) => [d.username, { username: d.username, password: d.password }])), null, 2)}\n`, { mode: 0o600 });
      line(io.stdout, `issued ${devices.length} device credential(s); wrote ${join(out, 'passwd')}, ${join(out, 'acl')}, ${join(out, 'devices.json')}`);
      line(io.stdout, 'reload the broker: docker compose kill -s HUP mosquitto');
      return EXIT.ok;
    } catch (e) {
      line(io.stderr, `felt mqtt-auth: ${describe(e)}`);
      return EXIT.usage;
    }
  },
};
