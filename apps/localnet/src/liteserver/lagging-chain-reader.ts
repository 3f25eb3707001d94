import type { Address, Cell, TupleItem } from '@ton/core';
import type {
  BlockSelector,
  ChainReader,
  GetMethodResult,
  StoredBlock,
  StoredTransaction,
} from '../chain/chain-reader';

/**
 * A view of a chain whose head is `lag()` masterchain blocks behind the real one, as a liteserver that
 * is catching up would serve it: newer masterchain blocks, the shard blocks they commit and their
 * transactions do not exist for it, and waiting for a seqno waits for the real chain to get `lag`
 * blocks further.
 */
export class LaggingChainReader implements ChainReader {
  constructor(
    private readonly inner: ChainReader,
    private readonly lag: () => number,
  ) {}

  get globalId(): number {
    return this.inner.globalId;
  }

  /** The last masterchain seqno this view shows. */
  visibleSeqno(): number {
    return Math.max(0, this.inner.head().id.seqno - this.lag());
  }

  private visible(block: StoredBlock | undefined): StoredBlock | undefined {
    return block && block.mcSeqno <= this.visibleSeqno() ? block : undefined;
  }

  zeroState(): StoredBlock {
    return this.inner.zeroState();
  }

  head(): StoredBlock {
    return this.inner.masterchainBlock(this.visibleSeqno()) ?? this.inner.zeroState();
  }

  masterchainBlock(seqno: number): StoredBlock | undefined {
    return seqno <= this.visibleSeqno() ? this.inner.masterchainBlock(seqno) : undefined;
  }

  block(workchain: number, shard: bigint, seqno: number): StoredBlock | undefined {
    return this.visible(this.inner.block(workchain, shard, seqno));
  }

  lookup(workchain: number, shard: bigint, by: BlockSelector): StoredBlock | undefined {
    const found = this.inner.lookup(workchain, shard, by);
    if (found && found.mcSeqno <= this.visibleSeqno()) {
      return found;
    }
    // "last block with gen_utime <= utime" of a masterchain that ends earlier: its visible head
    if (found && workchain === -1 && 'utime' in by) {
      return this.head();
    }
    return undefined;
  }

  shardTopsAt(mcSeqno: number): StoredBlock[] {
    return mcSeqno <= this.visibleSeqno() ? this.inner.shardTopsAt(mcSeqno) : [];
  }

  accountBlockAt(mcSeqno: number, address: Address): StoredBlock {
    return this.inner.accountBlockAt(Math.min(mcSeqno, this.visibleSeqno()), address);
  }

  transaction(
    address: Address,
    lt: bigint,
  ): { tx: StoredTransaction; block: StoredBlock } | undefined {
    const found = this.inner.transaction(address, lt);
    return found && found.block.mcSeqno <= this.visibleSeqno() ? found : undefined;
  }

  config(mcSeqno: number): Cell {
    return this.inner.config(mcSeqno);
  }

  libraries(hashes: readonly Buffer[]): { hash: Buffer; data: Cell }[] {
    return this.inner.libraries(hashes);
  }

  now(): number {
    return this.inner.now();
  }

  waitForMasterchainSeqno(seqno: number, timeoutMs: number): Promise<boolean> {
    return this.inner.waitForMasterchainSeqno(seqno + this.lag(), timeoutMs);
  }

  runGetMethod(
    mcSeqno: number,
    address: Address,
    methodId: number,
    stack: TupleItem[],
  ): Promise<GetMethodResult> {
    return this.inner.runGetMethod(
      Math.min(mcSeqno, this.visibleSeqno()),
      address,
      methodId,
      stack,
    );
  }

  sendMessage(message: Cell): Promise<void> {
    return this.inner.sendMessage(message);
  }
}
