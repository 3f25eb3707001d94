import type { ActionRow } from '../action';
import type { EventNode } from './event-node';

function uniq<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

function direction(block: Block): number {
  const [only, ...rest] = block.nodes;
  if (only && rest.length === 0) {
    return only.message.direction === 'out' ? 1 : 0;
  }
  return 2;
}

/**
 * A classifier block (toncenter `Block`): a set of event nodes with a type and data, linked to the
 * blocks before (`previous`) and after it (`next`) in the message tree. Matchers merge blocks into
 * higher-level blocks (`merge`), which keep the merged ones as `children`. A block serialises itself
 * into an `actions` row through `fill` (the type-specific columns).
 */
export class Block {
  nodes: EventNode[];
  children: Block[] = [];
  next: Block[] = [];
  previous: Block | null = null;
  parent: Block | null = null;
  failed = false;
  /** The trace's classification state becomes `broken` when a serialised block is. */
  broken = false;
  /** Label wrappers: never merged themselves. */
  transient = false;
  /** A block of a ghost node: an intended message that was never sent. */
  ghost = false;
  contractDeployments = new Set<string>();
  initiatingNode: EventNode | null = null;
  minLt = 0n;
  maxLt = 0n;
  minUtime = 0;
  maxUtime = 0;
  minLtWithoutInitiatingTx = 0n;

  constructor(
    public type: string,
    nodes: EventNode[],
  ) {
    this.nodes = nodes;
    const first = nodes[0];
    if (first && first.ghost && nodes.length === 1) {
      this.ghost = true;
    }
    // toncenter sets the bounds from the first node only when the block has exactly one node
    if (first && nodes.length === 1) {
      this.minLt = first.lt;
      this.maxLt = first.tx.lt;
      this.minUtime = first.utime;
      this.maxUtime = first.tx.now;
      this.minLtWithoutInitiatingTx = first.tx.lt;
      this.initiatingNode = first.parent;
    }
    for (const n of nodes) {
      if (n.tx.orig_status !== 'active' && n.tx.end_status === 'active') {
        this.contractDeployments.add(n.tx.account);
      }
    }
  }

  /** Writes the type-specific columns of this block's action. The base block has none. */
  fill(_action: ActionRow): void {
    return;
  }

  /** The first node (the block's own node for single-node blocks). */
  get firstNode(): EventNode {
    const first = this.nodes[0];
    if (!first) {
      throw new Error(`${this.type} block has no nodes`);
    }
    return first;
  }

  /** The first node's message. */
  get message(): EventNode['message'] {
    return this.firstNode.message;
  }

  connect(other: Block): void {
    this.next.push(other);
    other.previous = this;
  }

  topmostParent(): Block {
    return this.parent ? this.parent.topmostParent() : this;
  }

  compactConnections(): void {
    this.next = uniq(
      this.next
        .filter((n) => !this.children.includes(n) && n !== this)
        .map((n) => n.topmostParent()),
    );
  }

  calculateMinMaxLt(): void {
    const first = this.nodes[0];
    if (!first) {
      return;
    }
    let minLt = first.lt;
    let minUtime = first.utime;
    let maxLt = first.tx.lt;
    let maxUtime = first.tx.now;
    for (const n of this.nodes) {
      if (n.lt < minLt) {
        minLt = n.lt;
      }
      if (n.utime < minUtime) {
        minUtime = n.utime;
      }
      if (n.tx.lt > maxLt) {
        maxLt = n.tx.lt;
      }
      if (n.tx.now > maxUtime) {
        maxUtime = n.tx.now;
      }
    }
    this.minLt = minLt;
    this.minLtWithoutInitiatingTx = minLt;
    this.minUtime = minUtime;
    this.maxLt = maxLt;
    this.maxUtime = maxUtime;
  }

  /** Breadth-first over `next`, yielding before expanding (the structure may change in between). */
  *bfs(includeSelf = true): Generator<Block> {
    const queue: Block[] = includeSelf ? [this] : [...this.next];
    for (let cur = queue.shift(); cur; cur = queue.shift()) {
      yield cur;
      queue.push(...cur.next);
    }
  }

  /**
   * Breadth-first over `next` (toncenter `find_next`). With `stopOnUnmatch` the walk does not go past
   * a block the filter rejects; with `yieldOnUnmatch` it yields the rejected blocks instead.
   */
  *findNext(
    filter: (b: Block, depth: number) => boolean,
    stopOnUnmatch = false,
    yieldOnUnmatch = false,
  ): Generator<Block> {
    const queue: [Block, number][] = this.next.map((c) => [c, 0]);
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [node, depth] = item;
      const matched = filter(node, depth);
      if (matched !== yieldOnUnmatch) {
        yield node;
      }
      if (!stopOnUnmatch || matched) {
        queue.push(...node.next.map((c): [Block, number] => [c, depth + 1]));
      }
    }
  }

  /** Walks `previous` while the predicate holds, nearest first. */
  *iterPrev(predicate: (b: Block) => boolean): Generator<Block> {
    let r = this.previous;
    while (r !== null && predicate(r)) {
      yield r;
      r = r.previous;
    }
  }

  /**
   * Merges blocks into this one, keeping the structure (toncenter `merge_blocks`): they become its
   * children, their frontier becomes its `next`, and it takes the earliest one's place after its
   * previous block. Throws when the blocks are not connected.
   */
  merge(blocks: readonly Block[]): void {
    const toMerge = uniq(blocks.filter((b) => !b.transient));
    const earliest = earliestCommonBlock(toMerge);
    if (!earliest) {
      throw new Error(`${this.type}: blocks to merge have no common earliest block`);
    }
    for (const b of toMerge) {
      b.parent = this;
      this.nodes.push(...b.nodes);
      this.children.push(b);
    }
    const members = new Set(toMerge);
    for (const b of earliest.findNext((x) => members.has(x), true, true)) {
      this.next.push(b);
      for (const d of b.contractDeployments) {
        this.contractDeployments.add(d);
      }
      b.previous = this;
    }
    this.previous = earliest.previous;
    earliest.previous?.compactConnections();
    this.initiatingNode = earliest.initiatingNode;
    this.calculateMinMaxLt();
    if (this.nodes.some((n) => n.ghost)) {
      this.ghost = true;
    }
  }

  toString(): string {
    return `!${this.type}`;
  }
}

/** The earliest block (by lt, then in-before-out) if every other block hangs off the merged set. */
function earliestCommonBlock(blocks: readonly Block[]): Block | null {
  const sorted = [...blocks].sort((a, b) =>
    a.minLtWithoutInitiatingTx !== b.minLtWithoutInitiatingTx
      ? a.minLtWithoutInitiatingTx < b.minLtWithoutInitiatingTx
        ? -1
        : 1
      : direction(a) - direction(b),
  );
  const earliest = sorted[0];
  if (!earliest) {
    return null;
  }
  const connected = new Set<Block>([earliest]);
  for (const b of sorted) {
    if (connected.has(b)) {
      continue;
    }
    if (b.previous !== null) {
      if (connected.has(b.previous)) {
        connected.add(b);
      } else {
        return null;
      }
    }
  }
  return earliest;
}

/** A named reference to a matched block (toncenter `LabelBlock`); transient, never merged. */
export class LabelBlock extends Block {
  constructor(
    readonly label: string,
    readonly block: Block,
  ) {
    super('label', []);
    this.transient = true;
    this.nodes = block.nodes;
    this.minLt = block.minLt;
    this.maxLt = block.maxLt;
    this.minUtime = block.minUtime;
    this.maxUtime = block.maxUtime;
    this.failed = block.failed;
  }
}

/** The tree's root (never serialised). */
export class RootBlock extends Block {
  constructor() {
    super('root', []);
  }
}
