#!/usr/bin/env node
// The `felt` executable: runs the built CLI (apps/cli/dist, from `npm run build` or `npx tsc -b tsconfig.build.json`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  // Issue 12 point 6: `npx felt …` before a build says how to build instead of a module-not-found trace.
  process.stderr.write(
    'felt: the CLI is not built yet (apps/cli/dist is missing).\n' +
      '      Build it first from the repository root:  npm run build   (or only the TypeScript: npx tsc -b tsconfig.build.json)\n' +
      '      then run:  npx felt --help\n',
  );
  process.exit(1);
}

const { run } = await import(entry.href);
process.exitCode = await run(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
// A command has returned: whatever a library left open (a reconnecting client, a timer) must not keep
// the process alive past this point (`felt studio` stops within 5 s of Ctrl-C). Unref'd: a process that
// exits by itself is not delayed.
globalThis.setTimeout(() => process.exit(), 300).unref();
