import { describe } from 'node:test';
import { bootOnce } from './support/boot-once';
import { actionCases } from './v3-blockchain/actions.cases';
import { badInputCases } from './v3-blockchain/bad-input.cases';
import { blockCases } from './v3-blockchain/blocks.cases';
import { decodedBodyCases } from './v3-blockchain/decoded-bodies.cases';
import { startIndexedWallet } from './v3-blockchain/indexed-wallet';
import { messageAndTraceCases } from './v3-blockchain/messages-and-traces.cases';
import { overNatsCases } from './v3-blockchain/over-nats.cases';
import { transactionCases } from './v3-blockchain/transactions.cases';

/** The v3 blockchain endpoints over an indexed, decoded localnet with wallet traffic; one boot. */
void describe('v3 API over an indexed, decoded localnet (single process, real PostgreSQL)', () => {
  const fixture = bootOnce(startIndexedWallet);
  blockCases(fixture);
  transactionCases(fixture);
  messageAndTraceCases(fixture);
  overNatsCases(fixture);
  actionCases(fixture);
  badInputCases(fixture);
  decodedBodyCases(fixture);
});
