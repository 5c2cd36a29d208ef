/**
 * Issue 12 point 6: Ctrl-C (SIGINT to the process group) and SIGTERM stop `felt studio` and its server
 * within 5 s, leaving nothing running (no server process, no listening port). Runs the BUILT CLI
 * (bin/felt.js → dist), as a user does: `tsc -b` brings apps/cli and its references up to date first
 * (fast when nothing changed). `npx felt …` before a build says how to build.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const BIN = join(ROOT, 'apps/cli/bin/felt.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

/** Every live process whose process group is `pgid` (from /proc; zombies do not count). */
function groupMembers(pgid: number): { pid: number; cmd: string }[] {
  const out: { pid: number; cmd: string }[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') out.push({ pid: Number(d), cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ') });
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

function embeddedEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FELT_DEBUG: '1' };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'MQTT_URL', 'PORT', 'MQTT_EMBEDDED_PORT', 'FELT_DATA_DIR']) delete env[k];
  return env;
}

interface Running {
  readonly child: ChildProcess;
  readonly port: number;
  readonly mqttPort: number;
  readonly output: () => string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

async function startStudio(dir: string): Promise<Running> {
  const port = await freePort();
  const mqttPort = await freePort();
  // detached: its own process group, as a terminal gives a foreground job (Ctrl-C signals the whole group)
  const child = spawn(process.execPath, [BIN, 'studio', '--port', String(port), '--mqtt-port', String(mqttPort), '--data-dir', dir, '--speed', '4'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: embeddedEnv(),
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((r) => child.once('exit', (code, signal) => r({ code, signal, at: Date.now() })));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`studio did not start in time:\n${out}`)), 150_000);
    const check = (): void => {
      if (out.includes('Felt studio is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`studio exited while starting:\n${out}`));
    });
  });
  return { child, port, mqttPort, output: () => out, exited };
}

describe('felt studio stops cleanly (issue 12 point 6)', () => {
  const dirs: string[] = [];
  const pgids: number[] = [];

  beforeAll(() => {
    // the built CLI and server, up to date with the sources (tsc -b is incremental)
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'apps/cli/tsconfig.json'], { cwd: ROOT, stdio: 'inherit' });
  }, 600_000);

  afterAll(() => {
    for (const g of pgids) {
      try {
        process.kill(-g, 'SIGKILL'); // only if a test failed and left something behind
      } catch {
        // already gone
      }
    }
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  for (const { name, signal } of [
    { name: 'Ctrl-C: SIGINT to the whole process group', signal: (pid: number) => process.kill(-pid, 'SIGINT') },
    { name: 'SIGTERM to the felt process only (docker, systemd, kill)', signal: (pid: number) => process.kill(pid, 'SIGTERM') },
  ]) {
    it(`${name}: everything is gone within 5 s, ports released`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'felt-stop-'));
      dirs.push(dir);
      const s = await startStudio(dir);
      const pid = s.child.pid ?? 0;
      pgids.push(pid);
      const before = groupMembers(pid);
      expect(before.some((p) => p.cmd.includes('studio-server/dist/main.js'))).toBe(true); // the server runs as a child
      expect(await listening(s.port)).toBe(true);
      expect(await listening(s.mqttPort)).toBe(true);

      const t0 = Date.now();
      signal(pid);
      const { code, at } = await s.exited;
      expect(at - t0, s.output()).toBeLessThan(5000);
      expect(code, s.output()).toBe(0);
      expect(s.output()).toContain('stopping…');
      // nothing left in the group (server, anything it spawned) and nothing listening
      await new Promise((r) => setTimeout(r, 200));
      expect(groupMembers(pid), s.output()).toEqual([]);
      expect(await listening(s.port)).toBe(false);
      expect(await listening(s.mqttPort)).toBe(false);
      // the server finished its own stop (not killed at the deadline)
      expect(readFileSync(join(dir, 'studio-server.log'), 'utf8')).toMatch(/"msg":"stopped"/);
    }, 240_000);
  }
});

describe('npx felt before a build (issue 12 point 6)', () => {
  it('says how to build instead of printing a stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'felt-unbuilt-'));
    try {
      mkdirSync(join(dir, 'bin'));
      copyFileSync(BIN, join(dir, 'bin/felt.js')); // the same launcher, next to no dist/
      const r = spawnSync(process.execPath, [join(dir, 'bin/felt.js'), 'studio'], { encoding: 'utf8' });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('the CLI is not built yet');
      expect(r.stderr).toContain('npm run build');
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack frames
      expect(r.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
