#!/usr/bin/env node
// Runs a command on the Node the project is built for (issue 22 §13: Node 24, the current LTS; Node 20
// reached end of life on 2026-04-30). Plain JavaScript that any Node ≥ 18 can run.
//
//   node scripts/node-lts.mjs CMD [ARGS…]   run CMD (a program on PATH, e.g. `vitest`, or `node`) on Node 24
//   node scripts/node-lts.mjs --bin         print the bin folder of a Node ≥ 24 (for `PATH=…:$PATH`)
//
// When the `node` running this is already ≥ 24 it is used as it is. Otherwise the pinned Node below is
// installed once from the npm registry as the `node-<os>-<arch>` package (the official binary, like any
// other npm dependency — `npm install`, no other download) into a cache folder, and CMD runs with that
// Node's bin first on PATH, so CMD's `#!/usr/bin/env node` and every `node` it starts use it too.
// The cache: $FELT_NODE_CACHE, else $XDG_CACHE_HOME/felt-node, else ~/.cache/felt-node (docs/operations.md).
// FELT_SYSTEM_NODE=1 runs CMD on the `node` at hand whatever its version (unsupported below 24; `npm start`
// was seen to boot on Node 20.20, the test runner vitest 5 needs ≥ 22.12).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/** The pinned Node 24 for machines whose `node` is older (the image uses `node:24-bookworm-slim`; `engines` says >=24). */
export const NODE_VERSION = '24.21.0';
const MIN_MAJOR = 24;

const major = Number(process.versions.node.split('.')[0]);

function cacheDir() {
  if (process.env.FELT_NODE_CACHE) return process.env.FELT_NODE_CACHE;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'felt-node');
}

function packageName() {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!os || !arch) throw new Error(`node-lts: no Node ${NODE_VERSION} package for ${process.platform}/${process.arch}: install Node ≥ ${MIN_MAJOR} yourself`);
  return `node-${os}-${arch}`;
}

/** The bin folder of a Node ≥ 24: this one's, or the pinned one's (installed on first use). */
function nodeBin() {
  if (major >= MIN_MAJOR) return null;
  if (process.env.FELT_SYSTEM_NODE === '1') {
    process.stderr.write(`node-lts: FELT_SYSTEM_NODE=1: running on Node ${process.versions.node}, which this project does not support (Node ≥ ${MIN_MAJOR})\n`);
    return null;
  }
  const pkg = packageName();
  const dir = join(cacheDir(), `${NODE_VERSION}-${process.platform}-${process.arch}`);
  const bin = join(dir, 'node_modules', pkg, 'bin');
  const exe = join(bin, process.platform === 'win32' ? 'node.exe' : 'node');
  if (existsSync(exe)) return bin;
  process.stderr.write(`node-lts: Node ${process.versions.node} is older than ${MIN_MAJOR}: installing Node ${NODE_VERSION} (npm package ${pkg}) into ${dir}\n`);
  // into a fresh folder first, then renamed: an interrupted install never looks complete
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const npm = process.env.npm_execpath; // set when run from an npm script: the npm that runs us
  const args = ['install', '--prefix', tmp, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${NODE_VERSION}`];
  if (npm && npm.endsWith('.js')) execFileSync(process.execPath, [npm, ...args], { stdio: ['ignore', 2, 2] });
  else execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { stdio: ['ignore', 2, 2] });
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  if (!existsSync(exe)) throw new Error(`node-lts: ${pkg}@${NODE_VERSION} installed no ${exe}`);
  return bin;
}

const [first, ...rest] = process.argv.slice(2);
if (first === '--bin') {
  process.stdout.write(`${nodeBin() ?? join(process.execPath, '..')}\n`);
} else if (!first) {
  process.stderr.write('usage: node scripts/node-lts.mjs CMD [ARGS…] | --bin\n');
  process.exit(2);
} else {
  const bin = nodeBin();
  const env = bin ? { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` } : process.env;
  const child = spawn(first, rest, { stdio: 'inherit', env, shell: process.platform === 'win32' });
  // Ctrl-C reaches the child through the terminal's process group; a plain kill of this wrapper is passed on
  for (const sig of ['SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  process.on('SIGINT', () => {});
  child.on('error', (e) => {
    process.stderr.write(`node-lts: cannot run ${first}: ${e.message}\n`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
}
