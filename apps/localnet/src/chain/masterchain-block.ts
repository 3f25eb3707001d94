import type { BlockId, Blockchain } from '@ton/sandbox';

import {
  buildShardFees,
  MAX_GLOBAL_BALANCE,
  mcBlockExtraCell,
  mcStateExtraCell,
  MIN_GLOBAL_BALANCE,
  shardFeesKey,
  storeShardHashes,
} from '@app/ton';

import { assembleBlock, ChainWork } from './block-assembler';
import type { StoredBlock } from './chain-reader';
import { withLazyBlock } from './lazy-block';
import type { LibrariesRoot } from './libraries-root';
import type { SignatureSetKind } from './local-chain-options';
import { type LocalChainReader, toBlockId } from './local-chain-reader';
import { type LocalValidator, signBlock } from './local-validators';
import type { LtRange, OpenBlock, SealHeader, ShardBlock } from './seal-plan';
import { signSimplexFinalize } from './simplex-finalize';
import type { ConfigFacts, SealingConfig } from './sealing-config';
import { type BlockRecord, extRef, type ShardChain } from './shard-chain';
import { shardDescrOf } from './zero-state';

/** Total supply of the zero state: mainnet-like, inside the [2^56, 2^62) McStateExtra quirk window. */
export const GENESIS_SUPPLY = 4_000_000_000n * 1_000_000_000n;

/** What building a masterchain block reads besides the seal's own plan. */
export interface MasterchainParts {
  readonly blockchain: Blockchain;
  readonly reader: LocalChainReader;
  readonly config: SealingConfig;
  readonly libraries: LibrariesRoot;
  readonly validators: readonly LocalValidator[];
  /** The validator list hash of block headers and McStateExtra. */
  readonly validatorHash: number;
  readonly signatures: SignatureSetKind;
}

export interface MasterchainBlock {
  readonly stored: StoredBlock;
  /** Its c7 prev_blocks lack the block itself until it is published (block-sealer.ts). */
  readonly record: BlockRecord & { readonly mc: NonNullable<BlockRecord['mc']> };
}

/**
 * The masterchain block of a seal: it commits the shard blocks (McBlockExtra shard_hashes and
 * shard_fees), its state's McStateExtra holds prev_blocks, the global balance and the config, and the
 * local validators sign it. Advances the masterchain's prev_blocks trie; publishes nothing.
 */
export async function buildMasterchainBlock(
  parts: MasterchainParts,
  block: OpenBlock,
  ranges: ReadonlyMap<ShardChain, LtRange>,
  header: SealHeader,
  facts: ConfigFacts,
  shardBlocks: readonly ShardBlock[],
): Promise<MasterchainBlock> {
  const { blockchain, config, validatorHash } = parts;
  const { prevMc, prevKey, seqno, keyBlock, work } = block;
  const mc = parts.reader.mc;
  const mcWork = work.get(mc) ?? new ChainWork();
  const prevBlocks = mc.prevBlocks.set(
    BigInt(prevMc.stored.id.seqno),
    { key: prevMc.stored.isKeyBlock, ref: extRef(prevMc.stored) },
    (c) => mcWork.oldKeep.add(c.hash().toString('hex')),
  );
  mc.prevBlocks = prevBlocks;
  const descrs = shardBlocks.map((s) =>
    shardDescrOf(s.stored, seqno, s.fees, s.created, prevMc.stored.id.seqno),
  );
  const shardHashes = storeShardHashes(new Map([[0, descrs]]));
  const shardFees = buildShardFees(
    shardBlocks.map((s) => [shardFeesKey(0, s.chain.shard), { fees: s.fees, create: s.created }]),
  );
  const feesImported = shardFees.extra.fees;
  const mcCreated = facts.fees.masterchain;
  const globalBalance =
    (prevMc.mc?.globalBalance ?? GENESIS_SUPPLY) +
    mcCreated +
    shardFees.extra.create +
    [...work.values()].reduce((s, w) => s + w.minted - w.burned, 0n);
  const libs = blockchain.libs;
  const stateCustom = mcStateExtraCell({
    storeShardHashes: shardHashes,
    configAddress: facts.address,
    config: config.current,
    validatorListHashShort: validatorHash,
    catchainSeqno: 0,
    prevBlocks,
    afterKeyBlock: prevMc.stored.isKeyBlock,
    lastKeyBlock: extRef(prevKey),
    globalBalance: clampGlobalBalance(globalBalance),
  });
  const blockCustom = mcBlockExtraCell({
    storeShardHashes: shardHashes,
    storeShardFees: (b) => {
      shardFees.storeE(b);
    },
    prevBlkSignatures: prevMc.stored.signatures ?? [],
    config: keyBlock ? { address: facts.address, root: config.current } : undefined,
  });
  const mcRange = ranges.get(mc) ?? { startLt: block.ltBefore, endLt: block.ltBefore + 1n };
  const mcOut = await assembleBlock({
    ...header,
    ...mcRange,
    chain: mc,
    work: mcWork,
    created: mcCreated,
    feesImported,
    stateCustom,
    blockCustom,
    keyBlock,
    libraries: parts.libraries.of(libs),
  });
  // The ordinary signatures are kept either way: the next block's McBlockExtra carries them
  // (prev_blk_signatures).
  const signatures = signBlock(parts.validators, mcOut.stored.id);
  const stored: StoredBlock = withLazyBlock({
    ...mcOut.stored,
    shardTops: shardBlocks.map((s) => s.stored.id),
    signatures,
    ...(parts.signatures === 'simplex'
      ? { simplex: signSimplexFinalize(parts.validators, mcOut.stored.id, prevMc.stored.simplex) }
      : {}),
    prevKeyBlockSeqno: prevKey.id.seqno,
  });
  return {
    stored,
    record: {
      stored,
      accounts: mc.accounts,
      outQueue: mc.outQueue,
      randSeed: block.randSeed,
      feesCollected: mcOut.feesCollected,
      created: mcCreated,
      mc: {
        config: config.current,
        configBase64: config.base64,
        libs,
        prevBlocks,
        globalBalance,
        prevBlocksInfo: {
          lastMcBlocks: [] as BlockId[],
          prevKeyBlock: toBlockId(keyBlock ? stored.id : prevKey.id),
        },
      },
    },
  };
}

/** Keeps global_balance inside the window @ton/core can read (see mcStateExtraCell). */
function clampGlobalBalance(v: bigint): bigint {
  return v < MIN_GLOBAL_BALANCE
    ? MIN_GLOBAL_BALANCE
    : v > MAX_GLOBAL_BALANCE
      ? MAX_GLOBAL_BALANCE
      : v;
}
