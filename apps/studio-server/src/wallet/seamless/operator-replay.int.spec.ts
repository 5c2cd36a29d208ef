import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/studio-server/test-database.js';
import type { RoundsApp } from '../../../../../test/support/studio-server/app-harness.js';
import { bootSeamlessApp } from '../../../../../test/support/studio-server/seamless-studio.js';
import type { DataSource } from 'typeorm';
import { FELT_DATA_SOURCE } from '../../persistence/persistence.module.js';
import { SeamlessService } from './seamless.service.js';
import { signedHeaders } from './signing.js';

const SECRET = 'op-replay-secret-op-replay-secret';

/**
 * Issue 22 §3 (drill: replay after restart): a signed `POST /operator/v1/sessions` is accepted once; replayed
 * within its ±5 min window it is refused — after the server restarts, and on another instance of the same
 * database — because the accepted signatures are kept in PostgreSQL, not in one process's memory.
 */
describe('operator requests cannot be replayed after a restart or on another instance (PostgreSQL)', () => {
  let db: TestDatabase;
  const apps: RoundsApp[] = [];

  afterAll(async () => {
    for (const a of apps) await a.close().catch(() => undefined);
    await db?.drop();
  }, 60_000);

  const send = async (app: RoundsApp, raw: string, headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await fetch(`${app.url}/operator/v1/sessions`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-felt-operator': 'opr', ...headers }, body: raw });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('accepted once; the same signed request is refused after a restart and on a second instance; a fresh signature still works', async () => {
    db = await createTestDatabase();
    const config = { database: { kind: 'postgres' as const, url: db.url } };
    const first = await bootSeamlessApp(config);
    apps.push(first);
    await first.get(SeamlessService).upsertOperator({ operatorId: 'opr', walletMode: 'seamless', baseUrl: 'http://127.0.0.1:9', secret: SECRET, currencies: ['EUR'], timeoutMs: 1_000 });
    const raw = JSON.stringify({ playerId: 'rp1', user: 'ext-rp1', token: 'tok-rp1', currency: 'EUR' });
    const h = signedHeaders(SECRET, Date.now(), raw);
    expect(await send(first, raw, h)).toMatchObject({ status: 200, body: { playerId: 'rp1', operatorId: 'opr' } });
    expect(await send(first, raw, h)).toMatchObject({ status: 401, body: { code: 'OPERATOR_SIGNATURE_REPLAYED' } });

    // a second instance on the same database refuses it as well
    const second = await bootSeamlessApp(config);
    apps.push(second);
    expect(await send(second, raw, h)).toMatchObject({ status: 401, body: { code: 'OPERATOR_SIGNATURE_REPLAYED' } });

    // the first instance restarts: still refused (before issue 22 §3 it was accepted again here)
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    const restarted = await bootSeamlessApp(config);
    apps.push(restarted);
    expect(await send(restarted, raw, h)).toMatchObject({ status: 401, body: { code: 'OPERATOR_SIGNATURE_REPLAYED' } });

    // a new signature of the same body (a new request) is accepted once
    const h2 = signedHeaders(SECRET, Date.now() + 1, raw);
    expect((await send(restarted, raw, h2)).status).toBe(200);
    expect(await send(second, raw, h2)).toMatchObject({ status: 401, body: { code: 'OPERATOR_SIGNATURE_REPLAYED' } });

    // expired entries are forgotten (the table stays small): only the two live signatures are kept
    const rows = (await restarted.get<DataSource>(FELT_DATA_SOURCE).query(`SELECT count(*)::int AS n FROM "operator_request_seen"`)) as { n: number }[];
    expect(rows[0]?.n).toBe(2);
  }, 120_000);
});
