import type { Cell } from '@ton/core';
import type { BlockId } from '@ton/sandbox';
import { type SmartContract } from '@ton/sandbox';

import {
  fileHashOf,
  mcStateExtraCell,
  outMsgQueueInfoCell,
  SHARD_FULL,
  type ShardDescr,
  shardAccountEntry,
  shardAccountsCell,
  shardStateCell,
  storeShardHashes,
} from '@app/ton';

import type { BlockIdExt, StoredBlock } from './chain-reader';
import { configAddress } from './local-config';
import { accountIdOf, type ShardChain } from './shard-chain';

export interface ZeroStateParams {
  readonly mc: ShardChain;
  readonly shards: readonly ShardChain[];
  /** Emulator accounts existing before the chain starts; they form the zero states' accounts. */
  readonly contracts: readonly SmartContract[];
  readonly globalId: number;
  readonly startTime: number;
  readonly config: Cell;
  readonly configBase64: string;
  readonly libs: Cell | undefined;
  readonly libraries: Cell | undefined;
  readonly validatorListHashShort: number;
  readonly globalBalance: bigint;
}

const toBlockId = (id: BlockIdExt): BlockId => ({ ...id });

/**
 * The zero states (seqno 0): one per basechain shard, and the masterchain's, a key block whose
 * McStateExtra commits the shard zero states and carries the config (with the local validators in
 * param 34). A zero state's root hash is its state's hash; its file hash the sha256 of the state BoC.
 */
export function buildZeroStates(p: ZeroStateParams): void {
  const { mc, shards, startTime } = p;
  for (const sc of p.contracts) {
    const chain = [mc, ...shards].find((c) => c.contains(sc.address));
    const entry = shardAccountEntry(sc.account);
    if (chain && entry) {
      chain.accounts = chain.accounts.set(accountIdOf(sc.address), entry);
      chain.seen.set(accountIdOf(sc.address), sc.account);
    }
  }
  const randSeed = Buffer.alloc(32);
  const descrs: ShardDescr[] = [];
  for (const chain of shards) {
    const state = shardStateCell({
      globalId: p.globalId,
      workchain: 0,
      shard: chain.shard,
      seqno: 0,
      genUtime: startTime,
      genLt: 0n,
      minRefMcSeqno: 0,
      outMsgQueueInfo: outMsgQueueInfoCell(chain.outQueue),
      accounts: shardAccountsCell(chain.accounts),
      totalBalance: chain.accounts.extra,
      totalValidatorFees: 0n,
    });
    const id: BlockIdExt = {
      workchain: 0,
      shard: chain.shard,
      seqno: 0,
      rootHash: state.hash(),
      fileHash: fileHashOf(state),
    };
    chain.blocks.push({
      stored: zeroStored(id, state, startTime),
      accounts: chain.accounts,
      outQueue: chain.outQueue,
      randSeed,
      feesCollected: 0n,
      created: 0n,
    });
    descrs.push(shardDescrOf(chain.last().stored, 0, 0n, 0n, 0));
  }
  const prevBlocks = mc.prevBlocks;
  const mcState = shardStateCell({
    globalId: p.globalId,
    workchain: -1,
    shard: SHARD_FULL,
    seqno: 0,
    genUtime: startTime,
    genLt: 0n,
    minRefMcSeqno: 0,
    outMsgQueueInfo: outMsgQueueInfoCell(mc.outQueue),
    accounts: shardAccountsCell(mc.accounts),
    totalBalance: mc.accounts.extra,
    totalValidatorFees: 0n,
    libraries: p.libraries,
    custom: mcStateExtraCell({
      storeShardHashes: storeShardHashes(new Map([[0, descrs]])),
      configAddress: configAddress(p.config),
      config: p.config,
      validatorListHashShort: p.validatorListHashShort,
      catchainSeqno: 0,
      prevBlocks,
      afterKeyBlock: false,
      globalBalance: p.globalBalance,
    }),
  });
  const id: BlockIdExt = {
    workchain: -1,
    shard: SHARD_FULL,
    seqno: 0,
    rootHash: mcState.hash(),
    fileHash: fileHashOf(mcState),
  };
  const stored: StoredBlock = {
    ...zeroStored(id, mcState, startTime),
    shardTops: shards.map((c) => c.last().stored.id),
    signatures: [],
    prevKeyBlockSeqno: 0,
  };
  mc.blocks.push({
    stored,
    accounts: mc.accounts,
    outQueue: mc.outQueue,
    randSeed,
    feesCollected: 0n,
    created: 0n,
    mc: {
      config: p.config,
      // The emulator's own config string: the executor caches its parsed config by this string.
      configBase64: p.configBase64,
      libs: p.libs,
      prevBlocks,
      globalBalance: p.globalBalance,
      prevBlocksInfo: { lastMcBlocks: [toBlockId(id)], prevKeyBlock: toBlockId(id) },
    },
  });
}

function zeroStored(id: BlockIdExt, state: Cell, genUtime: number): StoredBlock {
  return {
    id,
    block: null,
    state,
    startLt: 0n,
    endLt: 0n,
    genUtime,
    isKeyBlock: id.workchain === -1,
    prev: [],
    mcSeqno: 0,
    transactions: [],
  };
}

export function shardDescrOf(
  b: StoredBlock,
  regMcSeqno: number,
  fees: bigint,
  created: bigint,
  minRefMcSeqno: number,
): ShardDescr {
  return {
    shard: b.id.shard,
    seqno: b.id.seqno,
    regMcSeqno,
    startLt: b.startLt,
    endLt: b.endLt,
    rootHash: b.id.rootHash,
    fileHash: b.id.fileHash,
    nextCatchainSeqno: 0,
    minRefMcSeqno,
    genUtime: b.genUtime,
    feesCollected: fees,
    fundsCreated: created,
  };
}
