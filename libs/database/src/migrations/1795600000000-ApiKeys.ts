import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The gateway's API keys and plans, admitted as toncenter.com admits callers
 * (https://toncenter.com/api/v2/, https://toncenter.com/api/v3/). A plan carries the rate shared by all of its keys and the
 * networks its keys may use; a key is stored only as the SHA-256 of the secret (the secret is shown
 * once, by `npm run keys -- create`), and revoking a key keeps its row so that logs citing its id
 * stay explainable.
 */
export class ApiKeys1795600000000 implements MigrationInterface {
  name = 'ApiKeys1795600000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "api_plans" (
        "id" SERIAL NOT NULL,
        "name" varchar(64) NOT NULL,
        "rps" integer NOT NULL,
        "burst" integer NOT NULL DEFAULT 0,
        "networks" varchar[] NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "api_plans_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "api_plans_name_key" UNIQUE ("name"),
        CONSTRAINT "api_plans_rps_check" CHECK ("rps" > 0),
        CONSTRAINT "api_plans_burst_check" CHECK ("burst" >= 0),
        CONSTRAINT "api_plans_networks_check"
          CHECK ("networks" <@ ARRAY['mainnet', 'testnet', 'local']::varchar[])
      )
    `);
    await q.query(`
      CREATE TABLE "api_keys" (
        "id" SERIAL NOT NULL,
        "key_hash" char(64) NOT NULL,
        "plan_id" integer NOT NULL,
        "label" varchar(200),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "revoked_at" timestamptz,
        CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "api_keys_key_hash_key" UNIQUE ("key_hash"),
        CONSTRAINT "api_keys_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "api_plans" ("id")
      )
    `);
    await q.query(`CREATE INDEX "api_keys_plan_id_idx" ON "api_keys" ("plan_id")`);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "api_keys"`);
    await q.query(`DROP TABLE "api_plans"`);
  }
}
