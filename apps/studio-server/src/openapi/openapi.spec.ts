import openapiTS, { astToString } from 'openapi-typescript';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';
import { buildOpenApi, type OpenApiBuild } from './openapi.js';
import { OPERATIONS } from './operations.js';

type Op = { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>; parameters?: { name: string; in: string }[] };

describe('OpenAPI complete (issue 12 point 3)', () => {
  let t: TestApp;
  let built: OpenApiBuild;
  const ops: [string, Op][] = [];

  beforeAll(async () => {
    t = await bootTestApp({ full: true });
    built = buildOpenApi(t.app);
    for (const [path, item] of Object.entries(built.document.paths)) for (const [m, op] of Object.entries(item)) if (['get', 'post', 'put', 'patch', 'delete'].includes(m)) ops.push([`${m.toUpperCase()} ${path}`, op as Op]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('every route the app serves has its schemas (a new route without a row in OPERATIONS fails here), and no row is stale', () => {
    expect(built.undocumented).toEqual([]);
    expect(built.unknown).toEqual([]);
    expect(ops.length).toBeGreaterThanOrEqual(55);
  });

  it('every operation has a success response with a schema and its coded errors', () => {
    for (const [key, op] of ops) {
      const ok = Object.entries(op.responses).find(([s]) => s.startsWith('2'));
      expect(ok, key).toBeDefined();
      const content = ok?.[1].content ?? {};
      // an answer without a body (a WHEP viewer leaving) has no content; every other success has exactly one
      expect(Object.keys(content).length, key).toBe((OPERATIONS as Record<string, { response: unknown }>)[key]?.response === 'none' ? 0 : 1);
      expect(op.responses['500']?.content?.['application/json']?.schema, key).toMatchObject({ properties: { code: { enum: expect.arrayContaining(['INTERNAL']) } } });
    }
  });

  it('bodies and responses are generated from the protocol zod schemas, with every code by status', async () => {
    const doc = (await (await fetch(`${t.url}/docs/json`)).json()) as typeof built.document;
    const bet = doc.paths['/tables/{id}/bets']?.post as unknown as Op;
    expect(bet.requestBody?.content['application/json']?.schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['betId', 'spot', 'stakeMinor']), properties: { stakeMinor: { type: 'number' } } });
    const okStatus = Object.keys(bet.responses).find((s) => s.startsWith('2')) ?? '';
    expect(bet.responses[okStatus]?.content?.['application/json']?.schema).toMatchObject({ properties: { bets: { type: 'array', items: { properties: { stakeMinor: { type: 'integer' } } } } } });
    const codesOf = (s: string): string[] => ((bet.responses[s]?.content?.['application/json']?.schema['properties'] as { code: { enum: string[] } }).code.enum);
    expect(codesOf('409')).toEqual(expect.arrayContaining(['INSUFFICIENT_FUNDS', 'BET_ID_CONFLICT']));
    expect(codesOf('422')).toEqual(expect.arrayContaining(['NO_ROUND', 'BETTING_CLOSED']));
    expect(codesOf('401')).toEqual(expect.arrayContaining(['UNAUTHENTICATED']));
    expect(codesOf('400')).toEqual(['INVALID_INPUT']);
    const login = doc.paths['/auth/login']?.post as unknown as Op & { security: unknown[] };
    expect(login.security).toEqual([]);
    expect(login.responses['401']).toBeDefined();
    const search = doc.paths['/rounds/search']?.get as unknown as Op;
    expect(search.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:tableId', 'query:playerId', 'query:limit']));
    const health = doc.paths['/health']?.get as unknown as Op;
    expect(Object.keys(health.responses)).toEqual(expect.arrayContaining(['200', '503']));
  });

  it('a typed client can be generated from it (openapi-typescript) and catches a wrongly typed body', async () => {
    const src = astToString(await openapiTS(built.document as never));
    expect(src).toContain('"/tables/{id}/bets"');
    const okStatus = Object.keys((built.document.paths['/tables/{id}/bets']?.post as unknown as Op).responses).find((s) => s.startsWith('2'));
    const use = `
      import type { paths } from './api';
      type PlaceBody = paths['/tables/{id}/bets']['post']['requestBody']['content']['application/json'];
      type Placed = paths['/tables/{id}/bets']['post']['responses'][${okStatus}]['content']['application/json'];
      export const body: PlaceBody = { betId: 'bet_1', spot: 'red', stakeMinor: 100 };
      export function firstStake(r: Placed): number { return r.bets[0]?.stakeMinor ?? 0; }
      type Rejected = paths['/tables/{id}/bets']['post']['responses'][409]['content']['application/json'];
      export const code: Rejected['code'] = 'INSUFFICIENT_FUNDS';
      // @ts-expect-error a stake is a number of minor units
      export const bad: PlaceBody = { betId: 'bet_2', spot: 'red', stakeMinor: 'ten' };
      // @ts-expect-error not a code this operation answers with
      export const wrong: Rejected['code'] = 'USERNAME_TAKEN';
    `;
    const dir = mkdtempSync(join(tmpdir(), 'felt-openapi-'));
    writeFileSync(join(dir, 'api.ts'), src);
    writeFileSync(join(dir, 'use.ts'), use);
    const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true, types: [] };
    const program = ts.createProgram([join(dir, 'use.ts')], options);
    const diags = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    rmSync(dir, { recursive: true, force: true });
    expect(diags).toEqual([]);
  });
});
