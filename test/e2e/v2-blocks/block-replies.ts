import assert from 'node:assert/strict';
import { before } from 'node:test';
import { Cell } from '@ton/core';
import { field, loadTlbOracle, type OracleLoader, type StoredBlock } from '@app/localnet';
import { type V2Harness, type V2Reply } from '../support/v2-harness';
import { EXTRA, blockIdJson, withoutExtra } from '../support/v2-expectations';

/** The masterchain's (and an unsplit shard's) id, 0x8000000000000000 as a signed int64. */
export const SHARD_ALL = '-9223372036854775808';
export const FULL = 0x8000000000000000n;

export function ok(result: unknown): unknown {
  return { ok: true, result };
}

export function failure(error: string, code = 422): unknown {
  return { ok: false, error, code };
}

/** The reply without `@extra`, after checking the 2.1 top-level `@extra` of a GET/POST reply. */
export function body(reply: V2Reply): unknown {
  assert.match(String(reply.body['@extra']), EXTRA);
  return withoutExtra(reply.body);
}

/** A JSON-RPC reply: the REST envelope plus the echoed `jsonrpc` and `id`. */
export function rpcBody(reply: V2Reply, id = 1): unknown {
  assert.equal(reply.body.jsonrpc, '2.0');
  assert.equal(reply.body.id, id);
  const { jsonrpc: _jsonrpc, id: _id, ...rest } = reply.body;
  return withoutExtra(rest);
}

export function defined<T>(value: T | undefined | null, what: string): T {
  assert.ok(value !== undefined && value !== null, what);
  return value;
}

/** The first root of a base64 BoC. */
export function rootOf(b64: unknown): Cell {
  assert.equal(typeof b64, 'string');
  return defined(Cell.fromBoc(Buffer.from(String(b64), 'base64'))[0], 'a BoC root');
}

/** The hash of the cell a Merkle proof proves (`root.refs[0].hash(0)`). */
export function provenHash(proof: Cell): string {
  assert.ok(proof.isExotic, 'a Merkle proof');
  return defined(proof.refs[0], 'the proven cell').hash(0).toString('base64');
}

/**
 * `blocks.header` as toncenter renders it, from the chain's own record of the block: the stored ids,
 * lts, time and predecessors, and the BlockInfo fields read by tlb-codegen's independent block.tlb
 * loader (tlb-oracle) from the full Block cell.
 */
let blockInfoOracle: OracleLoader | undefined;

export function expectedHeader(globalId: number, b: StoredBlock): Record<string, unknown> {
  const blockCell = defined(b.block, 'a block cell');
  blockInfoOracle ??= loadTlbOracle()('loadBlockInfo');
  const info = blockInfoOracle(defined(blockCell.refs[0], 'info').beginParse());
  const num = (name: string): number => Number(field(info, name));
  return {
    '@type': 'blocks.header',
    id: blockIdJson(b.id),
    global_id: globalId,
    version: num('version'),
    flags: num('flags'),
    after_merge: num('after_merge') === 1,
    after_split: num('after_split') === 1,
    before_split: num('before_split') === 1,
    want_merge: field(info, 'want_merge') === true,
    want_split: field(info, 'want_split') === true,
    validator_list_hash_short: num('gen_validator_list_hash_short') | 0,
    catchain_seqno: num('gen_catchain_seqno'),
    min_ref_mc_seqno: num('min_ref_mc_seqno'),
    is_key_block: b.isKeyBlock,
    prev_key_block_seqno: num('prev_key_block_seqno'),
    start_lt: b.startLt.toString(),
    end_lt: b.endLt.toString(),
    gen_utime: b.genUtime,
    vert_seqno: num('vert_seq_no'),
    prev_blocks: b.prev.map(blockIdJson),
  };
}

/** The blocks spec's harness, the head it booted with (before any test sealed) and chain readers. */
export type BlockContext = ReturnType<typeof blockContext>;

/** Call after the harness's bootOnce: its before hook reads the head the harness booted with. */
export function blockContext(harness: () => V2Harness) {
  let booted: StoredBlock | undefined;
  before(() => {
    booted = harness().localnet.chain.head();
  });
  function head(): StoredBlock {
    return defined(booted, 'the head at boot');
  }

  function chain() {
    return harness().localnet.chain;
  }

  function shardTop(mcSeqno: number): StoredBlock {
    return defined(chain().shardTopsAt(mcSeqno)[0], `a shard top at ${String(mcSeqno)}`);
  }
  return { harness, head, chain, shardTop };
}
