import { ipv4ToSignedInt } from '@app/ton';
import type { BlockIdExt } from '../chain/chain-reader';
import type { LiteServerEndpointInfo } from './lite-server-node';

/** A block id as global configs write it (validator.config.global zero_state / init_block). */
export interface GlobalConfigBlockId {
  readonly workchain: number;
  /** Signed 64-bit shard as a JSON number (exact: -2^63 and the usual shard ids are doubles). */
  readonly shard: number;
  readonly seqno: number;
  readonly root_hash: string;
  readonly file_hash: string;
}

export interface GlobalConfig {
  readonly '@type': 'config.global';
  readonly dht: {
    readonly '@type': 'dht.config.global';
    readonly k: number;
    readonly a: number;
    readonly static_nodes: { readonly '@type': 'dht.nodes'; readonly nodes: readonly never[] };
  };
  readonly liteservers: readonly {
    readonly ip: number;
    readonly port: number;
    readonly id: { readonly '@type': 'pub.ed25519'; readonly key: string };
  }[];
  readonly validator: {
    readonly '@type': 'validator.config.global';
    readonly zero_state: GlobalConfigBlockId;
    readonly init_block: GlobalConfigBlockId;
    readonly hardforks: readonly GlobalConfigBlockId[];
  };
}

function blockId(id: BlockIdExt): GlobalConfigBlockId {
  return {
    workchain: id.workchain,
    shard: Number(BigInt.asIntN(64, id.shard)),
    seqno: id.seqno,
    root_hash: id.rootHash.toString('base64'),
    file_hash: id.fileHash.toString('base64'),
  };
}

/**
 * The TON global config (liteclient / tonlib `config.global`) for local liteservers: `ip` as the signed
 * int32 of the IPv4 address, `id` the node's pub.ed25519 key in base64; the validator section names the
 * masterchain zero state (also the init block unless a later key block is given) and no hard forks
 * unless some are given (tests). The DHT has no nodes: clients reach the liteservers directly.
 */
export function renderGlobalConfig(
  liteservers: readonly LiteServerEndpointInfo[],
  zeroState: BlockIdExt,
  initBlock: BlockIdExt = zeroState,
  hardforks: readonly BlockIdExt[] = [],
): GlobalConfig {
  return {
    '@type': 'config.global',
    dht: {
      '@type': 'dht.config.global',
      k: 6,
      a: 3,
      static_nodes: { '@type': 'dht.nodes', nodes: [] },
    },
    liteservers: liteservers.map((ls) => ({
      ip: ipv4ToSignedInt(ls.host),
      port: ls.port,
      id: { '@type': 'pub.ed25519', key: ls.publicKey.toString('base64') },
    })),
    validator: {
      '@type': 'validator.config.global',
      zero_state: blockId(zeroState),
      init_block: blockId(initBlock),
      hardforks: hardforks.map(blockId),
    },
  };
}

/** JSON text of a global config with shards written as exact 64-bit integers, as real configs are
 *  (JSON.stringify would print -9223372036854775808 as -9223372036854776000). */
export function globalConfigJson(config: GlobalConfig): string {
  const exact = (id: GlobalConfigBlockId) => ({ ...id, shard: `@@int64:${BigInt(id.shard)}@@` });
  const text = JSON.stringify(
    {
      ...config,
      validator: {
        ...config.validator,
        zero_state: exact(config.validator.zero_state),
        init_block: exact(config.validator.init_block),
        hardforks: config.validator.hardforks.map(exact),
      },
    },
    null,
    2,
  );
  return text.replace(/"@@int64:(-?\d+)@@"/g, '$1');
}
