import {
  type GetAddressInformationReq,
  type GetAddressInformationRes,
  type GetMasterchainInfoRes,
} from '@app/contracts';
import { Address } from '@ton/core';
import { type LiteClient } from 'ton-lite-client';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { type LiteserverPool } from '@app/liteclient';
import { answerCache, atSeqno, CACHE_BUDGETS } from './answer-cache';
import { toRawFullAccountState, toTonBlockIdExt, toZeroStateId } from './tonlib.mapper';

/** The masterchain's shard id as tonlib writes it (0x8000000000000000 as a signed int64). */
const MASTERCHAIN_SHARD = '-9223372036854775808';

/** Live reads of the chain head and of account states (toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export class AccountReader {
  /** Account states as of a masterchain seqno: fixed once that block exists. */
  private readonly states = answerCache<GetAddressInformationRes>(CACHE_BUDGETS.addressStates);

  constructor(private readonly pool: LiteserverPool) {}

  async masterchainInfo(): Promise<GetMasterchainInfoRes> {
    // The head is cached for 200 ms (under the 400 ms block interval) across requests.
    const { value } = await this.pool.masterchainInfo();
    return {
      '@type': 'blocks.masterchainInfo',
      last: toTonBlockIdExt(value.last),
      state_root_hash: value.stateRootHash.toString('base64'),
      init: toZeroStateId(value.init),
    };
  }

  async addressInformation(req: GetAddressInformationReq): Promise<GetAddressInformationRes> {
    const address = Address.parseRaw(req.address.toLowerCase());
    // A read pinned to a seqno may use a liteserver that lags the head, prefers archival ones when
    // the block is old, and is cached; a head read is neither.
    const { value } = await this.pool.execute(
      'getAddressInformation',
      async (client) => {
        const block = await masterchainBlock(client, req.seqno);
        const state = await client.getAccountState(address, block);
        return toRawFullAccountState(address, state, block);
      },
      atSeqno(req.seqno, this.states, address.toRawString()),
    );
    return value;
  }
}

/**
 * The masterchain block a read is made at: the given seqno ("state as of that block", toncenter's
 * `seqno` parameter,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml) or the
 * liteserver's latest.
 */
async function masterchainBlock(client: LiteClient, seqno?: number): Promise<tonNode_blockIdExt> {
  if (seqno === undefined) {
    return (await client.getMasterchainInfo()).last;
  }
  const header = await client.lookupBlockByID({ workchain: -1, shard: MASTERCHAIN_SHARD, seqno });
  return header.id;
}
