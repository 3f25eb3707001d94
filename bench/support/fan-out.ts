import { createHash } from 'node:crypto';
import {
  Address,
  beginCell,
  Cell,
  external,
  internal,
  parseTuple,
  SendMode,
  storeMessage,
  toNano,
} from '@ton/core';
import { WalletContractV5R1 } from '@ton/ton';
import { type LiteClient } from 'ton-lite-client';

/** What the localnet's accounts file says of a wallet (hex keys). */
export interface WalletRecord {
  readonly address: string;
  readonly publicKey?: string;
  readonly secretKey?: string;
}

/** A v5r1 external carries at most 255 actions (its out_list). */
const MESSAGES_PER_ROUND = 255;

async function seqnoOf(client: LiteClient, wallet: Address): Promise<number> {
  const { last } = await client.getMasterchainInfo();
  const run = await client.runMethod(wallet, 'seqno', Buffer.alloc(0), last);
  const [item] = run.result === null ? [] : parseTuple(Cell.fromBase64(run.result));
  if (run.exitCode !== 0 || item?.type !== 'int') {
    throw new Error(
      `seqno of ${wallet.toRawString()} failed with exit code ${String(run.exitCode)}`,
    );
  }
  return Number(item.value);
}

/** Waits until `address` has a transaction (an internal message lands a block after it is sent). */
async function landed(client: LiteClient, address: Address): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { last } = await client.getMasterchainInfo();
    if ((await client.getAccountState(address, last)).lastTx) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`no transaction on ${address.toRawString()} within 30 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Gives the localnet many accounts with a transaction each: `rounds` externals of the genesis v5r1
 * wallet, each paying 255 fresh addresses (a block each). Their histories are what the benchmark's
 * uncached getTransactions reads, every request a different one.
 */
export async function fanOut(
  client: LiteClient,
  record: WalletRecord,
  rounds: number,
): Promise<Address[]> {
  if (record.publicKey === undefined || record.secretKey === undefined) {
    throw new Error('the v5r1 wallet record has no keys');
  }
  const wallet = WalletContractV5R1.create({
    workchain: 0,
    publicKey: Buffer.from(record.publicKey, 'hex'),
  });
  if (!wallet.address.equals(Address.parseRaw(record.address))) {
    throw new Error('the v5r1 keys do not give the seed wallet address');
  }
  const secretKey = Buffer.from(record.secretKey, 'hex');
  const receivers: Address[] = [];
  for (let round = 0; round < rounds; round++) {
    const seqno = await seqnoOf(client, wallet.address);
    const batch = Array.from(
      { length: MESSAGES_PER_ROUND },
      (_, i) =>
        new Address(
          0,
          createHash('sha256')
            .update(`bench-fan-out-${String(round)}-${String(i)}`)
            .digest(),
        ),
    );
    const body = wallet.createTransfer({
      seqno,
      secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: batch.map((to) => internal({ to, value: toNano('0.01'), bounce: false })),
    });
    const message = beginCell()
      .store(storeMessage(external({ to: wallet.address, body })))
      .endCell();
    await client.sendMessage(message.toBoc());
    const deadline = Date.now() + 30_000;
    while ((await seqnoOf(client, wallet.address)) === seqno) {
      if (Date.now() > deadline) {
        throw new Error('the fan-out transfer did not land within 30 s');
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    receivers.push(...batch);
  }
  const lastReceiver = receivers.at(-1);
  if (lastReceiver) {
    await landed(client, lastReceiver);
  }
  return receivers;
}
