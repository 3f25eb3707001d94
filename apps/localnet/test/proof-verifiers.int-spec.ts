import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Address, Cell, loadAccount } from '@ton/core';
import { Functions } from 'ton-lite-client/dist/schema';
import {
  accountStateAnswer,
  checkAccountState,
  checkConfigParams,
  checkPartialBlockProof,
  checkRunMethodResult,
  checkTransactionList,
  flipBit,
  partialBlockProof,
  type PartialBlockProof,
  type ProofBlockId,
  ProofError,
  proofBlockId,
  provenConfigParam,
  readMcStateParts,
  replaceCell,
  rewrapProof,
  serializeBocMultiRoot,
  LiteApiSchema,
  methodIdOf,
  runMethodAnswer,
} from '@app/ton';
import type { StoredBlock } from '../src/chain/chain-reader';
import {
  expectedAccount,
  walletATransactions,
  tlBlockId,
  serveSeededChainForSuite,
} from '../../../test/integration/support/localnet-harness';

function idOf(b: StoredBlock): ProofBlockId {
  return proofBlockId(tlBlockId(b));
}

const refusedFor = (reason: string) => (e: unknown) =>
  e instanceof ProofError && e.reason === reason;

void describe('the proof verifiers against the local network (signed by its local validators)', () => {
  const net = serveSeededChainForSuite();

  async function blockProof(known: StoredBlock, target?: StoredBlock): Promise<PartialBlockProof> {
    const answer = await net.engine.query(LiteApiSchema.Functions.liteServer_getBlockProof, {
      kind: 'liteServer.getBlockProof',
      mode: target ? 1 : 0,
      knownBlock: tlBlockId(known),
      targetBlock: target ? tlBlockId(target) : null,
    });
    return partialBlockProof(answer);
  }

  void it('proves the head from the zero state by the validators signatures', async () => {
    const zero = net.seeded.chain.zeroState();
    const head = net.seeded.chain.head();
    const proof = await blockProof(zero);
    const chain = checkPartialBlockProof(proof, idOf(zero));
    assert.equal(chain.to.seqno, head.id.seqno);
    assert.deepEqual(chain.to.rootHash, head.id.rootHash);
    assert.equal(chain.header?.info.seqno, head.id.seqno);
  });

  void it('proves the head from a non-key block through a backward link to the zero state', async () => {
    const middle = net.seeded.chain.masterchainBlock(1)!;
    assert.equal(middle.isKeyBlock, false);
    const proof = await blockProof(middle);
    assert.deepEqual(
      proof.steps.map((s) => s.kind),
      ['backward', 'forward'],
    );
    const chain = checkPartialBlockProof(proof, idOf(middle));
    assert.equal(chain.to.seqno, net.seeded.chain.head().id.seqno);
    assert.equal(chain.keyBlock?.id.seqno, 0);
  });

  void it('refuses a forward link with a flipped signature, a forged target, or from an untrusted block', async () => {
    const zero = net.seeded.chain.zeroState();
    const proof = await blockProof(zero);
    const link = proof.steps[0]!;
    assert.equal(link.kind, 'forward');
    const [sig, ...rest] = link.signatures.signatures;
    const bad = Buffer.from(sig!.signature);
    bad[0] = bad[0]! ^ 1;
    const flipped = {
      ...proof,
      steps: [
        {
          ...link,
          signatures: { ...link.signatures, signatures: [{ ...sig!, signature: bad }, ...rest] },
        },
      ],
    };
    assert.throws(() => checkPartialBlockProof(flipped, idOf(zero)), refusedFor('signatures'));
    // a head 1,000 blocks ahead with made-up hashes: the dest proof cannot hash to them
    const madeUp = { ...link.to, seqno: link.to.seqno + 1000, rootHash: Buffer.alloc(32, 7) };
    const ahead = { ...proof, to: madeUp, steps: [{ ...link, to: madeUp }] };
    assert.throws(() => checkPartialBlockProof(ahead, idOf(zero)), refusedFor('block_header'));
    const other = idOf(net.seeded.chain.masterchainBlock(1)!);
    assert.throws(() => checkPartialBlockProof(proof, other), refusedFor('block_link'));
  });

  void it('verifies a basechain account state through the shard proof, and refuses a forged one', async () => {
    const { walletA } = net.seeded;
    const expected = expectedAccount(net.seeded.chain, walletA.address);
    const head = net.seeded.chain.head();
    const raw = await net.engine.query(Functions.liteServer_getAccountState, {
      kind: 'liteServer.getAccountState',
      id: tlBlockId(head),
      account: { kind: 'liteServer.accountId', workchain: 0, id: walletA.address.hash },
    });
    const answer = accountStateAnswer(raw);
    const proven = checkAccountState(answer, idOf(head), 0, walletA.address.hash);
    assert.equal(proven.exists, true);
    assert.equal(proven.balance, expected.account.storage.balance.coins);
    assert.equal(proven.lastTransLt, expected.lastTransLt);
    assert.deepEqual(proven.lastTransHash, expected.lastTransHash);
    assert.deepEqual(proven.account.hash(), expected.cell.hash());
    assert.ok(proven.codeHash);

    // a changed balance in the Account: its hash no longer matches the proven ShardAccount
    const account = Cell.fromBoc(answer.state)[0]!;
    const parsed = loadAccount(account.beginParse().skip(1)); // after account$1
    assert.ok(parsed.storage.balance.coins > 0n);
    const forgedAccount = flipBit(account, account.bits.length - 1);
    assert.throws(
      () =>
        checkAccountState(
          { ...answer, state: forgedAccount.toBoc() },
          idOf(head),
          0,
          walletA.address.hash,
        ),
      refusedFor('account_state'),
    );
    // the answer filed under another masterchain block
    const older = idOf(net.seeded.chain.masterchainBlock(head.id.seqno - 1)!);
    assert.throws(
      () => checkAccountState(answer, older, 0, walletA.address.hash),
      refusedFor('account_state'),
    );
    // another account's address
    assert.throws(
      () => checkAccountState(answer, idOf(head), 0, net.seeded.walletB.address.hash),
      (e: unknown) => e instanceof ProofError,
    );
  });

  void it('proves an absent account absent, and refuses a state sent for it', async () => {
    const head = net.seeded.chain.head();
    const absent = new Address(0, Buffer.alloc(32, 0x5a));
    const raw = await net.engine.query(Functions.liteServer_getAccountState, {
      kind: 'liteServer.getAccountState',
      id: tlBlockId(head),
      account: { kind: 'liteServer.accountId', workchain: 0, id: absent.hash },
    });
    const answer = accountStateAnswer(raw);
    assert.equal(checkAccountState(answer, idOf(head), 0, absent.hash).exists, false);
    const walletState = accountStateAnswer(
      await net.engine.query(Functions.liteServer_getAccountState, {
        kind: 'liteServer.getAccountState',
        id: tlBlockId(head),
        account: {
          kind: 'liteServer.accountId',
          workchain: 0,
          id: net.seeded.walletA.address.hash,
        },
      }),
    ).state;
    assert.throws(
      () => checkAccountState({ ...answer, state: walletState }, idOf(head), 0, absent.hash),
      refusedFor('account_state'),
    );
  });

  async function runSeqno(address: Address, at: StoredBlock, mode: number) {
    return runMethodAnswer(
      await net.engine.query(LiteApiSchema.Functions.liteServer_runSmcMethod, {
        kind: 'liteServer.runSmcMethod',
        mode,
        id: tlBlockId(at),
        account: { kind: 'liteServer.accountId', workchain: address.workChain, id: address.hash },
        methodId: String(methodIdOf('seqno')),
        params: Buffer.alloc(0),
      }),
    );
  }

  void it('verifies a runSmcMethod answer (shard, state and Account proofs) and refuses a tampered one', async () => {
    const head = net.seeded.chain.head();
    const wallet = net.seeded.walletA.address;
    const expected = expectedAccount(net.seeded.chain, wallet);
    const answer = await runSeqno(wallet, head, 7);
    const proven = checkRunMethodResult(answer, idOf(head), 0, wallet.hash);
    assert.ok(proven.leaf);
    assert.deepEqual(proven.leaf.accountHash, expected.cell.hash());
    assert.equal(proven.leaf.lastTransLt, expected.lastTransLt);
    assert.equal(proven.leaf.balance, expected.account.storage.balance.coins);

    const stateProof = Cell.fromBoc(answer.stateProof!)[0]!;
    const account = stateProof.refs[0]!;
    // the Account the method ran on with a changed balance, re-wrapped as a proof of that tree
    const forgedState = rewrapProof(flipBit(account, account.bits.length - 1)).toBoc();
    assert.throws(
      () =>
        checkRunMethodResult({ ...answer, stateProof: forgedState }, idOf(head), 0, wallet.hash),
      refusedFor('run_method'),
    );
    // a truncated state_proof
    assert.throws(
      () =>
        checkRunMethodResult(
          { ...answer, stateProof: answer.stateProof!.subarray(0, answer.stateProof!.length - 1) },
          idOf(head),
          0,
          wallet.hash,
        ),
      refusedFor('run_method'),
    );
    // the Account cell sent bare, not as a Merkle proof
    assert.throws(
      () =>
        checkRunMethodResult(
          { ...answer, stateProof: account.toBoc() },
          idOf(head),
          0,
          wallet.hash,
        ),
      refusedFor('run_method'),
    );
    // the honest answer filed under another masterchain block
    const older = idOf(net.seeded.chain.masterchainBlock(head.id.seqno - 1)!);
    assert.throws(
      () => checkRunMethodResult(answer, older, 0, wallet.hash),
      refusedFor('run_method'),
    );
    // the state of another account
    assert.throws(
      () => checkRunMethodResult(answer, idOf(head), 0, net.seeded.walletB.address.hash),
      refusedFor('run_method'),
    );
    // an answer without the proofs (only the result asked for) proves nothing
    const bare = await runSeqno(wallet, head, 4);
    assert.equal(bare.stateProof, null);
    assert.throws(
      () => checkRunMethodResult(bare, idOf(head), 0, wallet.hash),
      refusedFor('run_method'),
    );
  });

  void it('verifies the empty state_proof of an absent account, and refuses a state sent for it', async () => {
    const head = net.seeded.chain.head();
    const absent = new Address(0, Buffer.alloc(32, 0x5b));
    const answer = await runSeqno(absent, head, 7);
    assert.equal(answer.stateProof?.length, 0);
    assert.equal(checkRunMethodResult(answer, idOf(head), 0, absent.hash).leaf, null);
    const walletProof = (await runSeqno(net.seeded.walletA.address, head, 7)).stateProof;
    assert.throws(
      () =>
        checkRunMethodResult({ ...answer, stateProof: walletProof }, idOf(head), 0, absent.hash),
      refusedFor('run_method'),
    );
  });

  void it('verifies config params at the head and refuses a changed p34', async () => {
    const head = net.seeded.chain.head();
    const answer = await net.engine.query(Functions.liteServer_getConfigParams, {
      kind: 'liteServer.getConfigParams',
      mode: 0,
      id: tlBlockId(head),
      paramList: [19, 34],
    });
    const params = checkConfigParams(
      { stateProof: answer.stateProof, configProof: answer.configProof },
      idOf(head),
      [19, 34],
    );
    assert.equal(params.get(19)?.beginParse().loadInt(32), net.seeded.chain.globalId);
    const state = Cell.fromBoc(answer.configProof)[0]!.refs[0]!;
    const p34 = provenConfigParam(readMcStateParts(state, 'config').config, 34)!;
    const forged = rewrapProof(replaceCell(state, p34.hash(), flipBit(p34, 20)));
    assert.throws(
      () =>
        checkConfigParams(
          { stateProof: answer.stateProof, configProof: forged.toBoc() },
          idOf(head),
          [34],
        ),
      refusedFor('merkle_proof'),
    );
  });

  void it('verifies the transaction list from the proven last transaction', async () => {
    const { expected, answer: sut } = await walletATransactions(net);
    const request = {
      accountId: net.seeded.walletA.address.hash,
      lt: expected.lastTransLt,
      hash: expected.lastTransHash,
    };
    assert.equal(checkTransactionList(sut.transactions, request, 10).length, 2);
    const cells = Cell.fromBoc(sut.transactions);
    assert.throws(
      () => checkTransactionList(serializeBocMultiRoot(cells.reverse()), request, 10),
      refusedFor('transactions'),
    );
  });
  // Last: it seals a key block and more blocks on the shared chain.
  void it('follows the key-block chain: zero state -> key block -> head, the config read from the key block', async () => {
    const chain = net.seeded.chain;
    chain.setBaseConfig(chain.config(0));
    const keyBlock = await chain.seal();
    assert.equal(keyBlock.isKeyBlock, true);
    await chain.seal();
    await chain.seal();
    const toKey = checkPartialBlockProof(
      await blockProof(chain.zeroState(), keyBlock),
      idOf(chain.zeroState()),
    );
    assert.equal(toKey.keyBlock?.id.seqno, keyBlock.id.seqno);
    assert.equal(toKey.header?.info.keyBlock, true);
    const fromKey = await blockProof(keyBlock);
    assert.deepEqual(
      fromKey.steps.map((st) => st.kind),
      ['forward'],
    );
    const toHead = checkPartialBlockProof(fromKey, toKey.to);
    assert.equal(toHead.to.seqno, chain.head().id.seqno);
    // the key block's config proof filed as the proof of another (non-key) source is refused
    const link = fromKey.steps[0]!;
    const older = idOf(chain.masterchainBlock(keyBlock.id.seqno - 1)!);
    assert.throws(
      () =>
        checkPartialBlockProof(
          { ...fromKey, from: older, steps: [{ ...link, from: older }] },
          older,
        ),
      (e: unknown) => e instanceof ProofError,
    );
  });
});
