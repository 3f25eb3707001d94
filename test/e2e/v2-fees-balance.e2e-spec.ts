import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type Address,
  beginCell,
  external,
  internal,
  loadTransaction,
  SendMode,
  storeMessage,
  toNano,
} from '@ton/core';
import { WalletContractV4 } from '@ton/ton';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { startV2Harness, type V2Harness } from './support/v2-harness';

interface Fees {
  in_fwd_fee: number;
  storage_fee: number;
  gas_fee: number;
  fwd_fee: number;
}

/**
 * estimateFee's `source_fees` against what a real transfer takes from the wallet's balance, on the
 * local network. tonlib's `Query::estimate_fees` (ton-blockchain/ton tonlib/tonlib/TonlibClient.cpp)
 * reports `fwd_fee` as the whole forwarding fee of each outgoing message whatever its send mode;
 * the wallet pays it on top of the value only with +1 (pay fees separately). Without it the fee is
 * taken out of the value sent, so the balance falls by the value and the other three fees alone.
 */
describe('v2 estimateFee against the balance a transfer takes', () => {
  let harness: V2Harness;
  let seqno = GENESIS.finalSeqno.v4r2;

  before(async () => {
    harness = await startV2Harness();
  });

  after(async () => {
    await harness.close();
  });

  function wallet(): { contract: WalletContractV4; secretKey: Buffer; to: Address } {
    const seed = harness.localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2);
    const to = harness.localnet.accounts.find((a) => a.name === GenesisAccount.walletV3r2);
    assert.ok(seed?.publicKey && seed.secretKey && to, 'genesis wallets');
    return {
      contract: WalletContractV4.create({ workchain: 0, publicKey: seed.publicKey }),
      secretKey: seed.secretKey,
      to: to.address,
    };
  }

  /**
   * Estimates, sends and lands a 0.05 TON transfer: the estimate, and what the balance fell by beyond
   * the value and the storage the landed transaction paid, and the value its message carries.
   */
  async function transfer(sendMode: SendMode) {
    const { contract, secretKey, to } = wallet();
    const value = toNano('0.05');
    const body = contract.createTransfer({
      seqno,
      secretKey,
      sendMode,
      messages: [internal({ to, value, bounce: false })],
    });
    seqno += 1;
    const estimate = await harness.post('estimateFee', {
      address: contract.address.toRawString(),
      body: body.toBoc().toString('base64'),
      ignore_chksig: false,
    });
    assert.equal(estimate.status, 200);
    const fees = (estimate.body.result as { source_fees: Fees }).source_fees;
    const chain = harness.localnet.chain.blockchain;
    const before = (await chain.getContract(contract.address)).balance;
    const message = beginCell()
      .store(storeMessage(external({ to: contract.address, body })))
      .endCell();
    assert.equal(
      (await harness.post('sendBoc', { boc: message.toBoc().toString('base64') })).status,
      200,
    );
    await harness.localnet.producer.sealNow();
    const landed = await chain.getContract(contract.address);
    const record = harness.localnet.chain.transaction(contract.address, landed.lastTransactionLt);
    assert.ok(record, 'the transfer landed');
    const tx = loadTransaction(record.tx.cell.beginParse());
    const out = tx.outMessages.get(0);
    assert.ok(out?.info.type === 'internal', 'one internal message sent');
    assert.equal(tx.description.type, 'generic');
    // The estimate charges storage up to the head's time; the transfer lands in a later block and
    // pays up to that block's (here one second more, 0 or 1 nanoton): the one field that moves.
    const storagePaid = Number(tx.description.storagePhase?.storageFeesCollected ?? 0n);
    assert.ok(storagePaid >= fees.storage_fee && storagePaid <= fees.storage_fee + 1, 'storage');
    return {
      fees,
      value,
      beyondValue: Number(before - landed.balance - value) - storagePaid,
      sentValue: out.info.value.coins,
    };
  }

  it('takes the estimate’s four fees beyond the value when the fees are paid separately', async () => {
    const { fees, value, beyondValue, sentValue } = await transfer(SendMode.PAY_GAS_SEPARATELY);
    assert.ok(fees.fwd_fee > 0 && fees.in_fwd_fee > 0 && fees.gas_fee > 0, 'a real transfer');
    assert.equal(beyondValue, fees.in_fwd_fee + fees.gas_fee + fees.fwd_fee);
    assert.equal(sentValue, value);
  });

  it('takes fwd_fee out of the value sent when they are not (send mode 0)', async () => {
    const { fees, value, beyondValue, sentValue } = await transfer(SendMode.NONE);
    assert.ok(fees.fwd_fee > 0, 'tonlib reports the forwarding fee whatever the mode');
    assert.equal(beyondValue, fees.in_fwd_fee + fees.gas_fee);
    assert.equal(sentValue, value - BigInt(fees.fwd_fee));
  });
});
