/**
 * The real mainnet blocks of fixtures/mainnet/blocks (fixtures/README.md describes each), each parsed
 * once per spec file, and the small readers the parseBlock specs share. Only specs import this module.
 */
import assert from 'node:assert/strict';
import { Cell } from '@ton/core';
import { readFixture, readFixtureJson } from '@app/testing';
import { parseBlock } from './block.parser';
import { type ParsedBlock, type ParsedTransaction } from './parsed-block';

interface Fixture {
  readonly root: Cell;
  readonly sut: ParsedBlock;
}

const cache = new Map<string, Fixture>();

/** Parses a fixture block once per file (the file hash is not known for these files: zeros). */
function fixture(name: string, load: () => Cell, fileHash = Buffer.alloc(32)): Fixture {
  let f = cache.get(name);
  if (!f) {
    const root = load();
    f = { root, sut: parseBlock(root, { rootHash: root.hash(), fileHash }) };
    cache.set(name, f);
  }
  return f;
}

/** The single root of a BoC. */
function rootOf(boc: Buffer): Cell {
  const [root] = Cell.fromBoc(boc);
  assert.ok(root);
  return root;
}

const binary = (file: string) => () => rootOf(readFixture('mainnet', 'blocks', file));

interface ReplayJson {
  block: { root_hash: string; file_hash: string };
  block_boc_base64: string;
  previous_accounts: { account: string; account_root_hash: string }[];
}
export const replayJson = (): ReplayJson =>
  readFixtureJson('mainnet', 'replay', 'tvm_replay_fat_block_66519406.json') as ReplayJson;

export const blocks = {
  block1: () => fixture('block-1', binary('block-1.bin')),
  block2: () => fixture('block-2', binary('block-2.bin')),
  block3: () => fixture('block-3', binary('block-3.bin')),
  block4: () => fixture('block-4', binary('block-4.bin')),
  block5: () => fixture('block-5', binary('block-5.bin')),
  block6: () => fixture('block-6', binary('block-6.bin')),
  block7: () => fixture('block-7', binary('block-7.bin')),
  raw: () => fixture('raw-13516764', binary('raw-13516764.bin')),
  tonCore: () =>
    fixture('ton-core', () => {
      const text = readFixture('mainnet', 'blocks', 'ton-core-block-34703989.b64.txt');
      return rootOf(Buffer.from(text.toString('utf8').trim(), 'base64'));
    }),
  hexBoc: () =>
    fixture('deserialize-block-2', () => {
      const json = readFixtureJson('mainnet', 'blocks', 'deserialize-block-2.json') as {
        boc: string;
      };
      return rootOf(Buffer.from(json.boc, 'hex'));
    }),
  replay: () => {
    const json = replayJson();
    return fixture(
      'replay',
      () => rootOf(Buffer.from(json.block_boc_base64, 'base64')),
      Buffer.from(json.block.file_hash, 'hex'),
    );
  },
};

export const hex = (b64: string): string => Buffer.from(b64, 'base64').toString('hex');
/** The account id of a raw address `wc:hex`. */
function idPart(raw: string): string {
  const part = raw.split(':')[1];
  assert.ok(part !== undefined, raw);
  return part;
}
export const accountHex = (raw: string): string => idPart(raw).toLowerCase();
export const accountId = (raw: string): bigint => BigInt('0x' + idPart(raw));
export const utime = (iso: string): number => Date.parse(iso) / 1000;

export function byAccount(txs: readonly ParsedTransaction[]): Map<string, ParsedTransaction[]> {
  const out = new Map<string, ParsedTransaction[]>();
  for (const tx of txs) {
    const list = out.get(tx.account) ?? [];
    list.push(tx);
    out.set(tx.account, list);
  }
  return out;
}
