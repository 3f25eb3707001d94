import {
  type AddressRefusal,
  type Admission,
  type AdmissionRequest,
  type ConnectionLimiter,
  type StreamLimits,
} from './connection-limiter';

function sumExcept(connections: ReadonlyMap<string, number>, skip: ReadonlySet<string>): number {
  let total = 0;
  for (const [connId, addresses] of connections) {
    if (!skip.has(connId)) {
      total += addresses;
    }
  }
  return total;
}

/** The refusal of `requested` addresses on top of the `current` others hold, or null when they fit. */
function addressRefusal(
  current: number,
  requested: number,
  limits: StreamLimits,
): AddressRefusal | null {
  return current + requested > limits.addresses
    ? { kind: 'address-limit', current, requested, max: limits.addresses }
    : null;
}

/** The limiter of a gateway without Redis: exact for this process, blind to other replicas. */
export class MemoryConnectionLimiter implements ConnectionLimiter {
  /** identity → (connection id → addresses), connection ids in age order. */
  private readonly byIdentity = new Map<string, Map<string, number>>();
  private readonly listeners: ((connId: string) => void)[] = [];

  admit(request: AdmissionRequest): Promise<Admission> {
    const { identity, connId, limits, addresses } = request;
    const connections = this.byIdentity.get(identity) ?? new Map<string, number>();
    const evicted = new Set<string>();
    if (connections.size >= limits.connections) {
      if (!request.replaceOldest || limits.connections === 0) {
        return Promise.resolve({ kind: 'connection-limit', max: limits.connections });
      }
      const oldest = [...connections.keys()].sort();
      for (const id of oldest.slice(0, connections.size - limits.connections + 1)) {
        evicted.add(id);
      }
    }
    const refusal = addressRefusal(sumExcept(connections, evicted), addresses, limits);
    if (refusal) {
      return Promise.resolve(refusal);
    }
    for (const id of evicted) {
      connections.delete(id);
    }
    connections.set(connId, addresses);
    this.byIdentity.set(identity, connections);
    for (const id of evicted) {
      // After the caller has its answer, as a replica hearing it over Redis would.
      queueMicrotask(() => {
        for (const listener of this.listeners) {
          listener(id);
        }
      });
    }
    return Promise.resolve({ kind: 'admitted' });
  }

  updateAddresses(
    identity: string,
    connId: string,
    addresses: number,
    limits: StreamLimits,
  ): Promise<{ readonly kind: 'ok' } | AddressRefusal> {
    const connections = this.byIdentity.get(identity);
    if (connections?.has(connId) !== true) {
      return Promise.resolve({ kind: 'ok' });
    }
    const refusal = addressRefusal(sumExcept(connections, new Set([connId])), addresses, limits);
    if (refusal) {
      return Promise.resolve(refusal);
    }
    connections.set(connId, addresses);
    return Promise.resolve({ kind: 'ok' });
  }

  release(identity: string, connId: string): Promise<void> {
    const connections = this.byIdentity.get(identity);
    connections?.delete(connId);
    if (connections?.size === 0) {
      this.byIdentity.delete(identity);
    }
    return Promise.resolve();
  }

  onEvicted(listener: (connId: string) => void): void {
    this.listeners.push(listener);
  }

  close(): Promise<void> {
    this.byIdentity.clear();
    return Promise.resolve();
  }
}
