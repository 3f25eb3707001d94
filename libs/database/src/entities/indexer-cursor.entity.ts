import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../bigint.transformer';

/** Table `indexer_cursor` (migration Init): how far a follower of the chain has written. */
@Check('indexer_cursor_mc_seqno_check', '"mc_seqno" >= 0')
@Entity({ name: 'indexer_cursor' })
export class IndexerCursorEntity {
  /** Which follower this cursor belongs to, e.g. `masterchain`. */
  @PrimaryColumn({ type: 'text', name: 'name' })
  name!: string;

  /** Last masterchain seqno whose blocks are fully written. */
  @Column({ type: 'bigint', name: 'mc_seqno', transformer: bigintTransformer })
  mcSeqno!: bigint;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
