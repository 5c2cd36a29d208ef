import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StudioTables1763700000000 implements MigrationInterface {
  name = 'StudioTables1763700000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS "studio_table" ("id" varchar(120) PRIMARY KEY, "data" jsonb NOT NULL, "updated_at" bigint NOT NULL)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "studio_table"`);
  }
}
