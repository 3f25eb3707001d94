import {
  type ConfigInfo,
  type GetConfigAllReq,
  type GetConfigParamReq,
  type GetLibrariesReq,
  type SmcLibraryResult,
} from '@app/contracts';
import { beginCell } from '@ton/core';
import { fetchLibraries, type LiteserverPool, readConfig } from '@app/liteclient';
import { answerCache, atSeqno, CACHE_BUDGETS } from '../answer-cache';
import { cellToBase64 } from '../tonlib.mapper';
import { masterchainBlockAt } from './masterchain-block';

/**
 * The network configuration and libraries (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). The config
 * is read from the proof of liteServer.getConfigAll: root 0 of config_proof is the masterchain
 * state, whose McStateExtra holds `config:ConfigParams` (`_ config_addr:bits256 config:^(Hashmap 32
 * ^Cell) = ConfigParams;`).
 */
export class ConfigReader {
  /** Config answers at a masterchain seqno: the config in force at a block never changes. */
  private readonly params = answerCache<ConfigInfo>(CACHE_BUDGETS.configs);

  constructor(private readonly pool: LiteserverPool) {}

  async configParam(req: GetConfigParamReq): Promise<ConfigInfo> {
    const { value } = await this.pool.execute(
      'getConfigParam',
      async (client) => {
        const config = await readConfig(client, await masterchainBlockAt(client, req.seqno));
        const param = config.get(req.configId);
        // tonlib answers an absent parameter with an empty cell's bytes.
        return configInfo(param ? cellToBase64(param) : '');
      },
      atSeqno(req.seqno, this.params, `param ${String(req.configId)}`),
    );
    return value;
  }

  async configAll(req: GetConfigAllReq): Promise<ConfigInfo> {
    const { value } = await this.pool.execute(
      'getConfigAll',
      async (client) => {
        const config = await readConfig(client, await masterchainBlockAt(client, req.seqno));
        // The whole `Hashmap 32 ^Cell` root, as tonlib's getConfigAll returns the config dictionary.
        return configInfo(cellToBase64(beginCell().storeDictDirect(config).endCell()));
      },
      atSeqno(req.seqno, this.params, 'all'),
    );
    return value;
  }

  async libraries(req: GetLibrariesReq): Promise<SmcLibraryResult> {
    const { value } = await this.pool.execute('getLibraries', (client) =>
      fetchLibraries(
        client,
        req.libraries.map((hash) => Buffer.from(hash, 'base64')),
      ),
    );
    return {
      '@type': 'smc.libraryResult',
      result: value.map((entry) => ({
        '@type': 'smc.libraryEntry' as const,
        hash: entry.hash.toString('base64'),
        data: cellToBase64(entry.data),
      })),
    };
  }
}

function configInfo(bytes: string): ConfigInfo {
  return { '@type': 'configInfo', config: { '@type': 'tvm.cell', bytes } };
}
