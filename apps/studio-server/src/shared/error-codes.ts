import { GAME_ERRORS, type GameErrorCode, type Violation } from '@felt-studio/games';
import { DomainError, type DomainErrorStatus, type ErrorBody } from './domain-error.js';

export type ErrorStatus = DomainErrorStatus;

export interface CodeSpec {
  readonly status: ErrorStatus;
  /** The rule the code enforces when the rejection itself names none (D-3). */
  readonly ruleId: string | null;
  readonly meaning: string;
}

/**
 * Every code the server itself produces. Empty here: each module adds its closed code set to this
 * interface where it defines it (`defineErrorCodes` + `declare module`, see e.g. rounds/rounds.codes.ts),
 * so the bottom layer never imports a module and a code used anywhere is still checked by the compiler.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServerErrorCodeMap {}
export type ServerErrorCode = keyof ServerErrorCodeMap & string;
/** The type a module's code set adds to `ServerErrorCodeMap`. */
export type CodesOf<T> = { readonly [K in keyof T]: CodeSpec };

/**
 * THE mapping of rejection codes to transports (STYLE.md "Errors"), filled by the modules
 * (`forFeature`-style): each module registers its own codes when its codes file is loaded. The HTTP
 * status of a REST answer and the `status` of a WebSocket error come from here and nowhere else.
 */
const REGISTRY = new Map<string, CodeSpec>();

/** Registers a module's closed code set (status, rule, meaning of each); a code belongs to one module. */
export function defineErrorCodes<const T extends Readonly<Record<string, CodeSpec>>>(specs: T): T {
  for (const [code, spec] of Object.entries(specs)) {
    const known = REGISTRY.get(code);
    if (known && (known.status !== spec.status || known.ruleId !== spec.ruleId || known.meaning !== spec.meaning)) {
      throw new Error(`Error code ${code} is defined twice with different meanings.`);
    }
    REGISTRY.set(code, spec);
  }
  return specs;
}

/** Every registered server code and its spec, in registration order. */
export function serverErrors(): ReadonlyMap<string, CodeSpec> {
  return REGISTRY;
}

/**
 * Codes of the games' closed set (`GAME_ERRORS`, libs/games) whose status is not the default 422. Every
 * other game code is a rule refusing the command: 422 with the kernel's rule ID.
 */
const GAME_STATUS: Readonly<Partial<Record<GameErrorCode | 'DUPLICATE_BET_ID', ErrorStatus>>> = {
  NOT_YOUR_BET: 403,
  NOT_SEAT_OWNER: 403,
  DUPLICATE_BET_ID: 409,
  BET_ID_CONFLICT: 409,
  INVALID_INPUT: 400,
};
const GAME_DEFAULT: ErrorStatus = 422;

export const isServerCode = (code: string): boolean => REGISTRY.has(code);

export function statusOf(code: string): ErrorStatus {
  return REGISTRY.get(code)?.status ?? (GAME_STATUS as Readonly<Record<string, ErrorStatus>>)[code] ?? GAME_DEFAULT;
}

/** The wire body of a rejection (REST and WebSocket): the code's rule ID fills in when the rejection names none. */
export function errorBodyOf(v: Violation): ErrorBody {
  const ruleId = v.ruleId ?? REGISTRY.get(v.code)?.ruleId ?? null;
  return { code: v.code, ruleId, message: v.message, ...(v.details ? { details: v.details } : {}) };
}

/** A module's coded error for a controller/guard to throw (status from the one mapping). */
export function codedError(code: ServerErrorCode, message: string, details?: Readonly<Record<string, unknown>>): DomainError {
  return new DomainError(statusOf(code), errorBodyOf({ code, ruleId: null, message, ...(details ? { details } : {}) }));
}

/** The table of every registered server code (by name) → HTTP status → rule → meaning (ERROR-CODES.md). */
export function errorCodeTable(): string {
  const rows = [...REGISTRY].sort(([a], [b]) => a.localeCompare(b)).map(([code, s]) => `| \`${code}\` | ${s.status} | ${s.ruleId ?? '—'} | ${s.meaning} |`);
  const game = (Object.entries(GAME_ERRORS) as [GameErrorCode, string][]).filter(([code]) => !isServerCode(code)).map(([code, meaning]) => `| \`${code}\` | ${statusOf(code)} | (in the meaning) | ${meaning} |`);
  return [
    '| code | HTTP | rule | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
    "Game rule codes (`GAME_ERRORS`, libs/games; the kernel's violation carries the rule ID):",
    '',
    '| code | HTTP | rule | meaning |',
    '|---|---|---|---|',
    ...game,
  ].join('\n');
}
