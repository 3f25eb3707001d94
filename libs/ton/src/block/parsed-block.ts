/**
 * What the block parser extracts from one full block, shaped after the indexer's raw tables
 * (toncenter v3 schema
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp)
 * so that the ingestor writes it without another mapping layer.
 *
 * Conventions (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go):
 * hashes are standard base64 with padding (44 chars); addresses are raw
 * `<workchain>:<64 UPPERCASE hex>`; shards are signed 64-bit integers (the uint64 shard id reinterpreted);
 * 64-bit quantities are bigint.
 */

export type AccountStatus = 'uninit' | 'frozen' | 'active' | 'nonexist';
export type DescrType =
  | 'ord'
  | 'storage'
  | 'tick_tock'
  | 'split_prepare'
  | 'split_install'
  | 'merge_prepare'
  | 'merge_install';
export type SkippedReason = 'no_state' | 'bad_state' | 'no_gas' | 'suspended';
export type StatusChange = 'unchanged' | 'frozen' | 'deleted';
export type BounceType = 'negfunds' | 'nofunds' | 'ok';
export type MessageDirection = 'in' | 'out';

/** A block reference as stored in `prev_blocks` and `shard_state`. */
export interface BlockRef {
  readonly workchain: number;
  /** Signed 64-bit shard (e.g. -9223372036854775808n for the unsplit shard 8000000000000000). */
  readonly shard: bigint;
  readonly seqno: number;
}

/** A full block id: a reference plus the hashes that pin it. */
export interface BlockIdFull extends BlockRef {
  readonly rootHash: string;
  readonly fileHash: string;
}

/** Extra currencies as `{ "<id>": "<amount>" }` (jsonb in the schema). */
export type ExtraCurrencies = Readonly<Record<string, string>>;

/** ValueFlow (block.tlb `value_flow`), Grams only plus extra currencies per field. */
export interface ParsedValueFlow {
  readonly fromPrevBlk: ParsedCurrency;
  readonly toNextBlk: ParsedCurrency;
  readonly imported: ParsedCurrency;
  readonly exported: ParsedCurrency;
  readonly feesCollected: ParsedCurrency;
  /** Present since the `value_flow_v2` constructor (0x3ebf98b7). */
  readonly burned: ParsedCurrency | null;
  readonly feesImported: ParsedCurrency;
  readonly recovered: ParsedCurrency;
  readonly created: ParsedCurrency;
  readonly minted: ParsedCurrency;
}

export interface ParsedCurrency {
  readonly grams: bigint;
  readonly other: ExtraCurrencies;
}

/** The `blocks` row (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp / https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models). */
export interface ParsedBlockHeader extends BlockIdFull {
  readonly globalId: number;
  readonly version: number;
  readonly afterMerge: boolean;
  readonly beforeSplit: boolean;
  readonly afterSplit: boolean;
  readonly wantMerge: boolean;
  readonly wantSplit: boolean;
  readonly keyBlock: boolean;
  readonly vertSeqnoIncr: boolean;
  readonly flags: number;
  readonly genUtime: number;
  readonly startLt: bigint;
  readonly endLt: bigint;
  readonly validatorListHashShort: number;
  readonly genCatchainSeqno: number;
  readonly minRefMcSeqno: number;
  readonly prevKeyBlockSeqno: number;
  readonly vertSeqno: number;
  /** master_ref's seqno for shard blocks; null for masterchain blocks. */
  readonly masterRefSeqno: number | null;
  /** BlockExtra.rand_seed, base64. */
  readonly randSeed: string;
  /** BlockExtra.created_by, base64. */
  readonly createdBy: string;
  readonly txCount: number;
  /** prev_ref: one block, or two after a merge. Shard and workchain are derived as the chain does. */
  readonly prevBlocks: readonly BlockIdFull[];
}

/** A shard top committed by a masterchain block (McBlockExtra.shard_hashes → ShardDescr). */
export interface ParsedShardDescr extends BlockIdFull {
  readonly startLt: bigint;
  readonly endLt: bigint;
  readonly genUtime: number;
  readonly beforeSplit: boolean;
  readonly beforeMerge: boolean;
  readonly wantSplit: boolean;
  readonly wantMerge: boolean;
  readonly nxCcUpdated: boolean;
  readonly regMcSeqno: number;
}

/** One message as stored in `messages` (once per direction) plus its body/init-state contents. */
export interface ParsedMessage {
  readonly hash: string;
  /** Only for external-in messages whose normalised hash differs (TEP-467); else null. */
  readonly hashNorm: string | null;
  readonly direction: MessageDirection;
  /** null for external-in. */
  readonly source: string | null;
  /** null for external-out. */
  readonly destination: string | null;
  readonly value: bigint | null;
  readonly valueExtraCurrencies: ExtraCurrencies | null;
  readonly fwdFee: bigint | null;
  readonly ihrFee: bigint | null;
  /** The former ihr_fee field, read as extra_flags since global version 12 (null when not internal). */
  readonly extraFlags: bigint | null;
  readonly createdLt: bigint | null;
  readonly createdAt: number | null;
  /** First 32 bits of the body as signed int32 when the body has ≥ 32 bits; else null. */
  readonly opcode: number | null;
  readonly ihrDisabled: boolean | null;
  readonly bounce: boolean | null;
  readonly bounced: boolean | null;
  /** External-in only. */
  readonly importFee: bigint | null;
  readonly bodyHash: string;
  /** Base64 BoC of the body cell (with CRC32C, toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go). */
  readonly bodyBoc: string;
  readonly initStateHash: string | null;
  readonly initStateBoc: string | null;
}

/** An account's state at a point (account_states row; hash = Account cell hash). */
export interface ParsedAccountState {
  readonly hash: string;
  readonly account: string;
  readonly balance: bigint;
  readonly balanceExtraCurrencies: ExtraCurrencies;
  readonly status: AccountStatus;
  readonly frozenHash: string | null;
  readonly codeHash: string | null;
  readonly dataHash: string | null;
  readonly lastTransLt: bigint;
  /** Full code / data BoCs (no CRC) when the block carries them un-pruned; else null. */
  readonly codeBoc: string | null;
  readonly dataBoc: string | null;
}

/** The flattened transaction row (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp `transactions`). */
export interface ParsedTransaction {
  readonly hash: string;
  readonly lt: bigint;
  readonly account: string;
  readonly now: number;
  readonly prevTransHash: string;
  readonly prevTransLt: bigint;
  readonly origStatus: AccountStatus;
  readonly endStatus: AccountStatus;
  readonly outMsgCount: number;
  readonly totalFees: bigint;
  readonly totalFeesExtraCurrencies: ExtraCurrencies;
  /** HASH_UPDATE Account: old and new Account cell hashes. */
  readonly accountStateHashBefore: string;
  readonly accountStateHashAfter: string;
  readonly descr: DescrType;
  readonly aborted: boolean | null;
  readonly destroyed: boolean | null;
  readonly creditFirst: boolean | null;
  readonly isTock: boolean | null;
  readonly installed: boolean | null;
  readonly storageFeesCollected: bigint | null;
  readonly storageFeesDue: bigint | null;
  readonly storageStatusChange: StatusChange | null;
  readonly creditDueFeesCollected: bigint | null;
  readonly credit: bigint | null;
  readonly creditExtraCurrencies: ExtraCurrencies | null;
  readonly computeSkipped: boolean | null;
  readonly skippedReason: SkippedReason | null;
  readonly computeSuccess: boolean | null;
  readonly computeMsgStateUsed: boolean | null;
  readonly computeAccountActivated: boolean | null;
  readonly computeGasFees: bigint | null;
  readonly computeGasUsed: bigint | null;
  readonly computeGasLimit: bigint | null;
  readonly computeGasCredit: bigint | null;
  readonly computeMode: number | null;
  readonly computeExitCode: number | null;
  readonly computeExitArg: number | null;
  readonly computeVmSteps: number | null;
  readonly computeVmInitStateHash: string | null;
  readonly computeVmFinalStateHash: string | null;
  readonly actionSuccess: boolean | null;
  readonly actionValid: boolean | null;
  readonly actionNoFunds: boolean | null;
  readonly actionStatusChange: StatusChange | null;
  readonly actionTotalFwdFees: bigint | null;
  readonly actionTotalActionFees: bigint | null;
  readonly actionResultCode: number | null;
  readonly actionResultArg: number | null;
  readonly actionTotActions: number | null;
  readonly actionSpecActions: number | null;
  readonly actionSkippedActions: number | null;
  readonly actionMsgsCreated: number | null;
  readonly actionActionListHash: string | null;
  readonly actionTotMsgSizeCells: bigint | null;
  readonly actionTotMsgSizeBits: bigint | null;
  readonly bounce: BounceType | null;
  readonly bounceMsgSizeCells: bigint | null;
  readonly bounceMsgSizeBits: bigint | null;
  readonly bounceReqFwdFees: bigint | null;
  readonly bounceMsgFees: bigint | null;
  readonly bounceFwdFees: bigint | null;
  readonly splitInfoCurShardPfxLen: number | null;
  readonly splitInfoAccSplitDepth: number | null;
  readonly splitInfoThisAddr: string | null;
  readonly splitInfoSiblingAddr: string | null;
  /** in_msg (null for tick-tock and other message-less transactions). */
  readonly inMessage: ParsedMessage | null;
  /** out_msgs in the order of the transaction's out_msgs dict (by index). */
  readonly outMessages: readonly ParsedMessage[];
}

/** Everything the ingestor needs from one block. */
export interface ParsedBlock {
  readonly header: ParsedBlockHeader;
  readonly valueFlow: ParsedValueFlow;
  /** Ordered by (account, lt) as in ShardAccountBlocks. */
  readonly transactions: readonly ParsedTransaction[];
  /**
   * The account states of every account the block touched, before its first and after its last
   * transaction, read from both sides of the state update (code/data BoCs only when not pruned there);
   * deduplicated by hash.
   */
  readonly accountStates: readonly ParsedAccountState[];
  readonly inMsgDescrCount: number;
  readonly outMsgDescrCount: number;
  /** Masterchain blocks only: the shard tops this block commits (McBlockExtra.shard_hashes). */
  readonly shards: readonly ParsedShardDescr[];
}
