import { natsEnv } from '@app/config';

/**
 * NATS_STREAM_REPLICAS: how many servers of a JetStream cluster hold each stream and KV bucket the
 * services create. Read where streams are made (libs/nats, the sender's buckets) rather than passed
 * down from every entry point; each entry point's loadConfig(natsEnv) has already refused a bad
 * value at boot. A single server accepts only 1
 * (https://docs.nats.io/nats-concepts/jetstream/streams#configuration: Replicas).
 */
export function streamReplicas(env: NodeJS.ProcessEnv = process.env): number {
  return natsEnv.NATS_STREAM_REPLICAS.parse(env.NATS_STREAM_REPLICAS);
}
