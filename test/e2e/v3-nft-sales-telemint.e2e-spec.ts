import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { V3NftItemsRes, V3NftSalesRes } from '@app/contracts';
import { GenesisAccount } from '@app/localnet';
import { durovAuctionDetails } from '../integration/support/telemint-fixtures';
import { startV3Harness, type JsonReply, type V3Harness } from './support/v3-harness';

function ok(reply: JsonReply): unknown {
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body;
}

/**
 * nft/sales' Telemint items over the genesis seed decoded with interface detection. The local network
 * has no Telemint item (Fragment's item code needs a signed deploy from its collection, not part of
 * the seed), so the decoder's probe is seen answering "not a Telemint item" for the seed's plain
 * items, and the API shape is checked on a row as the decoder writes it for a seed item.
 */
void describe('v3 API: nft/sales Telemint items (single process, real PostgreSQL)', () => {
  let h: V3Harness;
  const a = (name: string): string => h.address(name);

  before(async () => {
    h = await startV3Harness({ traffic: false, interfaces: true });
  });

  after(async () => {
    await h.close();
  });

  void it('the seed NFT items were probed as Telemint items and are not', async () => {
    const codes = await h.ds.query<{ interfaces: string[] }[]>(
      `SELECT interfaces FROM contract_interfaces WHERE 'nft_item' = ANY(interfaces)`,
    );
    assert.ok(codes.length > 0);
    assert.deepEqual(
      codes.filter((c) => c.interfaces.includes('teleitem')),
      [],
    );
    assert.deepEqual(await h.ds.query(`SELECT address FROM telemint_nft_items`), []);
  });

  void it('a Telemint item as the decoder stores it: type telemint, its details and its own item', async () => {
    const item = a(GenesisAccount.nftItem1);
    const bidder = a(GenesisAccount.walletV3r2);
    const beneficiary = a(GenesisAccount.treasury);
    const royalty = a(GenesisAccount.walletV4r2);
    await h.ds.query(
      `INSERT INTO telemint_nft_items (address, token_name, bidder_address, bid, bid_ts, min_bid,
         end_time, beneficiary_address, initial_min_bid, max_bid, min_bid_step, min_extend_time,
         duration, royalty_numerator, royalty_denominator, royalty_destination, last_transaction_lt)
       VALUES ($1, 'durov', $2, 120000000000, 1790000100, 126000000000, 1790604800, $3,
         100000000000, 0, 5, 3600, 604800, 5, 100, $4, 4200)`,
      [item, bidder, beneficiary, royalty],
    );
    try {
      const body = V3NftSalesRes.parse(
        ok(await h.get('v3/nft/sales', { address: [item, a(GenesisAccount.nftSaleListed)] })),
      );
      assert.deepEqual(
        body.nft_sales.map((x) => [x.type, x.address]),
        [
          ['getgems_sale', a(GenesisAccount.nftSaleListed)],
          ['telemint', item],
        ],
      );
      const items = V3NftItemsRes.parse(ok(await h.get('v3/nft/items', { address: item })));
      assert.deepEqual(body.nft_sales[1], {
        type: 'telemint',
        address: item,
        nft_address: item,
        last_transaction_lt: '4200',
        details: durovAuctionDetails({ bidder, beneficiary, royalty }),
        nft_item: items.nft_items[0],
      });
      for (const address of [item, bidder, beneficiary, royalty]) {
        assert.ok(address in body.address_book, address);
      }
    } finally {
      await h.ds.query(`DELETE FROM telemint_nft_items WHERE address = $1`, [item]);
    }
  });
});
