import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Table `message_contents` (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-worker/ton-index-postgres/src/migrate.cpp): bodies and init states as base64 BoC, stored once by cell hash. */
@Entity({ name: 'message_contents' })
export class MessageContentEntity {
  @PrimaryColumn({ type: 'char', length: 44, name: 'hash' })
  hash!: string;

  @Column({ type: 'text', name: 'body' })
  body!: string;
}
