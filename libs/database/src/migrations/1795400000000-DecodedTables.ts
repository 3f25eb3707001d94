import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** A column list's quoted names: `"a", "b"`. */
const quoted = (columns: readonly string[]): string => columns.map((c) => `"${c}"`).join(', ');

/** Creates `table` of `columns`, keyed by `primaryKey` under the constraint `<table>_pkey`. */
async function createTable(
  q: QueryRunner,
  table: string,
  primaryKey: readonly string[],
  columns: readonly string[],
): Promise<void> {
  const lines = [...columns, `CONSTRAINT "${table}_pkey" PRIMARY KEY (${quoted(primaryKey)})`];
  await q.query(`
      CREATE TABLE "${table}" (
        ${lines.join(',\n        ')}
      )
    `);
}

/** Creates the index `name` on `table`'s `columns`, partial when `where` is given. */
async function createIndex(
  q: QueryRunner,
  name: string,
  table: string,
  columns: readonly string[],
  where?: string,
): Promise<void> {
  const partial = where === undefined ? '' : ` WHERE ${where}`;
  await q.query(`CREATE INDEX "${name}" ON "${table}" (${quoted(columns)})${partial}`);
}

/** The key of ton-indexer's contract state tables: the address, and a serial id its pages sort by. */
const ADDRESS_AND_ID = ['"address" varchar NOT NULL', '"id" bigserial NOT NULL'];

/** The last transaction that changed a contract state row, and the code and data it left. */
const STATE_ORIGIN = [
  '"last_transaction_lt" bigint NOT NULL',
  '"code_hash" char(44)',
  '"data_hash" char(44)',
];

/** The leading columns of a token event table: the transaction that carried it, and its query_id. */
const EVENT_TRANSACTION = [
  '"tx_hash" char(44) NOT NULL',
  '"tx_lt" bigint NOT NULL',
  '"tx_now" integer NOT NULL',
  '"tx_aborted" boolean NOT NULL',
  '"mc_seqno" integer NOT NULL',
  '"query_id" numeric NOT NULL',
];

/**
 * The decoder's tables (toncenter v3 toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * traces and their actions, the Jetton and NFT state and events, plus what the decoder needs to run
 * (failures, the interface cache). Action details that toncenter keeps in PostgreSQL composite
 * columns (`jetton_transfer_data`, …) are jsonb columns with the same names here: TypeORM has no
 * composite types, and jsonb keeps the field names the API renders. Conventions as in ChainTables
 * (base64 hashes, raw uppercase addresses).
 */
export class DecodedTables1795400000000 implements MigrationInterface {
  name = 'DecodedTables1795400000000';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TYPE "trace_state" AS ENUM ('complete', 'pending', 'broken')`);
    await q.query(
      `CREATE TYPE "trace_classification_state" AS ENUM ('unclassified', 'failed', 'ok', 'broken')`,
    );

    await createTable(
      q,
      'traces',
      ['trace_id'],
      [
        '"trace_id" char(44) NOT NULL',
        '"external_hash" char(44)',
        '"external_hash_norm" char(44)',
        '"mc_seqno_start" integer NOT NULL',
        '"mc_seqno_end" integer NOT NULL',
        '"start_lt" bigint NOT NULL',
        '"start_utime" integer NOT NULL',
        '"end_lt" bigint NOT NULL',
        '"end_utime" integer NOT NULL',
        '"state" "trace_state" NOT NULL',
        '"pending_edges_" bigint NOT NULL',
        '"edges_" bigint NOT NULL',
        '"nodes_" bigint NOT NULL',
        `"classification_state" "trace_classification_state" NOT NULL DEFAULT 'unclassified'`,
      ],
    );
    await createIndex(q, 'traces_state_idx', 'traces', ['state']);
    await createIndex(q, 'traces_mc_seqno_end_idx', 'traces', ['mc_seqno_end']);
    await createIndex(q, 'traces_end_lt_idx', 'traces', ['end_lt', 'trace_id']);
    await createIndex(q, 'traces_end_utime_idx', 'traces', ['end_utime', 'trace_id']);
    await createIndex(q, 'traces_external_hash_idx', 'traces', ['external_hash']);
    await createIndex(
      q,
      'traces_unclassified_idx',
      'traces',
      ['mc_seqno_end'],
      `"classification_state" = 'unclassified'`,
    );
    await createIndex(q, 'transactions_trace_id_idx', 'transactions', ['trace_id', 'lt']);
    await createIndex(q, 'transactions_account_trace_id_idx', 'transactions', [
      'account',
      'trace_id',
    ]);
    await createIndex(q, 'messages_trace_id_idx', 'messages', ['trace_id', 'tx_lt']);

    await createTable(
      q,
      'actions',
      ['trace_id', 'action_id'],
      [
        '"trace_id" char(44) NOT NULL',
        '"action_id" char(44) NOT NULL',
        '"start_lt" bigint NOT NULL',
        '"end_lt" bigint NOT NULL',
        '"start_utime" integer NOT NULL',
        '"end_utime" integer NOT NULL',
        '"source" varchar',
        '"source_secondary" varchar',
        '"destination" varchar',
        '"destination_secondary" varchar',
        '"asset" varchar',
        '"asset_secondary" varchar',
        '"asset2" varchar',
        '"asset2_secondary" varchar',
        '"opcode" bigint',
        '"tx_hashes" char(44)[] NOT NULL',
        '"type" varchar NOT NULL',
        '"value" numeric',
        '"amount" numeric',
        '"success" boolean',
        '"trace_end_lt" bigint NOT NULL',
        '"trace_end_utime" integer NOT NULL',
        '"trace_external_hash" char(44)',
        '"trace_external_hash_norm" char(44)',
        '"mc_seqno_end" integer NOT NULL',
        '"trace_mc_seqno_end" integer NOT NULL',
        '"parent_action_id" char(44)',
        `"ancestor_type" varchar[] NOT NULL DEFAULT '{}'`,
        '"value_extra_currencies" jsonb',
        `"details" jsonb NOT NULL DEFAULT '{}'`,
      ],
    );
    await createIndex(q, 'actions_end_lt_idx', 'actions', ['end_lt']);
    await createIndex(q, 'actions_action_id_idx', 'actions', ['action_id']);
    await createIndex(q, 'actions_trace_lt_idx', 'actions', ['trace_id', 'start_lt', 'end_lt']);
    await createIndex(q, 'actions_trace_end_lt_idx', 'actions', ['trace_end_lt']);
    await createIndex(q, 'actions_trace_mc_seqno_end_idx', 'actions', ['trace_mc_seqno_end']);

    await createTable(
      q,
      'action_accounts',
      ['account', 'trace_end_lt', 'trace_id', 'action_end_lt', 'action_id'],
      [
        '"account" varchar NOT NULL',
        '"trace_end_lt" bigint NOT NULL',
        '"trace_id" char(44) NOT NULL',
        '"action_end_lt" bigint NOT NULL',
        '"action_id" char(44) NOT NULL',
        '"trace_end_utime" integer NOT NULL',
        '"action_end_utime" integer NOT NULL',
      ],
    );
    await createIndex(q, 'action_accounts_trace_action_idx', 'action_accounts', [
      'trace_id',
      'action_id',
    ]);
    await createIndex(q, 'action_accounts_account_utime_idx', 'action_accounts', [
      'account',
      'trace_end_utime',
      'trace_id',
      'action_end_utime',
      'action_id',
    ]);

    await createTable(
      q,
      'jetton_masters',
      ['address'],
      [
        ...ADDRESS_AND_ID,
        '"total_supply" numeric NOT NULL',
        '"mintable" boolean NOT NULL',
        '"admin_address" varchar',
        '"jetton_content" jsonb',
        '"jetton_wallet_code_hash" char(44)',
        ...STATE_ORIGIN,
      ],
    );
    await createIndex(q, 'jetton_masters_admin_idx', 'jetton_masters', ['admin_address', 'id']);
    await createTable(
      q,
      'jetton_wallets',
      ['address'],
      [
        ...ADDRESS_AND_ID,
        '"balance" numeric NOT NULL',
        '"owner" varchar NOT NULL',
        '"jetton" varchar NOT NULL',
        ...STATE_ORIGIN,
        '"mintless_is_claimed" boolean',
        '"mintless_amount" numeric',
        '"mintless_start_from" bigint',
        '"mintless_expire_at" bigint',
      ],
    );
    await createIndex(q, 'jetton_wallets_owner_idx', 'jetton_wallets', ['owner', 'id']);
    await createIndex(q, 'jetton_wallets_jetton_idx', 'jetton_wallets', ['jetton', 'id']);
    await createIndex(q, 'jetton_wallets_jetton_balance_idx', 'jetton_wallets', [
      'jetton',
      'balance',
    ]);
    await createTable(
      q,
      'jetton_transfers',
      ['tx_hash', 'tx_lt'],
      [
        ...EVENT_TRANSACTION,
        '"amount" numeric NOT NULL',
        '"source" varchar',
        '"destination" varchar',
        '"jetton_wallet_address" varchar NOT NULL',
        '"jetton_master_address" varchar',
        '"response_destination" varchar',
        '"custom_payload" text',
        '"forward_ton_amount" numeric',
        '"forward_payload" text',
        '"trace_id" char(44)',
      ],
    );
    await createIndex(q, 'jetton_transfers_source_idx', 'jetton_transfers', ['source', 'tx_lt']);
    await createIndex(q, 'jetton_transfers_destination_idx', 'jetton_transfers', [
      'destination',
      'tx_lt',
    ]);
    await createIndex(q, 'jetton_transfers_wallet_idx', 'jetton_transfers', [
      'jetton_wallet_address',
      'tx_lt',
    ]);
    await createIndex(q, 'jetton_transfers_master_idx', 'jetton_transfers', [
      'jetton_master_address',
      'tx_lt',
    ]);
    await createIndex(q, 'jetton_transfers_now_idx', 'jetton_transfers', ['tx_now', 'tx_lt']);
    await createTable(
      q,
      'jetton_burns',
      ['tx_hash', 'tx_lt'],
      [
        ...EVENT_TRANSACTION,
        '"owner" varchar',
        '"jetton_wallet_address" varchar NOT NULL',
        '"jetton_master_address" varchar',
        '"amount" numeric NOT NULL',
        '"response_destination" varchar',
        '"custom_payload" text',
        '"trace_id" char(44)',
      ],
    );
    await createIndex(q, 'jetton_burns_owner_idx', 'jetton_burns', ['owner', 'tx_lt']);
    await createIndex(q, 'jetton_burns_wallet_idx', 'jetton_burns', [
      'jetton_wallet_address',
      'tx_lt',
    ]);
    await createIndex(q, 'jetton_burns_master_idx', 'jetton_burns', [
      'jetton_master_address',
      'tx_lt',
    ]);

    await createTable(
      q,
      'nft_collections',
      ['address'],
      [
        ...ADDRESS_AND_ID,
        '"next_item_index" numeric NOT NULL',
        '"owner_address" varchar',
        '"collection_content" jsonb',
        ...STATE_ORIGIN,
      ],
    );
    await createIndex(q, 'nft_collections_owner_idx', 'nft_collections', ['owner_address', 'id']);
    await createTable(
      q,
      'nft_items',
      ['address'],
      [
        ...ADDRESS_AND_ID,
        '"init" boolean NOT NULL',
        '"index" numeric NOT NULL',
        '"collection_address" varchar',
        '"owner_address" varchar',
        '"content" jsonb',
        ...STATE_ORIGIN,
        '"real_owner" varchar',
      ],
    );
    await createIndex(q, 'nft_items_collection_idx', 'nft_items', ['collection_address', 'index']);
    await createIndex(q, 'nft_items_owner_idx', 'nft_items', [
      'owner_address',
      'collection_address',
      'index',
    ]);
    await createIndex(q, 'nft_items_real_owner_idx', 'nft_items', [
      'real_owner',
      'last_transaction_lt',
    ]);
    await createTable(
      q,
      'nft_transfers',
      ['tx_hash', 'tx_lt'],
      [
        ...EVENT_TRANSACTION,
        '"nft_item_address" varchar NOT NULL',
        '"nft_item_index" numeric',
        '"nft_collection_address" varchar',
        '"old_owner" varchar',
        '"new_owner" varchar',
        '"response_destination" varchar',
        '"custom_payload" text',
        '"forward_amount" numeric',
        '"forward_payload" text',
        '"trace_id" char(44)',
      ],
    );
    await createIndex(q, 'nft_transfers_item_idx', 'nft_transfers', ['nft_item_address', 'tx_lt']);
    await createIndex(q, 'nft_transfers_collection_idx', 'nft_transfers', [
      'nft_collection_address',
      'tx_lt',
    ]);
    await createIndex(q, 'nft_transfers_old_idx', 'nft_transfers', ['old_owner', 'tx_lt']);
    await createIndex(q, 'nft_transfers_new_idx', 'nft_transfers', ['new_owner', 'tx_lt']);

    // Interfaces detected per code hash (get-method probes are run once per code, as the indexer does).
    await createTable(
      q,
      'contract_interfaces',
      ['code_hash'],
      [
        '"code_hash" char(44) NOT NULL',
        '"interfaces" varchar[] NOT NULL',
        '"detected_at" timestamptz NOT NULL DEFAULT now()',
      ],
    );
    // What the decoder could not decode: recorded and skipped, never retried forever.
    await createTable(
      q,
      'decode_failures',
      ['id'],
      [
        '"id" bigserial NOT NULL',
        '"mc_seqno" integer NOT NULL',
        '"kind" varchar NOT NULL',
        '"subject" varchar NOT NULL',
        '"error" text NOT NULL',
        '"created_at" timestamptz NOT NULL DEFAULT now()',
      ],
    );
    await createIndex(q, 'decode_failures_mc_seqno_idx', 'decode_failures', ['mc_seqno']);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "messages_trace_id_idx"`);
    await q.query(`DROP INDEX "transactions_account_trace_id_idx"`);
    await q.query(`DROP INDEX "transactions_trace_id_idx"`);
    for (const table of [
      'decode_failures',
      'contract_interfaces',
      'nft_transfers',
      'nft_items',
      'nft_collections',
      'jetton_burns',
      'jetton_transfers',
      'jetton_wallets',
      'jetton_masters',
      'action_accounts',
      'actions',
      'traces',
    ]) {
      await q.query(`DROP TABLE "${table}"`);
    }
    await q.query(`DROP TYPE "trace_classification_state"`);
    await q.query(`DROP TYPE "trace_state"`);
  }
}
