/**
 * Issue 19 §3: one forwarding mechanism per route. The HTTP owner-forwarding middleware leaves every table
 * command's route alone (the command bus forwards those through the table router); the other writes under
 * a table it still forwards to the owner.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { TableCommandRegistry } from '../shared/commands/command-registry.js';
import { defineCommand } from '../shared/commands/command.types.js';
import { PlaceBetBodySchema } from '@felt-studio/protocol';
import type { InstanceDirectory } from './instance-directory.js';
import { OwnedTables } from './owned-tables.js';
import { FORWARDED_BY_HEADER, OwnerForwardMiddleware } from './owner-forward.middleware.js';
import { InMemoryTableLeases } from './table-lease.js';

describe('owner forwarding over HTTP is not a second path for table commands (issue 19 §3)', () => {
  it('passes a table command route on (the bus forwards it), and still forwards another write under the table (and a tournament\'s, to its lease holder)', async () => {
    const registry = new TableCommandRegistry();
    registry.add([defineCommand({ op: 'bet.place', schema: PlaceBetBodySchema, roles: ['player'], rest: { method: 'POST', path: '/tables/{id}/bets' }, handle: () => ({ ok: true, value: null }) })]);
    const leases = new InMemoryTableLeases();
    await leases.acquire('t1', 'owner-b', 60_000);
    await leases.acquire('trn_1', 'owner-b', 60_000); // a tournament is a table of the one host: its lease is its id (issue 19 §2)
    // the owner: records what reaches it
    const seen: string[] = [];
    const owner = createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${String(req.headers[FORWARDED_BY_HEADER])}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((r) => owner.listen(0, '127.0.0.1', r));
    const port = (owner.address() as AddressInfo).port;
    const directory = { urlOf: async () => `http://127.0.0.1:${port}` } as unknown as InstanceDirectory;
    const mw = new OwnerForwardMiddleware(new OwnedTables('a', 'felt-test'), leases, 10_000, registry, directory); // a generous timeout: this is about routing (500 ms timed out under CI load)
    const call = (method: string, url: string): Promise<{ next: boolean; status: number | null }> =>
      new Promise((resolve) => {
        let status: number | null = null;
        const res = {
          status(code: number) {
            status = code;
            return res;
          },
          setHeader: () => res,
          send: () => resolve({ next: false, status }),
        };
        mw.use({ method, originalUrl: url, headers: {}, body: {} }, res, () => resolve({ next: true, status }));
      });
    try {
      expect(await call('POST', '/tables/t1/bets')).toEqual({ next: true, status: null });
      // not a command: forwarded to the owner over HTTP, its answer is the answer
      expect(await call('POST', '/tables/t1/status')).toEqual({ next: false, status: 200 });
      // a tournament's writes and a player's table (TRN-PLAY: seat, actions, the hand in play) go to its lease holder; its lobby view does not
      expect(await call('POST', '/tournaments/trn_1/actions')).toEqual({ next: false, status: 200 });
      expect(await call('POST', '/tournaments/trn_1/seat')).toEqual({ next: false, status: 200 });
      expect(await call('GET', '/tournaments/trn_1/table')).toEqual({ next: false, status: 200 });
      expect(await call('GET', '/tournaments/trn_1')).toEqual({ next: true, status: null });
      expect(seen).toEqual(['POST /tables/t1/status a', 'POST /tournaments/trn_1/actions a', 'POST /tournaments/trn_1/seat a', 'GET /tournaments/trn_1/table a']);
    } finally {
      owner.close();
    }
  });
});
