import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';

import { NftCollection } from './nft-collection.contract';
import { NftItem } from './nft-item.contract';
import { exitCode, inboundBody, succeeded, transactionTo } from './sandbox-transactions';
import { snakeText, textComment } from './tep64-content';
import { JETTON, NFT } from '@app/ton';

void describe('NFT collection and item (TEP-62)', () => {
  let blockchain: Blockchain;
  let owner: SandboxContract<TreasuryContract>;
  let alice: SandboxContract<TreasuryContract>;
  let bob: SandboxContract<TreasuryContract>;
  let collection: SandboxContract<NftCollection>;

  before(async () => {
    blockchain = await Blockchain.create();
    blockchain.now = 1_800_000_000;
    owner = await blockchain.treasury('nft-owner');
    alice = await blockchain.treasury('nft-alice');
    bob = await blockchain.treasury('nft-bob');
    collection = blockchain.openContract(
      await NftCollection.createFromConfig({
        owner: owner.address,
        collectionContentUri: 'https://example.invalid/c.json',
        commonContentUri: 'https://example.invalid/items/',
        royalty: { numerator: 7, denominator: 100, destination: owner.address },
      }),
    );
    await collection.sendDeploy(owner.getSender(), toNano('0.1'));
  });

  void it('answers get_collection_data and royalty_params after deploy', async () => {
    const data = await collection.getCollectionData();
    assert.equal(data.nextItemIndex, 0n);
    assert.equal(data.owner.toRawString(), owner.address.toRawString());
    const content = data.content.beginParse();
    assert.equal(content.loadUint(8), 1);
    assert.equal(content.loadStringTail(), 'https://example.invalid/c.json');
    const royalty = await collection.getRoyaltyParams();
    assert.deepEqual([royalty.numerator, royalty.denominator], [7, 100]);
    assert.equal(royalty.destination.toRawString(), owner.address.toRawString());
  });

  void it('deploys items at get_nft_address_by_index, only for the owner and up to next_item_index', async () => {
    const result = await collection.sendDeployItem(owner.getSender(), toNano('0.1'), {
      index: 0n,
      amount: toNano('0.06'),
      owner: alice.address,
      individualContent: '0.json',
    });
    const itemAddress = await collection.getNftAddressByIndex(0n);
    const deployTx = transactionTo(result.transactions, itemAddress);
    assert.ok(deployTx !== undefined && succeeded(deployTx));
    const item = blockchain.openContract(NftItem.createFromAddress(itemAddress));
    const data = await item.getNftData();
    assert.equal(data.initialized, true);
    assert.equal(data.index, 0n);
    assert.equal(data.collection?.toRawString(), collection.address.toRawString());
    assert.equal(data.owner?.toRawString(), alice.address.toRawString());
    assert.equal(data.individualContent?.beginParse().loadStringTail(), '0.json');
    assert.equal((await collection.getCollectionData()).nextItemIndex, 1n);

    const stranger = await collection.sendDeployItem(bob.getSender(), toNano('0.1'), {
      index: 1n,
      amount: toNano('0.06'),
      owner: bob.address,
      individualContent: '1.json',
    });
    assert.equal(
      exitCode(transactionTo(stranger.transactions, collection.address) ?? assert.fail()),
      401,
    );
    const gap = await collection.sendDeployItem(owner.getSender(), toNano('0.1'), {
      index: 5n,
      amount: toNano('0.06'),
      owner: bob.address,
      individualContent: '5.json',
    });
    assert.equal(
      exitCode(transactionTo(gap.transactions, collection.address) ?? assert.fail()),
      403,
    );
  });

  void it('get_nft_content joins the common and individual content as TEP-64 off-chain content', async () => {
    const full = await collection.getNftContent(0n, snakeText('0.json'));
    const slice = full.beginParse();
    assert.equal(slice.loadUint(8), 1);
    assert.equal(slice.loadStringTail(), 'https://example.invalid/items/0.json');
  });

  void it('transfers: ownership_assigned with the payload to the new owner, excesses to the response', async () => {
    const item = blockchain.openContract(
      NftItem.createFromAddress(await collection.getNftAddressByIndex(0n)),
    );
    const refused = await item.sendTransfer(bob.getSender(), toNano('0.05'), {
      newOwner: bob.address,
    });
    assert.equal(exitCode(transactionTo(refused.transactions, item.address) ?? assert.fail()), 401);

    const result = await item.sendTransfer(alice.getSender(), toNano('0.05'), {
      queryId: 21n,
      newOwner: bob.address,
      responseDestination: alice.address,
      forwardAmount: toNano('0.01'),
      forwardPayload: textComment('yours'),
    });
    const assigned = transactionTo(result.transactions, bob.address, NFT.ownership_assigned.opcode);
    assert.ok(assigned !== undefined);
    const body = inboundBody(assigned);
    body.skip(32);
    assert.equal(body.loadUintBig(64), 21n);
    assert.equal(body.loadAddress().toRawString(), alice.address.toRawString());
    assert.equal(body.loadBit(), true);
    assert.equal(body.loadRef().beginParse().skip(32).loadStringTail(), 'yours');
    assert.ok(
      transactionTo(result.transactions, alice.address, JETTON.excess.opcode) !== undefined,
    );
    assert.equal((await item.getNftData()).owner?.toRawString(), bob.address.toRawString());
  });

  void it('answers get_static_data with report_static_data', async () => {
    const item = blockchain.openContract(
      NftItem.createFromAddress(await collection.getNftAddressByIndex(0n)),
    );
    const result = await alice.send({
      to: item.address,
      value: toNano('0.05'),
      body: NftItem.getStaticDataBody(5n),
    });
    const report = transactionTo(result.transactions, alice.address, NFT.report_static_data.opcode);
    assert.ok(report !== undefined);
    const body = inboundBody(report);
    body.skip(32);
    assert.equal(body.loadUintBig(64), 5n);
    assert.equal(body.loadUintBig(256), 0n);
    assert.equal(body.loadAddress().toRawString(), collection.address.toRawString());
  });
});
