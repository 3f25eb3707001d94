/** The accounts and the trace the streaming specs send through the gateway. */
import {
  action,
  addressOf,
  hashOf,
  traceUpdate,
  transaction,
} from '../src/streaming/derivation/stream-payloads.testing';

export const ALICE = addressOf('alice');
export const BOB = addressOf('bob');

/** A pending or later trace of one TON transfer from Alice to Bob: its transaction, action and update. */
export function transfer(label: string, finality: 'pending' | 'confirmed' | 'finalized') {
  const tx = transaction({ label, account: ALICE, lt: '100', finality, outTo: [BOB] });
  const norm = hashOf(`norm:${label}`);
  const ton = action({
    label,
    type: 'ton_transfer',
    accounts: [ALICE, BOB],
    startLt: '100',
    endLt: '101',
    finality,
    details: { source: ALICE, destination: BOB, value: '1000' },
  });
  return {
    tx,
    norm,
    ton,
    update: traceUpdate({ norm, finality, transactions: [tx], actions: [ton] }),
  };
}
