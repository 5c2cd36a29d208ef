import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PtyPair {
  /** Symlink to one pty end (give this to the emulator). */
  readonly a: string;
  /** Symlink to the other end (give this to the adapter under test). */
  readonly b: string;
  /** The socat process id (so a caller can tell which process is theirs). */
  readonly pid: number;
  /** Stops socat (SIGTERM to this pid only) and waits for it to exit; socat removes the links. */
  close(): Promise<void>;
}

export interface PtyPairOptions {
  readonly a?: string;
  readonly b?: string;
  /** How long to wait for socat to report both ptys. Default 5000 ms. */
  readonly timeoutMs?: number;
  readonly socatPath?: string;
}

/**
 * A connected pseudo-terminal pair made by
 * `socat -d -d pty,raw,echo=0,link=<a> pty,raw,echo=0,link=<b>` (socat must be installed:
 * `apt-get install -y socat`). Resolves once socat says it is transferring data.
 */
export function createPtyPair(opts: PtyPairOptions = {}): Promise<PtyPair> {
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const a = opts.a ?? join(tmpdir(), `felt-pty-${tag}-a`);
  const b = opts.b ?? join(tmpdir(), `felt-pty-${tag}-b`);
  const child: ChildProcess = spawn(opts.socatPath ?? 'socat', ['-d', '-d', `pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise<PtyPair>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => {
      void close().then(() => reject(new Error(`socat did not start within ${opts.timeoutMs ?? 5000} ms: ${log}`)));
    }, opts.timeoutMs ?? 5000);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot run socat (apt-get install -y socat): ${err.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`socat exited with ${String(code)}: ${log}`));
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      log += chunk;
      if (log.includes('starting data transfer loop')) {
        clearTimeout(timer);
        child.stderr?.removeAllListeners('data');
        child.stderr?.resume();
        resolve({ a, b, pid: child.pid ?? -1, close });
      }
    });
  });
}
