import assert from 'node:assert/strict';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { type JsonReply, type V3Harness } from '../support/v3-harness';

export function ok(reply: JsonReply): unknown {
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body;
}

export function record(value: unknown): Record<string, unknown> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), 'an object');
  return Object.fromEntries(Object.entries(value));
}

interface StateRow {
  lt: string;
  code_hash: string | null;
  data_hash: string | null;
}

export interface EventRow {
  tx_hash: string;
  tx_lt: string;
  tx_now: number;
  trace_id: string;
}

/** The harness of the tokens spec and the database rows its expected values are built from. */
export type TokenRows = ReturnType<typeof tokenRows>;

/** The tokens spec's harness `h` and its readers of the rows the decoder wrote for the seed. */
export function tokenRows(h: () => V3Harness) {
  /** A genesis seed account's raw address. */
  const a = (name: string): string => h().address(name);
  /** The latest state of an account as ingested. */
  const state = async (name: string): Promise<StateRow> => {
    const rows = await h().ds.query<StateRow[]>(
      `SELECT last_trans_lt::text AS lt, code_hash, data_hash FROM latest_account_states
       WHERE account = $1`,
      [a(name)],
    );
    assert.equal(rows.length, 1, name);
    return rows[0]!;
  };
  /** code_hash and data_hash as the decoder recorded them in `table` (not always filled). */
  const hashes = async (
    table: string,
    name: string,
  ): Promise<{ code_hash: string | null; data_hash: string | null }> => {
    const rows = await h().ds.query<{ code_hash: string | null; data_hash: string | null }[]>(
      `SELECT code_hash, data_hash FROM ${table} WHERE address = $1`,
      [a(name)],
    );
    assert.equal(rows.length, 1, `${table} ${name}`);
    return rows[0]!;
  };
  /** The seed's NFT collection as nft/items and nft/sales embed it. */
  const nftCollection = async () => ({
    address: a(GenesisAccount.nftCollection),
    owner_address: a(GenesisAccount.walletV4r2),
    last_transaction_lt: (await state(GenesisAccount.nftCollection)).lt,
    next_item_index: String(GENESIS.nft.itemCount),
    collection_content: { uri: GENESIS.nft.collectionContentUri },
    ...(await hashes('nft_collections', GenesisAccount.nftCollection)),
  });
  /** An item as the tables hold it, `on_sale` false (also inside a sale, as toncenter does). */
  const plainItem = async (name: string, owner: string) => {
    const content = await h().ds.query<{ content: unknown }[]>(
      `SELECT content FROM nft_items WHERE address = $1`,
      [a(name)],
    );
    const collection = await nftCollection();
    return {
      address: a(name),
      init: true,
      index: String(h().localnet.accounts.find((x) => x.name === name)!.index),
      collection_address: collection.address,
      owner_address: a(owner),
      content: content[0]!.content,
      last_transaction_lt: (await state(name)).lt,
      ...(await hashes('nft_items', name)),
      collection,
      on_sale: false,
    };
  };
  /** The one event row of `table`. */
  const event = async (table: string): Promise<EventRow> => {
    const rows = await h().ds.query<EventRow[]>(
      `SELECT tx_hash, tx_lt::text AS tx_lt, tx_now, trace_id FROM ${table}`,
    );
    assert.equal(rows.length, 1, table);
    return rows[0]!;
  };
  return { h, a, state, hashes, nftCollection, plainItem, event };
}
