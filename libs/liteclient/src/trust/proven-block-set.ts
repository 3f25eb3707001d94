import { type ProofBlockId, sameBlockId } from '@app/ton';

/** Block ids proven once, so that later answers about them need no new proof; the oldest forgotten. */
export class ProvenBlockSet {
  private readonly ids = new Map<string, ProofBlockId>();

  constructor(private readonly capacity: number) {}

  has(id: ProofBlockId): boolean {
    const known = this.ids.get(keyOf(id));
    return known !== undefined && sameBlockId(known, id);
  }

  add(id: ProofBlockId): void {
    const key = keyOf(id);
    this.ids.delete(key);
    this.ids.set(key, id);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.keys().next();
      if (!oldest.done) {
        this.ids.delete(oldest.value);
      }
    }
  }
}

function keyOf(id: ProofBlockId): string {
  return `${id.workchain}:${id.shard.toString(16)}:${id.seqno}`;
}
