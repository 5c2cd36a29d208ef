import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The studio server as a child process (`node apps/studio-server/dist/main.js`: run `npm run build`
 * first), so a drill can kill it with SIGKILL and start it again on the same database, queue prefix and
 * MQTT client id.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private out = '';

  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  logs(): string {
    return this.out;
  }

  async start(timeoutMs = 90_000): Promise<number> {
    const t0 = Date.now();
    const from = this.out.length;
    const child = spawn(process.execPath, [...(this.env['FELT_SERVER_EXEC_ARGV'] ?? '').split(' ').filter((a) => a !== ''), join(ROOT, 'apps/studio-server/dist/main.js')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...this.env, PORT: String(this.port) } });
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => (this.out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.out += d.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${this.out.slice(-4000)}`)), timeoutMs);
      const check = (): void => {
        if (this.out.slice(from).includes('studio-server listening')) {
          clearTimeout(timer);
          child.stdout?.off('data', check);
          child.off('exit', onExit);
          resolve();
        }
      };
      const onExit = (code: number | null): void => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) while starting:\n${this.out.slice(-4000)}`));
      };
      child.stdout?.on('data', check);
      child.once('exit', onExit);
    });
    return Date.now() - t0;
  }

  /** kill -9: no shutdown hook runs. */
  async kill9(): Promise<void> {
    const c = this.child;
    if (c === null || c.exitCode !== null) return;
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    c.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  async stop(): Promise<void> {
    const c = this.child;
    if (c === null || c.exitCode !== null) return;
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    c.kill('SIGTERM');
    const t = setTimeout(() => c.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(t);
    this.child = null;
  }
}

/** A Mosquitto the test runs on a free port (persistence on, anonymous allowed: outages only, not auth). */
export class MosquittoProcess {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'felt-mosq-'));
  private out = '';

  private constructor(readonly port: number) {}

  static async start(): Promise<MosquittoProcess> {
    const m = new MosquittoProcess(await freePort());
    // Mosquitto started as root drops to its own user: it must be able to write its persistence file here.
    chmodSync(m.dir, 0o777);
    writeFileSync(join(m.dir, 'mosquitto.conf'), [`listener ${m.port} 127.0.0.1`, 'allow_anonymous true', 'persistence true', `persistence_location ${m.dir}/`, 'autosave_interval 1', ''].join('\n'));
    await m.run();
    return m;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  private async run(): Promise<void> {
    const child = spawn('/usr/sbin/mosquitto', ['-c', join(this.dir, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => (this.out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.out += d.toString()));
    const until = Date.now() + 10_000;
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        const s = connect(this.port, '127.0.0.1');
        s.once('connect', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => resolve(false));
      });
      if (ok) return;
      if (Date.now() > until) throw new Error(`mosquitto did not start:\n${this.out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** SIGTERM (mosquitto saves its sessions), then start again on the same port and persistence file. */
  async restart(downMs: number): Promise<void> {
    await this.stop();
    await new Promise((r) => setTimeout(r, downMs));
    await this.run();
  }

  async stop(): Promise<void> {
    const c = this.child;
    if (c === null || c.exitCode !== null) return;
    const exited = new Promise<void>((r) => c.once('exit', () => r()));
    c.kill('SIGTERM');
    await exited;
    this.child = null;
  }
}
