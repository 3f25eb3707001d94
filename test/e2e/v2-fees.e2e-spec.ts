import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Address, beginCell, type Cell, internal, SendMode, toNano } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { TonClient, WalletContractV4 } from '@ton/ton';
import { GENESIS, GenesisAccount, type SeedAccount } from '@app/localnet';
import { startV2Harness, type V2Harness } from './support/v2-harness';
import { type Fees, paidFees, withoutExtra } from './support/v2-expectations';
import { externalMessage } from '../integration/support/external-message';

function friendly(address: Address): string {
  return address.toString({ bounceable: true, urlSafe: true });
}

function boc(cell: Cell): string {
  return cell.toBoc({ idx: false }).toString('base64');
}

/** A wallet v4r2 of a fixed test key (not a genesis account): its address does not exist yet. */
function freshWallet(): { contract: WalletContractV4; secretKey: Buffer } {
  const keys = keyPairFromSeed(Buffer.alloc(32, 0x42));
  return {
    contract: WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey }),
    secretKey: keys.secretKey,
  };
}

/**
 * The v2 estimateFee endpoint (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml) against the
 * genesis localnet: every estimate is checked against the fees the same message then pays when it
 * lands on the chain.
 */
describe('v2 estimateFee', () => {
  let harness: V2Harness;

  before(async () => {
    harness = await startV2Harness();
  });

  after(async () => {
    await harness.close();
    // Known issue: now and then this file's process stays alive after every test
    // has passed and the harness is closed, with no active handle Node reports, until the runner's
    // 300 s file timeout fails the run. Until the cause is found, a process still alive 5 s after
    // closing ends itself; the timer is unref'd, so a clean exit never waits for it.
    setTimeout(() => process.exit(process.exitCode ?? 0), 5000).unref();
  });

  function account(name: string): SeedAccount {
    const found = harness.localnet.accounts.find((a) => a.name === name);
    assert.ok(found, name);
    return found;
  }

  function v4Wallet(): { contract: WalletContractV4; secretKey: Buffer } {
    const seed = account(GenesisAccount.walletV4r2);
    assert.ok(seed.publicKey && seed.secretKey, 'v4r2 keys');
    return {
      contract: WalletContractV4.create({ workchain: 0, publicKey: seed.publicKey }),
      secretKey: seed.secretKey,
    };
  }

  function transferBody(
    wallet: { contract: WalletContractV4; secretKey: Buffer },
    seqno: number,
    to: Address,
    value: bigint,
  ): Cell {
    return wallet.contract.createTransfer({
      seqno,
      secretKey: wallet.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to, value, bounce: false, body: 'fee estimate' })],
    });
  }

  /** Sends `message` with sendBoc, seals a block and returns the fees its transaction paid. */
  async function land(address: Address, message: Cell): Promise<Fees> {
    const sent = await harness.post('sendBoc', { boc: boc(message) });
    assert.deepEqual(withoutExtra(sent.body), { ok: true, result: { '@type': 'ok' } });
    await harness.localnet.producer.sealNow();
    const contract = await harness.localnet.chain.blockchain.getContract(address);
    const landed = harness.localnet.chain.transaction(address, contract.lastTransactionLt);
    assert.ok(landed, 'the message landed');
    return paidFees(landed.tx.cell);
  }

  let seqno: number = GENESIS.finalSeqno.v4r2;

  /** The next transfer of `wallet`: 0.01 TON to the v3r2 wallet. */
  const centsToV3r2 = (wallet: ReturnType<typeof v4Wallet>): Cell =>
    transferBody(wallet, seqno, account(GenesisAccount.walletV3r2).address, toNano('0.01'));

  it('estimates a signed wallet transfer exactly as the landed transaction pays it', async () => {
    const wallet = v4Wallet();
    const body = centsToV3r2(wallet);
    const reply = await harness.post('estimateFee', {
      address: friendly(wallet.contract.address),
      body: boc(body),
      ignore_chksig: false,
    });
    assert.equal(reply.status, 200);
    const paid = await land(
      wallet.contract.address,
      externalMessage(wallet.contract.address, body),
    );
    seqno += 1;
    assert.ok(paid.gas_fee > 0 && paid.fwd_fee > 0 && paid.in_fwd_fee > 0, 'a real transfer');
    assert.deepEqual(withoutExtra(reply.body), {
      ok: true,
      result: { '@type': 'query.fees', source_fees: paid, destination_fees: [] },
    });
  });

  it('estimates a deployment (init_code, init_data) as the landed deployment pays it', async () => {
    const fresh = freshWallet();
    const init = fresh.contract.init;
    const body = transferBody(fresh, 0, account(GenesisAccount.walletV3r2).address, toNano('0.1'));
    const params = {
      address: friendly(fresh.contract.address),
      body: boc(body),
      init_code: boc(init.code),
      init_data: boc(init.data),
    };

    // Nothing at the address yet: the wallet cannot pay for gas, so it does not accept the message;
    // only the import fee of the message (StateInit included) is due, as tonlib reports it.
    const missing = await harness.localnet.chain.blockchain.getContract(fresh.contract.address);
    assert.deepEqual([missing.balance, missing.lastTransactionLt], [0n, 0n]);
    const unfunded = await harness.post('estimateFee', params);
    assert.equal(unfunded.status, 200, JSON.stringify(unfunded.body));

    // Funded (uninit with a balance), the same deployment is accepted; then it lands.
    const funding = transferBody(v4Wallet(), seqno, fresh.contract.address, toNano('1'));
    await land(v4Wallet().contract.address, externalMessage(v4Wallet().contract.address, funding));
    seqno += 1;
    // The internal transfer reaches the fresh address in the next block.
    await harness.localnet.producer.sealNow();
    const funded = await harness.jsonRpc('estimateFee', params, 7);
    // The estimate is made at the head's gen_utime, the block that funded the account: no storage
    // is due yet. The deployment lands one block (one second) later and pays that second's storage.
    const fundedState = await harness.localnet.chain.blockchain.getContract(fresh.contract.address);
    assert.equal(
      fundedState.account.account?.storageStats.lastPaid,
      harness.localnet.chain.head().genUtime,
    );
    const paid = await land(
      fresh.contract.address,
      externalMessage(fresh.contract.address, body, init),
    );
    assert.ok(paid.gas_fee > 0 && paid.fwd_fee > 0, 'a deployment that sends');
    assert.deepEqual(withoutExtra(funded.body), {
      ok: true,
      result: {
        '@type': 'query.fees',
        source_fees: { ...paid, storage_fee: 0 },
        destination_fees: [],
      },
      jsonrpc: '2.0',
      id: 7,
    });
    assert.deepEqual(withoutExtra(unfunded.body), {
      ok: true,
      result: {
        '@type': 'query.fees',
        source_fees: { ...paid, storage_fee: 0, gas_fee: 0, fwd_fee: 0 },
        destination_fees: [],
      },
    });
  });
  it('honours ignore_chksig: a bad signature is emulated as valid, or not accepted (no gas)', async () => {
    const wallet = v4Wallet();
    // Signed with another key: the wallet's signature check fails.
    const forged = transferBody(
      { contract: wallet.contract, secretKey: freshWallet().secretKey },
      seqno,
      account(GenesisAccount.walletV3r2).address,
      toNano('0.01'),
    );
    const params = { address: friendly(wallet.contract.address), body: boc(forged) };
    const ignored = await harness.post('estimateFee', params);
    const checked = await harness.post('estimateFee', { ...params, ignore_chksig: false });
    assert.equal(ignored.status, 200);
    assert.equal(checked.status, 200, JSON.stringify(checked.body));
    const ignoredFees = (ignored.body.result as { source_fees: Fees }).source_fees;
    // With the check skipped (the default) the transfer runs: gas and forwarding are charged.
    assert.ok(ignoredFees.gas_fee > 0 && ignoredFees.fwd_fee > 0, 'the forged transfer ran');
    // Checked, the wallet throws before accept_message: no transaction, so tonlib's estimate is the
    // import fee and the storage due at the head — the same the accepted run's storage phase took.
    assert.ok(ignoredFees.storage_fee > 0, 'storage is due since the last transaction');
    assert.deepEqual(withoutExtra(checked.body), {
      ok: true,
      result: {
        '@type': 'query.fees',
        source_fees: { ...ignoredFees, gas_fee: 0, fwd_fee: 0 },
        destination_fees: [],
      },
    });
  });

  it('is POST only and rejects missing or malformed parameters with 2.1 wording', async () => {
    const address = friendly(v4Wallet().contract.address);
    const body = boc(beginCell().storeUint(0, 32).endCell());
    assert.equal((await harness.get('estimateFee', { address, body })).status, 405);
    const cases: [Record<string, unknown>, string][] = [
      [{ body }, 'failed to validate request: empty address'],
      [{ address: 'nope', body }, "failed to parse post request: Failed to parse ton_addr: 'nope'"],
      [{ address }, 'failed to validate request: empty body'],
      [{ address, body: '!!!' }, 'failed to parse post request: failed to parse body'],
      [{ address, body: 'AAAA' }, 'failed to parse post request: failed to parse body'],
      [
        { address, body, init_code: 'AAAA' },
        'failed to parse post request: failed to parse init_code',
      ],
      [{ address, body, init_data: 42 }, 'failed to parse post request: failed to parse init_data'],
      [
        { address, body, ignore_chksig: 'maybe' },
        'failed to parse post request: failed to parse ignore_chksig',
      ],
    ];
    for (const [params, error] of cases) {
      const reply = await harness.post('estimateFee', params);
      assert.equal(reply.status, 422, JSON.stringify(params));
      assert.deepEqual(withoutExtra(reply.body), { ok: false, error, code: 422 });
    }
  });

  it('@ton/ton TonClient.estimateExternalMessageFee parses the reply', async () => {
    const client = new TonClient({ endpoint: `${harness.baseUrl}/api/v2/jsonRPC` });
    const wallet = v4Wallet();
    const body = centsToV3r2(wallet);
    const viaClient = await client.estimateExternalMessageFee(wallet.contract.address, {
      body,
      initCode: null,
      initData: null,
      ignoreSignature: true,
    });
    const direct = await harness.post('estimateFee', {
      address: friendly(wallet.contract.address),
      body: boc(body),
    });
    // TonClient's schema keeps `source_fees` only
    // (https://github.com/ton-org/ton/blob/HEAD/src/client/TonClient.ts).
    const result = direct.body.result as { source_fees: Fees };
    assert.deepEqual(viaClient, { '@type': 'query.fees', source_fees: result.source_fees });
    assert.ok(viaClient.source_fees.gas_fee > 0, 'a priced transfer');
  });
});
