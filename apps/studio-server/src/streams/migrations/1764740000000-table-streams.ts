import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 21 §1: each table's video sources (LL-HLS / WHEP URLs, renditions), set by an admin. */
export class TableStreams1764740000000 implements MigrationInterface {
  name = 'TableStreams1764740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "table_stream" ("table_id" text NOT NULL, "sources" jsonb NOT NULL, "updated_at" bigint NOT NULL, "updated_by" text NOT NULL, CONSTRAINT "PK_table_stream" PRIMARY KEY ("table_id"))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "table_stream"`);
  }
}
