import { type ProofBlockId, sameBlockId } from '@app/ton';

import { retainedBlockId } from './retained-block-id';

/**
 * Something proven about blocks, by block id, so that later answers about them need no new proof;
 * the least recently proven forgotten past `capacity`. A value is found only under the very id it
 * was proven for (hashes included). The ids are kept as retainedBlockId copies, so an entry costs a
 * few hundred bytes of heap and the map's memory is bounded by `capacity` alone.
 */
export class ProvenBlockMap<V> {
  private readonly entries = new Map<string, { readonly id: ProofBlockId; readonly value: V }>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(id: ProofBlockId): V | undefined {
    const known = this.entries.get(keyOf(id));
    return known !== undefined && sameBlockId(known.id, id) ? known.value : undefined;
  }

  set(id: ProofBlockId, value: V): void {
    const key = keyOf(id);
    this.entries.delete(key);
    this.entries.set(key, { id: retainedBlockId(id), value });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) {
        this.entries.delete(oldest.value);
      }
    }
  }
}

/** Block ids proven once, so that later answers about them need no new proof; the oldest forgotten. */
export class ProvenBlockSet {
  private readonly ids: ProvenBlockMap<true>;

  constructor(capacity: number) {
    this.ids = new ProvenBlockMap(capacity);
  }

  has(id: ProofBlockId): boolean {
    return this.ids.get(id) === true;
  }

  add(id: ProofBlockId): void {
    this.ids.set(id, true);
  }
}

function keyOf(id: ProofBlockId): string {
  return `${id.workchain}:${id.shard.toString(16)}:${id.seqno}`;
}
