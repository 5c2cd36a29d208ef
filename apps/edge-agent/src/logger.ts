/**
 * JSON logs, one object a line (what a studio engineer greps on an edge host). Injected everywhere so
 * tests can capture or silence them.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

const RANK: Readonly<Record<LogLevel, number>> = { debug: 10, info: 20, warn: 30, error: 40 };

export function jsonLogger(write: (line: string) => void = (l) => process.stderr.write(l), minLevel: LogLevel = 'info', base: Record<string, unknown> = {}): Logger {
  return {
    log(level, msg, fields = {}) {
      if (RANK[level] < RANK[minLevel]) return;
      write(`${JSON.stringify({ t: new Date().toISOString(), level, msg, ...base, ...fields })}\n`);
    },
    child(fields) {
      return jsonLogger(write, minLevel, { ...base, ...fields });
    },
  };
}

/** A logger that keeps nothing (default in library use and tests). */
export const silentLogger: Logger = {
  log: () => undefined,
  child: () => silentLogger,
};

/** A logger that records entries in memory (tests assert on what the engineer would see). */
export function memoryLogger(): Logger & { readonly entries: { level: LogLevel; msg: string; fields: Record<string, unknown> }[] } {
  const entries: { level: LogLevel; msg: string; fields: Record<string, unknown> }[] = [];
  const make = (base: Record<string, unknown>): Logger => ({
    log(level, msg, fields = {}) {
      entries.push({ level, msg, fields: { ...base, ...fields } });
    },
    child(fields) {
      return make({ ...base, ...fields });
    },
  });
  return Object.assign(make({}), { entries });
}
