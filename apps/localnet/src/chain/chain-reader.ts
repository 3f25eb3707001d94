import type { Address, Cell, TupleItem } from '@ton/core';

/**
 * The read side of the local chain, as the lite_api handlers see it. The chain (LocalChain) implements it;
 * the lite_api layer builds every answer (and every Merkle proof) from what it returns, so the two can be
 * developed and tested separately. Block contents are real TL-B cells (block.tlb); nothing here is a
 * summary that could drift from the cells.
 */

/** tonNode.blockIdExt. `shard` is the unsigned 64-bit shard prefix (0x8000000000000000n = unsplit). */
export interface BlockIdExt {
  readonly workchain: number;
  readonly shard: bigint;
  readonly seqno: number;
  /** Representation hash of the Block cell (of the state cell for a zero state). */
  readonly rootHash: Buffer;
  /** sha256 of the block's serialised BoC. */
  readonly fileHash: Buffer;
}

/** One transaction as stored in a block (account order, then lt). */
export interface StoredTransaction {
  readonly address: Address;
  readonly lt: bigint;
  /** Representation hash of `cell`. */
  readonly hash: Buffer;
  /** The Transaction cell (block.tlb `transaction$0111`). */
  readonly cell: Cell;
  readonly prevTransLt: bigint;
  readonly prevTransHash: Buffer;
  readonly now: number;
}

/** A validator's signature over a masterchain block (lite_api liteServer.signature). */
export interface StoredSignature {
  /** sha256 of the TL `pub.ed25519` of the validator's key (its ADNL short id). */
  readonly nodeIdShort: Buffer;
  /** ed25519 signature over TL `ton.blockId root_cell_hash:int256 file_hash:int256`. */
  readonly signature: Buffer;
}

/**
 * A Simplex consensus finalization of a masterchain block: the fields of lite_api
 * liteServer.signatureSet.simplex beyond the ordinary set's, and every validator's signature of the
 * finalize vote they make (simplex-finalize.ts).
 */
export interface StoredSimplexCertificate {
  readonly sessionId: Buffer;
  readonly slot: number;
  /** Boxed TL consensus.CandidateHashData naming the block. */
  readonly candidate: Buffer;
  readonly signatures: readonly StoredSignature[];
}

export interface StoredBlock {
  readonly id: BlockIdExt;
  /** The Block cell; null for a zero state (seqno 0), whose id hashes are those of the state. */
  readonly block: Cell | null;
  /** `block` serialised (serializeBoc), as its file hash was computed: kept from building so that
   *  liteServer.getBlock answers without serialising the block again for every caller. */
  readonly blockBoc?: Buffer;
  /** The ShardStateUnsplit after this block. */
  readonly state: Cell;
  readonly startLt: bigint;
  readonly endLt: bigint;
  readonly genUtime: number;
  readonly isKeyBlock: boolean;
  /** Previous block(s) in the same shard chain: one, or two after a merge; empty for a zero state. */
  readonly prev: readonly BlockIdExt[];
  /** Masterchain seqno this block belongs to: for mc blocks their own seqno; for shard blocks the first
   *  mc block whose shard_hashes commit them. */
  readonly mcSeqno: number;
  /** Transactions ordered by (account id, lt), as listBlockTransactions returns them. */
  readonly transactions: readonly StoredTransaction[];
  /** Masterchain blocks only: the shard block tops committed by this block's shard_hashes. */
  readonly shardTops?: readonly BlockIdExt[];
  /** Masterchain blocks only: the local validator set's signatures over this block's id. */
  readonly signatures?: readonly StoredSignature[];
  /** Masterchain blocks of a chain signing with Simplex sets: the validators' finalize certificate. */
  readonly simplex?: StoredSimplexCertificate;
  /** Masterchain blocks only: seqno of the key block whose config (p34) holds the validator set. */
  readonly prevKeyBlockSeqno?: number;
}

export interface GetMethodResult {
  readonly exitCode: number;
  readonly gasUsed: bigint;
  readonly stack: TupleItem[];
}

export type BlockSelector =
  { readonly seqno: number } | { readonly lt: bigint } | { readonly utime: number };

export interface ChainReader {
  /** config param 19 (mainnet -239, testnet -3); the localnet uses its own. */
  readonly globalId: number;
  /** Masterchain zero state (seqno 0). */
  zeroState(): StoredBlock;
  /** Latest masterchain block. */
  head(): StoredBlock;
  masterchainBlock(seqno: number): StoredBlock | undefined;
  /** Block of any chain by workchain, shard and seqno (the shard must be the block's exact shard). */
  block(workchain: number, shard: bigint, seqno: number): StoredBlock | undefined;
  /** lookupBlock: the block of the shard chain containing `shard` (any prefix of it) selected by seqno,
   *  by lt (start_lt <= lt < end_lt, or the first block after lt) or by utime (last with gen_utime <= utime). */
  lookup(workchain: number, shard: bigint, by: BlockSelector): StoredBlock | undefined;
  /** The shard blocks committed by masterchain block `mcSeqno` (one per shard). */
  shardTopsAt(mcSeqno: number): StoredBlock[];
  /** The block (of the account's shard chain) holding the account's state as of masterchain `mcSeqno`. */
  accountBlockAt(mcSeqno: number, address: Address): StoredBlock;
  /** The transaction of `address` with logical time `lt`, and the block that holds it. */
  transaction(
    address: Address,
    lt: bigint,
  ): { tx: StoredTransaction; block: StoredBlock } | undefined;
  /** The ConfigParams dictionary (Hashmap 32 ^Cell root) in force at masterchain `mcSeqno`. */
  config(mcSeqno: number): Cell;
  /** Library cells by hash, from the masterchain state's libraries. Unknown hashes are omitted. */
  libraries(hashes: readonly Buffer[]): { hash: Buffer; data: Cell }[];
  /** Current wall-clock time of the chain (unix seconds). */
  now(): number;
  /** Resolves true as soon as masterchain `seqno` exists, false after `timeoutMs`. */
  waitForMasterchainSeqno(seqno: number, timeoutMs: number): Promise<boolean>;
  /** Runs a get-method on the account's state as of masterchain `mcSeqno` (code, data, balance, config, c7
   *  with that block's time and prev_blocks). Absent or uninitialised accounts give exit code -256. */
  runGetMethod(
    mcSeqno: number,
    address: Address,
    methodId: number,
    stack: TupleItem[],
  ): Promise<GetMethodResult>;
  /** Accepts an external message (a Message cell). Rejects with an Error whose message is the reason
   *  when the destination contract does not accept it. Resolves once it is queued for the next block. */
  sendMessage(message: Cell): Promise<void>;
}
