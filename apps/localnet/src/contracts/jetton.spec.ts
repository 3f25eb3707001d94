import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { type Address, beginCell, toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';

import { contractCode } from './compile-contract';
import { JettonMinter } from './jetton-minter.contract';
import { JettonWallet } from './jetton-wallet.contract';
import {
  exitCode,
  inboundBody,
  inboundValue,
  succeeded,
  transactionTo,
} from './sandbox-transactions';
import { onchainContent, readOnchainContent, textComment, contentKey } from './tep64-content';
import { JETTON } from '@app/ton';

void describe('Jetton minter and wallet (TEP-74)', () => {
  let blockchain: Blockchain;
  let admin: SandboxContract<TreasuryContract>;
  let alice: SandboxContract<TreasuryContract>;
  let bob: SandboxContract<TreasuryContract>;
  let minter: SandboxContract<JettonMinter>;
  const content = onchainContent({ name: 'Spec Token', symbol: 'SPEC', decimals: '6' });

  const walletOf = async (owner: Address) =>
    blockchain.openContract(await JettonWallet.createFor(owner, minter.address));

  before(async () => {
    blockchain = await Blockchain.create();
    blockchain.now = 1_800_000_000;
    admin = await blockchain.treasury('jetton-admin');
    alice = await blockchain.treasury('jetton-alice');
    bob = await blockchain.treasury('jetton-bob');
    minter = blockchain.openContract(
      await JettonMinter.createFromConfig({ admin: admin.address, content }),
    );
    const deploy = await minter.sendDeploy(admin.getSender(), toNano('0.1'));
    const tx = transactionTo(deploy.transactions, minter.address);
    assert.ok(tx !== undefined && succeeded(tx));
  });

  void it('answers get_jetton_data with the deployed data', async () => {
    const data = await minter.getJettonData();
    assert.equal(data.totalSupply, 0n);
    assert.equal(data.mintable, true);
    assert.equal(data.admin?.toRawString(), admin.address.toRawString());
    assert.equal(data.content.hash().toString('hex'), content.hash().toString('hex'));
    assert.equal(
      data.walletCode.hash().toString('hex'),
      (await contractCode('jetton-wallet')).hash().toString('hex'),
    );
    const attributes = readOnchainContent(data.content);
    assert.equal(attributes.get(contentKey('symbol').toString(16).padStart(64, '0')), 'SPEC');
    assert.equal(attributes.get(contentKey('decimals').toString(16).padStart(64, '0')), '6');
  });

  void it('get_wallet_address gives the StateInit address of the owner’s wallet', async () => {
    const expected = await JettonWallet.createFor(alice.address, minter.address);
    assert.equal(
      (await minter.getWalletAddress(alice.address)).toRawString(),
      expected.address.toRawString(),
    );
  });

  void it('mints to a new wallet and returns the excesses to the response address', async () => {
    const result = await minter.sendMint(admin.getSender(), toNano('0.1'), {
      queryId: 7n,
      to: alice.address,
      jettonAmount: 1000n,
      tonAmount: toNano('0.05'),
      responseAddress: admin.address,
    });
    const aliceWallet = await walletOf(alice.address);
    const credit = transactionTo(
      result.transactions,
      aliceWallet.address,
      JETTON.internal_transfer.opcode,
    );
    assert.ok(credit !== undefined && succeeded(credit));
    const excess = transactionTo(result.transactions, admin.address, JETTON.excess.opcode);
    assert.ok(excess !== undefined);
    assert.equal(inboundBody(excess).skip(32).loadUintBig(64), 7n);
    const data = await aliceWallet.getWalletData();
    assert.equal(data.balance, 1000n);
    assert.equal(data.owner.toRawString(), alice.address.toRawString());
    assert.equal(data.jetton.toRawString(), minter.address.toRawString());
    assert.equal((await minter.getJettonData()).totalSupply, 1000n);
  });

  void it('refuses a mint from anyone but the admin (exit 73)', async () => {
    const result = await minter.sendMint(bob.getSender(), toNano('0.1'), {
      to: bob.address,
      jettonAmount: 5n,
      tonAmount: toNano('0.05'),
    });
    const tx = transactionTo(result.transactions, minter.address);
    assert.ok(tx !== undefined);
    assert.equal(exitCode(tx), 73);
    assert.equal((await minter.getJettonData()).totalSupply, 1000n);
  });

  void it('transfers, notifies the new owner with the forward payload and returns the excesses', async () => {
    const aliceWallet = await walletOf(alice.address);
    const result = await aliceWallet.sendTransfer(alice.getSender(), toNano('0.1'), {
      queryId: 8n,
      amount: 300n,
      destination: bob.address,
      responseDestination: alice.address,
      forwardTonAmount: toNano('0.01'),
      forwardPayload: textComment('for bob'),
    });
    const bobWallet = await walletOf(bob.address);
    const notification = transactionTo(result.transactions, bob.address, JETTON.notify.opcode);
    assert.ok(notification !== undefined);
    assert.equal(inboundValue(notification), toNano('0.01'));
    const body = inboundBody(notification);
    body.skip(32);
    assert.equal(body.loadUintBig(64), 8n);
    assert.equal(body.loadCoins(), 300n);
    assert.equal(body.loadAddress().toRawString(), alice.address.toRawString());
    assert.equal(body.loadBit(), true);
    assert.equal(body.loadRef().beginParse().skip(32).loadStringTail(), 'for bob');
    assert.ok(
      transactionTo(result.transactions, alice.address, JETTON.excess.opcode) !== undefined,
    );
    assert.equal((await aliceWallet.getWalletData()).balance, 700n);
    assert.equal((await bobWallet.getWalletData()).balance, 300n);
  });

  void it('refuses a transfer by someone other than the owner (705) and above the balance (706)', async () => {
    const aliceWallet = await walletOf(alice.address);
    const args = { amount: 1n, destination: bob.address };
    const stranger = await aliceWallet.sendTransfer(bob.getSender(), toNano('0.1'), args);
    const strangerTx = transactionTo(stranger.transactions, aliceWallet.address);
    assert.ok(strangerTx !== undefined);
    assert.equal(exitCode(strangerTx), 705);
    const tooMuch = await aliceWallet.sendTransfer(alice.getSender(), toNano('0.1'), {
      ...args,
      amount: 701n,
    });
    const tooMuchTx = transactionTo(tooMuch.transactions, aliceWallet.address);
    assert.ok(tooMuchTx !== undefined);
    assert.equal(exitCode(tooMuchTx), 706);
    assert.equal((await aliceWallet.getWalletData()).balance, 700n);
  });

  void it('burns: the minter lowers the supply and returns the excesses', async () => {
    const bobWallet = await walletOf(bob.address);
    const result = await bobWallet.sendBurn(bob.getSender(), toNano('0.05'), {
      queryId: 9n,
      amount: 100n,
      responseDestination: bob.address,
    });
    const notification = transactionTo(
      result.transactions,
      minter.address,
      JETTON.burn_notification.opcode,
    );
    assert.ok(notification !== undefined && succeeded(notification));
    assert.ok(transactionTo(result.transactions, bob.address, JETTON.excess.opcode) !== undefined);
    assert.equal((await bobWallet.getWalletData()).balance, 200n);
    assert.equal((await minter.getJettonData()).totalSupply, 900n);
  });

  void it('answers TEP-89 provide_wallet_address with take_wallet_address', async () => {
    const result = await bob.send({
      to: minter.address,
      value: toNano('0.05'),
      body: JettonMinter.provideWalletAddressBody(alice.address, true, 11n),
    });
    const answer = transactionTo(
      result.transactions,
      bob.address,
      JETTON.take_wallet_address.opcode,
    );
    assert.ok(answer !== undefined);
    const body = inboundBody(answer);
    body.skip(32);
    assert.equal(body.loadUintBig(64), 11n);
    assert.equal(
      body.loadAddress().toRawString(),
      (await walletOf(alice.address)).address.toRawString(),
    );
    assert.equal(
      body.loadMaybeRef()?.beginParse().loadAddress().toRawString(),
      alice.address.toRawString(),
    );
  });

  void it('ignores a plain TON top-up of a wallet and rejects an unknown op (0xffff)', async () => {
    const aliceWallet = await walletOf(alice.address);
    const topUp = await alice.send({ to: aliceWallet.address, value: toNano('0.01') });
    const topUpTx = transactionTo(topUp.transactions, aliceWallet.address);
    assert.ok(topUpTx !== undefined && succeeded(topUpTx));
    const unknown = await alice.send({
      to: aliceWallet.address,
      value: toNano('0.01'),
      body: beginCell().storeUint(0x12345678, 32).endCell(),
    });
    const unknownTx = transactionTo(unknown.transactions, aliceWallet.address);
    assert.ok(unknownTx !== undefined);
    assert.equal(exitCode(unknownTx), 0xffff);
  });
});
