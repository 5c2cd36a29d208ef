import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 13: settlement outcomes as append-only rows (`bet_outcome`, primary key = the bet: settled
 * once) written by COPY, instead of updating every bet row of the round. Reads take a bet's status from
 * its outcome when it has one. Updates and deletes are refused like the event log's and the ledger's.
 */
export class BetOutcome1764310000000 implements MigrationInterface {
  name = 'BetOutcome1764310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "bet_outcome" (
      "bet_id" text NOT NULL, "round_id" text NOT NULL, "player_id" text NOT NULL, "stake_minor" bigint NOT NULL,
      "status" text NOT NULL, "return_minor" bigint, "settled_at" bigint NOT NULL,
      CONSTRAINT "bet_outcome_status_known" CHECK ("status" IN ('settled','refunded')),
      CONSTRAINT "bet_outcome_pk" PRIMARY KEY ("bet_id"))`);
    await q.query(`CREATE INDEX "bet_outcome_round_idx" ON "bet_outcome" ("round_id")`);
    await q.query(`CREATE TRIGGER "bet_outcome_append_only" BEFORE UPDATE OR DELETE ON "bet_outcome" FOR EACH ROW EXECUTE FUNCTION "felt_refuse_change"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "bet_outcome"`);
  }
}
