import assert from 'node:assert/strict';
import { type DedustPools } from '@app/classify';
import { createDataSource, type DataSource } from '@app/database';
import { createTestDatabase } from '@app/testing';
import { GENESIS, type Localnet, startLocalnet } from '@app/localnet';
import { decodeToHead, interfaceDetector } from './decode-support';
import { ingestLocalnet, localnetPool } from './ingest-support';

/** The genesis seed ingested and decoded (interfaces by get-methods included) into a test database. */
export interface DecodedGenesis {
  readonly localnet: Localnet;
  readonly ds: DataSource;
  /** A seed account's raw address as the tables store it. */
  address(name: string): string;
  close(): Promise<void>;
}

export interface DecodedGenesisOptions {
  /** The local network's state history (default its own); a small one sends the decoder's
   *  get-methods of old blocks to the latest state. */
  readonly stateHistory?: number;
  /** Called with each masterchain block whose state the liteservers no longer had. */
  readonly onStateGone?: (mcSeqno: number) => void;
  /** Runs on the migrated, empty database before the chain is ingested (e.g. to shape partitions). */
  readonly beforeIngest?: (ds: DataSource, localnet: Localnet) => Promise<void>;
  /** The DeDust pool codes and factory the decoder knows (default mainnet's). */
  readonly dedust?: DedustPools;
}

export async function decodedGenesis(
  prefix: string,
  options: DecodedGenesisOptions = {},
): Promise<DecodedGenesis> {
  const localnet = await startLocalnet({
    seed: 'genesis',
    shards: 1,
    mode: 'manual',
    startTime: 1_795_000_000,
    ...(options.stateHistory === undefined ? {} : { stateHistory: options.stateHistory }),
  });
  const db = await createTestDatabase({ prefix });
  const ds = await createDataSource({ url: db.url, poolSize: 3 }).initialize();
  await options.beforeIngest?.(ds, localnet);
  const head = await ingestLocalnet(localnet, ds);
  const pool = await localnetPool(localnet);
  const detector = interfaceDetector(pool, options.onStateGone, options.dedust);
  assert.equal(await decodeToHead(ds, head, 120_000, { detector }), true, 'decoded to the head');
  return {
    localnet,
    ds,
    address: (name) => {
      const account = localnet.accounts.find((a) => a.name === name);
      assert.ok(account, name);
      return account.address.toRawString().toUpperCase();
    },
    close: async () => {
      pool.close();
      await ds.destroy();
      await db.drop();
      await localnet.stop();
    },
  };
}

/** The genesis seed's two Jetton wallets as jetton_wallets holds them after decoding, by address. */
export function expectedJettonWallets(
  genesis: DecodedGenesis,
): { address: string; balance: string; owner: string; jetton: string }[] {
  const address = (name: string): string => genesis.address(name);
  return [
    {
      address: address('jetton-wallet-v3r2'),
      balance: GENESIS.jetton.finalBalanceV3r2.toString(),
      owner: address('wallet-v3r2'),
      jetton: address('jetton-minter'),
    },
    {
      address: address('jetton-wallet-v4r2'),
      balance: GENESIS.jetton.finalBalanceV4r2.toString(),
      owner: address('wallet-v4r2'),
      jetton: address('jetton-minter'),
    },
  ].sort((a, b) => (a.address < b.address ? -1 : 1));
}
