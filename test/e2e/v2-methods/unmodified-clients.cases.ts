import assert from 'node:assert/strict';

import { describe, it } from 'node:test';
import { beginCell, Dictionary, internal, SendMode, toNano } from '@ton/core';
import { TonClient, WalletContractV3R2 } from '@ton/ton';
import TonWeb from 'tonweb';

import { GENESIS, GenesisAccount } from '@app/localnet';
import { friendly, type MethodContext } from './method-context';

/** @ton/ton's TonClient and tonweb's HttpProvider, unmodified, over the v2 endpoints. */
export function unmodifiedClientCases({
  harness,
  account,
  v4Wallet,
  transfer,
}: MethodContext): void {
  describe('unmodified clients', () => {
    it('@ton/ton TonClient runs methods, reads a wallet seqno and sends a transfer', async () => {
      const client = new TonClient({ endpoint: `${harness().baseUrl}/api/v2/jsonRPC` });
      const jettonWallet = account(GenesisAccount.jettonWalletV3r2).address;
      const data = await client.runMethod(jettonWallet, 'get_wallet_data');
      assert.equal(data.stack.readBigNumber(), GENESIS.jetton.finalBalanceV3r2);
      assert.equal(
        data.stack.readAddress().toRawString(),
        account(GenesisAccount.walletV3r2).address.toRawString(),
      );
      assert.equal(
        data.stack.readAddress().toRawString(),
        account(GenesisAccount.jettonMinter).address.toRawString(),
      );
      const minter = account(GenesisAccount.jettonMinter).address;
      const walletAddress = await client.runMethod(minter, 'get_wallet_address', [
        {
          type: 'slice',
          cell: beginCell().storeAddress(account(GenesisAccount.walletV3r2).address).endCell(),
        },
      ]);
      assert.equal(walletAddress.stack.readAddress().toRawString(), jettonWallet.toRawString());

      const seed = account(GenesisAccount.walletV3r2);
      assert.ok(seed.publicKey && seed.secretKey);
      const wallet = client.open(
        WalletContractV3R2.create({ workchain: 0, publicKey: seed.publicKey }),
      );
      const seqno = await wallet.getSeqno();
      assert.equal(seqno, GENESIS.finalSeqno.v3r2);
      await wallet.sendTransfer({
        seqno,
        secretKey: seed.secretKey,
        sendMode: SendMode.PAY_GAS_SEPARATELY,
        messages: [
          internal({
            to: account(GenesisAccount.walletV5r1).address,
            value: toNano('0.02'),
            bounce: false,
          }),
        ],
      });
      await harness().localnet.producer.sealNow();
      assert.equal(await wallet.getSeqno(), GENESIS.finalSeqno.v3r2 + 1);
    });

    it('tonweb HttpProvider call2, getConfigParam and sendBoc', async () => {
      const provider = new TonWeb.HttpProvider(`${harness().baseUrl}/api/v2/jsonRPC`);
      const v5 = friendly(account(GenesisAccount.walletV5r1).address);
      const seqno: unknown = await provider.call2(v5, 'seqno', []);
      assert.equal(String(seqno), String(GENESIS.finalSeqno.v5r1));
      const head = harness().localnet.chain.head().id.seqno;
      const dict = harness()
        .localnet.chain.config(head)
        .beginParse()
        .loadDictDirect(Dictionary.Keys.Int(32), Dictionary.Values.Cell());
      const param = dict.get(34);
      assert.ok(param);
      // tonweb ships no typing for getConfigParam; the method is read off the provider as it runs.
      const getConfigParam: unknown = Reflect.get(provider, 'getConfigParam');
      assert.ok(typeof getConfigParam === 'function');
      const cell: unknown = await getConfigParam.call(provider, 34);
      assert.ok(cell instanceof TonWeb.boc.Cell, 'a tonweb Cell');
      assert.equal(Buffer.from(await cell.hash()).toString('hex'), param.hash().toString('hex'));

      const { contract } = v4Wallet();
      const message = transfer(GENESIS.finalSeqno.v4r2 + 2);
      const sent: unknown = await provider.sendBoc(message.toBoc().toString('base64'));
      assert.deepEqual(sent, { '@type': 'ok' });
      await harness().localnet.producer.sealNow();
      const after: unknown = await provider.call2(friendly(contract.address), 'seqno', []);
      assert.equal(String(after), String(GENESIS.finalSeqno.v4r2 + 3));
    });
  });
}
