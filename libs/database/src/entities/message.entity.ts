import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';
import { type MessageDirection, MessageDirectionValues } from './chain-enums';

/** Table `messages` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): one row per message and direction; an internal message appears twice (out on the sender, in on the receiver). */
@Index('messages_msg_hash_idx', ['msgHash'])
@Index('messages_source_created_lt_idx', ['source', 'createdLt'])
@Index('messages_destination_created_lt_idx', ['destination', 'createdLt'])
@Index('messages_opcode_created_lt_idx', ['opcode', 'createdLt'])
@Index('messages_created_at_msg_hash_idx', ['createdAt', 'msgHash'])
@Index('messages_created_lt_msg_hash_idx', ['createdLt', 'msgHash'])
@Index('messages_body_hash_idx', ['bodyHash'])
@Index('messages_msg_hash_norm_idx', ['msgHashNorm'], { where: '"msg_hash_norm" IS NOT NULL' })
@Index('messages_trace_id_idx', ['traceId', 'txLt'])
@Entity({ name: 'messages' })
export class MessageEntity {
  @PrimaryColumn({ type: 'char', length: 44, name: 'tx_hash' })
  txHash!: string;

  @PrimaryColumn({ type: 'bigint', name: 'tx_lt', transformer: bigintTransformer })
  txLt!: bigint;

  @PrimaryColumn({ type: 'char', length: 44, name: 'msg_hash' })
  msgHash!: string;

  @PrimaryColumn({
    type: 'enum',
    enum: MessageDirectionValues,
    enumName: 'msg_direction',
    name: 'direction',
  })
  direction!: MessageDirection;

  @Column({ type: 'integer', name: 'mc_seqno' })
  mcSeqno!: number;

  @Column({ type: 'char', length: 44, name: 'msg_hash_norm', nullable: true })
  msgHashNorm!: string | null;

  @Column({ type: 'char', length: 44, name: 'trace_id', nullable: true })
  traceId!: string | null;

  @Column({ type: 'varchar', name: 'source', nullable: true })
  source!: string | null;

  @Column({ type: 'varchar', name: 'destination', nullable: true })
  destination!: string | null;

  @Column({ type: 'bigint', name: 'value', nullable: true, transformer: bigintTransformer })
  value!: bigint | null;

  @Column({ type: 'jsonb', name: 'value_extra_currencies', nullable: true })
  valueExtraCurrencies!: Record<string, string> | null;

  @Column({ type: 'bigint', name: 'fwd_fee', nullable: true, transformer: bigintTransformer })
  fwdFee!: bigint | null;

  @Column({ type: 'bigint', name: 'ihr_fee', nullable: true, transformer: bigintTransformer })
  ihrFee!: bigint | null;

  @Column({ type: 'numeric', name: 'extra_flags', nullable: true, transformer: bigintTransformer })
  extraFlags!: bigint | null;

  @Column({ type: 'bigint', name: 'created_lt', nullable: true, transformer: bigintTransformer })
  createdLt!: bigint | null;

  @Column({ type: 'bigint', name: 'created_at', nullable: true, transformer: bigintTransformer })
  createdAt!: bigint | null;

  @Column({ type: 'integer', name: 'opcode', nullable: true })
  opcode!: number | null;

  @Column({ type: 'boolean', name: 'ihr_disabled', nullable: true })
  ihrDisabled!: boolean | null;

  @Column({ type: 'boolean', name: 'bounce', nullable: true })
  bounce!: boolean | null;

  @Column({ type: 'boolean', name: 'bounced', nullable: true })
  bounced!: boolean | null;

  @Column({ type: 'bigint', name: 'import_fee', nullable: true, transformer: bigintTransformer })
  importFee!: bigint | null;

  @Column({ type: 'char', length: 44, name: 'body_hash' })
  bodyHash!: string;

  @Column({ type: 'char', length: 44, name: 'init_state_hash', nullable: true })
  initStateHash!: string | null;
}
