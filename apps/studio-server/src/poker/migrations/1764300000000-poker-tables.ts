import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Live poker tables (issue 11): the table definitions (jsonb documents). Their command/event log is the `round_event` stream `poker:<tableId>`. */
export class PokerTables1764300000000 implements MigrationInterface {
  name = 'PokerTables1764300000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS "poker_table" ("id" varchar(120) PRIMARY KEY, "data" jsonb NOT NULL, "created_at" bigint NOT NULL)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "poker_table"`);
  }
}
