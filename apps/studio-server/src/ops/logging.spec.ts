import { Controller, Get, Logger, Module, Param } from '@nestjs/common';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLogFields, withLogContext } from '../shared/log-context.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';

@Controller('log-probe')
class ProbeController {
  private readonly log = new Logger('Probe');

  @Get(':tableId/:roundId')
  async get(@Param('tableId') tableId: string): Promise<{ ok: true }> {
    this.log.log(`handling ${tableId}`);
    await new Promise((r) => setTimeout(r, 5)); // the ids survive an await
    this.log.warn({ msg: 'after await', code: 'X' });
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('structured logs through pino (issue 12 point 5)', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });

  beforeAll(async () => {
    t = await bootTestApp({ imports: [ProbeModule], config: { logLevel: 'info' }, logDestination: sink });
    t.app.useLogger(t.app.get((await import('nestjs-pino')).Logger));
  });
  afterAll(async () => {
    await t.close();
  });

  it('every line of a request carries its request id and the route table/round ids; the id is echoed', async () => {
    const res = await fetch(`${t.url}/log-probe/tbl_a/rnd_1`, { headers: { 'x-request-id': 'req-from-proxy-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('req-from-proxy-1');
    await new Promise((r) => setTimeout(r, 50));
    const mine = lines.filter((l) => l['reqId'] === 'req-from-proxy-1');
    const handling = mine.find((l) => l['msg'] === 'handling tbl_a');
    expect(handling).toMatchObject({ level: 30, context: 'Probe', tableId: 'tbl_a', roundId: 'rnd_1' });
    expect(mine.find((l) => l['msg'] === 'after await')).toMatchObject({ level: 40, code: 'X', tableId: 'tbl_a', roundId: 'rnd_1' });
    expect(mine.find((l) => l['msg'] === 'request completed')).toMatchObject({ tableId: 'tbl_a', roundId: 'rnd_1', res: { statusCode: 200 } });
    expect(typeof handling?.['time']).toBe('string');
  });

  it('makes up a request id when none (or a strange one) is sent, and redacts the bearer token', async () => {
    const res = await fetch(`${t.url}/log-probe/tbl_b/rnd_2`, { headers: { 'x-request-id': 'not ok {$}', authorization: 'Bearer secret-token' } });
    const id = res.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.some((l) => l['reqId'] === id && l['tableId'] === 'tbl_b')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('outside a request, work for a table/round carries their ids (withLogContext/addLogFields)', async () => {
    const log = new Logger('Rounds');
    await withLogContext({ tableId: 'tbl_c' }, async () => {
      addLogFields({ roundId: 'rnd_9' });
      await Promise.resolve();
      log.log('deadline fired');
    });
    log.log('no context');
    await new Promise((r) => setTimeout(r, 50));
    expect(lines.find((l) => l['msg'] === 'deadline fired')).toMatchObject({ tableId: 'tbl_c', roundId: 'rnd_9', context: 'Rounds' });
    const plain = lines.find((l) => l['msg'] === 'no context');
    expect(plain).toBeDefined();
    expect(plain?.['tableId']).toBeUndefined();
  });
});
