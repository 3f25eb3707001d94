import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  createDataSource,
  type DataSource,
  type JettonEventsFilter,
  type NftTransfersFilter,
  TokenQueryRepository,
} from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';

/**
 * The token event pages (jetton/transfers, jetton/burns, nft/transfers; toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml)
 * in (tx_lt, tx_hash) order by the numbers: lts of different lengths (9 and 10 digits) are where an
 * order over their text form goes wrong. One owner in both directions is read as two index-ordered
 * branches (bench/reports/v3-queries.md); an event where the owner is on both sides comes once.
 */
const X = `0:${'A'.repeat(64)}`;
const Y = `0:${'B'.repeat(64)}`;
const Z = `0:${'C'.repeat(64)}`;
const WALLET = `0:${'D'.repeat(64)}`;
const MASTER = `0:${'E'.repeat(64)}`;

function hash(n: number): string {
  return `${String(n).padStart(43, 'A')}=`;
}

/** [tx number, lt, source, destination, aborted] */
const TRANSFERS: readonly [number, string, string, string, boolean][] = [
  [1, '999999999', X, Y, false],
  [2, '1000000001', Y, X, false],
  [3, '1000000005', X, X, false],
  [4, '1000000010', Z, Y, false],
  [5, '1000000020', X, Z, true],
  [6, '5', Y, X, false],
];

const PAGE = { limit: 10, offset: 0, sort: 'desc' } as const;

void describe('token event pages (TokenQueryRepository)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let tokens: TokenQueryRepository;

  before(async () => {
    db = await createTestDatabase({ prefix: 'token_events' });
    ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    tokens = new TokenQueryRepository(ds);
    for (const [n, lt, source, destination, aborted] of TRANSFERS) {
      await ds.query(
        `INSERT INTO jetton_transfers (tx_hash, tx_lt, tx_now, tx_aborted, mc_seqno, query_id,
           amount, source, destination, jetton_wallet_address, jetton_master_address)
         VALUES ($1, $2, $3, $4, 7, 0, 1000, $5, $6, $7, $8)`,
        [hash(n), lt, 1_700_000_000 + n, aborted, source, destination, WALLET, MASTER],
      );
      await ds.query(
        `INSERT INTO nft_transfers (tx_hash, tx_lt, tx_now, tx_aborted, mc_seqno, query_id,
           nft_item_address, old_owner, new_owner)
         VALUES ($1, $2, $3, $4, 7, 0, $5, $6, $7)`,
        [hash(n), lt, 1_700_000_000 + n, aborted, WALLET, source, destination],
      );
      await ds.query(
        `INSERT INTO jetton_burns (tx_hash, tx_lt, tx_now, tx_aborted, mc_seqno, query_id, owner,
           jetton_wallet_address, jetton_master_address, amount)
         VALUES ($1, $2, $3, $4, 7, 0, $5, $6, $7, 1000)`,
        [hash(n), lt, 1_700_000_000 + n, aborted, source, WALLET, MASTER],
      );
    }
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
  });

  const jettons = async (f: Partial<JettonEventsFilter>): Promise<string[]> =>
    (await tokens.jettonTransfers({ ...PAGE, ...f })).map((r) => r.tx_hash);
  const nfts = async (f: Partial<NftTransfersFilter>): Promise<string[]> =>
    (await tokens.nftTransfers({ ...PAGE, ...f })).map((r) => r.tx_hash);

  void it('orders one owner’s Jetton transfers by lt as a number, both directions, aborted left out', async () => {
    assert.deepEqual(await jettons({ owner_address: [X] }), [hash(3), hash(2), hash(1), hash(6)]);
    assert.deepEqual(await jettons({ owner_address: [X], sort: 'asc' }), [
      hash(6),
      hash(1),
      hash(2),
      hash(3),
    ]);
  });

  void it('pages one owner’s transfers across both branches with limit and offset', async () => {
    assert.deepEqual(await jettons({ owner_address: [X], limit: 2, offset: 1 }), [
      hash(2),
      hash(1),
    ]);
    assert.deepEqual(await jettons({ owner_address: [X], limit: 2, offset: 3 }), [hash(6)]);
  });

  void it('reads one direction only: in = destination, out = source', async () => {
    assert.deepEqual(await jettons({ owner_address: [X], direction: 'in' }), [
      hash(3),
      hash(2),
      hash(6),
    ]);
    assert.deepEqual(await jettons({ owner_address: [X], direction: 'out' }), [hash(3), hash(1)]);
  });

  void it('reads several owners in either direction', async () => {
    assert.deepEqual(await jettons({ owner_address: [X, Z] }), [
      hash(4),
      hash(3),
      hash(2),
      hash(1),
      hash(6),
    ]);
  });

  void it('orders by lt as a number without an owner, with the lt range', async () => {
    assert.deepEqual(await jettons({}), [hash(4), hash(3), hash(2), hash(1), hash(6)]);
    assert.deepEqual(await jettons({ start_lt: '1000000000', end_lt: '1000000005' }), [
      hash(3),
      hash(2),
    ]);
  });

  void it('answers the row of a transfer with its 64-bit values as decimal strings', async () => {
    const [row] = await tokens.jettonTransfers({ ...PAGE, owner_address: [X], direction: 'out' });
    assert.deepEqual(row, {
      tx_hash: hash(3),
      tx_lt: '1000000005',
      tx_now: 1_700_000_003,
      tx_aborted: false,
      query_id: '0',
      amount: '1000',
      source: X,
      destination: X,
      jetton_wallet_address: WALLET,
      jetton_master_address: MASTER,
      response_destination: null,
      custom_payload: null,
      forward_ton_amount: null,
      forward_payload: null,
      trace_id: null,
    });
  });

  void it('keeps aborted NFT transfers and orders them by lt as a number (new owner = in)', async () => {
    assert.deepEqual(await nfts({ owner_address: [X] }), [
      hash(5),
      hash(3),
      hash(2),
      hash(1),
      hash(6),
    ]);
    assert.deepEqual(await nfts({ owner_address: [X], direction: 'in' }), [
      hash(3),
      hash(2),
      hash(6),
    ]);
  });

  void it('orders one owner’s Jetton burns by lt as a number', async () => {
    const rows = await tokens.jettonBurns({ ...PAGE, owner_address: [X] });
    assert.deepEqual(
      rows.map((r) => [r.tx_hash, r.tx_lt]),
      [
        [hash(5), '1000000020'],
        [hash(3), '1000000005'],
        [hash(1), '999999999'],
      ],
    );
  });
});
