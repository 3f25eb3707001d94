import { readFile } from 'node:fs/promises';

import {
  Address,
  beginCell,
  Cell,
  Dictionary,
  loadShardAccount,
  type ShardAccount,
  type Slice,
} from '@ton/core';
import { z } from 'zod';

import { classifyAccount, libraryHash } from './account-classifier';
import type { Seed, SeedAccount, SeedContext } from './seed-context';

/** Where the replay fixture lives inside the shared fixtures directory. */
export const MAINNET_REPLAY_FIXTURE = 'mainnet/replay/tvm_replay_fat_block_66519406.json';

/** The parts of the tonutils-go replay file the seed reads (see fixtures/README.md). */
const ReplayFile = z.object({
  config: z.object({
    global_version: z.number().int(),
    config_root_boc_base64: z.string().min(1),
    libraries_boc_base64: z.array(z.string().min(1)),
  }),
  previous_accounts: z.array(
    z.object({
      account: z.string().regex(/^-?\d+:[0-9a-fA-F]{64}$/),
      shard_account_boc_base64: z.string().min(1),
      shard_account_root_hash: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});

/** One account of the replay: its address and the ShardAccount (block.tlb `account_descr$_`) before the block. */
export interface ReplayAccount {
  readonly address: Address;
  readonly shardAccount: ShardAccount;
}

/** The mainnet state a replay seed loads. */
export interface ReplayState {
  readonly globalVersion: number;
  /** The config dictionary root (`Hashmap 32 ^Cell`, no HashmapE bit), as the emulator takes it. */
  readonly config: Cell;
  /** `HashmapE 256 ^Cell`: library hash → library code, the form the sandbox expects. */
  readonly libraries: Dictionary<Buffer, Cell>;
  readonly accounts: ReplayAccount[];
}

function oneCell(base64: string, what: string): Cell {
  const [cell, ...rest] = Cell.fromBoc(Buffer.from(base64, 'base64'));
  if (cell === undefined || rest.length > 0) {
    throw new Error(`replay fixture: ${what} is not a single-root BoC`);
  }
  return cell;
}

/**
 * block.tlb `shared_lib_descr$00 lib:^Cell publishers:(Hashmap 256 True) = LibDescr;`: the shard state
 * keeps who published each library; the emulator needs only the code.
 */
const LibDescrCode = {
  serialize: (): void => {
    throw new Error('LibDescr is read-only here');
  },
  parse: (slice: Slice): Cell => {
    const tag = slice.loadUint(2);
    if (tag !== 0) {
      throw new Error(`replay fixture: LibDescr tag ${tag.toString()} is not shared_lib_descr$00`);
    }
    return slice.loadRef();
  },
};

/** Parses and checks the replay file (JSON already read). */
export function parseReplayState(json: unknown): ReplayState {
  const file = ReplayFile.parse(json);
  const libraries = Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell());
  for (const [index, base64] of file.config.libraries_boc_base64.entries()) {
    const root = oneCell(base64, `libraries[${index.toString()}]`);
    const descrs = Dictionary.loadDirect(Dictionary.Keys.Buffer(32), LibDescrCode, root);
    for (const [hash, code] of descrs) {
      if (!code.hash().equals(hash)) {
        throw new Error(`replay fixture: library ${hash.toString('hex')} does not hash to its key`);
      }
      libraries.set(hash, code);
    }
  }
  const accounts = file.previous_accounts.map((entry): ReplayAccount => {
    const cell = oneCell(entry.shard_account_boc_base64, `account ${entry.account}`);
    if (cell.hash().toString('hex') !== entry.shard_account_root_hash) {
      throw new Error(
        `replay fixture: ShardAccount of ${entry.account} does not match its root hash`,
      );
    }
    return {
      address: Address.parseRaw(entry.account),
      shardAccount: loadShardAccount(cell.beginParse()),
    };
  });
  return {
    globalVersion: file.config.global_version,
    config: oneCell(file.config.config_root_boc_base64, 'config'),
    libraries,
    accounts,
  };
}

export async function readReplayState(path: string): Promise<ReplayState> {
  const text = await readFile(path, 'utf8');
  return parseReplayState(JSON.parse(text));
}

/**
 * The libraries the accounts' code and data reach through library cells (and the libraries those reach).
 * The sandbox hands the whole libraries dictionary to the emulator on every transaction and get-method:
 * all 1,322 of the fixture make a ~700 KB BoC and cost ~250 ms per call, the 8 the accounts use almost
 * nothing.
 */
export function referencedLibraries(state: ReplayState): Dictionary<Buffer, Cell> {
  const used = Dictionary.empty(Dictionary.Keys.Buffer(32), Dictionary.Values.Cell());
  const visited = new Set<string>();
  const pending: Cell[] = [];
  for (const { shardAccount } of state.accounts) {
    const accountState = shardAccount.account?.storage.state;
    if (accountState?.type === 'active') {
      pending.push(
        ...[accountState.state.code, accountState.state.data].filter(
          (c): c is Cell => c !== null && c !== undefined,
        ),
      );
    }
  }
  for (let cell = pending.pop(); cell !== undefined; cell = pending.pop()) {
    const key = cell.hash().toString('hex');
    if (visited.has(key)) {
      continue;
    }
    visited.add(key);
    const hash = libraryHash(cell);
    const library = hash === null ? undefined : state.libraries.get(hash);
    if (hash !== null && library !== undefined) {
      used.set(hash, library);
      pending.push(library);
    }
    pending.push(...cell.refs);
  }
  return used;
}

export interface MainnetReplayOptions {
  /**
   * 'referenced' (default): only the libraries the replayed accounts use (see referencedLibraries);
   * 'all': every library of the fixture, for contracts deployed later that use other mainnet libraries.
   */
  readonly libraries?: 'referenced' | 'all';
}

/**
 * Loads the real mainnet state of fixtures/mainnet/replay (shard block 0:8000000000000000:71398501, from
 * mc block 66519406): its config, its libraries and the 234 accounts as they were before the block.
 * Accounts are placed as they are (ShardAccount with last_trans_lt/hash), not re-created by messages, so
 * balances, code and data are exactly mainnet's. Named `mainnet:<raw address>`; kinds are detected.
 */
export class MainnetReplaySeed implements Seed {
  readonly name = 'mainnet-replay';

  /** @param source the replay JSON file, or its state already parsed */
  constructor(
    private readonly source: string | ReplayState,
    private readonly options: MainnetReplayOptions = {},
  ) {}

  async run(ctx: SeedContext): Promise<SeedAccount[]> {
    const state =
      typeof this.source === 'string' ? await readReplayState(this.source) : this.source;
    if (ctx.setBaseConfig) {
      ctx.setBaseConfig(state.config);
    } else {
      ctx.blockchain.setConfig(state.config);
    }
    const libraries =
      this.options.libraries === 'all' ? state.libraries : referencedLibraries(state);
    ctx.blockchain.libs = beginCell().storeDictDirect(libraries).endCell();
    for (const { address, shardAccount } of state.accounts) {
      await ctx.blockchain.setShardAccount(address, shardAccount);
    }
    const accounts: SeedAccount[] = [];
    for (const { address, shardAccount } of state.accounts) {
      const classified = await classifyAccount(ctx.blockchain, address, shardAccount);
      accounts.push({ name: `mainnet:${address.toRawString()}`, address, ...classified });
    }
    return accounts;
  }
}
