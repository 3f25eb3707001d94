import { type Address, beginCell, type Cell, loadMessage } from '@ton/core';

/*
 * ext_in_msg_info$10 src:MsgAddressExt dest:MsgAddressInt import_fee:Grams = CommonMsgInfo;
 * message$_ {X:Type} info:CommonMsgInfo init:(Maybe (Either StateInit ^StateInit))
 *   body:(Either X ^X) = Message X;
 */

/**
 * The normalised hash of an external inbound message (TEP-467, toncenter's `hash_norm`) from its
 * destination and body: the hash of the message rebuilt with `src` = addr_none, `import_fee` = 0, no
 * `init`, and the body in a reference.
 */
export function normalizedExternalHashOf(dest: Address, body: Cell): Buffer {
  return beginCell()
    .storeUint(0b10, 2)
    .storeUint(0b00, 2)
    .storeAddress(dest)
    .storeCoins(0n)
    .storeBit(false)
    .storeBit(true)
    .storeRef(body)
    .endCell()
    .hash();
}

/** The normalised hash (TEP-467) of the external inbound message `root`; throws for other kinds. */
export function normalizedExternalHash(root: Cell): Buffer {
  const message = loadMessage(root.beginParse());
  if (message.info.type !== 'external-in') {
    throw new Error('not an external inbound message');
  }
  return normalizedExternalHashOf(message.info.dest, message.body);
}
