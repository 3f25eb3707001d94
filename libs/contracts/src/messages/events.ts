import { z } from 'zod';

/**
 * `ton.evt.v1.block.indexed` (JetStream): a masterchain block and every shard block it committed are
 * in PostgreSQL. References only, never data (docs/architecture.md: keep NATS messages small);
 * consumers read the rows. Shards are signed 64-bit decimal strings, hashes base64, as in the tables.
 */
export const IndexedBlockRef = z
  .object({
    workchain: z.number().int(),
    shard: z.string().regex(/^-?\d{1,19}$/),
    seqno: z.number().int().nonnegative(),
    root_hash: z.string().length(44),
    file_hash: z.string().length(44),
  })
  .strict();
export type IndexedBlockRef = z.infer<typeof IndexedBlockRef>;

export const BlockIndexedEvent = z
  .object({
    mc_seqno: z.number().int().positive(),
    /** The masterchain block first, then its new shard blocks. */
    blocks: z.array(IndexedBlockRef).min(1),
    tx_count: z.number().int().nonnegative(),
  })
  .strict();
export type BlockIndexedEvent = z.infer<typeof BlockIndexedEvent>;

/**
 * `ton.evt.v1.txs.decoded` (JetStream): the decoder committed a masterchain block (traces, actions,
 * interfaces and token rows of it and of its shard blocks). A wake-up for the readers that follow the
 * decoder's watermark (the Streaming API's publisher); they read the rows from PostgreSQL.
 */
export const TxsDecodedEvent = z
  .object({
    mc_seqno: z.number().int().positive(),
  })
  .strict();
export type TxsDecodedEvent = z.infer<typeof TxsDecodedEvent>;
