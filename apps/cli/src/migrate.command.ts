import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliCommand } from './kit/command.js';
import { EXIT, line } from './kit/io.js';

const HELP = `Usage: felt migrate

Applies the database migrations this build needs, once, and exits (issue 22 §11): the deployment's
migration step (the Kubernetes migration Job, the compose "migrate" service). On PostgreSQL
(DATABASE_URL) it holds an advisory lock, so instances booting at the same time never race it; start
the instances with FELT_MIGRATE_ON_BOOT=0 and they refuse to run on a schema that is behind. Without
DATABASE_URL it migrates the embedded PGlite under FELT_DATA_DIR (default .felt-data/).
Prints {"migrated":[names…]} (empty when the schema was current). Exit 0, 1 on failure.`;

export const migrateCommand: CliCommand = {
  summary: 'apply the database migrations once (the deployment step before the instances start)',
  help: HELP,
  async run(args, io) {
    if (args.includes('--help') || args.includes('-h')) {
      line(io.stdout, HELP);
      return EXIT.ok;
    }
    if (args.length > 0) {
      line(io.stderr, `felt migrate: unexpected arguments ${args.join(' ')}\n\n${HELP}`);
      return EXIT.usage;
    }
    const entry = join(dirname(fileURLToPath(import.meta.resolve('@felt-studio/studio-server'))), 'migrate.js');
    if (!existsSync(entry)) {
      line(io.stderr, `felt migrate: the studio server is not built (${entry} is missing): run \`npm run build\` first`);
      return EXIT.internal;
    }
    // The server's own entry (NestJS/TypeORM sources need their decorator metadata; the CLI stays light).
    const child = spawn(process.execPath, [entry], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (b: Buffer) => io.stdout.write(b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => io.stderr.write(b.toString('utf8')));
    const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
    return code === 0 ? EXIT.ok : EXIT.internal;
  },
};
