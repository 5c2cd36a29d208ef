import { expect } from 'vitest';
import { FeltApiError } from '../../../libs/client-sdk/src/errors.js';

/** The FeltApiError a call rejects with (fails the test when it resolves or rejects with anything else). */
export async function rejectionOf(p: Promise<unknown>): Promise<FeltApiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(FeltApiError);
  return e as FeltApiError;
}
