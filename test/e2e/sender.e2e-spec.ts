import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { normalizedExternalHash } from '@app/ton';
import {
  type Address,
  beginCell,
  Cell,
  external,
  internal,
  SendMode,
  storeMessage,
  storeMessageRelaxed,
  toNano,
} from '@ton/core';
import { TonClient, WalletContractV4 } from '@ton/ton';
import TonWeb from 'tonweb';
import { z } from 'zod';
import { GENESIS, GenesisAccount } from '@app/localnet';
import { boc, eventually, friendly, meshClient, startSenderMesh } from './sender/sender-mesh';
import { bootOnce } from './support/boot-once';
import { type Fees, paidFees, withoutExtra } from './support/v2-expectations';

/**
 * The send path end to end: the whole service in one process on the real NATS server
 * (sent-hash KV, JetStream events) and a fresh PostgreSQL (the live ingestor indexes what lands),
 * in front of a manual-mode localnet with three liteservers.
 */
describe('sender: sendBoc / sendBocReturnHash / v3 message, fan-out, idempotency, events', () => {
  // A fresh comment per run: the KV remembers hashes for minutes across runs on one NATS server.
  const run = randomUUID();
  let seqno: number = GENESIS.finalSeqno.v4r2;
  const mesh = bootOnce(() => startSenderMesh(run));
  const { post, liteserverSends, indexedTransaction } = meshClient(() => mesh().baseUrl);

  function wallet(): { contract: WalletContractV4; secretKey: Buffer } {
    const seed = mesh().localnet.accounts.find((a) => a.name === GenesisAccount.walletV4r2);
    assert.ok(seed?.publicKey && seed.secretKey, 'v4r2 keys');
    return {
      contract: WalletContractV4.create({ workchain: 0, publicKey: seed.publicKey }),
      secretKey: seed.secretKey,
    };
  }

  function recipient(): Address {
    const seed = mesh().localnet.accounts.find((a) => a.name === GenesisAccount.walletV3r2);
    assert.ok(seed);
    return seed.address;
  }

  /** A signed transfer's body (what estimateFee takes) and its external message (what is sent). */
  function transfer(note: string): { body: Cell; message: Cell } {
    const { contract, secretKey } = wallet();
    const body = contract.createTransfer({
      seqno,
      secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [
        internal({ to: recipient(), value: toNano('0.01'), bounce: false, body: `${note} ${run}` }),
      ],
    });
    const message = beginCell()
      .store(storeMessage(external({ to: contract.address, body })))
      .endCell();
    return { body, message };
  }

  let first: { message: Cell; hash: string; hashNorm: string } | undefined;

  it('sends a wallet transfer with sendBocReturnHash: it lands with the returned hash, at the estimated fee', async () => {
    const { contract } = wallet();
    const { body, message } = transfer('first');
    const estimate = await post('/api/v2/estimateFee', {
      address: friendly(contract.address),
      body: boc(body),
      ignore_chksig: false,
    });
    assert.equal(estimate.status, 200, JSON.stringify(estimate.body));

    const reply = await post('/api/v2/sendBocReturnHash', { boc: boc(message) });
    const hash = message.hash().toString('base64');
    const hashNorm = normalizedExternalHash(message).toString('base64');
    assert.deepEqual(withoutExtra(reply.body), {
      ok: true,
      result: { '@type': 'raw.extMessageInfo', hash, hash_norm: hashNorm },
    });
    first = { message, hash, hashNorm };
    await mesh().localnet.producer.sealNow();
    seqno += 1;

    // v2 (live, from the liteservers): the wallet's last transaction took this message.
    const v2 = await post('/api/v2/getTransactions', {
      address: friendly(contract.address),
      limit: 1,
    });
    const [tx] = z
      .array(
        z.object({
          data: z.string(),
          transaction_id: z.object({ lt: z.string(), hash: z.string() }),
          in_msg: z.object({ hash: z.string() }),
        }),
      )
      .parse(v2.body.result);
    assert.ok(tx);
    assert.equal(tx.in_msg.hash, hash);
    // The estimate made before sending is what the transaction paid.
    assert.deepEqual(withoutExtra(estimate.body), {
      ok: true,
      result: {
        '@type': 'query.fees',
        source_fees: paidFees(Cell.fromBase64(tx.data)),
        destination_fees: [],
      },
    });

    // v3 (indexed by the live ingestor): the same transaction, found by the returned hash.
    const indexed = await indexedTransaction(hash);
    assert.equal(indexed.hash, tx.transaction_id.hash);
    assert.equal(indexed.lt, tx.transaction_id.lt);
    assert.equal((indexed.in_msg as { hash: string }).hash, hash);

    // Events: sent once on the first acceptance, landed once the indexer has it.
    const sent = await eventually(() =>
      Promise.resolve(mesh().sentEvents.seen.find((e) => e.hash === hash)),
    );
    assert.deepEqual(
      { ...sent, sent_at: 0 },
      {
        hash,
        hash_norm: hashNorm,
        destination: contract.address.toRawString().toUpperCase(),
        sent_at: 0,
        boc: boc(message),
      },
    );
    const landed = await eventually(() =>
      Promise.resolve(mesh().landedEvents.seen.find((e) => e.hash === hash)),
    );
    assert.deepEqual(
      { ...landed, landed_after_ms: 0 },
      {
        hash,
        hash_norm: hashNorm,
        transaction_hash: tx.transaction_id.hash,
        lt: tx.transaction_id.lt,
        account: String(indexed.account),
        mc_seqno: Number(indexed.mc_block_seqno),
        landed_after_ms: 0,
      },
    );
    assert.ok(landed.landed_after_ms >= 0 && landed.landed_after_ms < 60_000);
  });

  it('answers a resubmission of a landed message like the first success (v2 and v3)', async () => {
    assert.ok(first);
    const again = await post('/api/v2/sendBocReturnHash', { boc: boc(first.message) });
    assert.deepEqual(withoutExtra(again.body), {
      ok: true,
      result: { '@type': 'raw.extMessageInfo', hash: first.hash, hash_norm: first.hashNorm },
    });
    const plain = await post('/api/v2/sendBoc', { boc: boc(first.message) });
    assert.deepEqual(withoutExtra(plain.body), { ok: true, result: { '@type': 'ok' } });
    const v3 = await post('/api/v3/message', { boc: boc(first.message) });
    assert.deepEqual(v3, {
      status: 200,
      body: { message_hash: first.hash, message_hash_norm: first.hashNorm },
    });
    // Announced once only.
    assert.equal(mesh().sentEvents.seen.filter((e) => e.hash === first?.hash).length, 1);
  });

  it('refuses a message no liteserver accepts with the liteserver’s reason (v2 500, v3 500)', async () => {
    const { contract, secretKey } = wallet();
    // A seqno from the past: the wallet throws before accepting.
    const body = contract.createTransfer({
      seqno: seqno - 1,
      secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: recipient(), value: 1n, body: `stale ${run}` })],
    });
    const stale = beginCell()
      .store(storeMessage(external({ to: contract.address, body })))
      .endCell();
    const v2 = await post('/api/v2/sendBoc', { boc: boc(stale) });
    assert.equal(v2.status, 500);
    assert.match(
      String(v2.body.error),
      /^LITE_SERVER_UNKNOWN: cannot apply external message to current state : External message was not accepted \(exit code \d+\): /,
    );
    const v3 = await post('/api/v3/message', { boc: boc(stale) });
    assert.equal(v3.status, 500);
    assert.equal(v3.body.error, v2.body.error);
  });

  it('still sends with one of the three liteservers stopped', async () => {
    const stopped = mesh().localnet.liteservers[1];
    assert.ok(stopped);
    stopped.setFault({ mode: 'drop' });
    try {
      const { message } = transfer('failover');
      const v3 = await post('/api/v3/message', { boc: boc(message) });
      assert.deepEqual(v3, {
        status: 200,
        body: {
          message_hash: message.hash().toString('base64'),
          message_hash_norm: normalizedExternalHash(message).toString('base64'),
        },
      });
      await mesh().localnet.producer.sealNow();
      seqno += 1;
      const client = new TonClient({ endpoint: `${mesh().baseUrl}/api/v2/jsonRPC` });
      assert.equal(await client.open(wallet().contract).getSeqno(), seqno);
    } finally {
      stopped.setFault({ mode: 'none' });
    }
  });

  it('refuses garbage, truncated, huge and internal BoCs with a 422 naming boc, and sends nothing', async () => {
    const sendsBefore = await liteserverSends();
    // Messages waiting for the next block (the last transfer's internal message, say).
    const queuedBefore = mesh().localnet.chain.pending;
    const valid = transfer('never sent').message.toBoc({ idx: false });
    let huge = beginCell().storeUint(0, 16).endCell();
    for (let i = 1; i < 9000; i++) {
      huge = beginCell().storeUint(i, 16).storeRef(huge).endCell();
    }
    const internalMessage = beginCell()
      .store(storeMessageRelaxed(internal({ to: recipient(), value: 1n })))
      .endCell();
    const cases: [string, string][] = [
      [Buffer.from('definitely not a bag of cells').toString('base64'), 'bad magic'],
      [valid.subarray(0, valid.length - 8).toString('base64'), 'truncated'],
      [
        boc(
          beginCell()
            .store(storeMessage(external({ to: wallet().contract.address, body: huge })))
            .endCell(),
        ),
        'more than 8192 cells',
      ],
      [boc(internalMessage), 'not an external inbound message'],
    ];
    for (const [bad, reason] of cases) {
      const v2 = await post('/api/v2/sendBocReturnHash', { boc: bad });
      assert.deepEqual(withoutExtra(v2.body), {
        ok: false,
        error: `failed to parse post request: invalid boc: ${reason}`,
        code: 422,
      });
      const v3 = await post('/api/v3/message', { boc: bad });
      assert.deepEqual(v3, {
        status: 422,
        body: { error: `failed to parse post request: invalid boc: ${reason}` },
      });
    }
    assert.deepEqual(await post('/api/v3/message', {}), {
      status: 422,
      body: { error: 'boc is required' },
    });
    assert.equal(await liteserverSends(), sendsBefore);
    assert.equal(mesh().localnet.chain.pending, queuedBefore);
  });

  it('v3 POST estimateFee answers v2’s fees without tonlib types', async () => {
    const { contract } = wallet();
    const { body } = transfer('estimate');
    const params = { address: friendly(contract.address), body: boc(body) };
    const v2 = await post('/api/v2/estimateFee', params);
    // v2's default is ignore_chksig true, v3's false (toncenter's request structs): asked alike.
    const v3 = await post('/api/v3/estimateFee', { ...params, ignore_chksig: true });
    const fees = (v2.body.result as { source_fees: Fees }).source_fees;
    const { '@type': _type, ...plain } = fees;
    assert.equal(v3.status, 200);
    assert.deepEqual(v3.body, { source_fees: plain, destination_fees: [] });
    assert.ok(plain.gas_fee > 0);
  });

  it('v3 POST estimateFee checks the signature unless ignore_chksig is true (default false)', async () => {
    const { contract } = wallet();
    const other = mesh().localnet.accounts.find((a) => a.name === GenesisAccount.walletV3r2);
    assert.ok(other?.secretKey, 'v3r2 keys');
    // Signed with another wallet's key: the wallet's signature check fails.
    const forged = contract.createTransfer({
      seqno,
      secretKey: other.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [
        internal({ to: recipient(), value: toNano('0.01'), bounce: false, body: `forged ${run}` }),
      ],
    });
    const params = { address: friendly(contract.address), body: boc(forged) };
    const checked = await post('/api/v3/estimateFee', params);
    const ignored = await post('/api/v3/estimateFee', { ...params, ignore_chksig: true });
    const v2Checked = await post('/api/v2/estimateFee', { ...params, ignore_chksig: false });
    assert.deepEqual([checked.status, ignored.status], [200, 200], JSON.stringify(checked.body));
    const { '@type': _type, ...v2Fees } = (v2Checked.body.result as { source_fees: Fees })
      .source_fees;
    assert.deepEqual(checked.body, { source_fees: v2Fees, destination_fees: [] });
    // Checked, the wallet throws before accept_message: no gas is charged; ignored, it runs.
    const ran = ignored.body.source_fees as Fees;
    assert.deepEqual([v2Fees.gas_fee, v2Fees.fwd_fee], [0, 0]);
    assert.ok(ran.gas_fee > 0 && ran.fwd_fee > 0, 'the forged transfer ran with the check skipped');
  });

  it('works with unmodified clients: TonClient sendFile / sendTransfer / estimateExternalMessageFee, tonweb sendBoc', async () => {
    const client = new TonClient({ endpoint: `${mesh().baseUrl}/api/v2/jsonRPC` });
    const { contract, secretKey } = wallet();
    const opened = client.open(contract);
    assert.equal(await opened.getSeqno(), seqno);

    const fee = await client.estimateExternalMessageFee(contract.address, {
      body: transfer('client estimate').body,
      initCode: null,
      initData: null,
      ignoreSignature: true,
    });
    assert.ok(fee.source_fees.gas_fee > 0);

    await client.sendFile(transfer('sendFile').message.toBoc());
    await mesh().localnet.producer.sealNow();
    seqno += 1;
    await opened.sendTransfer({
      seqno,
      secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: recipient(), value: toNano('0.01'), bounce: false })],
    });
    await mesh().localnet.producer.sealNow();
    seqno += 1;
    const provider = new TonWeb.HttpProvider(`${mesh().baseUrl}/api/v2/jsonRPC`);
    const sent: unknown = await provider.sendBoc(boc(transfer('tonweb').message));
    assert.deepEqual(sent, { '@type': 'ok' });
    await mesh().localnet.producer.sealNow();
    seqno += 1;
    assert.equal(await opened.getSeqno(), seqno);
  });
});
