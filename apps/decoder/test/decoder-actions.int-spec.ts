/**
 * The classifier's actions for the genesis seed's DNS, multisig, vesting and getgems sale traffic,
 * decoded from a real localnet into PostgreSQL: the `actions` rows must carry the seed's own values
 * (GENESIS).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Address, beginCell, Dictionary, internal, toNano } from '@ton/core';
import { ActionQueryRepository } from '@app/database';
import {
  GENESIS,
  GenesisAccount,
  Multisig,
  multisigOrder,
  SEED_VALID_UNTIL,
  textComment,
} from '@app/localnet';
import { toV3Action } from '@app/query';
import {
  type DecodedGenesis,
  decodedGenesis,
} from '../../../test/integration/support/decoded-genesis';
import {
  type ActionSql,
  nftTransferData,
  storedActions,
} from '../../../test/integration/support/trace-actions';

void describe('decoder: actions of the genesis seed (real localnet, real PostgreSQL)', () => {
  let g: DecodedGenesis;
  let actions: ActionSql[];
  let v3: string;
  let v4: string;
  let v5: string;

  before(async () => {
    g = await decodedGenesis('decoder_actions');
    v3 = g.address(GenesisAccount.walletV3r2);
    v4 = g.address(GenesisAccount.walletV4r2);
    v5 = g.address(GenesisAccount.walletV5r1);
    actions = await storedActions(g.ds);
  });

  after(async () => {
    await g.close();
  });

  const ofType = (type: string): ActionSql[] => actions.filter((a) => a.type === type);

  const one = (type: string, pred: (a: ActionSql) => boolean = () => true): ActionSql => {
    const found = ofType(type).filter(pred);
    assert.equal(found.length, 1, `one ${type}: ${JSON.stringify(found)}`);
    return found[0]!;
  };

  /** The contract's payout: its one ton_transfer, to `destination`, of `value` with a plain comment. */
  const assertPayout = (source: string, destination: string, value: bigint, comment: string) => {
    const p = one('ton_transfer', (a) => a.source === source);
    assert.equal(p.destination, destination);
    assert.equal(p.value, value.toString());
    assert.deepEqual(p.details.ton_transfer_data, { content: comment, encrypted: false });
  };

  // The genesis DNS item is a DNS-like contract, not an NFT item: toncenter's ChangeDnsRecordMatcher
  // sets the block's collection only for a known NFT item and _fill_change_dns_record_action reads it
  // unguarded (indexer/indexer/events/blocks/dns.py, blocks/utils/block_tree_serializer.py), so the
  // trace fails and keeps its basic actions.
  void it('change_dns_record to a DNS item that is not an NFT item: the trace fails with its basic actions', async () => {
    const item = g.address(GenesisAccount.dnsItem);
    assert.deepEqual(ofType('change_dns'), []);
    const traceIds = [
      ...new Set(
        actions.filter((a) => a.destination === item || a.source === item).map((a) => a.trace_id),
      ),
    ];
    assert.equal(traceIds.length, 1);
    const rows = actions.filter((a) => a.trace_id === traceIds[0]);
    assert.deepEqual(
      rows.map((a) => [a.type, a.source, a.destination, a.value, a.success]),
      [
        ['call_contract', v5, item, '100000000', true],
        ['contract_deploy', v5, item, '100000000', true],
      ],
    );
    const [trace] = await g.ds.query<{ classification_state: string }[]>(
      `SELECT classification_state FROM traces WHERE trace_id = $1`,
      [traceIds[0]],
    );
    assert.equal(trace?.classification_state, 'failed');
  });

  void it('vesting: the whitelist of v5r1 by the vesting sender, and the payout to v5r1', () => {
    const vesting = g.address(GenesisAccount.vestingWallet);
    const w = one('vesting_add_whitelist');
    assert.equal(w.source, v3);
    assert.equal(w.destination, vesting);
    assert.deepEqual(w.details.vesting_add_whitelist_data, {
      query_id: '40',
      accounts_added: [v5],
    });
    assertPayout(vesting, v5, GENESIS.vesting.payout, GENESIS.vesting.payoutComment);
  });

  void it('multisig: order 0 pays v4r2 once executed', () => {
    const multisig = g.address(GenesisAccount.multisig);
    assertPayout(multisig, v4, GENESIS.multisig.payout, GENESIS.multisig.payoutComment);
  });

  void it('multisig: create_order by v3r2; the approval that reaches the threshold executes the order', () => {
    const multisig = g.address(GenesisAccount.multisig);
    const order = g.address(GenesisAccount.multisigOrder0);
    const c = one('multisig_create_order');
    assert.equal(c.source, v3);
    assert.equal(c.destination, multisig);
    assert.equal(c.destination_secondary, order);
    const cd = c.details.multisig_create_order_data;
    assert.ok(cd);
    assert.equal(cd.query_id, '50');
    assert.equal(cd.order_seqno, '0');
    assert.equal(cd.is_created_by_signer, true);
    assert.equal(cd.creator_index, 0);
    // toncenter's approve matcher needs the order's approve_accepted/approve_rejected answer; the
    // approval that reaches the threshold makes the order execute at once instead of answering, so
    // that approval is part of the execute and no multisig_approve is emitted for it.
    assert.deepEqual(ofType('multisig_approve'), []);
    const ex = one('multisig_execute');
    assert.equal(ex.source, order);
    assert.equal(ex.destination, multisig);
    assert.equal(ex.details.multisig_execute_data?.approvals_num, GENESIS.multisig.threshold);
  });

  void it('multisig: the v3 details of the stored create_order and execute, as /api/v3/actions renders them', async () => {
    const multisig = g.address(GenesisAccount.multisig);
    const order = g.address(GenesisAccount.multisigOrder0);
    const traceIds = [one('multisig_create_order').trace_id, one('multisig_execute').trace_id];
    const rows = await new ActionQueryRepository(g.ds).everyOfTraces(traceIds);
    const details = (type: string) => {
      const found = rows.filter((r) => r.type === type).map(toV3Action);
      assert.equal(found.length, 1, type);
      return found[0]?.details;
    };
    const signers = Dictionary.empty(Dictionary.Keys.Uint(8), Dictionary.Values.Address());
    [v3, v4, g.address(GenesisAccount.walletV5r1)].forEach((s, i) =>
      signers.set(i, Address.parse(s)),
    );
    // the seed's order 0: one message paying v4r2 with a comment
    const orderBoc = multisigOrder([
      {
        type: 'send',
        mode: Multisig.defaultActionMode,
        message: internal({
          to: Address.parse(v4),
          value: GENESIS.multisig.payout,
          body: textComment(GENESIS.multisig.payoutComment),
          bounce: true,
        }),
      },
    ])
      .toBoc({ idx: false, crc32: false })
      .toString('base64');
    const create = details('multisig_create_order');
    const signersCell = beginCell().storeDictDirect(signers).endCell();
    // v3r2 (signer 0) creates order 0 with query id 50. toncenter reads the init's signers as a
    // HashmapE (messages/multisig.py), while multisig v2 stores a plain ^Cell there
    // (https://github.com/ton-blockchain/multisig-contract-v2 `store_nonempty_dict`, an alias of
    // store_ref): the expiration date's first bit is taken for the Maybe flag, the first ref (the
    // signers) for the order and the first bit of signer_index (0) for approve_on_init. The
    // classifier reads the init the same way, so order_boc and is_signed_by_creator carry those.
    assert.deepEqual(create, {
      query_id: '50',
      order_seqno: '0',
      is_created_by_signer: true,
      is_signed_by_creator: false,
      creator_index: 0,
      expiration_date: SEED_VALID_UNTIL,
      order_boc: signersCell.toBoc({ idx: false, crc32: false }).toString('base64'),
      source: v3,
      destination: multisig,
      destination_order: order,
    });
    const execute = details('multisig_execute');
    // v4r2's approval (query id 51) is the second of the threshold and sends the same order to execute
    assert.deepEqual(execute, {
      query_id: '51',
      order_seqno: '0',
      expiration_date: SEED_VALID_UNTIL,
      approvals_num: GENESIS.multisig.threshold,
      signers_hash: signersCell.hash().toString('base64'),
      order_boc: orderBoc,
      source: order,
      destination: multisig,
    });
  });

  /** The nft_transfer_data of a TEP-62 transfer with an empty inline forward payload. */
  const transferData = (over: Record<string, unknown>): Record<string, unknown> =>
    nftTransferData({ forward_payload: beginCell().endCell().toBoc().toString('base64'), ...over });

  const inTrace = (traceId: string) =>
    actions
      .filter((a) => a.trace_id === traceId)
      .map((a) => ({
        type: a.type,
        source: a.source,
        destination: a.destination,
        asset: a.asset,
        asset_secondary: a.asset_secondary,
        value: a.value,
        success: a.success,
        details: a.details,
      }));

  void it('getgems sales: v5r1 transfers items 2 and 3 to their sales (nft_transfer, as toncenter has no listing contract to match)', () => {
    // toncenter's NftPutOnSaleBlockMatcher needs the item sent to a listing contract that deploys
    // the sale and forwards the item to it within the same trace; the seed deploys each sale in an
    // earlier trace and transfers the items straight to them, so toncenter too sees two transfers.
    const collection = g.address(GenesisAccount.nftCollection);
    const items = [GenesisAccount.nftItem2, GenesisAccount.nftItem3].map((n) => g.address(n));
    const sales = [GenesisAccount.nftSaleListed, GenesisAccount.nftSaleSold].map((n) =>
      g.address(n),
    );
    const first = one('nft_transfer', (a) => a.asset_secondary === items[0]);
    const listing = {
      type: 'nft_transfer',
      source: v5,
      value: null,
      asset: collection,
      success: true,
    };
    assert.deepEqual(
      inTrace(first.trace_id),
      [0, 1].map((i) => ({
        ...listing,
        destination: sales[i]!,
        asset_secondary: items[i]!,
        details: {
          nft_listing_data: { marketplace_fee_address: null, royalty_address: null },
          nft_transfer_data: transferData({
            query_id: (GENESIS.sale.listQueryId + BigInt(i)).toString(),
            nft_item_index: String(i + 2),
            // The forward amount the seed's runSales sends with each item (activates the sale).
            forward_amount: toNano('0.02').toString(),
            response_destination: v5,
          }),
        },
      })),
    );
  });

  void it("getgems sales: v3r2 buys item 3 — a purchase at full_price from v5r1, with the sale's payouts", () => {
    // The purchase is found through the sale's get_sale_data row (getgems_nft_sales) handed to the
    // classifier: price, item and seller (real_prev_owner) come from it. The sale's TON transfer to
    // the seller makes it toncenter's `nft_purchase` (GetgemsNftPurchaseBlockMatcher), a v2 action
    // whose children (the purchase transfer and that payout) are actions too.
    const s = GENESIS.sale;
    const sale = g.address(GenesisAccount.nftSaleSold);
    const treasury = g.address(GenesisAccount.treasury);
    const purchase = one('nft_transfer', (a) => a.destination === v3 && a.source === sale);
    const payout = (destination: string, value: bigint) => ({
      type: 'ton_transfer',
      source: sale,
      destination,
      asset: null,
      asset_secondary: null,
      value: value.toString(),
      success: true,
      details: { ton_transfer_data: { content: null, encrypted: false } },
    });
    const sellerPayout = s.fullPrice - s.marketplaceFee - s.royaltyAmount;
    const byType = (x: { type: string; destination: string | null }) =>
      `${x.type} ${x.destination}`;
    const actual = inTrace(purchase.trace_id).sort((x, y) => byType(x).localeCompare(byType(y)));
    /** Both actions of the purchase: item 3 of the collection from the sale contract to v3r2. */
    const saleToBuyer = {
      source: sale,
      destination: v3,
      asset: g.address(GenesisAccount.nftCollection),
      asset_secondary: g.address(GenesisAccount.nftItem3),
      value: null,
      success: true,
    };
    const expected = [
      {
        type: 'nft_purchase',
        ...saleToBuyer,
        details: {
          nft_transfer_data: {
            query_id: '0',
            is_purchase: true,
            price: s.fullPrice.toString(),
            nft_item_index: '3',
            forward_amount: '0',
            custom_payload: null,
            forward_payload: beginCell().endCell().toBoc().toString('base64'),
            response_destination: v3,
            marketplace: 'getgems',
            marketplace_address: treasury,
            real_prev_owner: v5,
            payout_amount: sellerPayout.toString(),
            payout_comment_encrypted: false,
            payout_comment_encoded: false,
            payout_comment: null,
          },
        },
      },
      {
        type: 'nft_transfer',
        ...saleToBuyer,
        details: {
          nft_listing_data: { marketplace_fee_address: null, royalty_address: null },
          nft_transfer_data: transferData({
            is_purchase: true,
            price: s.fullPrice.toString(),
            nft_item_index: '3',
            response_destination: v3,
            marketplace: 'getgems',
            marketplace_address: treasury,
            real_prev_owner: v5,
          }),
        },
      },
      payout(treasury, s.marketplaceFee),
      payout(v4, s.royaltyAmount),
      payout(v5, sellerPayout),
    ].sort((x, y) => byType(x).localeCompare(byType(y)));
    assert.deepEqual(actual, expected);
    // the purchase holds its transfer and the seller's payout; the fee and royalty stay top-level
    const inPurchase = actions.filter(
      (x) => x.trace_id === purchase.trace_id && x.ancestor_type.includes('nft_purchase'),
    );
    assert.deepEqual(inPurchase.map((x) => `${x.type} ${x.destination}`).sort(), [
      `nft_transfer ${v3}`,
      `ton_transfer ${v5}`,
    ]);
  });
});
