import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Table `ingest_leader`: the lease that lets one live follower per network write (renewed by heartbeat). */
@Entity({ name: 'ingest_leader' })
export class IngestLeaderEntity {
  @PrimaryColumn({ type: 'text', name: 'name' })
  name!: string;

  @Column({ type: 'text', name: 'holder' })
  holder!: string;

  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt!: Date;
}
