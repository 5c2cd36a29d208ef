/**
 * Is this error the database (or another store) being unreachable, rather than a fault of the request or
 * of our code? Such an error is answered `503 STORE_UNAVAILABLE` (retryable) instead of `500 INTERNAL`
 * (issue 9 drill "PostgreSQL connection loss"): nothing was committed, since every command is one
 * transaction, and the caller may retry the same idempotent request.
 *
 * Recognised by shape, so that it holds whatever layer threw it (node-postgres, pg-pool, TypeORM's
 * QueryFailedError wrapping a driver error):
 * - socket errors (`ECONNREFUSED`, `ECONNRESET`, `EPIPE`, `ETIMEDOUT`, `EHOSTUNREACH`, `ENOTFOUND`, …),
 * - PostgreSQL SQLSTATE class 08 (connection exception), 57P01..57P03 (admin/crash shutdown, cannot
 *   connect now) and 53300 (too many connections),
 * - node-postgres / pg-pool messages for a connection that ended or could not be had in time.
 */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /client has encountered a connection error and is not queryable/i, /connection is closed/i, /cannot use a pool after calling end/i, /terminating connection/i];

export function isStoreUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  return isStoreUnavailable(e.driverError, depth + 1) || isStoreUnavailable(e.cause, depth + 1);
}

/** How long a client should wait before retrying after STORE_UNAVAILABLE. */
export const STORE_RETRY_AFTER_MS = 1_000;
