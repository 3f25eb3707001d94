import { Codecs as ClientCodecs } from 'ton-lite-client/dist/schema';
import { TLReadBuffer } from 'ton-tl';

import { shardFromTl, toTlBlockId } from '../lite-api/block-id';
import { type LiteApiHandler } from '../lite-api/lite-api-handler';
import { LITE_API_HANDLERS } from '../lite-api/handlers';
import { encodeTl } from '../lite-api/tl-encode';
import { ERROR_ID } from './lying-handlers';

/**
 * getTransactions with the honest transactions (the hash chain intact), each attributed to the block
 * before the one holding it in its shard chain (but a shard chain's first block's): a real block with its real id and provable header,
 * of the account's shard, the ids still one per transaction and never rising. Only a client that
 * checks each transaction against the header of the block named notices (its lt is past the block's
 * end_lt). Every other answer is honest.
 */
function misattributing(honest: LiteApiHandler): LiteApiHandler {
  return {
    name: honest.name,
    run: async (args, ctx) => {
      const answer = await honest.run(args, ctx);
      if (answer.readInt32LE(0) === ERROR_ID) {
        return answer;
      }
      const list = ClientCodecs.liteServer_TransactionList.decode(
        new TLReadBuffer(Buffer.from(answer)),
      );
      return encodeTl(ClientCodecs.liteServer_TransactionList, {
        ...list,
        ids: list.ids.map((id) => {
          const held = ctx.chain.block(id.workchain, shardFromTl(id.shard), id.seqno);
          const before = held?.prev[0];
          // A zero state has no header to check against: a transaction of the first block stays.
          return before === undefined || before.seqno === 0 ? id : toTlBlockId(before);
        }),
      });
    },
  };
}

/** The handlers of a liteserver that forges the block ids of transaction lists; the rest honest. */
export const FORGED_TX_BLOCKS_HANDLERS: readonly LiteApiHandler[] = LITE_API_HANDLERS.map((h) =>
  h.name === 'liteServer.getTransactions' ? misattributing(h) : h,
);
