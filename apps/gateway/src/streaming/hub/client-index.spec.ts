import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptySubscription, type Subscription } from '../subscription/subscription';
import { ClientIndex } from './client-index';

function subscription(addresses: string[], norms: string[] = []): Subscription {
  return {
    ...emptySubscription(new Set()),
    addresses: new Set(addresses),
    traceNorms: new Set(norms),
  };
}

void describe(ClientIndex.name, () => {
  void it('finds clients by address, trace hash and open trace; follows resubscriptions', () => {
    const sut = new ClientIndex<string>();
    sut.resubscribe('x', undefined, subscription(['a', 'b'], ['n']));
    sut.resubscribe('y', undefined, subscription(['b']));
    const found = (fill: (into: Set<string>) => void): string[] => {
      const into = new Set<string>();
      fill(into);
      return [...into].sort();
    };
    assert.deepEqual(
      found((into) => {
        sut.byAddresses(['a', 'b', 'z'], into);
      }),
      ['x', 'y'],
    );
    assert.deepEqual(
      found((into) => {
        sut.byAddresses(['a'], into);
      }),
      ['x'],
    );
    assert.deepEqual(
      found((into) => {
        sut.byNorm('n', into);
      }),
      ['x'],
    );
    sut.resubscribe('x', subscription(['a', 'b'], ['n']), subscription(['c']));
    assert.deepEqual(
      found((into) => {
        sut.byAddresses(['a', 'b'], into);
      }),
      ['y'],
    );
    assert.deepEqual(
      found((into) => {
        sut.byNorm('n', into);
      }),
      [],
    );
    sut.openTrace('t', 'y');
    assert.deepEqual(
      found((into) => {
        sut.byOpen('t', into);
      }),
      ['y'],
    );
    sut.closeTrace('t', 'y');
    sut.resubscribe('y', subscription(['b']), undefined);
    assert.deepEqual(
      found((into) => {
        sut.byOpen('t', into);
      }),
      [],
    );
    assert.deepEqual(
      found((into) => {
        sut.byAddresses(['b', 'c'], into);
      }),
      ['x'],
    );
  });
});
