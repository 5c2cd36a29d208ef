/**
 * Embedded database: PGlite (https://pglite.dev) through typeorm-pglite.
 *
 * Why PGlite (and not SQLite) for the embedded default:
 *  - it IS PostgreSQL (compiled to WASM): the same SQL dialect, jsonb, CHECK constraints, ON CONFLICT,
 *    `SELECT … FOR UPDATE`, plpgsql triggers — so the embedded default runs THE SAME migrations and
 *    the same repository SQL as production PostgreSQL, and one contract suite covers both;
 *  - pure WASM: no native build step (unlike better-sqlite3), works on any Node 20 machine;
 *  - in-memory mode (`FELT_DATA_DIR=memory`) for fast tests, a directory for the demo.
 *
 * One caveat handled here: PGlite is a single session. typeorm-pglite's pool hands the same session
 * to every TypeORM query runner, so two concurrent transactions would interleave their statements in
 * one backend transaction. `serialPGliteDriver` wraps that pool so a connection is held exclusively
 * from `connect` until TypeORM's `release` — transactions are then serialised (real isolation).
 * Consequence: never open a second query runner while holding one (no `dataSource.query` inside a
 * `uow.run` callback — use the Tx repositories), or it waits for itself.
 */
import { PGliteDriver } from 'typeorm-pglite';

type ConnectCallback = (err: unknown, client: unknown, release: (err?: unknown) => void) => void;

interface PoolLike {
  connect(cb: ConnectCallback): Promise<void>;
}

/** PGlite options as typeorm-pglite (CJS) sees them (`dataDir` only is used here). */
export type EmbeddedPGliteOptions = NonNullable<ConstructorParameters<typeof PGliteDriver>[0]>;

export function serialPGliteDriver(options: EmbeddedPGliteOptions, acquireTimeoutMs = 30_000): { Pool: new () => unknown } {
  const base = new PGliteDriver(options).driver;
  const BasePool = base.Pool as unknown as new () => PoolLike;
  class SerialPool extends BasePool {
    private tail: Promise<void> = Promise.resolve();
    override async connect(cb: ConnectCallback): Promise<void> {
      let release!: () => void;
      const prev = this.tail;
      this.tail = new Promise<void>((r) => {
        release = r;
      });
      // A wait this long means a query runner was opened while this context already holds the
      // session (e.g. a DataSource query inside uow.run): fail loudly instead of hanging forever.
      let timer: NodeJS.Timeout | undefined;
      const acquired = await Promise.race([
        prev.then(() => true),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), acquireTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (!acquired) {
        void prev.then(release); // keep the chain intact: our turn is passed on when it comes
        cb(new Error(`PGlite session busy for ${acquireTimeoutMs} ms: a second query runner was opened while one is held (DataSource/Repository use inside uow.run?)`), null, () => undefined);
        return;
      }
      let released = false;
      const done = (): void => {
        if (!released) {
          released = true;
          release();
        }
      };
      await super.connect((err, client) => {
        if (err) done();
        cb(err, client, done);
      });
    }
  }
  return { Pool: SerialPool };
}
