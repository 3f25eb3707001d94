import { z } from 'zod';

/** The JSON part of a chain snapshot (chain-snapshot.ts); cells are indexes into its bag of cells. */
export const Hex = z.string().regex(/^[0-9a-f]*$/);
export const Dec = z.string().regex(/^-?\d+$/);
export const CellRef = z.number().int().nonnegative();

export const BlockIdJson = z.object({
  workchain: z.number().int(),
  shard: Hex,
  seqno: z.number().int().nonnegative(),
  rootHash: Hex,
  fileHash: Hex,
});
export const TransactionJson = z.object({
  address: z.string(),
  lt: Dec,
  cell: CellRef,
  prevTransLt: Dec,
  prevTransHash: Hex,
  now: z.number().int(),
});
const SignatureJson = z.object({ nodeIdShort: Hex, signature: Hex });
export const StoredBlockJson = z.object({
  id: BlockIdJson,
  block: CellRef,
  state: CellRef,
  startLt: Dec,
  endLt: Dec,
  genUtime: z.number().int(),
  isKeyBlock: z.boolean(),
  prev: z.array(BlockIdJson),
  mcSeqno: z.number().int(),
  transactions: z.array(TransactionJson),
  shardTops: z.array(BlockIdJson).optional(),
  signatures: z.array(SignatureJson).optional(),
  simplex: z
    .object({
      sessionId: Hex,
      slot: z.number().int(),
      candidate: Hex,
      signatures: z.array(SignatureJson),
    })
    .optional(),
  prevKeyBlockSeqno: z.number().int().optional(),
});
export const RecordJson = z.object({
  stored: StoredBlockJson,
  feesCollected: Dec,
  created: Dec,
  mc: z
    .object({
      config: CellRef,
      configBase64: z.string(),
      libs: CellRef.optional(),
      globalBalance: Dec,
    })
    .optional(),
});
export const AccountJson = z.object({
  id: Hex,
  account: CellRef,
  balance: Dec,
  lastTransHash: Hex,
  lastTransLt: Dec,
});
export const EnvelopeJson = z.object({
  curBits: z.number().int(),
  nextBits: z.number().int(),
  fwdFeeRemaining: Dec,
  message: CellRef,
});
export const ChainJson = z.object({
  top: RecordJson,
  totalValidatorFees: Dec,
  accounts: z.array(AccountJson),
  outQueue: z.array(z.object({ key: Hex, enqueuedLt: Dec, envelope: EnvelopeJson })),
});

/** The snapshot file's body (chain-store.ts adds the chain header). */
export const SnapshotJson = z.object({
  seqno: z.number().int().positive(),
  emulator: z.looseObject({ contracts: z.array(z.unknown()) }),
  config: CellRef,
  configChanged: z.boolean(),
  chains: z.array(ChainJson).min(2).max(3),
  /** OldMcBlocksInfo of the masterchain state, 77 bytes an entry (seqno, key, ExtBlkRef), base64. */
  prevBlocks: z.string(),
  keyBlocks: z.array(RecordJson),
  queue: z.array(
    z.object({
      source: z.number().int().nonnegative(),
      envelope: EnvelopeJson,
      queueKey: Hex,
      createdLt: Dec,
    }),
  ),
  /** Every cell above: a multi-root bag of cells (base64), roots in the order they are named. */
  cells: z.string(),
});
export type SnapshotJson = z.infer<typeof SnapshotJson>;
