import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Initial schema (PostgreSQL SQL; PGlite runs the very same statements). No `synchronize`: the schema
 * only ever changes through migrations. Kept in step with the entities by persistence.schema.spec.ts.
 */
export class Initial1763690000000 implements MigrationInterface {
  name = 'Initial1763690000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "round_event" (
      "round_id" text NOT NULL, "seq" integer NOT NULL, "table_id" text NOT NULL, "type" text NOT NULL,
      "payload" jsonb NOT NULL, "at" bigint NOT NULL, "recorded_at" bigint NOT NULL, "causation_id" text,
      CONSTRAINT "round_event_pk" PRIMARY KEY ("round_id", "seq"))`);
    await q.query(`CREATE INDEX "round_event_table_idx" ON "round_event" ("table_id", "recorded_at")`);

    await q.query(`CREATE TABLE "round" (
      "round_id" text NOT NULL, "table_id" text NOT NULL, "game" text NOT NULL, "seq" integer NOT NULL,
      "phase" text NOT NULL, "state" jsonb NOT NULL, "opened_at" bigint NOT NULL, "updated_at" bigint NOT NULL,
      CONSTRAINT "round_pk" PRIMARY KEY ("round_id"))`);
    await q.query(`CREATE INDEX "round_table_opened_idx" ON "round" ("table_id", "opened_at")`);

    await q.query(`CREATE TABLE "bet" (
      "bet_id" text NOT NULL, "round_id" text NOT NULL, "table_id" text NOT NULL, "player_id" text NOT NULL,
      "spot" text NOT NULL, "kind" text NOT NULL, "stake_minor" bigint NOT NULL, "currency" text NOT NULL,
      "status" text NOT NULL, "return_minor" bigint, "placed_at" bigint NOT NULL, "settled_at" bigint,
      CONSTRAINT "bet_stake_positive" CHECK ("stake_minor" > 0),
      CONSTRAINT "bet_status_known" CHECK ("status" IN ('accepted','cancelled','settled','refunded')),
      CONSTRAINT "bet_pk" PRIMARY KEY ("bet_id"))`);
    await q.query(`CREATE INDEX "bet_round_idx" ON "bet" ("round_id")`);
    await q.query(`CREATE INDEX "bet_player_idx" ON "bet" ("player_id", "placed_at")`);

    await q.query(`CREATE TABLE "ledger_posting" ("posting_id" text NOT NULL, "at" bigint NOT NULL, CONSTRAINT "ledger_posting_pk" PRIMARY KEY ("posting_id"))`);
    await q.query(`CREATE TABLE "ledger_entry" (
      "id" BIGSERIAL NOT NULL, "posting_id" text NOT NULL, "account" text NOT NULL, "currency" text NOT NULL,
      "amount_minor" bigint NOT NULL, "at" bigint NOT NULL, "memo" text NOT NULL,
      CONSTRAINT "ledger_entry_pk" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "ledger_entry_posting_idx" ON "ledger_entry" ("posting_id")`);
    await q.query(`CREATE INDEX "ledger_entry_account_idx" ON "ledger_entry" ("account", "currency")`);
    await q.query(`CREATE TABLE "account_balance" (
      "account" text NOT NULL, "currency" text NOT NULL, "balance_minor" bigint NOT NULL,
      CONSTRAINT "account_balance_non_negative" CHECK ("balance_minor" >= 0 OR NOT ("account" = 'in-play' OR "account" LIKE 'player:%')),
      CONSTRAINT "account_balance_pk" PRIMARY KEY ("account", "currency"))`);

    await q.query(`CREATE TABLE "app_user" (
      "user_id" text NOT NULL, "username" text NOT NULL, "name" text NOT NULL, "role" text NOT NULL,
      "password_hash" text NOT NULL, "created_at" bigint NOT NULL,
      CONSTRAINT "app_user_role_known" CHECK ("role" IN ('player','dealer','pitboss','admin')),
      CONSTRAINT "app_user_username_uq" UNIQUE ("username"),
      CONSTRAINT "app_user_pk" PRIMARY KEY ("user_id"))`);
    await q.query(`CREATE TABLE "audit_log" (
      "audit_id" text NOT NULL, "actor" text NOT NULL, "role" text NOT NULL, "action" text NOT NULL,
      "reason" text NOT NULL, "target" text NOT NULL, "at" bigint NOT NULL,
      CONSTRAINT "audit_log_pk" PRIMARY KEY ("audit_id"))`);
    await q.query(`CREATE INDEX "audit_log_at_idx" ON "audit_log" ("at")`);
    await q.query(`CREATE TABLE "alert" (
      "alert_id" text NOT NULL, "table_id" text, "round_id" text, "severity" text NOT NULL, "code" text NOT NULL,
      "message" text NOT NULL, "at" bigint NOT NULL,
      CONSTRAINT "alert_severity_known" CHECK ("severity" IN ('info','warning','critical')),
      CONSTRAINT "alert_pk" PRIMARY KEY ("alert_id"))`);
    await q.query(`CREATE INDEX "alert_at_idx" ON "alert" ("at")`);

    // Immutability of the event log, the ledger and the audit log (docs/architecture.md: append-only, immutable entries).
    await q.query(`CREATE FUNCTION "felt_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'table % is append-only', TG_TABLE_NAME; END $$`);
    for (const t of ['round_event', 'ledger_entry', 'ledger_posting', 'audit_log']) {
      await q.query(`CREATE TRIGGER "${t}_append_only" BEFORE UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION "felt_refuse_change"()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['alert', 'audit_log', 'app_user', 'account_balance', 'ledger_entry', 'ledger_posting', 'bet', 'round', 'round_event']) {
      await q.query(`DROP TABLE IF EXISTS "${t}"`);
    }
    await q.query(`DROP FUNCTION IF EXISTS "felt_refuse_change"()`);
  }
}
