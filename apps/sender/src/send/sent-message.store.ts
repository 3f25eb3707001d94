import { streamReplicas } from '@app/nats';
import { Kvm, type KV } from '@nats-io/kv';
import { type NatsConnection } from '@nats-io/transport-node';
import { z } from 'zod';

/** What is remembered of a sent message (the KV value). */
export const SentRecord = z
  .object({
    hash: z.string(),
    hash_norm: z.string(),
    sent_at: z.number().int(),
  })
  .strict();
export type SentRecord = z.infer<typeof SentRecord>;

/**
 * The hashes of recently sent messages, shared by every sender replica, so that a resubmission the
 * liteservers refuse as already applied (a wallet's seqno has moved on) answers like the first send,
 * and so that only one replica announces a message as sent.
 */
export interface SentMessageStore {
  /** Records the message; true when no replica had recorded it within the TTL. */
  remember(record: SentRecord): Promise<boolean>;
  recall(hash: string): Promise<SentRecord | undefined>;
  close(): Promise<void>;
}

/** The process's SentMessageStore (sender.providers.ts). */
export const SENT_MESSAGE_STORE = Symbol('SENT_MESSAGE_STORE');

/** KV keys allow `[-/_=.a-zA-Z0-9]`: base64's `+` does not fit, hex does. */
function keyOf(hash: string): string {
  return Buffer.from(hash, 'base64').toString('hex');
}

/** The store of the mesh: a JetStream KV bucket whose TTL is the dedupe window. */
export class KvSentMessageStore implements SentMessageStore {
  private constructor(private readonly kv: KV) {}

  static async open(
    nc: NatsConnection,
    bucket: string,
    ttlMs: number,
  ): Promise<KvSentMessageStore> {
    return new KvSentMessageStore(
      await new Kvm(nc).create(bucket, { ttl: ttlMs, history: 1, replicas: streamReplicas() }),
    );
  }

  async remember(record: SentRecord): Promise<boolean> {
    const key = keyOf(record.hash);
    try {
      await this.kv.create(key, JSON.stringify(record));
      return true;
    } catch (error) {
      // create() refuses an existing key (wrong last sequence): another send recorded it first.
      if ((await this.recall(record.hash)) !== undefined) {
        return false;
      }
      throw error;
    }
  }

  async recall(hash: string): Promise<SentRecord | undefined> {
    const entry = await this.kv.get(keyOf(hash));
    if (entry?.operation !== 'PUT') {
      return undefined;
    }
    const parsed = SentRecord.safeParse(entry.json());
    return parsed.success ? parsed.data : undefined;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** The store of a single process without NATS: the same semantics in memory, with the same TTL. */
export class MemorySentMessageStore implements SentMessageStore {
  private readonly records = new Map<string, { record: SentRecord; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  remember(record: SentRecord): Promise<boolean> {
    this.sweep();
    if (this.records.has(record.hash)) {
      return Promise.resolve(false);
    }
    this.records.set(record.hash, { record, expires: this.now() + this.ttlMs });
    return Promise.resolve(true);
  }

  recall(hash: string): Promise<SentRecord | undefined> {
    this.sweep();
    return Promise.resolve(this.records.get(hash)?.record);
  }

  close(): Promise<void> {
    this.records.clear();
    return Promise.resolve();
  }

  private sweep(): void {
    const now = this.now();
    for (const [hash, entry] of this.records) {
      if (entry.expires <= now) {
        this.records.delete(hash);
      }
    }
  }
}
