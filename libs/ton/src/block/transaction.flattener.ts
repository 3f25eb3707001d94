import {
  type AccountStatus as CoreAccountStatus,
  type Cell,
  type Message,
  type Transaction,
} from '@ton/core';

import { extraCurrenciesOf } from './currency.reader';
import { walkHashmapCell } from './hashmap.reader';
import { flattenMessage, type MessageContext } from './message.flattener';
import { type AccountStatus, type ParsedMessage, type ParsedTransaction } from './parsed-block';
import { hashBase64, rawAccount, uint256Base64 } from './raw-format';
import { loadTransactionTolerant } from './suspended-skip';
import { descrColumns } from './transaction-descr.flattener';

/*
 * transaction$0111 account_addr:bits256 lt:uint64 prev_trans_hash:bits256 prev_trans_lt:uint64
 *   now:uint32 outmsg_cnt:uint15 orig_status:AccountStatus end_status:AccountStatus
 *   ^[ in_msg:(Maybe ^(Message Any)) out_msgs:(HashmapE 15 ^(Message Any)) ]
 *   total_fees:CurrencyCollection state_update:^(HASH_UPDATE Account)
 *   description:^TransactionDescr = Transaction;
 * acc_state_uninit$00 acc_state_frozen$01 acc_state_active$10 acc_state_nonexist$11 = AccountStatus;
 * (crypto/block/block.tlb) Read with @ton/core's loadTransaction, flattened into the columns of
 * toncenter v3's `transactions` table (the description's in transaction-descr.flattener.ts).
 */

/** Flattens one `^Transaction` cell of a block of workchain `workchain`. */
export function flattenTransaction(
  cell: Cell,
  workchain: number,
  ctx: MessageContext,
): ParsedTransaction {
  const { tx, suspended } = loadTransactionTolerant(cell);
  const account = rawAccount(workchain, tx.address);
  return {
    hash: hashBase64(cell.hash(0)),
    lt: tx.lt,
    account,
    now: tx.now,
    prevTransHash: uint256Base64(tx.prevTransactionHash),
    prevTransLt: tx.prevTransactionLt,
    origStatus: accountStatus(tx.oldStatus),
    endStatus: accountStatus(tx.endStatus),
    outMsgCount: tx.outMessagesCount,
    totalFees: tx.totalFees.coins,
    totalFeesExtraCurrencies: extraCurrenciesOf(tx.totalFees),
    accountStateHashBefore: hashBase64(tx.stateUpdate.oldHash),
    accountStateHashAfter: hashBase64(tx.stateUpdate.newHash),
    ...descrColumns(tx.description, workchain),
    ...(suspended ? { skippedReason: 'suspended' as const } : {}),
    ...messagesOf(cell, tx, ctx),
  };
}

function messagesOf(
  cell: Cell,
  tx: Transaction,
  ctx: MessageContext,
): { inMessage: ParsedMessage | null; outMessages: ParsedMessage[] } {
  // loadTransaction parses the messages but keeps no cells; the cells (for the hashes) are read here
  // from ^[ in_msg:(Maybe ^Message) out_msgs:(HashmapE 15 ^Message) ].
  const s = cell.refs[0]?.beginParse();
  if (!s) {
    throw new Error('Transaction without its messages cell');
  }
  const inCell = s.loadBit() ? s.loadRef() : null;
  const inMessage = inCell && tx.inMessage ? flattenMessage(inCell, tx.inMessage, 'in', ctx) : null;
  const outMessages: ParsedMessage[] = [];
  const outRoot = s.loadMaybeRef();
  if (outRoot) {
    walkHashmapCell(outRoot, 15, {
      leaf: (index, v) => {
        const message: Message | undefined = tx.outMessages.get(Number(index));
        if (!message) {
          throw new Error(`Transaction: out message ${index} missing from the parse`);
        }
        outMessages.push(flattenMessage(v.loadRef(), message, 'out', ctx));
      },
    });
  }
  return { inMessage, outMessages };
}

function accountStatus(s: CoreAccountStatus): AccountStatus {
  switch (s) {
    case 'uninitialized':
      return 'uninit';
    case 'frozen':
      return 'frozen';
    case 'active':
      return 'active';
    case 'non-existing':
      return 'nonexist';
  }
}
