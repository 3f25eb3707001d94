import { type AccountReadReq } from '@app/contracts';
import { Address, type Cell } from '@ton/core';
import { type LiteClient } from 'ton-lite-client';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { type ClientAccountState } from 'ton-lite-client/dist/types';

/** The masterchain's shard id as tonlib writes it (0x8000000000000000 as a signed int64). */
const MASTERCHAIN_SHARD = '-9223372036854775808';

/** One account read at one masterchain block, with its code and data cells when it is active. */
export interface AccountSnapshot {
  readonly address: Address;
  readonly block: tonNode_blockIdExt;
  readonly account: ClientAccountState;
  readonly code?: Cell;
  readonly data?: Cell;
}

/**
 * The masterchain block a read is made at: the given seqno ("state as of that block", toncenter's
 * `seqno` parameter,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml) or the
 * liteserver's latest.
 */
export async function masterchainBlockAt(
  client: LiteClient,
  seqno?: number,
): Promise<tonNode_blockIdExt> {
  if (seqno === undefined) {
    return (await client.getMasterchainInfo()).last;
  }
  const header = await client.lookupBlockByID({ workchain: -1, shard: MASTERCHAIN_SHARD, seqno });
  return header.id;
}

/** Reads `req.address` as of `req.seqno` (or the head) on one liteserver. */
export async function readAccountSnapshot(
  client: LiteClient,
  req: AccountReadReq,
): Promise<AccountSnapshot> {
  const address = Address.parseRaw(req.address.toLowerCase());
  const block = await masterchainBlockAt(client, req.seqno);
  const account = await client.getAccountState(address, block);
  const state = account.state?.storage.state;
  if (state?.type !== 'active') {
    return { address, block, account };
  }
  const { code, data } = state.state;
  return {
    address,
    block,
    account,
    ...(code ? { code } : {}),
    ...(data ? { data } : {}),
  };
}
