import {
  ActionQueryRepository,
  AddressBookQueryRepository,
  BlockQueryRepository,
  type DataSource,
  MessageQueryRepository,
  TraceQueryRepository,
  TransactionQueryRepository,
} from '@app/database';
import { AddressBookBuilder } from '../address-book/address-book.builder';
import { TracesController } from '../traces/traces.controller';
import { TransactionsController } from '../transactions/transactions.controller';
import { ActionRenderer } from './action-renderer';
import { RenderedActions } from './rendered-actions';
import { RenderedTransactions } from './rendered-transactions';
import { TransactionRenderer } from './transaction-renderer';

/** The page handlers and what they keep, for tests and benchmarks that call them without Nest. */
export interface PageControllers {
  readonly transactionCache: RenderedTransactions;
  readonly actionCache: RenderedActions;
  readonly addressBook: AddressBookBuilder;
  readonly transactions: TransactionsController;
  readonly traces: TracesController;
}

/**
 * The /transactions and /traces handlers over `db`, wired as QueryModule wires them, with render
 * caches of `budgetBytes` each (0, the default, keeps nothing: every page reads what the service
 * reads for a page not yet rendered) and an address book read every time.
 */
export function pageControllers(db: DataSource, budgetBytes = 0): PageControllers {
  const transactionCache = new RenderedTransactions(budgetBytes);
  const actionCache = new RenderedActions(budgetBytes);
  const renderer = new TransactionRenderer(transactionCache);
  const addressBook = new AddressBookBuilder(new AddressBookQueryRepository(db));
  const transactions = new TransactionQueryRepository(db);
  const blocks = new BlockQueryRepository(db);
  return {
    transactionCache,
    actionCache,
    addressBook,
    transactions: new TransactionsController(
      transactions,
      new MessageQueryRepository(db),
      blocks,
      addressBook,
      renderer,
    ),
    traces: new TracesController(
      new TraceQueryRepository(db),
      transactions,
      new ActionQueryRepository(db),
      blocks,
      addressBook,
      renderer,
      new ActionRenderer(actionCache),
    ),
  };
}
