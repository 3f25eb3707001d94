import { once } from 'node:events';
import { after, before } from 'node:test';
import { createHash } from 'node:crypto';
import {
  type Address,
  beginCell,
  type Cell,
  external,
  internal,
  loadAccount,
  storeMessage,
  toNano,
} from '@ton/core';
import { keyPairFromSeed, type KeyPair } from '@ton/crypto';
import { WalletContractV4 } from '@ton/ton';
import { LiteClient, LiteSingleEngine } from 'ton-lite-client';
import { findShardAccount } from '@app/ton';
import {
  type LiteServerNode,
  LocalChain,
  startLiteServers,
  type StoredBlock,
  toTlBlockId,
} from '@app/localnet';
import { fromTreasury } from './treasury-message';

/** Re-exported for the localnet's own specs, which import it from here. */
export { fromTreasury };

export function keys(label: string): KeyPair {
  return keyPairFromSeed(createHash('sha256').update(label).digest());
}

export function transferCell(
  wallet: WalletContractV4,
  kp: KeyPair,
  seqno: number,
  to: Address,
  value: bigint,
  withInit: boolean,
): Cell {
  const body = wallet.createTransfer({
    seqno,
    secretKey: kp.secretKey,
    messages: [internal({ to, value, bounce: false })],
  });
  const msg = external({ to: wallet.address, init: withInit ? wallet.init : undefined, body });
  return beginCell().store(storeMessage(msg)).endCell();
}

/** A chain with wallet A funded by a treasury and deployed by its first transfer (to wallet B). */
export interface SeededChain {
  readonly chain: LocalChain;
  readonly kpA: KeyPair;
  readonly walletA: WalletContractV4;
  readonly walletB: WalletContractV4;
}

export async function seededChain(shards: 1 | 2 = 1): Promise<SeededChain> {
  const chain = await LocalChain.create({ shards, startTime: 1_700_000_000 });
  const kpA = keys('lite-api-wallet-a');
  const kpB = keys('lite-api-wallet-b');
  const walletA = WalletContractV4.create({ workchain: 0, publicKey: kpA.publicKey });
  const walletB = WalletContractV4.create({ workchain: 0, publicKey: kpB.publicKey });
  const treasury = await chain.blockchain.treasury('lite-api-spec');
  chain.submit(fromTreasury(treasury.address, walletA.address, toNano('10')));
  await chain.settle();
  await chain.sendMessage(transferCell(walletA, kpA, 0, walletB.address, toNano('2'), true));
  await chain.settle();
  // one block with several transactions (for paging tests): three fundings sealed together
  for (const label of ['c', 'd', 'e']) {
    const to = WalletContractV4.create({
      workchain: 0,
      publicKey: keys(`lite-api-wallet-${label}`).publicKey,
    });
    chain.submit(fromTreasury(treasury.address, to.address, toNano('1')));
  }
  await chain.settle();
  return { chain, kpA, walletA, walletB };
}

/** The account's ShardAccount in the chain's own state at its head (the expected values). */
export function expectedAccount(chain: LocalChain, address: Address) {
  const block = chain.accountBlockAt(chain.head().id.seqno, address);
  const found = findShardAccount(block.state, address.hash);
  if (!found.account) {
    throw new Error(`no account ${address.toRawString()} in the chain`);
  }
  const account = loadAccount(found.account.cell.beginParse().skip(1));
  return { block, ...found.account, account };
}

export async function engineFor(
  node: LiteServerNode,
  reconnectTimeout = 5000,
): Promise<LiteSingleEngine> {
  const { port, publicKey } = node.endpoint;
  const engine = new LiteSingleEngine({
    host: `tcp://127.0.0.1:${port}`,
    publicKey,
    reconnectTimeout,
  });
  await once(engine, 'ready');
  return engine;
}

/** The lite_api id (tonNode.blockIdExt) of a block of the local chain, as its liteserver takes it. */
export function tlBlockId(block: StoredBlock) {
  return toTlBlockId(block.id);
}

/** A seeded chain served by one local liteserver, with a ton-lite-client connected to it. */
export interface ServedChain {
  readonly seeded: SeededChain;
  readonly engine: LiteSingleEngine;
  readonly client: LiteClient;
}

/**
 * Wallet A's transactions (up to 10) as the served liteserver lists them from the account's last one,
 * with the account as the chain itself holds it (the expected values).
 */
export async function walletATransactions(net: ServedChain) {
  const { seeded, client } = net;
  const expected = expectedAccount(seeded.chain, seeded.walletA.address);
  const answer = await client.getAccountTransactions(
    seeded.walletA.address,
    expected.lastTransLt.toString(),
    expected.lastTransHash,
    10,
  );
  return { expected, answer };
}

/**
 * The suite's seeded chain behind one liteserver: started in the suite's `before` hook and closed in
 * its `after` hook. Call it in the `describe` body; read the fields inside the tests.
 */
export function serveSeededChainForSuite(): ServedChain {
  let served: (ServedChain & { readonly nodes: LiteServerNode[] }) | undefined;
  const current = (): ServedChain => {
    if (!served) {
      throw new Error('the served chain is read before the suite started it');
    }
    return served;
  };
  before(async () => {
    const seeded = await seededChain(1);
    const nodes = await startLiteServers(seeded.chain, { count: 1 });
    const engine = await engineFor(nodes[0]!);
    served = { seeded, nodes, engine, client: new LiteClient({ engine }) };
  });
  after(async () => {
    if (!served) {
      return;
    }
    served.engine.close();
    await Promise.all(served.nodes.map((n) => n.close()));
    served.seeded.chain.close();
  });
  return {
    get seeded() {
      return current().seeded;
    },
    get engine() {
      return current().engine;
    },
    get client() {
      return current().client;
    },
  };
}
