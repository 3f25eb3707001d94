import { LiteApiSchema } from '@app/ton';
import { Cell, type Dictionary, loadShardStateUnsplit } from '@ton/core';
import { type LiteClient } from 'ton-lite-client';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';

/**
 * The network configuration and libraries as liteservers prove them, shared by every service that
 * emulates (the liteserver's get-methods, the sender's fee estimates and send limits).
 */

/**
 * The config dictionary proven by liteServer.configInfo's `config_proof`: root 0 is a Merkle proof
 * of the masterchain state, whose McStateExtra holds
 *   `_ config_addr:bits256 config:^(Hashmap 32 ^Cell) = ConfigParams;`
 * (ShardStateUnsplit `custom:(Maybe ^McStateExtra)`).
 */
export function configFromProof(configProof: Buffer): Dictionary<number, Cell> {
  const [proof] = Cell.fromBoc(configProof);
  const state = proof?.refs[0];
  const extras = state ? loadShardStateUnsplit(state.beginParse()).extras : null;
  if (!extras) {
    throw new Error('the liteserver sent a config proof without McStateExtra');
  }
  return extras.config;
}

/** The config dictionary of masterchain block `block`. */
export async function readConfig(
  client: LiteClient,
  block: tonNode_blockIdExt,
): Promise<Dictionary<number, Cell>> {
  // liteServer.getConfigAll mode:# id:tonNode.blockIdExt = liteServer.ConfigInfo;
  const res = await client.engine.query(LiteApiSchema.Functions.liteServer_getConfigAll, {
    kind: 'liteServer.getConfigAll',
    mode: 0,
    id: block,
  });
  return configFromProof(res.configProof);
}

/** Library cells by hash; the liteserver omits unknown hashes. */
export async function fetchLibraries(
  client: LiteClient,
  hashes: Buffer[],
): Promise<{ hash: Buffer; data: Cell }[]> {
  // liteServer.getLibraries library_list:(vector int256) = liteServer.LibraryResult;
  const res = await client.engine.query(LiteApiSchema.Functions.liteServer_getLibraries, {
    kind: 'liteServer.getLibraries',
    libraryList: hashes,
  });
  return res.result.flatMap((entry) => {
    const [data] = Cell.fromBoc(entry.data);
    return data ? [{ hash: entry.hash, data }] : [];
  });
}
