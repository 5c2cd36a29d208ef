import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The ids a log line carries wherever they apply (issue 12 point 5): the request id of the HTTP request
 * (pino-http adds it as `reqId`), and the table and round the work is about. Every pino line merges the
 * current context in (`mixin`), so a line logged deep inside a command needs no ids of its own.
 */
export interface LogFields {
  tableId?: string;
  roundId?: string;
  deviceId?: string;
  playerId?: string;
}

const storage = new AsyncLocalStorage<LogFields>();

/** Runs `fn` with these ids added to every log line it (and what it awaits) writes. */
export function withLogContext<T>(fields: LogFields, fn: () => T): T {
  return storage.run({ ...storage.getStore(), ...strip(fields) }, fn);
}

/** Adds ids to the current context once they are known (e.g. the round id after the round is loaded); no-op outside one. */
export function addLogFields(fields: LogFields): void {
  const s = storage.getStore();
  if (s !== undefined) Object.assign(s, strip(fields));
}

/** The current ids (the pino mixin). */
export function logFields(): LogFields {
  return storage.getStore() ?? {};
}

function strip(f: LogFields): LogFields {
  const out: LogFields = {};
  for (const [k, v] of Object.entries(f) as [keyof LogFields, unknown][]) if (typeof v === 'string' && v !== '') out[k] = v;
  return out;
}
