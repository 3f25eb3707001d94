import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Address, type Cell, internal, SendMode, toNano } from '@ton/core';
import { WalletContractV3R2, WalletContractV4 } from '@ton/ton';
import { GENESIS, GenesisAccount, JettonWallet } from '@app/localnet';
import { decodeToHead } from '../integration/support/decode-support';
import { ingestLocalnet } from '../integration/support/ingest-support';
import { startV3Harness, type V3Harness } from './support/v3-harness';
import { externalMessage } from '../integration/support/external-message';

type Json = Record<string, unknown>;

const raw = (a: Address): string => a.toRawString().toUpperCase();
const boc = (c: Cell): string => c.toBoc({ idx: false }).toString('base64');

function obj(v: unknown): Json {
  assert.ok(typeof v === 'object' && v !== null && !Array.isArray(v), 'an object');
  return v as Json;
}
function arr(v: unknown): unknown[] {
  assert.ok(Array.isArray(v), 'an array');
  return v;
}

/** Polls `read` until `done` holds (the emulation runs after the send answered). */
async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) {
      return value;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * v3 pendingTraces / pendingActions / pendingTransactions on the genesis localnet: a wallet
 * transfer and a Jetton transfer sent through the API are emulated at once, shown with their
 * classified actions while no block holds them (manual block production), and gone once the block
 * that holds them is indexed and decoded.
 */
describe('v3 pending traces', () => {
  let h: V3Harness;

  before(async () => {
    h = await startV3Harness({ traffic: false, interfaces: true });
  });

  after(async () => {
    await h.close();
  });

  function seed(name: string) {
    const account = h.localnet.accounts.find((a) => a.name === name);
    assert.ok(account?.publicKey && account.secretKey, name);
    return { publicKey: account.publicKey, secretKey: account.secretKey, address: account.address };
  }

  async function send(message: Cell): Promise<{ hash: string; hashNorm: string }> {
    const reply = await h.post('v3/message', { boc: boc(message) });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    const body = obj(reply.body);
    return { hash: String(body.message_hash), hashNorm: String(body.message_hash_norm) };
  }

  async function ingestAndDecode(): Promise<void> {
    const head = await ingestLocalnet(h.localnet, h.ds);
    assert.equal(await decodeToHead(h.ds, head, 60_000), true, 'decoded to the head');
  }

  it('shows a wallet transfer and a Jetton transfer before they land, and not after', async () => {
    const v3 = seed(GenesisAccount.walletV3r2);
    const v4 = seed(GenesisAccount.walletV4r2);
    const w3 = WalletContractV3R2.create({ workchain: 0, publicKey: v3.publicKey });
    const w4 = WalletContractV4.create({ workchain: 0, publicKey: v4.publicKey });

    // 1. A plain transfer v3r2 → v4r2 with a comment.
    const transfer = w3.createTransfer({
      seqno: GENESIS.finalSeqno.v3r2,
      secretKey: v3.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [
        internal({ to: w4.address, value: toNano('0.5'), bounce: false, body: 'pending' }),
      ],
    });
    const tonMsg = externalMessage(w3.address, transfer);
    // 2. A Jetton transfer: v4r2 asks its Jetton wallet to send 7 units to v3r2.
    const minter = Address.parseRaw(h.address(GenesisAccount.jettonMinter).toLowerCase());
    const jw4 = await JettonWallet.createFor(w4.address, minter);
    const jettonBody = JettonWallet.transferBody({
      queryId: 77n,
      amount: 7n,
      destination: w3.address,
      responseDestination: w4.address,
      forwardTonAmount: toNano('0.01'),
    });
    const jettonTransfer = w4.createTransfer({
      seqno: GENESIS.finalSeqno.v4r2,
      secretKey: v4.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [
        internal({ to: jw4.address, value: toNano('0.1'), bounce: true, body: jettonBody }),
      ],
    });
    const jettonMsg = externalMessage(w4.address, jettonTransfer);

    const ton = await send(tonMsg);
    const jetton = await send(jettonMsg);
    assert.equal(ton.hash, tonMsg.hash().toString('base64'));

    // The wallet transfer: two transactions (wallet, receiver), one ton_transfer action.
    const traces = await eventually(
      () => h.get('v3/pendingTraces', { ext_msg_hash: ton.hash }),
      (r) => arr(obj(r.body).traces).length === 1,
    );
    assert.equal(traces.status, 200, JSON.stringify(traces.body));
    const trace = obj(arr(obj(traces.body).traces)[0]);
    assert.equal(trace.external_hash, ton.hash);
    assert.deepEqual(trace.trace_info, {
      trace_state: 'pending',
      messages: 2,
      transactions: 2,
      pending_messages: 0,
      classification_state: 'ok',
    });
    assert.equal(trace.is_incomplete, false);
    const txs = obj(trace.transactions);
    const order = arr(trace.transactions_order).map(String);
    assert.equal(order.length, 2);
    const [first, second] = order.map((hash) => obj(txs[hash]));
    assert.ok(first && second);
    assert.equal(first.account, raw(w3.address));
    assert.equal(second.account, raw(w4.address));
    assert.equal(first.emulated, true);
    assert.equal(first.finality, 'pending');
    assert.equal(first.trace_external_hash, ton.hash);
    assert.equal(obj(first.in_msg).hash, ton.hash);
    assert.equal(trace.trace_id, first.hash);
    assert.deepEqual(trace.trace, {
      tx_hash: first.hash,
      in_msg_hash: ton.hash,
      children: [{ tx_hash: second.hash, in_msg_hash: obj(second.in_msg).hash, children: [] }],
    });
    const actions = arr(trace.actions).map(obj);
    assert.deepEqual(
      actions.map((a) => [a.type, a.finality, a.success, a.trace_external_hash]),
      [['ton_transfer', 'pending', true, ton.hash]],
    );
    assert.deepEqual(obj(actions[0]?.details), {
      source: raw(w3.address),
      destination: raw(w4.address),
      value: toNano('0.5').toString(),
      value_extra_currencies: {},
      comment: 'pending',
      encrypted: false,
    });
    const book = obj(obj(traces.body).address_book);
    assert.deepEqual(Object.keys(book).sort(), [raw(w3.address), raw(w4.address)].sort());

    // The Jetton transfer, found by account: jetton_transfer with the amounts of the body.
    const byAccount = await eventually(
      () => h.get('v3/pendingActions', { account: raw(jw4.address) }),
      (r) => arr(obj(r.body).actions).length > 0,
    );
    assert.equal(byAccount.status, 200, JSON.stringify(byAccount.body));
    const jettonActions = arr(obj(byAccount.body).actions).map(obj);
    assert.deepEqual(
      jettonActions.map((a) => [a.type, a.trace_external_hash]),
      [['jetton_transfer', jetton.hash]],
    );
    const details = obj(jettonActions[0]?.details);
    assert.equal(details.sender, raw(w4.address));
    assert.equal(details.receiver, raw(w3.address));
    assert.equal(details.sender_jetton_wallet, raw(jw4.address));
    assert.equal(details.asset, raw(minter));
    assert.equal(details.amount, '7');
    assert.equal(details.query_id, '77');
    // The two switches are independent
    // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): each empties its
    // own field only.
    const answered = obj(byAccount.body);
    assert.equal(obj(obj(answered.metadata)[raw(minter)]).is_indexed, true);
    assert.ok(obj(answered.address_book)[raw(jw4.address)]);
    const switched = async (header: string): Promise<unknown> => {
      const reply = await h.get(
        'v3/pendingActions',
        { account: raw(jw4.address) },
        { [header]: '1' },
      );
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body;
    };
    assert.deepEqual(await switched('X-No-Metadata'), { ...answered, metadata: {} });
    assert.deepEqual(await switched('X-No-Address-Book'), { ...answered, address_book: {} });

    // pendingTransactions of the v3r2 wallet: its emulated transaction (and the Jetton's
    // transfer_notification / excesses land on other accounts), all pending.
    const pendingTxs = await h.get('v3/pendingTransactions', { account: raw(w3.address) });
    assert.equal(pendingTxs.status, 200, JSON.stringify(pendingTxs.body));
    const ptxs = arr(obj(pendingTxs.body).transactions).map(obj);
    assert.ok(ptxs.length >= 2, 'the transfer and the jetton notification');
    assert.ok(ptxs.every((t) => t.account === raw(w3.address) && t.emulated === true));
    assert.ok(ptxs.some((t) => t.hash === first.hash));

    // Bad input: 422 naming what is missing.
    const missing = await h.get('v3/pendingTraces', {});
    assert.deepEqual(
      [missing.status, missing.body],
      [422, { error: 'account or ext_msg_hash should be specified' }],
    );
    const noAccount = await h.get('v3/pendingTransactions', {});
    assert.deepEqual(
      [noAccount.status, noAccount.body],
      [422, { error: 'at least 1 account address required' }],
    );

    // The block lands and is indexed: nothing pending any more.
    // One hop of a cascade per block: seal until nothing is queued.
    do {
      await h.localnet.producer.sealNow();
    } while (h.localnet.chain.pending > 0);
    await ingestAndDecode();
    const gone = await h.get('v3/pendingTraces', { ext_msg_hash: [ton.hash, jetton.hash] });
    assert.deepEqual([gone.status, arr(obj(gone.body).traces)], [200, []]);
    const indexed = await h.get('v3/traces', { msg_hash: ton.hash });
    assert.equal(arr(obj(indexed.body).traces).length, 1, 'the real trace is indexed');
    const none = await h.get('v3/pendingTransactions', { account: raw(w3.address) });
    // An empty list, as pendingTraces answers (toncenter answers a 404 here alone).
    assert.deepEqual([none.status, none.body], [200, { transactions: [], address_book: {} }]);
  });
});
