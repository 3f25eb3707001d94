/**
 * The real mainnet blocks of fixtures/mainnet/blocks (fixtures/README.md describes each), each parsed
 * once per spec file, the facts fixtures/README.md gives of each, and the small readers the parseBlock
 * specs share. Only specs import this module.
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

// fixtures/README.md: block id, gen_utime, transactions over accounts, in/out descr, root hash prefix
export const FIXTURE_FACTS = [
  [
    'block-1',
    blocks.block1,
    0,
    0x8000000000000000n,
    30816553,
    '2022-11-24T18:05:55Z',
    329,
    167,
    329,
    327,
    '8d544c9d',
  ],
  [
    'block-2',
    blocks.block2,
    0,
    0x8000000000000000n,
    40484416,
    '2023-12-05T13:35:46Z',
    479,
    40,
    479,
    601,
    '3e0ec29a',
  ],
  [
    'block-3',
    blocks.block3,
    0,
    0x8000000000000000n,
    40484438,
    '2023-12-05T13:37:21Z',
    510,
    29,
    510,
    583,
    '3631b40a',
  ],
  [
    'block-4',
    blocks.block4,
    0,
    0x0d83800000000000n,
    4168601,
    '2020-04-06T07:37:04Z',
    0,
    0,
    0,
    0,
    'ee04f0f8',
  ],
  [
    'block-5',
    blocks.block5,
    -1,
    0x8000000000000000n,
    17734191,
    '2022-01-21T09:24:14Z',
    6,
    4,
    2,
    0,
    '04c2c26f',
  ],
  [
    'block-6',
    blocks.block6,
    0,
    0xa000000000000000n,
    54302208,
    '2025-07-02T13:01:50Z',
    11,
    10,
    11,
    14,
    '563d90f5',
  ],
  [
    'block-7',
    blocks.block7,
    0,
    0xa000000000000000n,
    54302203,
    '2025-07-02T13:01:38Z',
    8,
    8,
    8,
    13,
    '001b96c7',
  ],
  [
    'raw-13516764',
    blocks.raw,
    0,
    0xc000000000000000n,
    13516764,
    '2021-02-10T17:46:15Z',
    449,
    35,
    449,
    1155,
    'f2bd9e70',
  ],
  [
    'ton-core block',
    blocks.tonCore,
    0,
    0x8000000000000000n,
    34703989,
    '2023-04-25T10:19:34Z',
    7,
    4,
    7,
    6,
    '84753a60',
  ],
  // in/out descr of this one are not in the README table (checked against InMsgDescr below)
  [
    'hex BoC block',
    blocks.hexBoc,
    -1,
    0x8000000000000000n,
    34974098,
    '2023-12-25T06:33:49Z',
    3,
    2,
    1,
    0,
    'bdda060f',
  ],
  [
    'replay block',
    blocks.replay,
    0,
    0x8000000000000000n,
    71398501,
    '2026-05-13T14:15:25Z',
    269,
    234,
    null,
    null,
    '244d0a2f',
  ],
] as const;
