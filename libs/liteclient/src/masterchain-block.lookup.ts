import { LiteApiSchema } from '@app/ton';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { type LiteserverPool } from './liteserver-pool';

/** liteServer.lookupBlock mode 1: by seqno. */
const BY_SEQNO = 1;
const MASTERCHAIN_SHARD = '-9223372036854775808';

/**
 * The full id (root and file hash) of masterchain block `seqno`, from a liteserver that has it (the
 * read is pinned to that seqno, so an old one goes to an archival server).
 */
export async function lookupMasterchainBlock(
  pool: LiteserverPool,
  seqno: number,
): Promise<tonNode_blockIdExt> {
  const { value } = await pool.execute(
    'lookupBlock',
    (client) =>
      client.engine.query(LiteApiSchema.Functions.liteServer_lookupBlock, {
        kind: 'liteServer.lookupBlock',
        mode: BY_SEQNO,
        id: { kind: 'tonNode.blockId', workchain: -1, shard: MASTERCHAIN_SHARD, seqno },
        lt: null,
        utime: null,
      }),
    { seqno },
  );
  return value.id;
}
