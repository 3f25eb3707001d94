import { type TlbConstructor } from './tlb-constructor';

/**
 * Constructors indexed by opcode and by name. Several constructors may share an opcode (the
 * `excess` of jettons and NFTs, the three swap.coffee staking withdrawals): the first declared one
 * names the opcode, and a body tries them in declaration order.
 */
export class TlbRegistry {
  private readonly byOpcode = new Map<number, TlbConstructor[]>();
  private readonly byName = new Map<string, TlbConstructor>();

  constructor(readonly constructors: readonly TlbConstructor[]) {
    for (const c of constructors) {
      if (this.byName.has(c.name)) {
        throw new Error(`duplicate TL-B constructor name ${c.name}`);
      }
      this.byName.set(c.name, c);
      if (c.opcode !== null) {
        const list = this.byOpcode.get(c.opcode) ?? [];
        list.push(c);
        this.byOpcode.set(c.opcode, list);
      }
    }
  }

  /** The constructors tagged with `opcode` (unsigned 32-bit), first-declared first. */
  candidates(opcode: number): readonly TlbConstructor[] {
    return this.byOpcode.get(opcode >>> 0) ?? [];
  }

  named(name: string): TlbConstructor | undefined {
    return this.byName.get(name);
  }

  /** The name of an opcode, or undefined when no constructor has it. */
  nameOf(opcode: number): string | undefined {
    return this.candidates(opcode)[0]?.name;
  }

  opcodes(): number[] {
    return [...this.byOpcode.keys()];
  }
}
