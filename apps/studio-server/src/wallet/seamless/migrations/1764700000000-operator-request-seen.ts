import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22 §3: the signatures of accepted operator requests, kept until their replay window ends, so a signed
 * request replayed after a restart or to another instance is still refused (OPERATOR_SIGNATURE_REPLAYED).
 */
export class OperatorRequestSeen1764700000000 implements MigrationInterface {
  name = 'OperatorRequestSeen1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "operator_request_seen" ("signature" text NOT NULL, "operator_id" text NOT NULL, "expires_at" bigint NOT NULL, CONSTRAINT "PK_operator_request_seen" PRIMARY KEY ("signature"))`);
    await q.query(`CREATE INDEX "operator_request_seen_expires_idx" ON "operator_request_seen" ("expires_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "operator_request_seen"`);
  }
}
