import { Column, Entity, PrimaryColumn, type DataSource, type Repository } from 'typeorm';
import { pokerTable } from '@felt-studio/games';
import type { PokerTableDef, PokerTableState } from './poker-table.state.js';

/** A definition stored before a table option existed reads with that option's default (e.g. `burnCards: false`, PT-BURN). */
function withDefaults(d: PokerTableDef): PokerTableDef {
  return { ...d, config: pokerTable.tableConfig(d.config) };
}

/** The table's state after the log's event `logSeq` (a cache: the log stays the truth). */
export interface PokerSnapshot {
  readonly logSeq: number;
  readonly state: Omit<PokerTableState, 'def'>;
}

/** Poker table definitions (variant, PokerTableConfig, seats, dealing): one jsonb row each. */
@Entity({ name: 'poker_table' })
export class PokerTableEntity {
  @PrimaryColumn({ type: 'varchar', length: 120 })
  id!: string;

  @Column({ type: 'jsonb' })
  data!: PokerTableDef;

  @Column({ type: 'bigint', name: 'created_at', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  createdAt!: number;

  @Column({ type: 'jsonb', nullable: true })
  snapshot!: PokerSnapshot | null;
}

export interface PokerTablesRepository {
  insert(def: PokerTableDef): Promise<void>;
  get(tableId: string): Promise<PokerTableDef | null>;
  list(): Promise<PokerTableDef[]>;
  saveSnapshot(tableId: string, snap: PokerSnapshot): Promise<void>;
  snapshot(tableId: string): Promise<PokerSnapshot | null>;
}

export const POKER_TABLES_REPOSITORY = Symbol('POKER_TABLES_REPOSITORY');

export class InMemoryPokerTablesRepository implements PokerTablesRepository {
  private readonly rows = new Map<string, PokerTableDef>();
  private readonly snaps = new Map<string, PokerSnapshot>();
  async saveSnapshot(tableId: string, snap: PokerSnapshot): Promise<void> {
    this.snaps.set(tableId, structuredClone(snap));
  }
  async snapshot(tableId: string): Promise<PokerSnapshot | null> {
    const s = this.snaps.get(tableId);
    return s ? structuredClone(s) : null;
  }
  async insert(def: PokerTableDef): Promise<void> {
    if (this.rows.has(def.tableId)) throw new Error(`poker table ${def.tableId} exists`);
    this.rows.set(def.tableId, structuredClone(def));
  }
  async get(tableId: string): Promise<PokerTableDef | null> {
    return this.rows.get(tableId) ?? null;
  }
  async list(): Promise<PokerTableDef[]> {
    return [...this.rows.values()].sort((a, b) => a.tableId.localeCompare(b.tableId));
  }
}

export class TypeOrmPokerTablesRepository implements PokerTablesRepository {
  private readonly repo: Repository<PokerTableEntity>;
  constructor(ds: DataSource) {
    this.repo = ds.getRepository(PokerTableEntity);
  }
  async insert(def: PokerTableDef): Promise<void> {
    await this.repo.insert({ id: def.tableId, data: def, createdAt: def.createdAt, snapshot: null });
  }
  async get(tableId: string): Promise<PokerTableDef | null> {
    const d = (await this.repo.findOne({ where: { id: tableId } }))?.data;
    return d ? withDefaults(d) : null;
  }
  async list(): Promise<PokerTableDef[]> {
    return (await this.repo.find({ order: { id: 'ASC' }, select: { id: true, data: true, createdAt: true } })).map((r) => withDefaults(r.data));
  }
  async saveSnapshot(tableId: string, snap: PokerSnapshot): Promise<void> {
    await this.repo.update({ id: tableId }, { snapshot: snap as never });
  }
  async snapshot(tableId: string): Promise<PokerSnapshot | null> {
    return (await this.repo.findOne({ where: { id: tableId }, select: { id: true, snapshot: true } }))?.snapshot ?? null;
  }
}
