// Process entry for running from source (`npx tsx apps/cli/src/cli.ts …`); bin/felt.js does the same from dist.
import { run } from './main.js';

process.exitCode = await run(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
