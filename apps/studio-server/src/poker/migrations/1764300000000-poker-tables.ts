import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live poker tables (issue 11): the table definitions (jsonb documents) and a snapshot of the table's state
 * (a cache, written after some hands: a restart folds only the log after it). The command/event log is the
 * `round_event` stream `poker:<tableId>`.
 */
export class PokerTables1764300000000 implements MigrationInterface {
  name = 'PokerTables1764300000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS "poker_table" ("id" varchar(120) PRIMARY KEY, "data" jsonb NOT NULL, "created_at" bigint NOT NULL, "snapshot" jsonb)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "poker_table"`);
  }
}
