import { type LiteserverPool } from '@app/liteclient';
import { LiteApiSchema } from '@app/ton';
import { type Address, beginCell, Cell, loadShardStateUnsplit } from '@ton/core';
import { type LiteClient } from 'ton-lite-client';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { type EmulationChain, type EmulationHead } from './emulation-chain';

/** The config in force at a head never changes: kept for the last head seen. */
interface CachedConfig {
  readonly seqno: number;
  readonly configBoc: string;
  readonly globalVersion: number;
}

/**
 * An EmulationChain over the liteserver pool, pinned to the masterchain head at its creation: every
 * account is read at that block (the fee estimator's way), so one emulation sees one consistent state.
 */
export class LiteserverChainFactory {
  private config: CachedConfig | undefined;

  constructor(private readonly pool: LiteserverPool) {}

  async atHead(): Promise<EmulationChain> {
    const { value } = await this.pool.execute('emulationHead', async (client) => {
      const info = await client.getMasterchainInfoExt();
      const config = await this.configAt(client, info.last);
      return { block: info.last, utime: info.lastUtime, config };
    });
    const head: EmulationHead = {
      seqno: value.block.seqno,
      utime: value.utime,
      configBoc: value.config.configBoc,
      globalVersion: value.config.globalVersion,
    };
    return new LiteserverChain(this.pool, value.block, head);
  }

  private async configAt(client: LiteClient, block: tonNode_blockIdExt): Promise<CachedConfig> {
    if (this.config?.seqno === block.seqno) {
      return this.config;
    }
    // liteServer.getConfigAll mode:# id:tonNode.blockIdExt = liteServer.ConfigInfo; root 0 of
    // config_proof is the masterchain state whose McStateExtra holds `config:^(Hashmap 32 ^Cell)`.
    const res = await client.engine.query(LiteApiSchema.Functions.liteServer_getConfigAll, {
      kind: 'liteServer.getConfigAll',
      mode: 0,
      id: block,
    });
    const [proof] = Cell.fromBoc(res.configProof);
    const state = proof?.refs[0];
    const extras = state ? loadShardStateUnsplit(state.beginParse()).extras : null;
    if (!extras) {
      throw new Error('the liteserver sent a config proof without McStateExtra');
    }
    // capabilities#c4 version:uint32 capabilities:uint64 = GlobalVersion; (ConfigParam 8)
    const param8 = extras.config.get(8)?.beginParse();
    const globalVersion = param8 === undefined ? 0 : (param8.skip(8), param8.loadUint(32));
    this.config = {
      seqno: block.seqno,
      configBoc: beginCell().storeDictDirect(extras.config).endCell().toBoc().toString('base64'),
      globalVersion,
    };
    return this.config;
  }
}

class LiteserverChain implements EmulationChain {
  constructor(
    private readonly pool: LiteserverPool,
    private readonly block: tonNode_blockIdExt,
    readonly head: EmulationHead,
  ) {}

  async shardAccount(address: Address): Promise<Cell> {
    const { value: account } = await this.pool.execute(
      'emulationAccount',
      (client) => client.getAccountState(address, this.block),
      { seqno: this.block.seqno },
    );
    // account_descr$_ account:^Account last_trans_hash:bits256 last_trans_lt:uint64 = ShardAccount;
    const [root] = account.raw.length > 0 ? Cell.fromBoc(account.raw) : [];
    return beginCell()
      .storeRef(root ?? beginCell().storeBit(0).endCell())
      .storeUint(account.lastTx?.hash ?? 0n, 256)
      .storeUint(account.lastTx?.lt ?? 0n, 64)
      .endCell();
  }

  async libraries(hashes: readonly Buffer[]): Promise<Map<string, Cell>> {
    const found = new Map<string, Cell>();
    if (hashes.length === 0) {
      return found;
    }
    const { value } = await this.pool.execute('emulationLibraries', (client) =>
      // liteServer.getLibraries library_list:(vector int256) = liteServer.LibraryResult;
      client.engine.query(LiteApiSchema.Functions.liteServer_getLibraries, {
        kind: 'liteServer.getLibraries',
        libraryList: [...hashes],
      }),
    );
    for (const entry of value.result) {
      const [data] = Cell.fromBoc(entry.data);
      if (data) {
        found.set(entry.hash.toString('hex'), data);
      }
    }
    return found;
  }
}
