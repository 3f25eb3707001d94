import {
  AugTrie,
  emptyOldMcBlocks,
  oldMcBlocksSpec,
  type KeyExtBlkRef,
  type OldMcBlocksTrie,
} from '@app/ton';

/** One entry of a packed prevBlocks trie: seqno, key flag, end lt, root hash, file hash. */
const PREV_BLOCK_BYTES = 4 + 1 + 8 + 32 + 32;

export function packPrevBlocks(trie: OldMcBlocksTrie): string {
  const out = Buffer.alloc(trie.size * PREV_BLOCK_BYTES);
  let at = 0;
  for (const [seqno, v] of trie.entries()) {
    at = out.writeUInt32BE(Number(seqno), at);
    at = out.writeUInt8(v.key ? 1 : 0, at);
    at = out.writeBigUInt64BE(v.ref.endLt, at);
    at += v.ref.rootHash.copy(out, at);
    at += v.ref.fileHash.copy(out, at);
  }
  return out.toString('base64');
}

export function unpackPrevBlocks(base64: string): OldMcBlocksTrie {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length % PREV_BLOCK_BYTES !== 0) {
    throw new Error('snapshot prevBlocks: not a whole number of entries');
  }
  const entries: [bigint, KeyExtBlkRef][] = [];
  for (let at = 0; at < bytes.length; at += PREV_BLOCK_BYTES) {
    const seqno = bytes.readUInt32BE(at);
    entries.push([
      BigInt(seqno),
      {
        key: bytes[at + 4] === 1,
        ref: {
          seqno,
          endLt: bytes.readBigUInt64BE(at + 5),
          rootHash: Buffer.from(bytes.subarray(at + 13, at + 45)),
          fileHash: Buffer.from(bytes.subarray(at + 45, at + 77)),
        },
      },
    ]);
  }
  return entries.length === 0 ? emptyOldMcBlocks() : AugTrie.from(32, oldMcBlocksSpec, entries);
}
