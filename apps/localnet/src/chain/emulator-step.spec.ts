import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { compileFunc } from '@ton-community/func-js';
import { beginCell, Cell, contractAddress, parseTuple, toNano } from '@ton/core';
import { createShardAccount, type PrevBlocksInfo } from '@ton/sandbox';

import { fromTreasury } from '../../../../test/integration/support/localnet-harness';
import { withoutCompilerProcessHandlers } from '../contracts/compile-contract';
import { prevBlocksStackValue } from './emulator-step';
import { LocalChain } from './local-chain';

/**
 * On every internal message, stores the newest entry of c7's prev_blocks_info (PREVMCBLOCKS, most
 * recent first) as seqno:uint32 root_hash:uint256, so a test can see what the transaction was given.
 */
const PREV_BLOCK_RECORDER_FC = String.raw`
tuple prev_mc_blocks() asm "PREVMCBLOCKS";
forall X -> X first(tuple t) asm "FIRST";
(int, int, int, int, int) untuple5(tuple t) asm "5 UNTUPLE";
() set_data(cell c) impure asm "c4 POP";
builder begin_cell() asm "NEWC";
cell end_cell(builder b) asm "ENDC";

() recv_internal(slice body) impure {
  (int wc, int shard, int seqno, int root_hash, int file_hash) = untuple5(first(prev_mc_blocks()));
  set_data(begin_cell().store_uint(seqno, 32).store_uint(root_hash, 256).end_cell());
}
`;

async function recorderCode(): Promise<Cell> {
  const result = await withoutCompilerProcessHandlers(() =>
    compileFunc({ targets: ['recorder.fc'], sources: { 'recorder.fc': PREV_BLOCK_RECORDER_FC } }),
  );
  if (result.status === 'error') {
    throw new Error(result.message);
  }
  return Cell.fromBase64(result.codeBoc);
}

const blockId = (seqno: number, byte: number): PrevBlocksInfo['prevKeyBlock'] => ({
  workchain: -1,
  shard: 0x8000000000000000n,
  seqno,
  rootHash: Buffer.alloc(32, byte),
  fileHash: Buffer.alloc(32, byte + 1),
});

void describe('prevBlocksStackValue', () => {
  void it('is the one stack entry [last_mc_blocks, prev_key_block] a VM reads back', () => {
    const info: PrevBlocksInfo = {
      lastMcBlocks: [blockId(7, 0xa0), blockId(6, 0xb0)],
      prevKeyBlock: blockId(1, 0xc0),
    };
    // vm_stack#_ depth:(## 24) with one entry: depth 1, the empty rest, then the entry.
    const stack = beginCell()
      .storeUint(1, 24)
      .storeRef(Cell.EMPTY)
      .storeSlice(prevBlocksStackValue(info).beginParse())
      .endCell();
    const hash = (byte: number): bigint => BigInt('0x' + Buffer.alloc(32, byte).toString('hex'));
    const id = (seqno: number, byte: number) => ({
      type: 'tuple',
      items: [
        { type: 'int', value: -1n },
        { type: 'int', value: 0x8000000000000000n },
        { type: 'int', value: BigInt(seqno) },
        { type: 'int', value: hash(byte) },
        { type: 'int', value: hash(byte + 1) },
      ],
    });
    assert.deepEqual(parseTuple(stack), [
      {
        type: 'tuple',
        items: [{ type: 'tuple', items: [id(7, 0xa0), id(6, 0xb0)] }, id(1, 0xc0)],
      },
    ]);
  });
});

void describe('EmulatorStep in a sealed block', () => {
  let chain: LocalChain;
  let code: Cell;

  before(async () => {
    chain = await LocalChain.create();
    code = await recorderCode();
  });

  after(() => {
    chain.close();
  });

  void it('gives each transaction the masterchain blocks before its own, newest first', async () => {
    const treasury = await chain.blockchain.treasury('recorder-funder');
    const data = beginCell().storeUint(0, 32).storeUint(0, 256).endCell();
    const address = contractAddress(0, { code, data });
    await chain.blockchain.setShardAccount(
      address,
      createShardAccount({ address, code, data, balance: toNano('1') }),
    );
    await chain.seal();
    await chain.seal();
    const before = chain.head();
    chain.submit(fromTreasury(treasury.address, address, toNano('0.1')));
    const sealed = await chain.seal();
    assert.equal(chain.accountBlockAt(sealed.id.seqno, address).transactions.length, 1);
    const state = (await chain.blockchain.getContract(address)).accountState;
    if (state?.type !== 'active') {
      throw new Error(`recorder is ${state?.type ?? 'absent'}, not active`);
    }
    const stored = state.state.data?.beginParse();
    assert.ok(stored);
    assert.equal(stored.loadUint(32), before.id.seqno);
    assert.equal(stored.loadBuffer(32).toString('hex'), before.id.rootHash.toString('hex'));
  });
});
