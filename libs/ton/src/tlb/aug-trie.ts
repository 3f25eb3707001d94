import { beginCell, type Builder, type Cell } from '@ton/core';

import { keyBit, keySlice, storeHmLabel } from './hashmap-label';

/*
 * ahm_edge#_ {n:#} {X:Type} {Y:Type} {l:#} {m:#} label:(HmLabel ~l n) {n = (~m) + l}
 *   node:(HashmapAugNode m X Y) = HashmapAug n X Y;
 * ahmn_leaf#_ {X:Type} {Y:Type} extra:Y value:X = HashmapAugNode 0 X Y;
 * ahmn_fork#_ {n:#} {X:Type} {Y:Type} left:^(HashmapAug n X Y) right:^(HashmapAug n X Y) extra:Y
 *   = HashmapAugNode (n + 1) X Y;
 * ahme_empty$0 {n:#} {X:Type} {Y:Type} extra:Y = HashmapAugE n X Y;
 * ahme_root$1 {n:#} {X:Type} {Y:Type} root:^(HashmapAug n X Y) extra:Y = HashmapAugE n X Y;
 * (crypto/block/block.tlb, ton-blockchain/ton)
 */

/** How the values and extras (augmentations) of one HashmapAug type are written and combined. */
export interface AugSpec<V, E> {
  /** Writes `value:X` of a leaf (after its extra). */
  storeValue(value: V, b: Builder): void;
  /** The extra of a leaf holding `value`. */
  leafExtra(value: V): E;
  /** The extra of a fork from its children's extras. */
  combine(left: E, right: E): E;
  /** Writes `extra:Y`. */
  storeExtra(extra: E, b: Builder): void;
  /** The extra of an empty HashmapAugE. */
  readonly empty: E;
}

interface LeafNode<V, E> {
  readonly kind: 'leaf';
  /** The full key of the leaf; its label is bits [start, n). */
  readonly key: bigint;
  readonly start: number;
  readonly value: V;
  readonly extra: E;
  cell?: Cell;
}

interface ForkNode<V, E> {
  readonly kind: 'fork';
  /** Any key below the fork; its label is bits [start, end), bit `end` selects the child. */
  readonly key: bigint;
  readonly start: number;
  readonly end: number;
  readonly left: TrieNode<V, E>;
  readonly right: TrieNode<V, E>;
  readonly extra: E;
  cell?: Cell;
}

type TrieNode<V, E> = LeafNode<V, E> | ForkNode<V, E>;

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/**
 * A persistent (immutable, structurally shared) HashmapAug n X Y. Every version shares the unchanged
 * subtrees of the previous one, and each node caches the cell it serialises to, so that changing k keys
 * of an N-key map rebuilds only the O(k log N) cells on their paths. Nodes replaced by an update are
 * reported to `onReplaced` (their cells form the "old" side of a Merkle update).
 */
export class AugTrie<V, E> {
  private constructor(
    readonly n: number,
    readonly spec: AugSpec<V, E>,
    private readonly root: TrieNode<V, E> | undefined,
    readonly size: number,
  ) {}

  static empty<V, E>(n: number, spec: AugSpec<V, E>): AugTrie<V, E> {
    return new AugTrie<V, E>(n, spec, undefined, 0);
  }

  static from<V, E>(n: number, spec: AugSpec<V, E>, entries: Iterable<[bigint, V]>): AugTrie<V, E> {
    let t = AugTrie.empty<V, E>(n, spec);
    for (const [k, v] of entries) {
      t = t.set(k, v);
    }
    return t;
  }

  get isEmpty(): boolean {
    return this.root === undefined;
  }

  /** The extra of the whole map (`spec.empty` when empty). */
  get extra(): E {
    return this.root?.extra ?? this.spec.empty;
  }

  get(key: bigint): V | undefined {
    let node = this.root;
    while (node) {
      if (node.kind === 'leaf') {
        return node.key === key ? node.value : undefined;
      }
      node = keyBit(key, this.n, node.end) === 1 ? node.right : node.left;
    }
    return undefined;
  }

  *entries(): Generator<[bigint, V]> {
    const stack: TrieNode<V, E>[] = this.root ? [this.root] : [];
    while (stack.length > 0) {
      const node = stack.pop();
      if (!node) {
        break;
      }
      if (node.kind === 'leaf') {
        yield [node.key, node.value];
      } else {
        stack.push(node.right, node.left);
      }
    }
  }

  set(key: bigint, value: V, onReplaced?: (cell: Cell) => void): AugTrie<V, E> {
    this.checkKey(key);
    if (!this.root) {
      return new AugTrie(this.n, this.spec, this.leaf(key, 0, value), 1);
    }
    const added = this.get(key) === undefined;
    const insert = (node: TrieNode<V, E>): TrieNode<V, E> => {
      report(node, onReplaced);
      const end = node.kind === 'leaf' ? this.n : node.end;
      const d = this.n - bitLength(key ^ node.key);
      if (d < end) {
        // The key leaves this edge at bit d: split it with a fork whose children are the new leaf
        // and the old node with a shorter label (same subtree below).
        const fresh = this.leaf(key, d + 1, value);
        const moved = this.withStart(node, d + 1);
        return keyBit(key, this.n, d) === 1
          ? this.fork(key, node.start, d, moved, fresh)
          : this.fork(key, node.start, d, fresh, moved);
      }
      if (node.kind === 'leaf') {
        return this.leaf(key, node.start, value);
      }
      return keyBit(key, this.n, end) === 1
        ? this.fork(node.key, node.start, end, node.left, insert(node.right))
        : this.fork(node.key, node.start, end, insert(node.left), node.right);
    };
    const root = insert(this.root);
    return new AugTrie(this.n, this.spec, root, this.size + (added ? 1 : 0));
  }

  delete(key: bigint, onReplaced?: (cell: Cell) => void): AugTrie<V, E> {
    this.checkKey(key);
    const remove = (node: TrieNode<V, E>): TrieNode<V, E> | undefined | null => {
      // null: key absent (node unchanged); undefined: node removed entirely.
      if (node.kind === 'leaf') {
        if (node.key !== key) {
          return null;
        }
        report(node, onReplaced);
        return undefined;
      }
      if (this.n - bitLength(key ^ node.key) < node.end) {
        return null;
      }
      const goRight = keyBit(key, this.n, node.end) === 1;
      const child = remove(goRight ? node.right : node.left);
      if (child === null) {
        return null;
      }
      report(node, onReplaced);
      const sibling = goRight ? node.left : node.right;
      if (child === undefined) {
        // The fork disappears: its label, the branch bit and the sibling's label merge into one edge.
        report(sibling, onReplaced);
        return this.withStart(sibling, node.start);
      }
      return goRight
        ? this.fork(node.key, node.start, node.end, sibling, child)
        : this.fork(node.key, node.start, node.end, child, sibling);
    };
    if (!this.root) {
      return this;
    }
    const root = remove(this.root);
    if (root === null) {
      return this;
    }
    return new AugTrie(this.n, this.spec, root, this.size - 1);
  }

  /** The root edge cell (`HashmapAug n X Y`); undefined when empty. */
  rootCell(): Cell | undefined {
    return this.root ? this.cellOf(this.root) : undefined;
  }

  /** Writes `HashmapAugE n X Y` into `b`. */
  storeE(b: Builder): void {
    const root = this.rootCell();
    if (root) {
      b.storeBit(1).storeRef(root);
    } else {
      b.storeBit(0);
    }
    this.spec.storeExtra(this.extra, b);
  }

  /** Writes the root edge inline (`HashmapAug n X Y` as a field, e.g. AccountBlock.transactions). */
  storeInline(b: Builder): void {
    if (!this.root) {
      throw new Error('HashmapAug cannot be empty; use HashmapAugE');
    }
    this.writeNode(this.root, b);
  }

  private checkKey(key: bigint): void {
    if (key < 0n || key >= 1n << BigInt(this.n)) {
      throw new Error(`key ${key} does not fit in ${this.n} bits`);
    }
  }

  private leaf(key: bigint, start: number, value: V): LeafNode<V, E> {
    return { kind: 'leaf', key, start, value, extra: this.spec.leafExtra(value) };
  }

  private fork(
    key: bigint,
    start: number,
    end: number,
    left: TrieNode<V, E>,
    right: TrieNode<V, E>,
  ): ForkNode<V, E> {
    const extra = this.spec.combine(left.extra, right.extra);
    return { kind: 'fork', key, start, end, left, right, extra };
  }

  private withStart(node: TrieNode<V, E>, start: number): TrieNode<V, E> {
    return node.kind === 'leaf'
      ? { kind: 'leaf', key: node.key, start, value: node.value, extra: node.extra }
      : { ...node, start, cell: undefined };
  }

  private cellOf(node: TrieNode<V, E>): Cell {
    if (!node.cell) {
      const b = beginCell();
      this.writeNode(node, b);
      node.cell = b.endCell();
    }
    return node.cell;
  }

  private writeNode(node: TrieNode<V, E>, b: Builder): void {
    const end = node.kind === 'leaf' ? this.n : node.end;
    const len = end - node.start;
    storeHmLabel(b, keySlice(node.key, this.n, node.start, len), len, this.n - node.start);
    if (node.kind === 'leaf') {
      this.spec.storeExtra(node.extra, b);
      this.spec.storeValue(node.value, b);
    } else {
      b.storeRef(this.cellOf(node.left)).storeRef(this.cellOf(node.right));
      this.spec.storeExtra(node.extra, b);
    }
  }
}

function report<V, E>(node: TrieNode<V, E>, onReplaced?: (cell: Cell) => void): void {
  if (onReplaced && node.cell) {
    onReplaced(node.cell);
  }
}
