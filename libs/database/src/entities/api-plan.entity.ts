import { Check, Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * Table `api_plans` (migrations ApiKeys, StreamingLimits): a rate shared by all keys of the plan, its
 * networks, and the streaming limits of each of its keys.
 */
@Unique('api_plans_name_key', ['name'])
@Check('api_plans_rps_check', '"rps" > 0')
@Check('api_plans_burst_check', '"burst" >= 0')
@Check('api_plans_streaming_connections_check', '"streaming_connections" >= 0')
@Check('api_plans_streaming_addresses_check', '"streaming_addresses" >= 0')
@Check('api_plans_networks_check', `"networks" <@ ARRAY['mainnet', 'testnet', 'local']::varchar[]`)
@Entity({ name: 'api_plans' })
export class ApiPlanEntity {
  @PrimaryGeneratedColumn('increment', { type: 'integer', name: 'id' })
  id!: number;

  @Column({ type: 'varchar', length: 64, name: 'name' })
  name!: string;

  /** Requests per second, summed over every key of the plan. */
  @Column({ type: 'integer', name: 'rps' })
  rps!: number;

  /** Extra requests a plan may make above its rate, refilled every burst window. */
  @Column({ type: 'integer', name: 'burst', default: 0 })
  burst!: number;

  /** Streaming API connections each key of the plan may hold at once (migration StreamingLimits). */
  @Column({ type: 'integer', name: 'streaming_connections', default: 2 })
  streamingConnections!: number;

  /** Addresses each key of the plan may subscribe to over its streaming connections. */
  @Column({ type: 'integer', name: 'streaming_addresses', default: 1000 })
  streamingAddresses!: number;

  /** Networks whose deployments accept the plan's keys: `mainnet`, `testnet`, `local`. */
  @Column({ type: 'varchar', array: true, name: 'networks' })
  networks!: string[];

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
