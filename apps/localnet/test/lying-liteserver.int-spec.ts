import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LiteClient, type LiteSingleEngine } from 'ton-lite-client';
import { Functions } from 'ton-lite-client/dist/schema';
import {
  accountStateAnswer,
  checkAccountState,
  checkBlockHeaderProof,
  checkConfigParams,
  checkPartialBlockProof,
  checkRunMethodResult,
  checkTransactionList,
  methodIdOf,
  partialBlockProof,
  ProofError,
  proofBlockId,
  proofRoot,
  LiteApiSchema,
  runMethodAnswer,
} from '@app/ton';
import { Cell, parseTuple } from '@ton/core';
import { startLiteServers, type LiteServerNode } from '../src/liteserver';
import { LIE_AHEAD_BLOCKS } from '../src/liteserver/lying-handlers';
import { LiteServerFault } from '../src/liteserver/lite-server-fault';
import type { StoredBlock } from '../src/chain/chain-reader';
import {
  engineFor,
  expectedAccount,
  seededChain,
  type SeededChain,
  tlBlockId,
} from '../../../test/integration/support/localnet-harness';

const idOf = (b: StoredBlock) => proofBlockId(tlBlockId(b));
const isProofError = (e: unknown): boolean => e instanceof ProofError;

void describe('a lying local liteserver ({"mode":"lie"}) beside an honest one', () => {
  let seeded: SeededChain;
  let nodes: LiteServerNode[];
  let honest: LiteSingleEngine;
  let liar: LiteSingleEngine;

  before(async () => {
    seeded = await seededChain(1);
    nodes = await startLiteServers(seeded.chain, { count: 2 });
    nodes[1]!.setFault(LiteServerFault.parse({ mode: 'lie' }));
    honest = await engineFor(nodes[0]!);
    liar = await engineFor(nodes[1]!);
  });

  after(async () => {
    honest.close();
    liar.close();
    await Promise.all(nodes.map((n) => n.close()));
    seeded.chain.close();
  });

  void it('keeps its ADNL identity and announces a head 1,000 blocks ahead with made-up hashes', async () => {
    assert.notDeepEqual(nodes[1]!.publicKey, nodes[0]!.publicKey);
    assert.equal(nodes[1]!.currentFault.mode, 'lie');
    const truth = await new LiteClient({ engine: honest }).getMasterchainInfo();
    const lie = await new LiteClient({ engine: liar }).getMasterchainInfo();
    assert.equal(lie.last.seqno, truth.last.seqno + LIE_AHEAD_BLOCKS);
    assert.notDeepEqual(lie.last.rootHash, truth.last.rootHash);
    assert.notDeepEqual(lie.stateRootHash, truth.stateRootHash);
    assert.deepEqual(lie.init, truth.init);
  });

  void it('sends another balance, code and data, which the account proof refuses', async () => {
    const head = seeded.chain.head();
    const wallet = seeded.walletA.address;
    const query = {
      kind: 'liteServer.getAccountState' as const,
      id: tlBlockId(head),
      account: { kind: 'liteServer.accountId' as const, workchain: 0, id: wallet.hash },
    };
    const truth = accountStateAnswer(
      await honest.query(Functions.liteServer_getAccountState, query),
    );
    const lie = accountStateAnswer(await liar.query(Functions.liteServer_getAccountState, query));
    assert.notDeepEqual(lie.state, truth.state);
    const proven = checkAccountState(truth, idOf(head), 0, wallet.hash);
    assert.ok(proven.exists);
    assert.equal(
      proven.balance,
      expectedAccount(seeded.chain, wallet).account.storage.balance.coins,
    );
    assert.throws(() => checkAccountState(lie, idOf(head), 0, wallet.hash), isProofError);
  });

  void it('runs a get-method on a forged Account (its state_proof) with a forged result, which the check refuses', async () => {
    const head = seeded.chain.head();
    const wallet = seeded.walletA.address;
    const query = {
      kind: 'liteServer.runSmcMethod' as const,
      mode: 7,
      id: tlBlockId(head),
      account: { kind: 'liteServer.accountId' as const, workchain: 0, id: wallet.hash },
      methodId: String(methodIdOf('seqno')),
      params: Buffer.alloc(0),
    };
    const truth = await honest.query(LiteApiSchema.Functions.liteServer_runSmcMethod, query);
    const lie = await liar.query(LiteApiSchema.Functions.liteServer_runSmcMethod, query);
    const stack = (r: typeof truth) => parseTuple(Cell.fromBoc(Buffer.from(r.result!))[0]!);
    assert.deepEqual(stack(truth), [{ type: 'int', value: 1n }]);
    assert.deepEqual(stack(lie), [{ type: 'int', value: 1_000_000_000_001n }]);
    checkRunMethodResult(runMethodAnswer(truth), idOf(head), 0, wallet.hash);
    assert.throws(
      () => checkRunMethodResult(runMethodAnswer(lie), idOf(head), 0, wallet.hash),
      (e: unknown) => e instanceof ProofError && e.reason === 'run_method',
    );
  });

  void it('sends config, transactions, headers, shard lists and block proofs that do not verify', async () => {
    const head = seeded.chain.head();
    const configQuery = {
      kind: 'liteServer.getConfigParams' as const,
      mode: 0,
      id: tlBlockId(head),
      paramList: [19, 34],
    };
    const lieConfig = await liar.query(Functions.liteServer_getConfigParams, configQuery);
    assert.throws(() => checkConfigParams(lieConfig, idOf(head), [19, 34]), isProofError);
    const truthConfig = await honest.query(Functions.liteServer_getConfigParams, configQuery);
    assert.equal(checkConfigParams(truthConfig, idOf(head), [19, 34]).size, 2);

    const expected = expectedAccount(seeded.chain, seeded.walletA.address);
    const txQuery = {
      kind: 'liteServer.getTransactions' as const,
      count: 10,
      account: {
        kind: 'liteServer.accountId' as const,
        workchain: 0,
        id: seeded.walletA.address.hash,
      },
      lt: expected.lastTransLt.toString(),
      hash: expected.lastTransHash,
    };
    const request = {
      accountId: seeded.walletA.address.hash,
      lt: expected.lastTransLt,
      hash: expected.lastTransHash,
    };
    const lieTxs = await liar.query(Functions.liteServer_getTransactions, txQuery);
    assert.throws(() => checkTransactionList(lieTxs.transactions, request, 10), isProofError);
    const truthTxs = await honest.query(Functions.liteServer_getTransactions, txQuery);
    assert.equal(checkTransactionList(truthTxs.transactions, request, 10).length, 2);

    const headerQuery = {
      kind: 'liteServer.getBlockHeader' as const,
      id: tlBlockId(head),
      mode: 0,
    };
    const lieHeader = await liar.query(Functions.liteServer_getBlockHeader, headerQuery);
    assert.throws(
      () =>
        checkBlockHeaderProof(
          proofRoot(lieHeader.headerProof, 'block_header', 'header'),
          idOf(head),
        ),
      isProofError,
    );
    const truthHeader = await honest.query(Functions.liteServer_getBlockHeader, headerQuery);
    checkBlockHeaderProof(proofRoot(truthHeader.headerProof, 'block_header', 'header'), idOf(head));

    const shardsQuery = { kind: 'liteServer.getAllShardsInfo' as const, id: tlBlockId(head) };
    const lieShards = await liar.query(Functions.liteServer_getAllShardsInfo, shardsQuery);
    const truthShards = await honest.query(Functions.liteServer_getAllShardsInfo, shardsQuery);
    assert.notDeepEqual(lieShards.data, truthShards.data);

    const zero = seeded.chain.zeroState();
    const proofQuery = {
      kind: 'liteServer.getBlockProof' as const,
      mode: 0,
      knownBlock: tlBlockId(zero),
      targetBlock: null,
    };
    const lieProof = partialBlockProof(
      await liar.query(LiteApiSchema.Functions.liteServer_getBlockProof, proofQuery),
    );
    assert.throws(() => checkPartialBlockProof(lieProof, idOf(zero)), isProofError);
    const truthProof = partialBlockProof(
      await honest.query(LiteApiSchema.Functions.liteServer_getBlockProof, proofQuery),
    );
    assert.equal(checkPartialBlockProof(truthProof, idOf(zero)).to.seqno, head.id.seqno);
  });

  void it('tells the truth again once the fault is cleared', async () => {
    nodes[1]!.setFault({ mode: 'none' });
    const truth = await new LiteClient({ engine: honest }).getMasterchainInfo();
    const again = await new LiteClient({ engine: liar }).getMasterchainInfo();
    assert.deepEqual(again.last, truth.last);
    nodes[1]!.setFault({ mode: 'lie' });
  });
});
