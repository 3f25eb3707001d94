import { Column, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/**
 * The columns ton-indexer's token event tables share (`jetton_transfers`, `jetton_burns`,
 * `nft_transfers`: https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp):
 * the transaction that carried the TEP-74 / TEP-62 message, its query_id, response destination and
 * custom payload, and its trace. Each table's entity extends it with its own columns.
 */
export abstract class TokenEventColumns {
  @PrimaryColumn({ type: 'char', length: 44, name: 'tx_hash' })
  txHash!: string;

  @PrimaryColumn({ type: 'bigint', name: 'tx_lt', transformer: bigintTransformer })
  txLt!: bigint;

  @Column({ type: 'integer', name: 'tx_now' })
  txNow!: number;

  @Column({ type: 'boolean', name: 'tx_aborted' })
  txAborted!: boolean;

  @Column({ type: 'integer', name: 'mc_seqno' })
  mcSeqno!: number;

  @Column({ type: 'numeric', name: 'query_id', transformer: bigintTransformer })
  queryId!: bigint;

  @Column({ type: 'varchar', name: 'response_destination', nullable: true })
  responseDestination!: string | null;

  @Column({ type: 'text', name: 'custom_payload', nullable: true })
  customPayload!: string | null;

  @Column({ type: 'char', length: 44, name: 'trace_id', nullable: true })
  traceId!: string | null;
}
