import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorWalletSim } from './operator-wallet.sim.js';
import { rsaSignBody, SIGNATURE_HEADER, signedHeaders, TIMESTAMP_HEADER } from './signing.js';
import { bootSeamlessStudio, type SeamlessStudio } from '../../../../../test/support/studio-server/seamless-studio.js';

const pair = (): { readonly pub: string; readonly priv: string } => {
  const k = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { pub: k.publicKey.export({ type: 'spki', format: 'pem' }).toString(), priv: k.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
};
const samePublicKey = (a: string, b: string): boolean => createPublicKey(a).export({ type: 'spki', format: 'der' }).equals(createPublicKey(b).export({ type: 'spki', format: 'der' }));

/** Issue 22 §16: RSA-SHA256 signatures as an option beside HMAC, both directions. */
describe('an operator that signs with RSA-SHA256', () => {
  const felt = pair();
  const operator = pair();
  const stranger = pair();
  const sim = new OperatorWalletSim('EUR', { rsaPublicKey: felt.pub });
  let s: SeamlessStudio;
  let admin = '';
  beforeAll(async () => {
    s = await bootSeamlessStudio({ timeoutMs: 1_000, config: { settings: { operatorRsaKey: felt.priv } } });
    await sim.start();
    admin = s.app.token('admin1', 'admin');
  }, 120_000);
  afterAll(async () => {
    await sim.stop();
    await s?.shutdown();
  }, 60_000);

  const rsaHeaders = (priv: string, raw: string): Record<string, string> => {
    const ts = Date.now();
    return { [TIMESTAMP_HEADER]: String(ts), [SIGNATURE_HEADER]: rsaSignBody(priv, ts, raw) };
  };
  const session = async (headers: Record<string, string>, raw: string): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await fetch(`${s.app.url}/operator/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-felt-operator': 'oprsa', ...headers }, body: raw });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("Felt publishes its public key; an admin configures the operator's; both directions verify", async () => {
    const key = await s.app.http('GET', '/operator/v1/signing-key', null);
    expect(key.status).toBe(200);
    expect(key.body['algorithm']).toBe('RSA-SHA256');
    expect(samePublicKey(String(key.body['publicKey']), felt.pub)).toBe(true);

    const config = { walletMode: 'seamless', signature: 'rsa', baseUrl: sim.url, secret: 'unused-for-rsa-0000', currencies: ['EUR'], timeoutMs: 1_000 };
    expect(await s.app.http('PUT', '/admin/operators/oprsa', admin, config)).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } }); // no public key
    expect(await s.app.http('PUT', '/admin/operators/oprsa', admin, { ...config, publicKey: '-----BEGIN PUBLIC KEY-----\n' + 'A'.repeat(120) + '\n-----END PUBLIC KEY-----' })).toMatchObject({ status: 400 });
    expect(await s.app.http('PUT', '/admin/operators/oprsa', admin, { ...config, publicKey: operator.pub })).toMatchObject({ status: 200, body: { operatorId: 'oprsa', signature: 'rsa' } });

    // the operator's call, signed with its private key
    const token = sim.addPlayer('ext-r1', 5_000);
    const raw = JSON.stringify({ playerId: 'r1', user: 'ext-r1', token, currency: 'EUR' });
    expect(await session(rsaHeaders(stranger.priv, raw), raw)).toMatchObject({ status: 401, body: { code: 'OPERATOR_UNAUTHENTICATED' } });
    expect(await session(signedHeaders('unused-for-rsa-0000', Date.now(), raw), raw)).toMatchObject({ status: 401, body: { code: 'OPERATOR_UNAUTHENTICATED' } }); // HMAC is not accepted from an RSA operator
    const h = rsaHeaders(operator.priv, raw);
    expect(await session(h, raw)).toMatchObject({ status: 200, body: { playerId: 'r1', operatorId: 'oprsa' } });
    expect(await session(h, raw)).toMatchObject({ status: 401, body: { code: 'OPERATOR_SIGNATURE_REPLAYED' } });

    // Felt's calls to the operator, signed with Felt's key: the operator (verifying with Felt's public key) books the debit
    await s.openRound();
    expect((await s.bet('r1', 'rsa-1', 'big', 700)).status).toBe(200);
    expect(sim.book.get('dbt_rsa-1')).toMatchObject({ kind: 'debit', amountMinor: 700, user: 'ext-r1' });
    expect(sim.balances.get('ext-r1')).toBe(4_300);
  });
});
