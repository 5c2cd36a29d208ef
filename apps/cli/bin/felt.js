#!/usr/bin/env node
// The `felt` executable: runs the built CLI (apps/cli/dist, from `npx tsc -b tsconfig.build.json`).
import { run } from '../dist/main.js';

process.exitCode = await run(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
