import { type Subscription } from '../subscription/subscription';

/** A multimap key → members, with empty sets removed. */
class SetIndex<M> {
  private readonly map = new Map<string, Set<M>>();

  add(key: string, member: M): void {
    let set = this.map.get(key);
    if (set === undefined) {
      set = new Set();
      this.map.set(key, set);
    }
    set.add(member);
  }

  delete(key: string, member: M): void {
    const set = this.map.get(key);
    if (set === undefined) {
      return;
    }
    set.delete(member);
    if (set.size === 0) {
      this.map.delete(key);
    }
  }

  collect(key: string, into: Set<M>): void {
    const set = this.map.get(key);
    if (set !== undefined) {
      for (const member of set) {
        into.add(member);
      }
    }
  }

  get keyCount(): number {
    return this.map.size;
  }
}

/**
 * Who may be interested in an entry, found by key so that an entry costs O(matching clients), not
 * O(clients): by subscribed address, by subscribed trace hash, and by open trace (the traces a
 * `trace_invalidated` may go to).
 */
export class ClientIndex<C> {
  private readonly byAddress = new SetIndex<C>();
  private readonly byTraceNorm = new SetIndex<C>();
  private readonly byOpenTrace = new SetIndex<C>();

  /** Moves `client` from `before`'s keys to `after`'s. */
  resubscribe(client: C, before: Subscription | undefined, after: Subscription | undefined): void {
    for (const address of before?.addresses ?? []) {
      if (after?.addresses.has(address) !== true) {
        this.byAddress.delete(address, client);
      }
    }
    for (const norm of before?.traceNorms ?? []) {
      if (after?.traceNorms.has(norm) !== true) {
        this.byTraceNorm.delete(norm, client);
      }
    }
    for (const address of after?.addresses ?? []) {
      this.byAddress.add(address, client);
    }
    for (const norm of after?.traceNorms ?? []) {
      this.byTraceNorm.add(norm, client);
    }
  }

  openTrace(norm: string, client: C): void {
    this.byOpenTrace.add(norm, client);
  }

  closeTrace(norm: string, client: C): void {
    this.byOpenTrace.delete(norm, client);
  }

  byAddresses(addresses: Iterable<string>, into: Set<C>): void {
    for (const address of addresses) {
      this.byAddress.collect(address, into);
    }
  }

  byNorm(norm: string, into: Set<C>): void {
    this.byTraceNorm.collect(norm, into);
  }

  byOpen(norm: string, into: Set<C>): void {
    this.byOpenTrace.collect(norm, into);
  }
}
