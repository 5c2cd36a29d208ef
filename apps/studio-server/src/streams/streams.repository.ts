import type { DataSource } from 'typeorm';
import type { StreamSource, TableStreams } from './streams.schema.js';

export interface StreamsRepository {
  get(tableId: string): Promise<TableStreams | null>;
  put(tableId: string, sources: readonly StreamSource[], by: string, at: number): Promise<void>;
}

export const STREAMS_REPOSITORY = Symbol('STREAMS_REPOSITORY');

export class InMemoryStreamsRepository implements StreamsRepository {
  private readonly rows = new Map<string, TableStreams>();
  async get(tableId: string): Promise<TableStreams | null> {
    return this.rows.get(tableId) ?? null;
  }
  async put(tableId: string, sources: readonly StreamSource[], by: string, at: number): Promise<void> {
    this.rows.set(tableId, { tableId, sources: structuredClone([...sources]), updatedAt: at, updatedBy: by });
  }
}

export class SqlStreamsRepository implements StreamsRepository {
  constructor(private readonly ds: DataSource) {}
  async get(tableId: string): Promise<TableStreams | null> {
    const [r] = (await this.ds.query(`SELECT "sources","updated_at","updated_by" FROM "table_stream" WHERE "table_id" = $1`, [tableId])) as Record<string, unknown>[];
    if (r === undefined) return null;
    const sources = typeof r['sources'] === 'string' ? (JSON.parse(r['sources']) as StreamSource[]) : (r['sources'] as StreamSource[]);
    return { tableId, sources, updatedAt: Number(r['updated_at']), updatedBy: r['updated_by'] as string };
  }
  async put(tableId: string, sources: readonly StreamSource[], by: string, at: number): Promise<void> {
    await this.ds.query(
      `INSERT INTO "table_stream" ("table_id","sources","updated_at","updated_by") VALUES ($1,$2::jsonb,$3,$4)
       ON CONFLICT ("table_id") DO UPDATE SET "sources" = EXCLUDED."sources", "updated_at" = EXCLUDED."updated_at", "updated_by" = EXCLUDED."updated_by"`,
      [tableId, JSON.stringify(sources), at, by],
    );
  }
}
