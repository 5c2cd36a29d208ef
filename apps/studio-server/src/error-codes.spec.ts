import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HttpException, PayloadTooLargeException } from '@nestjs/common';
import { DuplicateKey, InsufficientFunds } from './shared/ports/persistence.port.js';
import { SERVER_ERRORS } from './error-codes.js';
import { errorBodyOf, errorCodeTable, serverErrors, statusOf } from './shared/error-codes.js';
import { mapError } from './ops/error.filter.js';
import { isStoreUnavailable } from './shared/store-unavailable.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('closed error codes: one mapping for REST and WebSocket (STYLE.md "Errors", D-3)', () => {
  it('every module registers its own codes, and the composition root collects every one of them', () => {
    expect([...serverErrors().keys()].sort()).toEqual(Object.keys(SERVER_ERRORS).sort());
    for (const [k, v] of Object.entries(SERVER_ERRORS)) expect(serverErrors().get(k)).toBe(v);
  });

  it('status comes from the table, never from the name (no status-by-suffix)', () => {
    expect(statusOf('TABLE_NOT_FOUND')).toBe(404);
    expect(statusOf('BET_ID_CONFLICT')).toBe(409);
    expect(statusOf('SELF_APPROVAL')).toBe(403);
    // A game's code that merely ends like a server code is a rule refusal (422), not a 404.
    expect(statusOf('SPOT_NOT_FOUND')).toBe(422);
    expect(statusOf('BETTING_CLOSED')).toBe(422);
  });

  it('a rejection without a rule ID gets the rule its code enforces', () => {
    expect(errorBodyOf({ code: 'INSUFFICIENT_FUNDS', ruleId: null, message: 'x' }).ruleId).toBe('GEN-4');
    expect(errorBodyOf({ code: 'PRE_OPEN_CHECK_MISSING', ruleId: null, message: 'x' }).ruleId).toBe('ROU-7');
    expect(errorBodyOf({ code: 'BETTING_CLOSED', ruleId: 'GEN-3', message: 'x' }).ruleId).toBe('GEN-3');
  });

  it('thrown port errors map onto the same codes (never a 500 for an expected case)', () => {
    expect(mapError(new DuplicateKey('bet', 'b1'))).toMatchObject({ status: 409, body: { code: 'BET_ID_CONFLICT' } });
    expect(mapError(new InsufficientFunds('player:p', 10, 5))).toMatchObject({ status: 409, body: { code: 'INSUFFICIENT_FUNDS', ruleId: 'GEN-4' } });
    expect(mapError(new PayloadTooLargeException())).toMatchObject({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(mapError(new HttpException('teapot', 418))).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
    expect(mapError(new Error('boom'))).toBeNull();
  });

  it('the database being unreachable is a retryable 503 STORE_UNAVAILABLE, not 500 INTERNAL (issue 9 PG-outage drill)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const terminated = new Error('Connection terminated unexpectedly');
    const wrapped = Object.assign(new Error('Query failed'), { driverError: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
    const poolTimeout = new Error('timeout exceeded when trying to connect');
    const sqlstate08 = Object.assign(new Error('x'), { code: '08006' });
    for (const e of [refused, terminated, wrapped, poolTimeout, sqlstate08]) {
      expect(isStoreUnavailable(e)).toBe(true);
      expect(mapError(e)).toMatchObject({ status: 503, body: { code: 'STORE_UNAVAILABLE', details: { retryable: true, retryAfterMs: expect.any(Number) } } });
    }
    // A query fault of our own (syntax, constraint) is not an outage.
    expect(isStoreUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isStoreUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(statusOf('STORE_UNAVAILABLE')).toBe(503);
  });

  it('ERROR-CODES.md is the generated table (the README links it)', () => {
    const doc = readFileSync(join(here, '../ERROR-CODES.md'), 'utf8');
    // exactly the generated tables, to the end of the file (a stale copy left below them once went unnoticed)
    expect(doc.slice(doc.indexOf('| code | HTTP |')).trim()).toBe(errorCodeTable().trim());
  });
});
