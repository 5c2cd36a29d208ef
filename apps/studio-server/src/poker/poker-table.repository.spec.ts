import { describe, expect, it } from 'vitest';
import { pokerTable } from '@felt-studio/games';
import { openDataSource } from '../persistence/data-source.js';
import { InMemoryPokerTablesRepository, TypeOrmPokerTablesRepository, type PokerTablesRepository } from './poker-table.repository.js';
import { initialState, type PokerTableDef } from './poker-table.state.js';
import { SERVER_SCHEMA } from '../server-schema.js';

const def: PokerTableDef = {
  tableId: 'pk-r1',
  name: "Hold'em R",
  currency: 'EUR',
  dealing: 'rng',
  shoeDeviceId: null,
  config: pokerTable.tableConfig({}),
  seats: { seatCount: 6, minBuyInMinor: 1000, maxBuyInMinor: 10_000, smallBlindMinor: 50, bigBlindMinor: 100 },
  robots: 0,
  createdAt: 1,
};

/** The same contract for the in-memory and the TypeORM (PGlite: the same migrations as PostgreSQL) repository. */
for (const [name, open] of [
  ['in memory', async () => ({ repo: new InMemoryPokerTablesRepository() as PokerTablesRepository, close: async () => undefined })],
  [
    'TypeORM on PGlite',
    async () => {
      const ds = await openDataSource({ kind: 'pglite', dataDir: null }, SERVER_SCHEMA);
      return { repo: new TypeOrmPokerTablesRepository(ds) as PokerTablesRepository, close: () => ds.destroy() };
    },
  ],
] as const) {
  describe(`poker tables repository: ${name}`, () => {
    it('stores definitions and the latest snapshot (a cache of the state after a log seq)', async () => {
      const { repo, close } = await open();
      try {
        await repo.insert(def);
        await expect(repo.insert(def)).rejects.toThrow();
        expect(await repo.get('pk-r1')).toEqual(def);
        expect(await repo.get('nope')).toBeNull();
        expect((await repo.list()).map((d) => d.tableId)).toEqual(['pk-r1']);
        expect(await repo.snapshot('pk-r1')).toBeNull();
        const { def: _d, ...state } = initialState(def);
        await repo.saveSnapshot('pk-r1', { logSeq: 7, state: { ...state, seq: 3 } });
        await repo.saveSnapshot('pk-r1', { logSeq: 9, state: { ...state, seq: 4 } });
        expect(await repo.snapshot('pk-r1')).toEqual({ logSeq: 9, state: { ...state, seq: 4 } });
      } finally {
        await close();
      }
    });
  });
}
