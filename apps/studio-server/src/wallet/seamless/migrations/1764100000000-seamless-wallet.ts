import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 12 point 1: operators (wallet mode, endpoint, secret), their players, the seamless-wallet journal. */
export class SeamlessWallet1764100000000 implements MigrationInterface {
  name = 'SeamlessWallet1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "operator" ("operator_id" text NOT NULL, "wallet_mode" text NOT NULL, "base_url" text NOT NULL, "secret" text NOT NULL, "currencies" jsonb NOT NULL, "timeout_ms" integer NOT NULL, "updated_at" bigint NOT NULL,
        CONSTRAINT "PK_operator" PRIMARY KEY ("operator_id"), CONSTRAINT "operator_wallet_mode_known" CHECK ("wallet_mode" IN ('internal','seamless')))`,
    );
    await q.query(
      `CREATE TABLE "operator_player" ("player_id" text NOT NULL, "operator_id" text NOT NULL, "external_user" text NOT NULL, "token" text NOT NULL, "currency" text NOT NULL, "updated_at" bigint NOT NULL,
        CONSTRAINT "PK_operator_player" PRIMARY KEY ("player_id"))`,
    );
    await q.query(`CREATE UNIQUE INDEX "operator_player_user_idx" ON "operator_player" ("operator_id", "external_user")`);
    await q.query(
      `CREATE TABLE "wallet_transaction" ("transaction_uuid" text NOT NULL, "operator_id" text NOT NULL, "bet_id" text NOT NULL, "player_id" text NOT NULL, "kind" text NOT NULL, "state" text NOT NULL,
        "amount_minor" bigint NOT NULL, "body" jsonb NOT NULL, "attempts" integer NOT NULL, "last_error" text, "effective" boolean, "day" text NOT NULL, "at" bigint NOT NULL, "updated_at" bigint NOT NULL,
        CONSTRAINT "PK_wallet_transaction" PRIMARY KEY ("transaction_uuid"),
        CONSTRAINT "wallet_transaction_kind_known" CHECK ("kind" IN ('debit','credit','rollback')),
        CONSTRAINT "wallet_transaction_state_known" CHECK ("state" IN ('pending','done','refused','unconfirmed','dead')))`,
    );
    await q.query(`CREATE INDEX "wallet_transaction_op_day_idx" ON "wallet_transaction" ("operator_id", "day")`);
    await q.query(`CREATE INDEX "wallet_transaction_state_idx" ON "wallet_transaction" ("state")`);
    await q.query(`CREATE INDEX "wallet_transaction_bet_idx" ON "wallet_transaction" ("bet_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "wallet_transaction"`);
    await q.query(`DROP TABLE "operator_player"`);
    await q.query(`DROP TABLE "operator"`);
  }
}
