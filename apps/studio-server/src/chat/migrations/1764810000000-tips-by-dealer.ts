import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24 (tips per dealer and payout): each tip records the dealer at the table's console when it came and
 * their shift (the sign-in time; TIP-4), and a shift's payout is a row (TIP-5; the money itself is the ledger
 * posting `tip-payout:<tableId>:<dealerId>:<shiftStart>`). Tips stored before this have no dealer (null).
 */
export class TipsByDealer1764810000000 implements MigrationInterface {
  name = 'TipsByDealer1764810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "table_tip" ADD COLUMN "dealer_id" text`);
    await q.query(`ALTER TABLE "table_tip" ADD COLUMN "dealer_name" text`);
    await q.query(`ALTER TABLE "table_tip" ADD COLUMN "shift_start" bigint`);
    await q.query(`CREATE INDEX "table_tip_at_idx" ON "table_tip" ("at")`);
    await q.query(
      `CREATE TABLE "tip_payout" ("payout_id" text NOT NULL, "table_id" text NOT NULL, "dealer_id" text NOT NULL, "shift_start" bigint NOT NULL, "account" text NOT NULL, "amount_minor" bigint NOT NULL, "currency" text NOT NULL, "tip_count" integer NOT NULL, "by" text NOT NULL, "reason" text NOT NULL, "at" bigint NOT NULL, CONSTRAINT "PK_tip_payout" PRIMARY KEY ("payout_id"))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "tip_payout"`);
    await q.query(`DROP INDEX "table_tip_at_idx"`);
    await q.query(`ALTER TABLE "table_tip" DROP COLUMN "shift_start"`);
    await q.query(`ALTER TABLE "table_tip" DROP COLUMN "dealer_name"`);
    await q.query(`ALTER TABLE "table_tip" DROP COLUMN "dealer_id"`);
  }
}
