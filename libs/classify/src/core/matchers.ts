/**
 * Matcher combinators (toncenter `basic_matchers.py`): a matcher tests a block, then its child /
 * children / parent matchers on the neighbouring blocks, and on success builds a list of blocks (by
 * default the block and what the sub-matchers returned; a family's matcher merges them into a new
 * block). Excess (0xd53276db) and bounce (0xffffffff) calls following the matched block are appended
 * to the result unless turned off.
 */
import { type Block, LabelBlock } from './block';
import { CallContractBlock } from './basic-blocks';
import type { ClassifyContext } from './context';

export const EXCESS_OP = 0xd53276db;
export const BOUNCE_OP = 0xffffffff;

export interface MatcherOptions {
  child?: BlockMatcher | null;
  children?: BlockMatcher[] | null;
  parent?: BlockMatcher | null;
  optional?: boolean;
  includeExcess?: boolean;
  includeBounces?: boolean;
  preBuildAutoAppend?: boolean;
}

export class BlockMatcher {
  child: BlockMatcher | null;
  children: BlockMatcher[] | null;
  parent: BlockMatcher | null;
  optional: boolean;
  includeExcess: boolean;
  includeBounces: boolean;
  preBuildAutoAppend: boolean;

  constructor(opts: MatcherOptions = {}) {
    this.child = opts.child ?? null;
    this.children = opts.children ?? null;
    this.parent = opts.parent ?? null;
    this.optional = opts.optional ?? false;
    this.includeExcess = opts.includeExcess ?? true;
    this.includeBounces = opts.includeBounces ?? true;
    this.preBuildAutoAppend = opts.preBuildAutoAppend ?? false;
  }

  /** The name logged when building fails. */
  get name(): string {
    return this.constructor.name;
  }

  testSelf(_block: Block, _ctx: ClassifyContext): boolean {
    return true;
  }

  tryBuild(block: Block | null, ctx: ClassifyContext): Block[] | null {
    if (block === null || !this.testSelf(block, ctx)) {
      return null;
    }
    const blocks: Block[] = [];
    const childMatched = this.processChildMatcher(block, blocks, ctx);
    const parentMatched = this.processParentMatcher(block, blocks, ctx);
    if (!childMatched || !parentMatched) {
      return null;
    }
    try {
      const autoOps: number[] = [];
      if (this.includeExcess) {
        autoOps.push(EXCESS_OP);
      }
      if (this.includeBounces) {
        autoOps.push(BOUNCE_OP);
      }
      const auto = (): Block[] =>
        block.next.filter(
          (n) => n instanceof CallContractBlock && n.opcode !== null && autoOps.includes(n.opcode),
        );
      if (autoOps.length > 0 && this.preBuildAutoAppend) {
        blocks.push(...auto());
      }
      const r = this.buildBlock(block, blocks, ctx);
      if (autoOps.length > 0 && !this.preBuildAutoAppend) {
        r.push(...auto());
      }
      return r;
    } catch (e) {
      // A body this matcher cannot read is not its pattern: logged, and no match.
      ctx.log?.(
        `${this.name} failed on ${block.toString()}: ${e instanceof Error ? e.message : String(e)}`,
      );
      return null;
    }
  }

  protected processParentMatcher(block: Block, blocks: Block[], ctx: ClassifyContext): boolean {
    if (!this.parent) {
      return true;
    }
    const r = this.parent.tryBuild(block.previous, ctx);
    if (r !== null) {
      blocks.push(...r);
      return true;
    }
    return this.parent.optional;
  }

  protected processChildMatcher(block: Block, blocks: Block[], ctx: ClassifyContext): boolean {
    let matched = true;
    if (this.child) {
      for (const c of block.next) {
        const r = this.child.tryBuild(c, ctx);
        if (r !== null) {
          blocks.push(...r);
        }
      }
      matched = this.child.optional || blocks.length > 0;
    }
    if (this.children) {
      const r = this.processChildrenMatchers(block, ctx);
      if (r !== null) {
        blocks.push(...r);
      } else {
        matched = false;
      }
    }
    return matched;
  }

  /** Each of `children` must match a distinct next block, in order (optional ones may be skipped). */
  private processChildrenMatchers(block: Block, ctx: ClassifyContext): Block[] | null {
    const next = [...block.next];
    const remaining = [...(this.children ?? [])];
    const out: Block[] = [];
    for (let m = remaining[0]; m; m = remaining[0]) {
      let matched = false;
      for (const n of next) {
        const r = m.tryBuild(n, ctx);
        if (r !== null) {
          out.push(...r);
          remaining.shift();
          next.splice(next.indexOf(n), 1);
          matched = true;
          break;
        }
      }
      if (!matched) {
        if (m.optional) {
          remaining.shift();
        } else {
          return null;
        }
      }
    }
    return out;
  }

  buildBlock(block: Block, others: Block[], _ctx: ClassifyContext): Block[] {
    return [block, ...others];
  }
}

/** The first of several matchers that builds. */
export class OrMatcher extends BlockMatcher {
  constructor(
    readonly matchers: BlockMatcher[],
    optional = false,
  ) {
    super({ optional });
  }

  override testSelf(block: Block, ctx: ClassifyContext): boolean {
    return this.matchers.some((m) => m.testSelf(block, ctx));
  }

  override tryBuild(block: Block | null, ctx: ClassifyContext): Block[] | null {
    for (const m of this.matchers) {
      const r = m.tryBuild(block, ctx);
      if (r !== null) {
        return r;
      }
    }
    return null;
  }
}

/** Like OrMatcher, but the block must pass exactly one matcher's self-test. */
export class ExclusiveOrMatcher extends OrMatcher {
  override testSelf(block: Block, ctx: ClassifyContext): boolean {
    return this.matchers.filter((m) => m.testSelf(block, ctx)).length === 1;
  }
}

/** A call_contract block with this opcode. */
export class ContractMatcher extends BlockMatcher {
  constructor(
    readonly opcode: number,
    opts: MatcherOptions = {},
  ) {
    super(opts);
  }

  override testSelf(block: Block): boolean {
    return block instanceof CallContractBlock && block.opcode === this.opcode;
  }
}

/** A block of this type. */
export class BlockTypeMatcher extends BlockMatcher {
  constructor(
    readonly blockType: string,
    opts: MatcherOptions = {},
  ) {
    super(opts);
  }

  override testSelf(block: Block): boolean {
    return block.type === this.blockType;
  }
}

/** A block passing a predicate. */
export class GenericMatcher extends BlockMatcher {
  constructor(
    readonly predicate: (b: Block, ctx: ClassifyContext) => boolean,
    opts: MatcherOptions = {},
  ) {
    super(opts);
  }

  override testSelf(block: Block, ctx: ClassifyContext): boolean {
    return this.predicate(block, ctx);
  }
}

/**
 * Follows a chain of blocks matching `repeating` until one matches `exit` (toncenter
 * `RecursiveMatcher`); everything on the way is collected.
 */
export class RecursiveMatcher extends BlockMatcher {
  constructor(
    readonly repeating: BlockMatcher,
    readonly exit: BlockMatcher | null,
    optional = false,
  ) {
    super({ optional });
  }

  override testSelf(block: Block, ctx: ClassifyContext): boolean {
    return this.repeating.testSelf(block, ctx);
  }

  protected override processChildMatcher(
    block: Block,
    blocks: Block[],
    ctx: ClassifyContext,
  ): boolean {
    let current: Block[] = [block];
    const toAdd: Block[] = [];
    let finished = false;
    let matched = true;
    for (;;) {
      const check = current;
      current = [];
      for (const c of check) {
        if (this.exit) {
          const r = this.exit.tryBuild(c, ctx);
          if (r !== null) {
            toAdd.push(...r);
            finished = true;
          }
        }
        if (finished) {
          break;
        }
        const r = this.repeating.tryBuild(c, ctx);
        if (r !== null) {
          toAdd.push(...r);
          for (const b of r) {
            current.push(...b.next);
          }
          break;
        }
      }
      if (finished) {
        break;
      }
      if (current.length === 0) {
        matched = false;
        break;
      }
    }
    if (toAdd.length > 0) {
      blocks.push(...new Set(toAdd));
      matched = true;
    }
    return matched;
  }
}

/** Chains matchers so each is the child of the one before. */
export function childSequence(matchers: BlockMatcher[]): BlockMatcher | null {
  const [first, ...rest] = matchers;
  if (!first) {
    return null;
  }
  let cur = first;
  for (const m of rest) {
    cur.child = m;
    cur = m;
  }
  return first;
}

/**
 * Wraps a matcher so its matched block is also returned under a label (toncenter `labeled`), to be
 * found with `getLabeled`. With `callBuild` the wrapped matcher's own buildBlock runs and its first
 * block is labelled.
 */
export function labeled(label: string, matcher: BlockMatcher, callBuild = false): BlockMatcher {
  return new LabeledMatcher(label, matcher, callBuild);
}

class LabeledMatcher extends BlockMatcher {
  constructor(
    readonly label: string,
    readonly inner: BlockMatcher,
    readonly callBuild: boolean,
  ) {
    super({
      child: inner.child,
      children: inner.children,
      parent: inner.parent,
      optional: inner.optional,
      includeExcess: inner.includeExcess,
    });
  }

  override testSelf(block: Block, ctx: ClassifyContext): boolean {
    return this.inner.testSelf(block, ctx);
  }

  override buildBlock(block: Block, others: Block[], ctx: ClassifyContext): Block[] {
    if (!this.callBuild) {
      return [new LabelBlock(this.label, block), block, ...others];
    }
    const built = this.inner.buildBlock(block, others, ctx);
    const first = built[0];
    if (!first) {
      return built;
    }
    return [new LabelBlock(this.label, first), ...built];
  }
}

/** The block labelled `label` (and of that class, when given). */
export function getLabeled<T extends Block>(
  label: string,
  blocks: readonly Block[],
  cls?: abstract new (...args: never[]) => T,
): T | null {
  for (const b of blocks) {
    if (b instanceof LabelBlock && b.label === label && (!cls || b.block instanceof cls)) {
      return b.block as T;
    }
  }
  return null;
}

export function getAllLabeled<T extends Block>(
  label: string,
  blocks: readonly Block[],
  cls?: abstract new (...args: never[]) => T,
): T[] {
  const out: T[] = [];
  for (const b of blocks) {
    if (b instanceof LabelBlock && b.label === label && (!cls || b.block instanceof cls)) {
      out.push(b.block as T);
    }
  }
  return out;
}
