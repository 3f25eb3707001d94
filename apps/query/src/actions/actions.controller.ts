import { type ActionsReq, Subjects, type V3ActionsRes } from '@app/contracts';
import {
  ActionQueryRepository,
  BlockQueryRepository,
  TransactionQueryRepository,
  ReadScopeInterceptor,
} from '@app/database';
import { RpcHandler } from '@app/nats';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AddressBookBuilder } from '../address-book/address-book.builder';
import { toV3Transaction, transactionAddresses } from '../transactions/transaction.mapper';
import { actionAddresses, toV3Action } from './action.mapper';
import { requireMasterchainBlock } from '../wire/require-masterchain-block';

/** `ton.query.v1.actions` (toncenter https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml). */
@Controller()
// All of a request's reads on one server: a read replica when one serves (DATABASE_READ_URLS).
@UseInterceptors(ReadScopeInterceptor)
export class ActionsController {
  constructor(
    private readonly actions: ActionQueryRepository,
    private readonly transactions: TransactionQueryRepository,
    private readonly blocks: BlockQueryRepository,
    private readonly addressBook: AddressBookBuilder,
  ) {}

  @RpcHandler(Subjects.query.actions)
  async list(@Payload() req: ActionsReq): Promise<V3ActionsRes> {
    await requireMasterchainBlock(this.blocks, req.mc_seqno);
    const rows = await this.actions.list(req);
    const actions = rows.map(toV3Action);
    const addresses = rows.flatMap(actionAddresses);
    if (req.include_accounts) {
      const accounts = await this.actions.accounts(
        rows.map((r) => ({
          traceId: r.trace_id,
          actionId: r.action_id,
          traceEndLt: r.trace_end_lt,
        })),
      );
      for (const a of actions) {
        a.accounts = accounts.get(`${a.trace_id}:${a.action_id}`) ?? [];
      }
    }
    if (req.include_transactions) {
      const bundles = await this.transactions.byHashes([
        ...new Set(rows.flatMap((r) => r.tx_hashes)),
      ]);
      const byHash = new Map(bundles.map((b) => [b.tx.hash, toV3Transaction(b)]));
      for (const a of actions) {
        a.transactions_full = a.transactions.flatMap((h) => {
          const tx = byHash.get(h);
          if (tx === undefined) {
            return [];
          }
          addresses.push(...transactionAddresses(tx));
          return [tx];
        });
      }
    }
    return {
      actions,
      address_book: await this.addressBook.build(addresses, req.no_address_book),
      metadata: {},
    };
  }
}
