import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type { UnitOfWork } from '../shared/ports/persistence.port.js';

/**
 * Counts the unit-of-work transactions in flight (issue 12 point 6: a stop finishes the commits it
 * has begun). The persistence module hands out the tracked unit of work; on shutdown the app waits until
 * none is running (bounded by the server's stop deadline) before it closes HTTP, the broker and the database.
 */
@Injectable()
export class CommitTracker {
  private inFlight = 0;
  private waiters: (() => void)[] = [];

  get running(): number {
    return this.inFlight;
  }

  /** The same unit of work (every other member untouched), with `run` counted. */
  wrap<U extends UnitOfWork>(uow: U): U {
    const run = <T>(fn: Parameters<UnitOfWork['run']>[0]): Promise<T> => {
      this.inFlight++;
      const p = (uow.run(fn) as Promise<T>).finally(() => this.done());
      return p;
    };
    return new Proxy(uow, { get: (target, key, receiver) => (key === 'run' ? run : Reflect.get(target, key, receiver)) });
  }

  /** Resolves true once no transaction runs, false if some still do after `timeoutMs`. */
  async idle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const r = await Promise.race([
      new Promise<true>((resolve) => this.waiters.push(() => resolve(true))),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    return r;
  }

  private done(): void {
    this.inFlight--;
    if (this.inFlight > 0) return;
    for (const w of this.waiters.splice(0)) w();
  }
}

/** How long a stop waits for in-flight commits before it closes the connections anyway (the process deadline is longer). */
export const SHUTDOWN_DRAIN_MS = 2500;

@Injectable()
export class ShutdownService implements BeforeApplicationShutdown {
  private readonly log = new Logger('Shutdown');

  constructor(private readonly commits: CommitTracker) {}

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    const n = this.commits.running;
    if (n === 0) return;
    this.log.log({ msg: 'waiting for in-flight commits', inFlight: n, signal });
    if (!(await this.commits.idle(SHUTDOWN_DRAIN_MS))) this.log.warn({ msg: 'in-flight commits still running at the drain deadline', inFlight: this.commits.running });
  }
}
