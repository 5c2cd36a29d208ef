import { describe, expect, it } from 'vitest';
import { CachedTablesRepository } from './tables.cached-repository.js';
import { InMemoryTablesRepository, type Table, type TablesRepository } from './table.model.js';

const table = (over: Partial<Table> = {}): Table => ({
  tableId: 'tbl_r',
  name: 'Roulette 1',
  game: 'roulette',
  profileId: 'european',
  currency: 'EUR',
  limits: { tableMinMinor: 100, tableMaxMinor: 100_000, spots: {} },
  betWindowS: 15,
  cadence: { auto: true, pauseS: 4 },
  devices: [{ deviceId: 'wheel-1', kind: 'wheel' }],
  status: 'open',
  preOpenCheck: null,
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

/** The database behind the cache: counts reads, and can hold one read until the test lets it go. */
class Store implements TablesRepository {
  readonly inner = new InMemoryTablesRepository();
  reads = 0;
  private held: { release: () => void; ready: Promise<void> } | null = null;
  hold(): () => void {
    let release = (): void => undefined;
    const ready = new Promise<void>((r) => (release = r));
    this.held = { release, ready };
    return release;
  }
  insert = (t: Table): Promise<void> => this.inner.insert(t);
  save = (t: Table): Promise<void> => this.inner.save(t);
  async get(id: string): Promise<Table | null> {
    this.reads++;
    const row = structuredClone(await this.inner.get(id));
    const h = this.held;
    this.held = null;
    if (h) await h.ready;
    return row;
  }
  list = (): Promise<Table[]> => this.inner.list();
}

describe('CachedTablesRepository (one instance: the tables read from memory)', () => {
  it('reads a table from the database once, then from memory; a write is seen at once', async () => {
    const store = new Store();
    await store.insert(table());
    const repo = new CachedTablesRepository(store);
    expect((await repo.get('tbl_r'))?.status).toBe('open');
    expect((await repo.get('tbl_r'))?.status).toBe('open');
    expect(store.reads).toBe(1);
    await repo.save(table({ status: 'closed', updatedAt: 5 }));
    expect((await repo.get('tbl_r'))?.status).toBe('closed');
    expect((await store.inner.get('tbl_r'))?.status).toBe('closed'); // the database has it too
    expect(store.reads).toBe(1);
    expect(await repo.get('tbl_nope')).toBeNull();
  });

  it('a read that was on its way while a write finished never puts the older table back', async () => {
    const store = new Store();
    await store.insert(table());
    const repo = new CachedTablesRepository(store);
    const release = store.hold();
    const slow = repo.get('tbl_r'); // reads the open table, held
    await repo.save(table({ status: 'closed', updatedAt: 5 }));
    release();
    expect((await slow)?.status).toBe('closed');
    expect((await repo.get('tbl_r'))?.status).toBe('closed');
  });

  it('a write the database refuses changes nothing in memory', async () => {
    const store = new Store();
    await store.insert(table());
    const repo = new CachedTablesRepository(store);
    await expect(repo.insert(table())).rejects.toThrow(/exists/);
    expect((await repo.get('tbl_r'))?.name).toBe('Roulette 1');
  });

  it('hands out frozen tables, never the caller’s own object', async () => {
    const repo = new CachedTablesRepository(new Store());
    const mine = table();
    await repo.insert(mine);
    const got = await repo.get('tbl_r');
    expect(got).not.toBe(mine);
    expect(Object.isFrozen(got)).toBe(true);
    expect(Object.isFrozen(got?.limits)).toBe(true);
    expect(() => {
      (got as { status: string }).status = 'closed';
    }).toThrow();
  });

  it('list reads the database and refreshes memory', async () => {
    const store = new Store();
    await store.insert(table());
    await store.insert(table({ tableId: 'tbl_b', name: 'Baccarat 1', game: 'baccarat' }));
    const repo = new CachedTablesRepository(store);
    expect((await repo.list()).map((t) => t.tableId)).toEqual(['tbl_b', 'tbl_r']);
    await repo.get('tbl_b');
    expect(store.reads).toBe(0);
  });
});
