import { beginCell, type Cell, loadMessage } from '@ton/core';

/**
 * The normalised hash of an external inbound message (TEP-467, toncenter's `hash_norm`): the hash of
 * the message rebuilt with `src` = addr_none, `import_fee` = 0, no `init`, and the body in a reference.
 *   ext_in_msg_info$10 src:MsgAddressExt dest:MsgAddressInt import_fee:Grams = CommonMsgInfo;
 *   message$_ {X:Type} info:CommonMsgInfo init:(Maybe (Either StateInit ^StateInit))
 *     body:(Either X ^X) = Message X;
 */
export function normalizedExternalHash(root: Cell): Buffer {
  const message = loadMessage(root.beginParse());
  if (message.info.type !== 'external-in') {
    throw new Error('not an external inbound message');
  }
  return beginCell()
    .storeUint(0b10, 2)
    .storeUint(0b00, 2)
    .storeAddress(message.info.dest)
    .storeCoins(0n)
    .storeBit(false)
    .storeBit(true)
    .storeRef(message.body)
    .endCell()
    .hash();
}
