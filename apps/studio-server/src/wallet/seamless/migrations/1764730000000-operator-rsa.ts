import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 22 §16: RSA-SHA256 signatures as an option per operator (`signature` hmac|rsa, the operator's public key). */
export class OperatorRsa1764730000000 implements MigrationInterface {
  name = 'OperatorRsa1764730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "operator" ADD COLUMN "signature" text NOT NULL DEFAULT 'hmac', ADD COLUMN "public_key" text`);
    await q.query(`ALTER TABLE "operator" ADD CONSTRAINT "operator_signature_known" CHECK ("signature" IN ('hmac','rsa'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "operator" DROP CONSTRAINT "operator_signature_known", DROP COLUMN "public_key", DROP COLUMN "signature"`);
  }
}
