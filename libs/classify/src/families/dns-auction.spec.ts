/**
 * .ton DNS auctions (toncenter `blocks/auction.py` DnsPurchaseMatcher, DnsReleaseMatcher),
 * on synthetic traces with real TL-B bodies built with @ton/core: each case names the rule
 * it pins.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DNS_COLLECTION } from './auction';
import { only, BUYER, ITEM, classify, item, op } from '../testing/nft-trades';

void describe('.ton DNS auctions (auction.py DnsPurchaseMatcher, DnsReleaseMatcher)', () => {
  const dnsItem = item({ collection_address: DNS_COLLECTION });

  it('a DNS item paying auction_fill_up after the call that ended its auction: dns_purchase by that caller', () => {
    const actions = classify(
      {
        from: null,
        to: BUYER,
        children: [
          {
            from: BUYER,
            to: ITEM,
            body: op(0x12345678).endCell(),
            children: [
              {
                from: ITEM,
                to: DNS_COLLECTION,
                body: op(0x370fec51, 77n).endCell(),
                value: 9_000_000_000n,
              },
            ],
          },
        ],
      },
      { [ITEM]: dnsItem },
    );
    const p = only(actions, 'dns_purchase');
    assert.equal(p.source, null);
    assert.equal(p.destination, BUYER);
    assert.equal(p.asset, DNS_COLLECTION);
    assert.equal(p.asset_secondary, ITEM);
    assert.equal(p.nft_transfer_data!.query_id, 77n);
    assert.equal(p.nft_transfer_data!.price, 9_000_000_000n);
    assert.equal(p.nft_transfer_data!.payout_amount, 9_000_000_000n);
    assert.equal(p.nft_transfer_data!.marketplace, null);
  });

  it('dns_balance_release (0x4ed14b65) to a DNS item: dns_release with its value', () => {
    const actions = classify(
      {
        from: null,
        to: BUYER,
        children: [
          { from: BUYER, to: ITEM, body: op(0x4ed14b65, 5n).endCell(), value: 1_500_000_000n },
        ],
      },
      { [ITEM]: dnsItem },
    );
    const r = only(actions, 'dns_release');
    assert.equal(r.source, BUYER);
    assert.equal(r.destination, ITEM);
    assert.equal(r.asset, DNS_COLLECTION);
    assert.equal(r.value, 1_500_000_000n);
    assert.deepEqual(r.nft_transfer_data, { query_id: 5n, nft_item_index: 42n });
  });
});
