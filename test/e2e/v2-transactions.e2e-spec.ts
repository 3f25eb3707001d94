import { describe } from 'node:test';
import { bootOnce } from './support/boot-once';
import { startV2Harness } from './support/v2-harness';
import { blockTransactionCases } from './v2-transactions/block-transactions.cases';
import { getTransactionCases } from './v2-transactions/get-transactions.cases';
import { transactionContext } from './v2-transactions/transaction-context';
import { tryLocateCases } from './v2-transactions/try-locate.cases';
import { unmodifiedClientCases } from './v2-transactions/unmodified-clients.cases';

/** The v2 transaction endpoints against the genesis localnet's own records; one boot. */
describe('v2 transactions (getTransactions, getBlockTransactions(Ext), tryLocate*)', () => {
  const context = transactionContext(bootOnce(() => startV2Harness()));
  getTransactionCases(context);
  blockTransactionCases(context);
  tryLocateCases(context);
  unmodifiedClientCases(context);
});
