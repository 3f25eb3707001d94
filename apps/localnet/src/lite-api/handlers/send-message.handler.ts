import { Cell } from '@ton/core';
import { Codecs as ClientCodecs } from 'ton-lite-client/dist/schema';
import { defineHandler } from '../lite-api-handler';
import { Codecs } from '../lite-api-schema';
import { LiteServerError, LiteServerErrorCode } from '../lite-server-error';
import { encodeTl } from '../tl-encode';

/**
 * liteServer.sendMessage body:bytes = liteServer.SendMsgStatus; liteServer.sendMsgStatus status:int
 * The body is a BoC of an external inbound Message. Accepted → status 1. A message the contract rejects
 * gets the C++ liteserver's prefix "cannot apply external message to current state : " before the
 * reason (td::Status without a code: 0).
 */
export const sendMessage = defineHandler(
  'liteServer.sendMessage',
  Codecs.liteServer_sendMessage,
  async (req, ctx) => {
    let message: Cell;
    try {
      const [root] = Cell.fromBoc(req.body);
      if (!root) {
        throw new Error('empty bag of cells');
      }
      message = root;
    } catch (err) {
      throw new LiteServerError(
        LiteServerErrorCode.fatal,
        `cannot deserialize external message: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    try {
      await ctx.chain.sendMessage(message);
    } catch (err) {
      throw new LiteServerError(
        LiteServerErrorCode.untyped,
        `cannot apply external message to current state : ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    return encodeTl(ClientCodecs.liteServer_SendMsgStatus, {
      kind: 'liteServer.sendMsgStatus',
      status: 1,
    });
  },
);
