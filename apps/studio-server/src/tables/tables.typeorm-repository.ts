import type { DataSource, Repository } from 'typeorm';
import { TableEntity } from './table.entity.js';
import type { Table, TablesRepository } from './table.model.js';

export class TypeOrmTablesRepository implements TablesRepository {
  private readonly repo: Repository<TableEntity>;
  constructor(ds: DataSource) {
    this.repo = ds.getRepository(TableEntity);
  }
  async insert(table: Table): Promise<void> {
    await this.repo.insert({ id: table.tableId, data: table, updatedAt: table.updatedAt });
  }
  async save(table: Table): Promise<void> {
    await this.repo.save({ id: table.tableId, data: table, updatedAt: table.updatedAt });
  }
  async get(tableId: string): Promise<Table | null> {
    const row = await this.repo.findOne({ where: { id: tableId } });
    return row ? row.data : null;
  }
  async list(): Promise<Table[]> {
    const rows = await this.repo.find({ order: { id: 'ASC' } });
    return rows.map((r) => r.data);
  }
}
