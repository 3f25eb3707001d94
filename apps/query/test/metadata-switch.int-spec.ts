import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  AccountStatesReq,
  JettonEventsReq,
  JettonMastersReq,
  JettonWalletsReq,
  NftCollectionsReq,
  NftItemsReq,
  NftTransfersReq,
  WalletStatesReq,
} from '@app/contracts';
import {
  AccountQueryRepository,
  type AddressMetadataColumns,
  AddressBookQueryRepository,
  createDataSource,
  type DataSource,
  type JettonMasterQueryRow,
  type JettonWalletQueryRow,
  type NftCollectionQueryRow,
  type NftItemQueryRow,
  TokenQueryRepository,
} from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/testing';
import { AccountsController } from '../src/accounts/accounts.controller';
import { AddressBookBuilder } from '../src/address-book/address-book.builder';
import { MetadataBuilder } from '../src/metadata/metadata.builder';
import { TokensController } from '../src/tokens/tokens.controller';

const MASTER = `0:${'E'.repeat(64)}`;
const WALLET = `0:${'D'.repeat(64)}`;
const OWNER = `0:${'A'.repeat(64)}`;
const HASH = `${'A'.repeat(43)}=`;

/** The real repository, noting each metadata lookup MetadataBuilder makes through it. */
class NotedTokenQueries extends TokenQueryRepository {
  readonly lookups: string[] = [];

  override jettonWalletsByAddress(addresses: readonly string[]): Promise<JettonWalletQueryRow[]> {
    this.lookups.push('jetton_wallets');
    return super.jettonWalletsByAddress(addresses);
  }

  override jettonMastersByAddress(
    addresses: readonly string[],
  ): Promise<(JettonMasterQueryRow & AddressMetadataColumns)[]> {
    this.lookups.push('jetton_masters');
    return super.jettonMastersByAddress(addresses);
  }

  override nftCollectionsByAddress(
    addresses: readonly string[],
  ): Promise<(NftCollectionQueryRow & AddressMetadataColumns)[]> {
    this.lookups.push('nft_collections');
    return super.nftCollectionsByAddress(addresses);
  }

  override nftItemsByAddress(
    addresses: readonly string[],
  ): Promise<(NftItemQueryRow & AddressMetadataColumns)[]> {
    this.lookups.push('nft_items');
    return super.nftItemsByAddress(addresses);
  }
}

interface Enriched {
  address_book: unknown;
  metadata: unknown;
}

/**
 * `no_metadata` (X-No-Metadata, toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go) in the query service:
 * every handler that builds `metadata` answers `{}` without one metadata lookup when asked, and is
 * otherwise unchanged; the address book is its own switch.
 */
void describe('no_metadata in the query handlers (real PostgreSQL)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let noted: NotedTokenQueries;
  let tokens: TokensController;
  let accounts: AccountsController;

  before(async () => {
    db = await createTestDatabase({ prefix: 'metadata_switch' });
    ds = await createDataSource({ url: db.url, poolSize: 1 }).initialize();
    await ds.query(
      `INSERT INTO jetton_masters (address, total_supply, mintable, jetton_content, last_transaction_lt)
       VALUES ($1, 1000, true, $2, 5)`,
      [MASTER, JSON.stringify({ name: 'Test', symbol: 'TST' })],
    );
    await ds.query(
      `INSERT INTO jetton_wallets (address, balance, owner, jetton, last_transaction_lt)
       VALUES ($1, 1000, $2, $3, 6)`,
      [WALLET, OWNER, MASTER],
    );
    await ds.query(
      `INSERT INTO latest_account_states (account, hash, balance, balance_extra_currencies,
         account_status, timestamp, last_trans_hash, last_trans_lt)
       VALUES ($1, $2, 7, '{}', 'active', 1700000000, $2, 5)`,
      [MASTER, HASH],
    );
    noted = new NotedTokenQueries(ds);
    const book = new AddressBookBuilder(new AddressBookQueryRepository(ds));
    const metadata = new MetadataBuilder(noted);
    tokens = new TokensController(new TokenQueryRepository(ds), book, metadata);
    accounts = new AccountsController(new AccountQueryRepository(ds), book, metadata);
  });

  after(async () => {
    await ds.destroy();
    await db.drop();
  });

  /** The answer and the metadata lookups it made. */
  async function run<T extends Enriched>(
    call: () => Promise<T>,
  ): Promise<{ answer: T; lookups: string[] }> {
    noted.lookups.length = 0;
    const answer = await call();
    return { answer, lookups: [...noted.lookups] };
  }

  const page = { limit: 10, offset: 0 };
  /** Every handler that builds metadata, with a request for the given switch. */
  const handlers: [string, (noMetadata?: boolean) => Promise<Enriched>][] = [
    [
      'jettonMasters',
      (s) => tokens.jettonMasters(JettonMastersReq.parse({ ...page, no_metadata: s })),
    ],
    [
      'jettonWallets',
      (s) =>
        tokens.jettonWallets(
          JettonWalletsReq.parse({ ...page, jetton_address: [MASTER], no_metadata: s }),
        ),
    ],
    [
      'jettonTransfers',
      (s) =>
        tokens.jettonTransfers(JettonEventsReq.parse({ ...page, sort: 'desc', no_metadata: s })),
    ],
    [
      'jettonBurns',
      (s) => tokens.jettonBurns(JettonEventsReq.parse({ ...page, sort: 'desc', no_metadata: s })),
    ],
    [
      'nftCollections',
      (s) => tokens.nftCollections(NftCollectionsReq.parse({ ...page, no_metadata: s })),
    ],
    ['nftItems', (s) => tokens.nftItems(NftItemsReq.parse({ ...page, no_metadata: s }))],
    [
      'nftTransfers',
      (s) => tokens.nftTransfers(NftTransfersReq.parse({ ...page, sort: 'desc', no_metadata: s })),
    ],
    [
      'accountStates',
      (s) =>
        accounts.accountStates(
          AccountStatesReq.parse({ address: [MASTER], include_boc: false, no_metadata: s }),
        ),
    ],
    [
      'walletStates',
      (s) => accounts.walletStates(WalletStatesReq.parse({ address: [MASTER], no_metadata: s })),
    ],
  ];

  void it('jettonWallets: metadata {} and no lookup with no_metadata, the rest as without it', async () => {
    const full = await run(() =>
      tokens.jettonWallets(JettonWalletsReq.parse({ ...page, jetton_address: [MASTER] })),
    );
    assert.deepEqual(full.answer.metadata, {
      [WALLET]: {
        is_indexed: true,
        token_info: [
          {
            type: 'jetton_wallets',
            valid: true,
            extra: { owner: OWNER, jetton: MASTER, balance: '1000' },
          },
        ],
      },
      [MASTER]: {
        is_indexed: true,
        token_info: [{ valid: true, type: 'jetton_masters', name: 'Test', symbol: 'TST' }],
      },
    });
    assert.deepEqual(
      Object.keys(full.answer.address_book as object).sort(),
      [OWNER, WALLET, MASTER].sort(),
    );
    assert.ok(full.lookups.length > 0);

    const skipped = await run(() =>
      tokens.jettonWallets(
        JettonWalletsReq.parse({ ...page, jetton_address: [MASTER], no_metadata: true }),
      ),
    );
    assert.deepEqual(skipped, { answer: { ...full.answer, metadata: {} }, lookups: [] });

    const kept = await run(() =>
      tokens.jettonWallets(
        JettonWalletsReq.parse({ ...page, jetton_address: [MASTER], no_metadata: false }),
      ),
    );
    assert.deepEqual(kept, full);

    const noBook = await run(() =>
      tokens.jettonWallets(
        JettonWalletsReq.parse({ ...page, jetton_address: [MASTER], no_address_book: true }),
      ),
    );
    assert.deepEqual(noBook, {
      answer: { ...full.answer, address_book: {} },
      lookups: full.lookups,
    });
  });

  void it('every handler that builds metadata skips every lookup with no_metadata', async () => {
    for (const [name, call] of handlers) {
      const full = await run(() => call());
      assert.ok(full.lookups.length > 0, `${name} looks metadata up without the switch`);
      const skipped = await run(() => call(true));
      assert.deepEqual(
        skipped,
        { answer: { ...full.answer, metadata: {} }, lookups: [] },
        `${name} with no_metadata`,
      );
    }
  });
});
