import {
  type AdjacentTransactionsReq,
  ErrorCode,
  type MessagesReq,
  Subjects,
  TonApiError,
  type TransactionsByMessageReq,
  type TransactionsReq,
  type V3MessagesRes,
  type V3Transaction,
  type V3TransactionsRes,
} from '@app/contracts';
import {
  BlockQueryRepository,
  MessageQueryRepository,
  type TransactionRow,
  TransactionQueryRepository,
  ReadScopeInterceptor,
} from '@app/database';
import { RpcHandler } from '@app/nats';
import { toV3Message } from '@app/v3-render';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AddressBookBuilder } from '../address-book/address-book.builder';
import { TransactionRenderer } from '../render-cache/transaction-renderer';
import { toV3Transaction, transactionAddresses } from './transaction.mapper';
import { requireMasterchainBlock } from '../wire/require-masterchain-block';

/** `ton.query.v1.*` handlers of the v3 transaction and message endpoints (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
@Controller()
// All of a request's reads on one server: a read replica when one serves (DATABASE_READ_URLS).
@UseInterceptors(ReadScopeInterceptor)
export class TransactionsController {
  constructor(
    private readonly transactions: TransactionQueryRepository,
    private readonly messages: MessageQueryRepository,
    private readonly blocks: BlockQueryRepository,
    private readonly addressBook: AddressBookBuilder,
    private readonly renderer: TransactionRenderer,
  ) {}

  @RpcHandler(Subjects.query.transactions)
  async list(@Payload() req: TransactionsReq): Promise<V3TransactionsRes> {
    await requireMasterchainBlock(this.blocks, req.mc_seqno);
    const rows = await this.transactions.page(req);
    return this.reply(await this.render(rows), req.no_address_book);
  }

  @RpcHandler(Subjects.query.transactionsByMessage)
  async byMessage(@Payload() req: TransactionsByMessageReq): Promise<V3TransactionsRes> {
    const rows = await this.transactions.page(req);
    return this.reply(await this.render(rows), req.no_address_book);
  }

  @RpcHandler(Subjects.query.adjacentTransactions)
  async adjacent(@Payload() req: AdjacentTransactionsReq): Promise<V3TransactionsRes> {
    const hashes = await this.transactions.adjacentHashes(req.hash, req.direction);
    const bundles = await this.transactions.byHashes(hashes);
    if (bundles.length === 0) {
      throw new TonApiError(ErrorCode.NOT_FOUND, 'adjacent transactions not found');
    }
    return this.reply(bundles.map(toV3Transaction), req.no_address_book);
  }

  @RpcHandler(Subjects.query.messages)
  async listMessages(@Payload() req: MessagesReq): Promise<V3MessagesRes> {
    const rows = await this.messages.list(req);
    const messages = rows.map((r) => ({
      ...toV3Message(r.message),
      ...(r.inMsgTxHash === null ? {} : { in_msg_tx_hash: r.inMsgTxHash }),
      ...(r.outMsgTxHash === null ? {} : { out_msg_tx_hash: r.outMsgTxHash }),
    }));
    const addresses = messages.flatMap((m) =>
      [m.source, m.destination].filter((a): a is string => a !== null),
    );
    return {
      messages,
      address_book: await this.addressBook.build(addresses, req.no_address_book),
      metadata: {},
    };
  }

  /** A page's rows rendered through the cache of rendered transactions. */
  private render(rows: readonly TransactionRow[]): Promise<V3Transaction[]> {
    return this.renderer.ofRows(rows, (missing) => this.transactions.bundle(missing));
  }

  private async reply(
    transactions: V3Transaction[],
    noAddressBook: boolean | undefined,
  ): Promise<V3TransactionsRes> {
    return {
      transactions,
      address_book: await this.addressBook.build(
        transactions.flatMap(transactionAddresses),
        noAddressBook,
      ),
    };
  }
}
