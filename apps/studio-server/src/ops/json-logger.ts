import type { LoggerService, LogLevel } from '@nestjs/common';

/** Structured JSON logs, one object per line on stdout (stderr for warn/error). */
export class JsonLogger implements LoggerService {
  constructor(
    private readonly write: (line: string, level: LogLevel) => void = (line, level) => {
      (level === 'error' || level === 'warn' || level === 'fatal' ? process.stderr : process.stdout).write(`${line}\n`);
    },
    private readonly levels: ReadonlySet<LogLevel> = new Set<LogLevel>(['log', 'error', 'warn', 'fatal']),
  ) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.emit('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.emit('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.emit('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.emit('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.emit('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.emit('fatal', message, rest);
  }

  private emit(level: LogLevel, message: unknown, rest: unknown[]): void {
    if (!this.levels.has(level)) return;
    // Nest passes the context as the last string argument, and for errors a stack before it.
    const args = [...rest];
    const context = typeof args[args.length - 1] === 'string' ? (args.pop() as string) : undefined;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level, context };
    if (message instanceof Error) {
      entry['msg'] = message.message;
      entry['stack'] = message.stack;
    } else if (typeof message === 'object' && message !== null) {
      Object.assign(entry, message);
    } else {
      entry['msg'] = String(message);
    }
    if (args.length > 0) entry['extra'] = args.map((a) => (a instanceof Error ? { message: a.message, stack: a.stack } : a));
    this.write(JSON.stringify(entry), level);
  }
}
