import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseCommandArgs } from '../kit/args.js';
import type { CliCommand } from '../kit/command.js';
import { EXIT, line } from '../kit/io.js';
import { envFileText, generateSecrets, secret } from './env-file.js';
import { aclFile, passwordFile, serverPasswordFile } from './mosquitto-auth.js';

const HELP = `Usage: felt secrets [--out deploy/felt.env] [--mqtt-dir deploy/mqtt] [--force]

Generates the secrets of a deployment (issue 9 finding 10) — none is ever in the repository:
  <out>                 JWT_SECRET, POSTGRES_PASSWORD, DATABASE_URL, MQTT_USERNAME/MQTT_PASSWORD (the
                        server's broker login), FELT_ADMIN_USER/FELT_ADMIN_PASSWORD (the first admin);
                        docker-compose reads it as env_file. Mode 0600, gitignored.
  <out dir>/grafana.env GF_SECURITY_ADMIN_PASSWORD for the Grafana of docker-compose (user admin). Mode 0600.
  <mqtt-dir>/passwd     Mosquitto password file (PBKDF2-SHA512) with the server's login only
  <mqtt-dir>/acl        Mosquitto ACL: the server reads/writes felt/v1/#; nobody else anything
Devices get their own logins later with \`felt mqtt-auth\` (against the running server).
Refuses to overwrite an existing env file without --force (overwriting rotates every secret).`;

export const secretsCommand: CliCommand = {
  summary: 'generate the deployment secrets (env file for docker compose + Mosquitto password file/ACL)',
  help: HELP,
  async run(args, io) {
    const p = parseCommandArgs(args, { out: { type: 'string' }, 'mqtt-dir': { type: 'string' }, force: { type: 'boolean' } });
    if (!p.ok) {
      line(io.stderr, `felt secrets: ${p.message}\n\n${HELP}`);
      return EXIT.usage;
    }
    if (p.values.help === true) {
      line(io.stdout, HELP);
      return EXIT.ok;
    }
    const out = typeof p.values.out === 'string' ? p.values.out : 'deploy/felt.env';
    const mqttDir = typeof p.values['mqtt-dir'] === 'string' ? p.values['mqtt-dir'] : 'deploy/mqtt';
    if (existsSync(out) && p.values.force !== true) {
      line(io.stderr, `felt secrets: ${out} exists; --force replaces (rotates) every secret in it`);
      return EXIT.usage;
    }
    const s = generateSecrets();
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, envFileText(s), { mode: 0o600 });
    const grafana = join(dirname(out), 'grafana.env');
    writeFileSync(grafana, envFileText({ GF_SECURITY_ADMIN_PASSWORD: secret(18) }), { mode: 0o600 });
    mkdirSync(mqttDir, { recursive: true });
    const server = { username: s['MQTT_USERNAME'] as string, password: s['MQTT_PASSWORD'] as string };
    writeFileSync(join(mqttDir, 'passwd'), passwordFile([server]), { mode: 0o644 });
    writeFileSync(join(mqttDir, 'passwd-server'), serverPasswordFile(server), { mode: 0o644 });
    writeFileSync(join(mqttDir, 'acl'), aclFile(server.username, []), { mode: 0o644 });
    line(io.stdout, `wrote ${out} (JWT_SECRET, POSTGRES_PASSWORD, DATABASE_URL, MQTT_USERNAME/PASSWORD, FELT_ADMIN_USER/PASSWORD)`);
    line(io.stdout, `wrote ${grafana} (Grafana admin password)`);
    line(io.stdout, `wrote ${join(mqttDir, 'passwd')}, ${join(mqttDir, 'passwd-server')} and ${join(mqttDir, 'acl')} (server login only; devices: felt mqtt-auth)`);
    return EXIT.ok;
  },
};
