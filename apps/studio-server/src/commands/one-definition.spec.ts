/**
 * A new table command is ONE definition (issue 19 §3): a test-only command, defined here and nowhere
 * else, gets its REST route, its WebSocket message, its OpenAPI operation and its role and input checks
 * from that definition alone (its forwarding to the table’s owner over Redis: cluster/table-router.redis.int.spec.ts).
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { connect, send } from '../../../../test/support/studio-server/frames.js';
import { buildOpenApi } from '../openapi/openapi.js';
import { defineCommand } from '../shared/commands/command.types.js';

const ran: string[] = [];
/** The whole command: name, schema, who may send it, REST route, handler. */
const chalk = defineCommand({
  op: 'test.chalk',
  summary: 'Chalk a note on the table (test only)',
  schema: z.object({ slot: z.string().regex(/^\d+$/), note: z.string().min(1).max(40) }),
  response: z.object({ tableId: z.string(), slot: z.string(), note: z.string(), by: z.string() }),
  roles: ['dealer', 'pitboss'],
  rest: { method: 'POST', path: '/tables/{id}/chalk/{slot}' },
  errors: ['TABLE_NOT_FOUND'],
  handle: ({ tableId, actor }, b) => {
    ran.push(`${tableId}/${b.slot}/${actor.userId}`);
    return { ok: true, value: { tableId, slot: b.slot, note: b.note, by: actor.userId } };
  },
});

describe('a new table command is one definition (issue 19 §3)', () => {
  let app: RoundsApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await bootRoundsApp({ commands: [chalk] });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await app.close();
  });
  const socket = async (userId: string, role: 'player' | 'dealer'): Promise<Socket> => {
    const s = await connect(app.url, app.token(userId, role));
    sockets.push(s);
    return s;
  };

  it('gets a REST route: path parameters and body form the input, the role is checked, the input validated', async () => {
    const dealer = app.token('d1', 'dealer');
    const ok = await app.http('POST', '/tables/tbl_x/chalk/7', dealer, { note: 'shoe 3 looks worn' });
    expect(ok).toEqual({ status: 200, body: { tableId: 'tbl_x', slot: '7', note: 'shoe 3 looks worn', by: 'd1' } });
    expect(ran).toContain('tbl_x/7/d1');
    const player = await app.http('POST', '/tables/tbl_x/chalk/7', app.token('p1', 'player'), { note: 'hi' });
    expect([player.status, player.body.code]).toEqual([403, 'FORBIDDEN']);
    const bad = await app.http('POST', '/tables/tbl_x/chalk/seven', dealer, { note: '' });
    expect([bad.status, bad.body.code]).toEqual([400, 'INVALID_INPUT']);
    const anonymous = await app.http('POST', '/tables/tbl_x/chalk/7', null, { note: 'hi' });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('gets a WebSocket message with the same checks and answer', async () => {
    const d = await socket('d2', 'dealer');
    const ack = await send(d, 'test.chalk', { tableId: 'tbl_y', slot: '2', note: 'camera 2 flickers' });
    expect(ack).toEqual({ ok: true, result: { tableId: 'tbl_y', slot: '2', note: 'camera 2 flickers', by: 'd2' } });
    const p = await socket('p2', 'player');
    const refused = await send(p, 'test.chalk', { tableId: 'tbl_y', slot: '2', note: 'x' });
    expect(refused.ok ? null : refused.error.code).toBe('FORBIDDEN');
    const invalid = await send(d, 'test.chalk', { tableId: 'tbl_y', slot: 'two', note: 'x' });
    expect(invalid.ok ? null : invalid.error.code).toBe('INVALID_INPUT');
  });

  it('gets an OpenAPI operation: summary, path parameters, body (the input minus the path), answer and coded errors', () => {
    const built = buildOpenApi(app.app);
    expect(built.undocumented).toEqual([]);
    const op = built.document.paths['/tables/{id}/chalk/{slot}']?.post as unknown as { summary: string; parameters: { name: string; in: string }[]; requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }; responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, { enum?: string[] }> } }> }> };
    expect(op.summary).toBe('Chalk a note on the table (test only)');
    expect(op.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['path:id', 'path:slot']));
    expect(Object.keys(op.requestBody.content['application/json']?.schema.properties ?? {})).toEqual(['note']);
    expect(Object.keys(op.responses['200']?.content?.['application/json']?.schema.properties ?? {})).toEqual(['tableId', 'slot', 'note', 'by']);
    expect(op.responses['404']?.content?.['application/json']?.schema.properties?.['code']?.enum).toContain('TABLE_NOT_FOUND');
  });
});
