import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ProofBlockId, sameBlockId, type TrustAnchor, trustedStartBlock } from '@app/ton';
import { z } from 'zod';

const Hash = z.string().regex(/^[A-Za-z0-9+/]{43}=$/);
const StoredId = z.object({
  workchain: z.number().int(),
  // Written as a decimal string: a 64-bit shard id is not exact as a JSON number.
  shard: z.string().regex(/^\d{1,20}$/),
  seqno: z.number().int().min(0),
  root_hash: Hash,
  file_hash: Hash,
});
const StoredKeyBlock = z.object({
  zero_state: StoredId,
  key_block: StoredId,
  // How many hard forks the config listed when the block was proven (tonlib's vert_seqno); files
  // written before hard forks were followed have none, which is 0, as in tonlib.
  vert_seqno: z.number().int().min(0).optional(),
});
type StoredId = z.infer<typeof StoredId>;

function toStored(id: ProofBlockId): StoredId {
  return {
    workchain: id.workchain,
    shard: id.shard.toString(),
    seqno: id.seqno,
    root_hash: id.rootHash.toString('base64'),
    file_hash: id.fileHash.toString('base64'),
  };
}

function fromStored(id: StoredId): ProofBlockId {
  return {
    workchain: id.workchain,
    shard: BigInt(id.shard),
    seqno: id.seqno,
    rootHash: Buffer.from(id.root_hash, 'base64'),
    fileHash: Buffer.from(id.file_hash, 'base64'),
  };
}

/** What the file holds. */
interface StoredFile {
  readonly zeroState: ProofBlockId;
  readonly keyBlock: ProofBlockId;
  /** The hard forks the config listed when it was written. */
  readonly vertSeqno: number;
}

/** Where the pools of this process start proving from, and why (for the boot log). */
export interface StartingAnchor {
  readonly block: ProofBlockId;
  readonly source: 'persisted key block' | 'global config';
  /** Why a persisted key block was not used, when there was one. */
  readonly ignored?: string;
}

/**
 * The newest key block proven from the global config's anchor, kept in one small JSON file per
 * network (named after its zero state) so that a restart proves the head from it instead of walking
 * the whole chain again from validator.init_block. tonlib keeps the same thing in its key-value store
 * (`last_key_block` of tonlib/tonlib/LastBlockStorage.cpp, https://github.com/ton-blockchain/ton).
 *
 * The file is only a shortcut, never a new root of trust by itself: it is used only when it names the
 * configured zero state, was written with as many hard forks listed as the config lists now, and
 * holds a masterchain block at or after the newest of the configured init block and hard forks (the
 * same block when at the same seqno); anything else is ignored and the config's anchor used. Writes are
 * atomic (a temporary file renamed over the old one) and never move the kept block backwards, so
 * several pools of one process, or several processes sharing the directory, may write it.
 */
export class KeyBlockFile {
  readonly path: string;

  constructor(
    private readonly dir: string,
    private readonly anchor: TrustAnchor,
  ) {
    this.path = join(
      dir,
      `key-block-${anchor.zeroState.rootHash.toString('hex').slice(0, 16)}.json`,
    );
  }

  /**
   * The block to start from: the persisted key block when it is consistent with the anchor, else the
   * newest of the config's init block and hard forks.
   */
  startingAnchor(): StartingAnchor {
    const start = trustedStartBlock(this.anchor);
    const config: StartingAnchor = { block: start, source: 'global config' };
    const read = this.read();
    if (read.kind === 'absent') {
      return config;
    }
    if (read.kind === 'unreadable') {
      return { ...config, ignored: read.why };
    }
    const why = this.inconsistency(read);
    if (why !== undefined) {
      return { ...config, ignored: why };
    }
    return read.keyBlock.seqno > start.seqno
      ? { block: read.keyBlock, source: 'persisted key block' }
      : config;
  }

  /** Keeps `keyBlock` (a key block just proven) unless the file already holds a newer one. */
  save(keyBlock: ProofBlockId): void {
    const current = this.read();
    if (
      current.kind === 'found' &&
      this.inconsistency(current) === undefined &&
      current.keyBlock.seqno >= keyBlock.seqno
    ) {
      return;
    }
    mkdirSync(this.dir, { recursive: true });
    const text = JSON.stringify(
      {
        zero_state: toStored(this.anchor.zeroState),
        key_block: toStored(keyBlock),
        vert_seqno: this.anchor.hardforks.length,
      },
      null,
      2,
    );
    const temporary = `${this.path}.${String(process.pid)}.${String(Date.now())}.tmp`;
    writeFileSync(temporary, `${text}\n`);
    renameSync(temporary, this.path);
  }

  private inconsistency({ zeroState, keyBlock, vertSeqno }: StoredFile): string | undefined {
    if (!sameBlockId(zeroState, this.anchor.zeroState)) {
      return 'it was proven on another network (its zero state is not the configured one)';
    }
    if (keyBlock.workchain !== -1) {
      return 'it is not a masterchain block';
    }
    // tonlib drops its kept state when the config lists more hard forks than it was proven with
    // (TonlibClient.cpp, vert_seqno): a block proven before a hard fork may be of the abandoned
    // chain, even at a seqno after the fork.
    const forks = this.anchor.hardforks;
    const lastFork = forks.at(-1);
    if (vertSeqno < forks.length && lastFork !== undefined) {
      return `it was proven before the hard fork at seqno ${String(lastFork.seqno)} (with ${String(vertSeqno)} hard forks listed, the config lists ${String(forks.length)})`;
    }
    if (vertSeqno > forks.length) {
      return `it was proven with ${String(vertSeqno)} hard forks listed, the config lists only ${String(forks.length)}`;
    }
    const start = trustedStartBlock(this.anchor);
    const what =
      start === this.anchor.initBlock ? 'the configured init block' : 'the last hard fork';
    if (keyBlock.seqno < start.seqno) {
      return `it is older (seqno ${String(keyBlock.seqno)}) than ${what} (${String(start.seqno)})`;
    }
    if (keyBlock.seqno === start.seqno && !sameBlockId(keyBlock, start)) {
      return `it differs from ${what} at the same seqno`;
    }
    return undefined;
  }

  private read():
    { kind: 'absent' } | { kind: 'unreadable'; why: string } | ({ kind: 'found' } & StoredFile) {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return { kind: 'absent' };
      }
      return { kind: 'unreadable', why: `cannot read it: ${(error as Error).message}` };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // The typed result names why; the parser's position in the text adds nothing for an operator.
      return { kind: 'unreadable', why: 'it is not JSON' };
    }
    const parsed = StoredKeyBlock.safeParse(json);
    if (!parsed.success) {
      return { kind: 'unreadable', why: 'it is not a stored key block' };
    }
    return {
      kind: 'found',
      zeroState: fromStored(parsed.data.zero_state),
      keyBlock: fromStored(parsed.data.key_block),
      vertSeqno: parsed.data.vert_seqno ?? 0,
    };
  }
}
