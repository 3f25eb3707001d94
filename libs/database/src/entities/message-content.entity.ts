import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Table `message_contents` (§13.1): bodies and init states as base64 BoC, stored once by cell hash. */
@Entity({ name: 'message_contents' })
export class MessageContentEntity {
  @PrimaryColumn({ type: 'char', length: 44, name: 'hash' })
  hash!: string;

  @Column({ type: 'text', name: 'body' })
  body!: string;
}
