import { type DataSource } from 'typeorm';
import { type ApiKeyEntity } from '../entities/api-key.entity';
import { ApiPlanEntity } from '../entities/api-plan.entity';
import { type QueryRow, selectList } from '../entities/query-row';

/** A plan as the CLI and the gateway see it. */
export interface ApiPlan {
  readonly id: number;
  readonly name: string;
  readonly rps: number;
  readonly burst: number;
  readonly networks: readonly string[];
  /** Streaming API connections each key of the plan may hold at once. */
  readonly streamingConnections: number;
  /** Addresses each key of the plan may subscribe to over its streaming connections. */
  readonly streamingAddresses: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A key's row without its hash (listings never show hashes). */
export interface ApiKeyRecord {
  readonly id: number;
  readonly planId: number;
  readonly planName: string;
  readonly label: string | null;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}

/** What the gateway needs to admit a request made with a live key. */
export interface ActiveApiKey {
  readonly keyId: number;
  readonly plan: Pick<
    ApiPlan,
    'id' | 'name' | 'rps' | 'burst' | 'networks' | 'streamingConnections' | 'streamingAddresses'
  >;
}

export type ApiKeyStoreErrorCode = 'PLAN_EXISTS' | 'PLAN_NOT_FOUND';

/** A refusal the CLI reports as is (the caller's mistake, not a failure of the store). */
export class ApiKeyStoreError extends Error {
  constructor(
    readonly code: ApiKeyStoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiKeyStoreError';
  }
}

/** A plan's name and limits, as `api_plans` holds them and an active key's lookup joins them. */
type PlanLimitsRow = QueryRow<
  ApiPlanEntity,
  'name' | 'rps' | 'burst' | 'networks' | 'streamingConnections' | 'streamingAddresses'
>;
const PLAN_KEYS = [
  'id',
  'name',
  'rps',
  'burst',
  'networks',
  'streamingConnections',
  'streamingAddresses',
  'createdAt',
  'updatedAt',
] as const;
type PlanRow = QueryRow<ApiPlanEntity, (typeof PLAN_KEYS)[number]>;
/** A key's row with its plan's name (`plan_name`, joined from `api_plans`). */
type KeyRow = QueryRow<ApiKeyEntity, 'id' | 'planId' | 'label' | 'createdAt' | 'revokedAt'> & {
  readonly plan_name: ApiPlanEntity['name'];
};
/** A live key's id (`key_id`) with its plan's id and limits. */
type ActiveRow = QueryRow<ApiKeyEntity, 'planId'> & {
  readonly key_id: ApiKeyEntity['id'];
} & PlanLimitsRow;

const PLAN_COLUMNS = selectList(ApiPlanEntity, PLAN_KEYS);
const KEY_SELECT = `SELECT k."id", k."plan_id", p."name" AS "plan_name", k."label", k."created_at", k."revoked_at"
  FROM "api_keys" k JOIN "api_plans" p ON p."id" = k."plan_id"`;
const UNIQUE_VIOLATION = '23505';

type PlanLimits = Omit<ActiveApiKey['plan'], 'id'>;

/** A plan's name and limits, from the columns `PlanLimitsRow` reads (a plan row, a key's join). */
function toPlanLimits(row: PlanLimitsRow): PlanLimits {
  return {
    name: row.name,
    rps: row.rps,
    burst: row.burst,
    networks: row.networks,
    streamingConnections: row.streaming_connections,
    streamingAddresses: row.streaming_addresses,
  };
}

function toPlan(row: PlanRow): ApiPlan {
  return {
    id: row.id,
    ...toPlanLimits(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toKey(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    planId: row.plan_id,
    planName: row.plan_name,
    label: row.label,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'driverError' in error &&
    typeof error.driverError === 'object' &&
    error.driverError !== null &&
    'code' in error.driverError &&
    error.driverError.code === UNIQUE_VIOLATION
  );
}

/**
 * Plans and keys (tables `api_plans`, `api_keys`). Keys come in and go out as SHA-256 hashes only;
 * the secret never reaches this layer, so it can never be logged or stored by it.
 */
export class ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A new plan; streaming limits left out take the columns' defaults (2 connections, 1000 addresses). */
  async createPlan(plan: {
    name: string;
    rps: number;
    burst: number;
    networks: readonly string[];
    streamingConnections?: number | undefined;
    streamingAddresses?: number | undefined;
  }): Promise<ApiPlan> {
    try {
      // An INSERT … VALUES … RETURNING answers its one row.
      const [created]: [PlanRow] = await this.dataSource.query(
        `INSERT INTO "api_plans" ("name", "rps", "burst", "networks", "streaming_connections",
           "streaming_addresses")
         VALUES ($1, $2, $3, $4, COALESCE($5, 2), COALESCE($6, 1000))
         RETURNING ${PLAN_COLUMNS}`,
        [
          plan.name,
          plan.rps,
          plan.burst,
          plan.networks,
          plan.streamingConnections ?? null,
          plan.streamingAddresses ?? null,
        ],
      );
      return toPlan(created);
    } catch (error: unknown) {
      if (isUniqueViolation(error)) {
        throw new ApiKeyStoreError('PLAN_EXISTS', `plan '${plan.name}' already exists`);
      }
      throw error;
    }
  }

  /** Changes the given fields of plan `name`; throws PLAN_NOT_FOUND when there is no such plan. */
  async updatePlan(
    name: string,
    change: {
      rps?: number | undefined;
      burst?: number | undefined;
      networks?: readonly string[] | undefined;
      streamingConnections?: number | undefined;
      streamingAddresses?: number | undefined;
    },
  ): Promise<ApiPlan> {
    // TypeORM answers an UPDATE … RETURNING with [rows, affectedCount].
    const [[updated]]: [PlanRow[], number] = await this.dataSource.query(
      `UPDATE "api_plans" SET "rps" = COALESCE($2, "rps"), "burst" = COALESCE($3, "burst"),
         "networks" = COALESCE($4, "networks"),
         "streaming_connections" = COALESCE($5, "streaming_connections"),
         "streaming_addresses" = COALESCE($6, "streaming_addresses"), "updated_at" = now()
       WHERE "name" = $1 RETURNING ${PLAN_COLUMNS}`,
      [
        name,
        change.rps ?? null,
        change.burst ?? null,
        change.networks ?? null,
        change.streamingConnections ?? null,
        change.streamingAddresses ?? null,
      ],
    );
    if (updated === undefined) {
      throw new ApiKeyStoreError('PLAN_NOT_FOUND', `plan '${name}' does not exist`);
    }
    return toPlan(updated);
  }

  async listPlans(): Promise<ApiPlan[]> {
    const rows: PlanRow[] = await this.dataSource.query(
      `SELECT ${PLAN_COLUMNS} FROM "api_plans" ORDER BY "id"`,
    );
    return rows.map(toPlan);
  }

  /** Records a new key of plan `planName` by its hash; throws PLAN_NOT_FOUND for an unknown plan. */
  async createKey(key: {
    keyHash: string;
    planName: string;
    label?: string | undefined;
  }): Promise<ApiKeyRecord> {
    const [created]: KeyRow[] = await this.dataSource.query(
      `WITH inserted AS (
         INSERT INTO "api_keys" ("key_hash", "plan_id", "label")
         SELECT $1, "id", $3 FROM "api_plans" WHERE "name" = $2
         RETURNING *)
       SELECT k."id", k."plan_id", $2 AS "plan_name", k."label", k."created_at", k."revoked_at"
       FROM inserted k`,
      [key.keyHash, key.planName, key.label ?? null],
    );
    if (created === undefined) {
      throw new ApiKeyStoreError('PLAN_NOT_FOUND', `plan '${key.planName}' does not exist`);
    }
    return toKey(created);
  }

  async listKeys(): Promise<ApiKeyRecord[]> {
    const rows: KeyRow[] = await this.dataSource.query(`${KEY_SELECT} ORDER BY k."id"`);
    return rows.map(toKey);
  }

  /**
   * Revokes a key found by its hash or its id; the first revocation time is kept. Null when no key
   * matches.
   */
  async revokeKey(which: { keyHash: string } | { keyId: number }): Promise<ApiKeyRecord | null> {
    const [column, value] = 'keyHash' in which ? ['key_hash', which.keyHash] : ['id', which.keyId];
    const [row]: KeyRow[] = await this.dataSource.query(
      `WITH revoked AS (
         UPDATE "api_keys" SET "revoked_at" = COALESCE("revoked_at", now())
         WHERE "${column}" = $1 RETURNING *)
       SELECT k."id", k."plan_id", p."name" AS "plan_name", k."label", k."created_at", k."revoked_at"
       FROM revoked k JOIN "api_plans" p ON p."id" = k."plan_id"`,
      [value],
    );
    return row === undefined ? null : toKey(row);
  }

  /** Whether any key is live: until one is, the gateway checks no key (every caller anonymous). */
  async hasActiveKeys(): Promise<boolean> {
    // A SELECT of one EXISTS answers one row.
    const [{ any }]: [{ any: boolean }] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM "api_keys" WHERE "revoked_at" IS NULL) AS "any"`,
    );
    return any;
  }

  /** The gateway's lookup: the live (not revoked) key with this hash and its plan, or null. */
  async findActiveByHash(keyHash: string): Promise<ActiveApiKey | null> {
    const [row]: ActiveRow[] = await this.dataSource.query(
      `SELECT k."id" AS "key_id", p."id" AS "plan_id", p."name", p."rps", p."burst", p."networks",
         p."streaming_connections", p."streaming_addresses"
       FROM "api_keys" k JOIN "api_plans" p ON p."id" = k."plan_id"
       WHERE k."key_hash" = $1 AND k."revoked_at" IS NULL`,
      [keyHash],
    );
    return row === undefined
      ? null
      : {
          keyId: row.key_id,
          plan: { id: row.plan_id, ...toPlanLimits(row) },
        };
  }
}
