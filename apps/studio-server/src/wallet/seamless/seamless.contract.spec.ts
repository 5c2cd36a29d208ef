import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeOf, SEAMLESS_STATUS, type SeamlessStatus, type WalletCall } from './seamless.contract.js';
import { OperatorWalletSim } from './operator-wallet.sim.js';
import { SeamlessWallet } from './seamless-wallet.js';
import { MemorySeamlessRepository } from './seamless.repository.js';
import { InProcessWalletJobs } from './wallet-jobs.js';

const KINDS: readonly WalletCall['kind'][] = ['debit', 'credit', 'rollback'];

/** Issue 22 §16: the full status set, and what each answer means for each kind of call. */
describe('seamless contract: every status has a meaning for every call', () => {
  it('the set aggregators use is complete', () => {
    expect([...SEAMLESS_STATUS].sort()).toEqual(
      [
        'RS_OK', 'RS_ERROR_UNKNOWN', 'RS_ERROR_INVALID_PARTNER', 'RS_ERROR_INVALID_TOKEN', 'RS_ERROR_INVALID_GAME', 'RS_ERROR_WRONG_CURRENCY', 'RS_ERROR_NOT_ENOUGH_MONEY', 'RS_ERROR_USER_DISABLED',
        'RS_ERROR_INVALID_SIGNATURE', 'RS_ERROR_TOKEN_EXPIRED', 'RS_ERROR_WRONG_SYNTAX', 'RS_ERROR_WRONG_TYPES', 'RS_ERROR_DUPLICATE_TRANSACTION', 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        'RS_ERROR_TRANSACTION_ROLLED_BACK', 'RS_ERROR_LIMIT_REACHED',
      ].sort(),
    );
  });

  it('a debit is accepted only on RS_OK (or a duplicate of one), never on doubt; money owed (credit, rollback) is never dropped on a refusal of the session', () => {
    const table = Object.fromEntries(SEAMLESS_STATUS.map((s) => [s, KINDS.map((k) => outcomeOf(k, { status: s, request_uuid: 'r' }).type).join('/')]));
    expect(table).toEqual({
      RS_OK: 'done/done/done',
      RS_ERROR_DUPLICATE_TRANSACTION: 'done/done/done',
      RS_ERROR_UNKNOWN: 'retry/retry/retry',
      RS_ERROR_INVALID_PARTNER: 'refused/retry/retry',
      RS_ERROR_INVALID_SIGNATURE: 'refused/retry/retry',
      RS_ERROR_INVALID_TOKEN: 'refused/retry/retry',
      RS_ERROR_TOKEN_EXPIRED: 'refused/retry/retry',
      RS_ERROR_INVALID_GAME: 'refused/retry/retry',
      RS_ERROR_WRONG_CURRENCY: 'refused/retry/retry',
      RS_ERROR_NOT_ENOUGH_MONEY: 'refused/retry/retry',
      RS_ERROR_USER_DISABLED: 'refused/retry/retry',
      RS_ERROR_LIMIT_REACHED: 'refused/retry/retry',
      RS_ERROR_WRONG_SYNTAX: 'refused/retry/retry',
      RS_ERROR_WRONG_TYPES: 'refused/retry/retry',
      RS_ERROR_TRANSACTION_DOES_NOT_EXIST: 'refused/refused/done',
      RS_ERROR_TRANSACTION_ROLLED_BACK: 'refused/refused/done',
    } satisfies Record<SeamlessStatus, string>);
    expect(outcomeOf('debit', { transport: 'timeout' }).type).toBe('retry');
  });
});

describe('POST /user/info at the operator (signed)', () => {
  const secret = 'op-info-secret-op-info-secret-01';
  const sim = new OperatorWalletSim('EUR', secret);
  let wallet: SeamlessWallet;
  beforeAll(async () => {
    await sim.start();
    const repo = new MemorySeamlessRepository();
    await repo.upsertOperator({ operatorId: 'opi', walletMode: 'seamless', baseUrl: sim.url, secret, currencies: ['EUR'], timeoutMs: 1_000 }, 0);
    wallet = new SeamlessWallet(repo, (h, d) => new InProcessWalletJobs(h, d, { attempts: 1, backoffMs: 1, maxBackoffMs: 1 }));
  });
  afterAll(async () => {
    await wallet.close();
    await sim.stop();
  });

  it("answers the session's player (currency, country); a foreign token or a disabled player is refused with the operator's status", async () => {
    const token = sim.addPlayer('ext-i1', 5_000);
    expect(await wallet.userInfo({ operatorId: 'opi', user: 'ext-i1', token })).toEqual({ ok: true, user: 'ext-i1', currency: 'EUR', country: 'SE', displayName: 'ext-i1' });
    expect(await wallet.userInfo({ operatorId: 'opi', user: 'ext-i1', token: 'stolen' })).toMatchObject({ ok: false, status: 'RS_ERROR_INVALID_TOKEN' });
    sim.disabled.add('ext-i1');
    expect(await wallet.userInfo({ operatorId: 'opi', user: 'ext-i1', token })).toMatchObject({ ok: false, status: 'RS_ERROR_USER_DISABLED' });
  });
});
