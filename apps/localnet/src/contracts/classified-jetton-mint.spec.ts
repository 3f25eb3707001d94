import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';

import { toNano } from '@ton/core';
import { Blockchain, type SandboxContract, type TreasuryContract } from '@ton/sandbox';

import { classifySandboxTrace, rawUpper } from './classified-sandbox-trace';
import { JettonMinter } from './jetton-minter.contract';
import { JettonWallet } from './jetton-wallet.contract';
import { JETTON } from '@app/ton';
import { inboundValue, transactionTo } from './sandbox-transactions';
import { onchainContent, textComment } from './tep64-content';

/**
 * A mint whose internal_transfer carries a forward amount, so the new wallet notifies its owner
 * (transfer_notification, TEP-74): classified as ton-indexer's JettonMintBlockMatcher reads it
 * (https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/blocks/jettons.py):
 * mint → internal_transfer → transfer_notification is one jetton_mint, its receiver and wallet from
 * the wallet's get_wallet_data, its amount from the internal_transfer, its value the mint's ton_amount.
 */
void describe('classified: a Jetton mint that notifies the receiver', () => {
  let blockchain: Blockchain;
  let admin: SandboxContract<TreasuryContract>;
  let alice: SandboxContract<TreasuryContract>;
  let minter: SandboxContract<JettonMinter>;

  before(async () => {
    blockchain = await Blockchain.create();
    blockchain.now = 1_800_000_000;
    admin = await blockchain.treasury('mint-notify-admin');
    alice = await blockchain.treasury('mint-notify-alice');
    minter = blockchain.openContract(
      await JettonMinter.createFromConfig({
        admin: admin.address,
        content: onchainContent({ name: 'Notify Token', symbol: 'NTFY', decimals: '9' }),
      }),
    );
    await minter.sendDeploy(admin.getSender(), toNano('0.1'));
  });

  void it('is one jetton_mint to the owner, through its new wallet, with the notification in it', async () => {
    const jettonAmount = 5_000_000_000n;
    const tonAmount = toNano('0.2');
    const forwardTonAmount = toNano('0.05');
    const sent = await minter.sendMint(admin.getSender(), toNano('0.3'), {
      queryId: 11n,
      to: alice.address,
      jettonAmount,
      tonAmount,
      responseAddress: admin.address,
      forwardTonAmount,
      forwardPayload: textComment('minted for alice'),
    });
    const wallet = await JettonWallet.createFor(alice.address, minter.address);
    const notified = transactionTo(sent.transactions, alice.address, JETTON.notify.opcode);
    assert.equal(notified === undefined ? undefined : inboundValue(notified), forwardTonAmount);

    const { trace, actions, error } = await classifySandboxTrace(blockchain, sent.transactions);
    assert.equal(error, undefined);
    // The receiver's wallet is deployed by the mint: ton-indexer adds a contract_deploy for it.
    assert.deepEqual(
      actions.map((a) => [a.type, a.destination]),
      [
        ['jetton_mint', rawUpper(alice.address)],
        ['contract_deploy', rawUpper(wallet.address)],
      ],
    );
    const mint = actions[0];
    assert.deepEqual(
      {
        success: mint?.success,
        destination: mint?.destination,
        destination_secondary: mint?.destination_secondary,
        asset: mint?.asset,
        amount: mint?.amount,
        value: mint?.value,
        tx_hashes: mint?.tx_hashes.length,
      },
      {
        success: true,
        destination: rawUpper(alice.address),
        destination_secondary: rawUpper(wallet.address),
        asset: rawUpper(minter.address),
        amount: jettonAmount,
        value: tonAmount,
        // mint, internal_transfer, transfer_notification and the excesses: the whole trace
        tx_hashes: trace.transactions.length,
      },
    );
  });
});
