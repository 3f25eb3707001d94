import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { keyPairFromSeed, type KeyPair } from '@ton/crypto';
import { type Address, external, internal, toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';

import { exitCode, inboundValue, transactionTo } from './sandbox-transactions';
import { VestingWallet } from './vesting-wallet.contract';
import { VESTING } from '@app/ton';

const START = 1_800_000_000;
const PARAMS = {
  startTime: START,
  totalDuration: 1000,
  unlockPeriod: 100,
  cliffDuration: 200,
  totalAmount: toNano('10'),
};

void describe('vesting wallet', () => {
  let blockchain: Blockchain;
  let keys: KeyPair;
  let sender: SandboxContract<TreasuryContract>;
  let owner: SandboxContract<TreasuryContract>;
  let stranger: SandboxContract<TreasuryContract>;
  let vesting: SandboxContract<VestingWallet>;
  let seqno = 0;

  /** A signed external from the wallet key sending `value` to `to`; returns the transactions. */
  const transfer = async (to: Address, value: bigint) => {
    const body = VestingWallet.createTransfer({
      seqno,
      secretKey: keys.secretKey,
      validUntil: START + 10_000,
      message: internal({ to, value, bounce: false }),
    });
    const result = await blockchain.sendMessage(external({ to: vesting.address, body }));
    seqno += 1;
    return result.transactions;
  };

  before(async () => {
    blockchain = await Blockchain.create();
    blockchain.now = START + 250;
    keys = keyPairFromSeed(Buffer.alloc(32, 7));
    sender = await blockchain.treasury('vesting-sender');
    owner = await blockchain.treasury('vesting-owner');
    stranger = await blockchain.treasury('vesting-stranger');
    vesting = blockchain.openContract(
      await VestingWallet.createFromConfig({
        ...PARAMS,
        publicKey: keys.publicKey,
        sender: sender.address,
        owner: owner.address,
      }),
    );
    await sender.send({
      to: vesting.address,
      value: toNano('10'),
      init: vesting.init,
      bounce: false,
    });
  });

  void it('answers get_vesting_data with its parameters', async () => {
    const data = await vesting.getVestingData();
    assert.deepEqual(
      { ...data, sender: data.sender.toRawString(), owner: data.owner.toRawString() },
      {
        ...PARAMS,
        sender: sender.address.toRawString(),
        owner: owner.address.toRawString(),
        whitelist: [],
      },
    );
    assert.equal(await vesting.getSeqno(), 0);
  });

  void it('locks everything before the cliff, then unlocks in whole periods', async () => {
    assert.equal(await vesting.getLockedAmount(START - 1), toNano('10'));
    assert.equal(await vesting.getLockedAmount(START + 199), toNano('10'));
    assert.equal(await vesting.getLockedAmount(START + 250), toNano('8'));
    assert.equal(await vesting.getLockedAmount(START + 999), toNano('1'));
    assert.equal(await vesting.getLockedAmount(START + 1000), 0n);
  });

  void it('sends only what is unlocked to a destination off the whitelist', async () => {
    const refused = await transfer(stranger.address, toNano('3'));
    assert.equal(transactionTo(refused, stranger.address), undefined);
    const sent = await transfer(stranger.address, toNano('1'));
    const received = transactionTo(sent, stranger.address);
    assert.ok(received !== undefined);
    assert.equal(inboundValue(received), toNano('1'));
    assert.equal(await vesting.getSeqno(), 2);
  });

  void it('rejects an external with a wrong signature', async () => {
    const body = VestingWallet.createTransfer({
      seqno,
      secretKey: keyPairFromSeed(Buffer.alloc(32, 8)).secretKey,
      validUntil: START + 10_000,
    });
    await assert.rejects(blockchain.sendMessage(external({ to: vesting.address, body })));
    assert.equal(await vesting.getSeqno(), 2);
  });

  void it('whitelists for the vesting sender only; a whitelisted destination may receive locked funds', async () => {
    const refused = await stranger.send({
      to: vesting.address,
      value: toNano('0.1'),
      body: VestingWallet.addWhitelistBody([stranger.address]),
    });
    assert.equal(
      exitCode(transactionTo(refused.transactions, vesting.address) ?? assert.fail()),
      102,
    );
    const added = await sender.send({
      to: vesting.address,
      value: toNano('0.1'),
      body: VestingWallet.addWhitelistBody([stranger.address, owner.address], 5n),
    });
    assert.ok(
      transactionTo(added.transactions, sender.address, VESTING.add_whitelist_response.opcode) !==
        undefined,
    );
    assert.equal(await vesting.getIsWhitelisted(stranger.address), true);
    assert.equal(await vesting.getIsWhitelisted(sender.address), false);
    const whitelist = (await vesting.getVestingData()).whitelist.map((a) => a.toRawString()).sort();
    assert.deepEqual(
      whitelist,
      [stranger.address.toRawString(), owner.address.toRawString()].sort(),
    );

    const sent = await transfer(stranger.address, toNano('5'));
    assert.equal(inboundValue(transactionTo(sent, stranger.address) ?? assert.fail()), toNano('5'));
  });

  void it('sends for its owner with send#a7733acd and answers send_response', async () => {
    const result = await owner.send({
      to: vesting.address,
      value: toNano('0.1'),
      body: VestingWallet.sendBody(
        internal({ to: stranger.address, value: toNano('0.5'), bounce: false }),
        undefined,
        6n,
      ),
    });
    assert.equal(
      inboundValue(transactionTo(result.transactions, stranger.address) ?? assert.fail()),
      toNano('0.5'),
    );
    assert.ok(
      transactionTo(result.transactions, owner.address, VESTING.send_message_response.opcode) !==
        undefined,
    );
    const refused = await stranger.send({
      to: vesting.address,
      value: toNano('0.1'),
      body: VestingWallet.sendBody(internal({ to: stranger.address, value: toNano('0.5') })),
    });
    assert.equal(
      exitCode(transactionTo(refused.transactions, vesting.address) ?? assert.fail()),
      401,
    );
  });
});
