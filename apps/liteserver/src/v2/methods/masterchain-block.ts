import { type LiteClient } from 'ton-lite-client';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';

/** The masterchain's shard id as tonlib writes it (0x8000000000000000 as a signed int64). */
const MASTERCHAIN_SHARD = '-9223372036854775808';

/**
 * The masterchain block a read is made at: the given seqno ("state as of that block", toncenter's
 * `seqno` parameter,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml) or the
 * liteserver's latest.
 */
export async function masterchainBlockAt(
  client: LiteClient,
  seqno: number | undefined,
): Promise<tonNode_blockIdExt> {
  if (seqno === undefined) {
    return (await client.getMasterchainInfo()).last;
  }
  return (await client.lookupBlockByID({ workchain: -1, shard: MASTERCHAIN_SHARD, seqno })).id;
}
