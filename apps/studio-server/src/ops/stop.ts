/**
 * How the server process stops (issue 12 point 6): SIGINT (Ctrl-C to the process group), SIGTERM (docker,
 * systemd, `felt studio`) or the parent's IPC channel closing (the `felt studio` that spawned it died)
 * start one graceful `close` — timers stop, in-flight commits finish (CommitTracker), HTTP, sockets,
 * broker and database close — bounded by a deadline after which the process exits anyway. Repeated
 * signals do not restart or cut short the stop in progress.
 */
export interface StopOptions {
  readonly close: () => Promise<void>;
  readonly log: (entry: Record<string, unknown>) => void;
  readonly exit: (code: number) => void;
  readonly deadlineMs: number;
  readonly proc?: Pick<NodeJS.Process, 'once' | 'on' | 'send'>;
}

/** The server's stop deadline: the `felt studio` budget (5 s) minus its own margin. */
export const SERVER_STOP_DEADLINE_MS = 4000;

export function installStop(opts: StopOptions): (reason: string) => Promise<void> {
  const proc = opts.proc ?? process;
  let stopping: Promise<void> | null = null;
  const stop = (reason: string): Promise<void> => {
    if (stopping !== null) {
      opts.log({ msg: 'already stopping', reason });
      return stopping;
    }
    const t0 = Date.now();
    opts.log({ msg: 'stopping', reason });
    const deadline = setTimeout(() => {
      opts.log({ msg: 'stop deadline reached: exiting with work still open', reason, deadlineMs: opts.deadlineMs });
      opts.exit(1);
    }, opts.deadlineMs);
    deadline.unref();
    stopping = opts.close().then(
      () => {
        clearTimeout(deadline);
        opts.log({ msg: 'stopped', reason, ms: Date.now() - t0 });
        opts.exit(0);
      },
      (e: unknown) => {
        clearTimeout(deadline);
        opts.log({ msg: 'stop failed', reason, error: e instanceof Error ? e.message : String(e) });
        opts.exit(1);
      },
    );
    return stopping;
  };
  proc.on('SIGINT', () => void stop('SIGINT'));
  proc.on('SIGTERM', () => void stop('SIGTERM'));
  if (typeof proc.send === 'function') proc.once('disconnect', () => void stop('parent process gone'));
  return stop;
}
