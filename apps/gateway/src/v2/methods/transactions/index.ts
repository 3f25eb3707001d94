import { type V2Method } from '../../v2-method';
import { getBlockTransactions, getBlockTransactionsExt } from './get-block-transactions.method';
import { getTransactions, getTransactionsStd } from './get-transactions.method';
import { tryLocateResultTx, tryLocateSourceTx, tryLocateTx } from './try-locate-tx.method';

/** The v2 transactions methods, registered in v2-methods.registry.ts. */
export const TRANSACTIONS_METHODS: readonly V2Method[] = [
  getTransactions,
  getTransactionsStd,
  getBlockTransactions,
  getBlockTransactionsExt,
  tryLocateTx,
  tryLocateResultTx,
  tryLocateSourceTx,
];
