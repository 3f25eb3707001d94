import { streamReplicas } from '@app/nats';
import { type KV, Kvm } from '@nats-io/kv';
import { type NatsConnection } from '@nats-io/transport-node';
import { PendingTrace } from './pending-trace';
import { type PendingTraceStore } from './pending-trace.store';

/** Key tokens: NATS KV keys allow `[-/_=.a-zA-Z0-9]`, so base64 hashes are stored as hex. */
const hex = (b64: string): string => Buffer.from(b64, 'base64').toString('hex');
const b64 = (hexHash: string): string => Buffer.from(hexHash, 'hex').toString('base64');
/** `0:ABC…` → `0_ABC…`, `-1:ABC…` → `-1_ABC…`. */
const accountToken = (account: string): string => account.replace(':', '_');

/**
 * Pending traces in a JetStream KV bucket (max age = the pending TTL), so every sender replica and
 * every gateway answer sees every trace:
 *   t.<hash>            the trace (JSON)
 *   n.<hash_norm>       → <hash>    (lookups by normalised hash, toncenter's `tr_in_msg`)
 *   a.<account>.<hash>  empty       (one key per account of the trace)
 * The account keys are an index: a lookup by account lists `a.<account>.*` (a subject-filtered key
 * listing the server answers from its subject index) instead of scanning every trace, like
 * toncenter's per-account sorted sets in Redis. All keys share the bucket's max age, so the index
 * expires with its traces.
 */
export class KvPendingTraceStore implements PendingTraceStore {
  private constructor(private readonly kv: KV) {}

  static async open(
    nc: NatsConnection,
    bucket: string,
    ttlMs: number,
  ): Promise<KvPendingTraceStore> {
    const kv = await new Kvm(nc).create(bucket, {
      ttl: ttlMs,
      history: 1,
      replicas: streamReplicas(),
    });
    return new KvPendingTraceStore(kv);
  }

  async put(trace: PendingTrace): Promise<void> {
    const key = hex(trace.hash);
    await this.kv.put(`t.${key}`, JSON.stringify(trace));
    await this.kv.put(`n.${hex(trace.hashNorm)}`, key);
    await Promise.all(trace.accounts.map((a) => this.kv.put(`a.${accountToken(a)}.${key}`, '')));
  }

  async byHashes(hashes: readonly string[]): Promise<PendingTrace[]> {
    const keys = new Set<string>();
    for (const h of hashes) {
      const key = hex(h);
      if ((await this.kv.get(`t.${key}`))?.operation === 'PUT') {
        keys.add(key);
        continue;
      }
      const alias = await this.kv.get(`n.${key}`);
      if (alias?.operation === 'PUT') {
        keys.add(alias.string());
      }
    }
    return this.load([...keys]);
  }

  async byAccount(account: string, limit: number): Promise<PendingTrace[]> {
    const prefix = `a.${accountToken(account)}.`;
    const keys: string[] = [];
    for await (const k of await this.kv.keys(`${prefix}*`)) {
      if (keys.length < limit) {
        keys.push(k.slice(prefix.length));
      }
    }
    return this.load(keys);
  }

  async hashes(limit: number): Promise<string[]> {
    const out: string[] = [];
    for await (const k of await this.kv.keys('t.*')) {
      if (out.length < limit) {
        out.push(b64(k.slice(2)));
      }
    }
    return out;
  }

  async delete(hash: string): Promise<void> {
    const key = hex(hash);
    const [trace] = await this.load([key]);
    await this.kv.delete(`t.${key}`);
    if (trace !== undefined) {
      await this.kv.delete(`n.${hex(trace.hashNorm)}`);
      await Promise.all(trace.accounts.map((a) => this.kv.delete(`a.${accountToken(a)}.${key}`)));
    }
  }

  private async load(keys: readonly string[]): Promise<PendingTrace[]> {
    const out: PendingTrace[] = [];
    for (const key of keys) {
      const entry = await this.kv.get(`t.${key}`);
      if (entry?.operation === 'PUT') {
        out.push(PendingTrace.parse(entry.json()));
      }
    }
    return out;
  }
}
