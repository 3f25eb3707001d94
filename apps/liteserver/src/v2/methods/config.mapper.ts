import { Cell, type Dictionary, loadShardStateUnsplit } from '@ton/core';

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
