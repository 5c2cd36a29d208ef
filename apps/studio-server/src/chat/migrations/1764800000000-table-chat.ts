import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24 (chat and tips): the table chat's bounded history (CHAT-6), the pit boss's mutes and bans per table
 * (CHAT-5; who and why are also in the audit log) and the tips per table (TIP-3's shift total; the money itself
 * is in the ledger, postings `tip:<tipId>`).
 */
export class TableChat1764800000000 implements MigrationInterface {
  name = 'TableChat1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "chat_message" ("message_id" text NOT NULL, "table_id" text NOT NULL, "author_id" text NOT NULL, "at" bigint NOT NULL, "body" jsonb NOT NULL, CONSTRAINT "PK_chat_message" PRIMARY KEY ("message_id"))`);
    await q.query(`CREATE INDEX "chat_message_table_at_idx" ON "chat_message" ("table_id", "at")`);
    await q.query(`CREATE TABLE "chat_moderation" ("table_id" text NOT NULL, "player_id" text NOT NULL, "action" text NOT NULL, "until" bigint, "reason" text NOT NULL, "by" text NOT NULL, "at" bigint NOT NULL, CONSTRAINT "PK_chat_moderation" PRIMARY KEY ("table_id", "player_id"))`);
    await q.query(`CREATE TABLE "table_tip" ("tip_id" text NOT NULL, "table_id" text NOT NULL, "player_id" text NOT NULL, "amount_minor" bigint NOT NULL, "currency" text NOT NULL, "at" bigint NOT NULL, CONSTRAINT "PK_table_tip" PRIMARY KEY ("tip_id"))`);
    await q.query(`CREATE INDEX "table_tip_table_at_idx" ON "table_tip" ("table_id", "at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "table_tip"`);
    await q.query(`DROP TABLE "chat_moderation"`);
    await q.query(`DROP TABLE "chat_message"`);
  }
}
