import { type Cell } from '@ton/core';
import { type z } from 'zod';

import type { BlockIdExt, StoredBlock, StoredSignature } from './chain-reader';
import type { BlockRecord } from './shard-chain';
import { type BlockIdJson, type RecordJson, type StoredBlockJson } from './snapshot-json.schema';

/** Roots of the snapshot's bag of cells, each cell once. */
export class CellTable {
  private readonly byHash = new Map<string, number>();
  readonly roots: Cell[] = [];

  add(cell: Cell): number {
    const key = cell.hash().toString('hex');
    let index = this.byHash.get(key);
    if (index === undefined) {
      index = this.roots.length;
      this.roots.push(cell);
      this.byHash.set(key, index);
    }
    return index;
  }
}

export const hex = (b: Buffer): string => b.toString('hex');

const signatureJson = (s: StoredSignature): { nodeIdShort: string; signature: string } => ({
  nodeIdShort: hex(s.nodeIdShort),
  signature: hex(s.signature),
});
export const idJson = (id: BlockIdExt): z.infer<typeof BlockIdJson> => ({
  workchain: id.workchain,
  shard: id.shard.toString(16),
  seqno: id.seqno,
  rootHash: hex(id.rootHash),
  fileHash: hex(id.fileHash),
});

export function storedJson(b: StoredBlock, cells: CellTable): z.infer<typeof StoredBlockJson> {
  if (b.block === null) {
    throw new Error('a zero state is not part of a snapshot');
  }
  return {
    id: idJson(b.id),
    block: cells.add(b.block),
    state: cells.add(b.state),
    startLt: b.startLt.toString(),
    endLt: b.endLt.toString(),
    genUtime: b.genUtime,
    isKeyBlock: b.isKeyBlock,
    prev: b.prev.map(idJson),
    mcSeqno: b.mcSeqno,
    transactions: b.transactions.map((t) => ({
      address: t.address.toRawString(),
      lt: t.lt.toString(),
      cell: cells.add(t.cell),
      prevTransLt: t.prevTransLt.toString(),
      prevTransHash: hex(t.prevTransHash),
      now: t.now,
    })),
    ...(b.shardTops === undefined ? {} : { shardTops: b.shardTops.map(idJson) }),
    ...(b.signatures === undefined ? {} : { signatures: b.signatures.map(signatureJson) }),
    ...(b.simplex === undefined
      ? {}
      : {
          simplex: {
            sessionId: hex(b.simplex.sessionId),
            slot: b.simplex.slot,
            candidate: hex(b.simplex.candidate),
            signatures: b.simplex.signatures.map(signatureJson),
          },
        }),
    ...(b.prevKeyBlockSeqno === undefined ? {} : { prevKeyBlockSeqno: b.prevKeyBlockSeqno }),
  };
}

export function recordJson(r: BlockRecord, cells: CellTable): z.infer<typeof RecordJson> {
  return {
    stored: storedJson(r.stored, cells),
    feesCollected: r.feesCollected.toString(),
    created: r.created.toString(),
    ...(r.mc === undefined
      ? {}
      : {
          mc: {
            config: cells.add(r.mc.config),
            configBase64: r.mc.configBase64,
            ...(r.mc.libs === undefined ? {} : { libs: cells.add(r.mc.libs) }),
            globalBalance: r.mc.globalBalance.toString(),
          },
        }),
  };
}
