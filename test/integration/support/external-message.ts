import {
  type Address,
  beginCell,
  type Cell,
  external,
  type StateInit,
  storeMessage,
} from '@ton/core';

/**
 * The external-in message carrying a wallet's signed `body` to `to` (with `init` when it deploys the
 * wallet), as a cell: what sendBoc, estimateFee and the local chain take.
 */
export function externalMessage(to: Address, body: Cell, init?: StateInit): Cell {
  return beginCell()
    .store(storeMessage(external({ to, init, body })))
    .endCell();
}
