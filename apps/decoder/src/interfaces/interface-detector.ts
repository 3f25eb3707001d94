import {
  type DexPoolRow,
  type DnsEntryRow,
  type EntityManager,
  type JettonMasterRow,
  type JettonWalletRow,
  type MultisigOrderRow,
  type MultisigRow,
  type NftCollectionRow,
  type NftAuctionRow,
  type NftItemRow,
  type NftSaleRow,
  type TelemintItemRow,
  type VestingWrite,
} from '@app/database';
import { type InterfaceProbes, walletInterface } from '@app/classify';
import { type CodeInterfaces } from './code-interfaces';
import {
  dexPoolRow,
  dnsEntryRow,
  multisigOrderRow,
  multisigRow,
  vestingWrite,
} from './contract-state-rows';
import {
  jettonMasterRow,
  jettonWalletRow,
  nftAuctionRow,
  nftCollectionRow,
  nftItemRow,
  nftSaleRow,
  telemintItemRow,
} from './token-state-rows';

export type TokenInterface = 'jetton_wallet' | 'jetton_master' | 'nft_item' | 'nft_collection';
/** Every interface found by get-method probes, as cached in `contract_interfaces.interfaces`. */
export type ContractInterface =
  | TokenInterface
  | 'dns_item'
  | 'multisig'
  | 'multisig_order'
  | 'vesting'
  // getgems fixed-price sale; toncenter names a code with get_sale_data `nft_sale`
  // (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml).
  | 'nft_sale'
  // getgems auction (get_sale_data with the "AUC" magic, or v4's get_auction_data_v4); toncenter's
  // name for a getgems auction code (ton-index-go index/detect/interfaces.go)
  | 'nft_auction_v1'
  // Fragment's Telemint item (Telegram usernames and numbers); toncenter's name for the interface
  // (ton-index-go index/detect/interfaces.go)
  | 'teleitem'
  // a DeDust pool (toncenter's DedustPoolDetector, stored in dex_pools); known by its code hash
  | 'dedust_pool';
const ALL: readonly ContractInterface[] = [
  'jetton_wallet',
  'jetton_master',
  'nft_item',
  'nft_collection',
  'dns_item',
  'multisig',
  'multisig_order',
  'vesting',
  'nft_sale',
  'nft_auction_v1',
  'teleitem',
  'dedust_pool',
];
const PROBED: ReadonlySet<string> = new Set(ALL);

/** What detection found for one masterchain block, written later inside the block's transaction. */
export interface DetectedBlock {
  /** Code hashes first seen (or, for wallets, first named) here → their interfaces. */
  readonly newCodes: Map<string, string[]>;
  readonly wallets: JettonWalletRow[];
  readonly masters: JettonMasterRow[];
  readonly items: NftItemRow[];
  readonly collections: NftCollectionRow[];
  readonly dnsEntries: DnsEntryRow[];
  readonly multisigs: MultisigRow[];
  readonly multisigOrders: MultisigOrderRow[];
  readonly vestings: VestingWrite[];
  readonly sales: NftSaleRow[];
  readonly auctions: NftAuctionRow[];
  readonly telemintItems: TelemintItemRow[];
  readonly dexPools: DexPoolRow[];
}

/** A block where nothing was detected yet: detection fills its lists. */
export function emptyDetectedBlock(): DetectedBlock {
  return {
    newCodes: new Map(),
    wallets: [],
    masters: [],
    items: [],
    collections: [],
    dnsEntries: [],
    multisigs: [],
    multisigOrders: [],
    vestings: [],
    sales: [],
    auctions: [],
    telemintItems: [],
    dexPools: [],
  };
}

/** An account a block touched, as its last transaction in the block left it. */
export interface TouchedAccount {
  readonly address: string;
  readonly lastLt: bigint;
  /** null: no code (uninit, frozen, destroyed). */
  readonly codeHash: string | null;
  readonly dataHash: string | null;
}

/** The account being probed, as the block left it. */
interface ProbedAccount {
  readonly address: string;
  readonly lastLt: bigint;
  readonly codeHash: string;
  readonly dataHash: string | null;
}

/**
 * Interface detection (toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-worker/tondb-scanner/src/smc-interfaces):
 * for every account a block touched, the get-methods of the interfaces its code implements are run
 * at that block. Which interfaces a code implements is probed once per code hash (every probe on an
 * unseen code: Jetton wallet and master, NFT item and collection, DNS item, multisig v2 wallet and
 * order, vesting wallet, getgems fixed-price sale and auction, Telemint item, DeDust pool) and cached in `contract_interfaces` (and in
 * memory, `CodeInterfaces`); accounts whose code implements none cost nothing. A wallet code is known
 * by its hash alone, as toncenter's code-hash match does (`wallet_v4r2`): it is never probed, and its
 * name is what `contract_interfaces` records. Runs outside the block's database transaction (it waits
 * on liteservers; BlockWriter writes what it found). The state rows carry the code and data hash of
 * the account state they were read from (the one the account's last transaction in the block left).
 */
export class InterfaceDetector {
  constructor(private readonly probes: InterfaceProbes) {}

  async detect(
    m: EntityManager,
    mcSeqno: number,
    touched: readonly TouchedAccount[],
    codes: CodeInterfaces,
  ): Promise<DetectedBlock> {
    await codes.load(
      m,
      touched.map((t) => t.codeHash),
    );
    const out = emptyDetectedBlock();
    for (const account of touched) {
      const { codeHash } = account;
      if (codeHash === null) {
        continue; // no code (uninit, frozen, destroyed): nothing to ask
      }
      const cached = codes.get(codeHash);
      const wallet = walletInterface(codeHash);
      if (wallet !== undefined) {
        // A wallet implements no probed interface; name it once (also over an older empty entry).
        if (cached?.length !== 1 || cached[0] !== wallet) {
          codes.set(codeHash, [wallet]);
          out.newCodes.set(codeHash, [wallet]);
        }
        continue;
      }
      const found: ContractInterface[] = [];
      const probed: ProbedAccount = { ...account, codeHash };
      const known = cached?.filter((k): k is ContractInterface => PROBED.has(k)) ?? ALL;
      // A DeDust pool is known by its code hash before any get-method runs (the probe runs none for
      // another code), so it is asked of every code, one cached before the probe existed included.
      const kinds = known.includes('dedust_pool') ? known : [...known, 'dedust_pool' as const];
      for (const kind of kinds) {
        if (await this.probe(kind, probed, mcSeqno, out)) {
          found.push(kind);
        }
      }
      if (cached === undefined) {
        codes.set(codeHash, found);
        out.newCodes.set(codeHash, found);
      }
    }
    return out;
  }

  private async probe(
    kind: ContractInterface,
    account: ProbedAccount,
    mcSeqno: number,
    out: DetectedBlock,
  ): Promise<boolean> {
    const { address, lastLt, codeHash, dataHash } = account;
    const contracts = this.probes.contracts;
    const columns = { address, lastTransactionLt: lastLt, codeHash, dataHash };
    switch (kind) {
      case 'jetton_wallet': {
        const s = await this.probes.jettonWallet(address, mcSeqno);
        if (s !== null) {
          out.wallets.push(jettonWalletRow(columns, s));
        }
        return s !== null;
      }
      case 'jetton_master': {
        const s = await this.probes.jettonMaster(address, mcSeqno);
        if (s !== null) {
          out.masters.push(jettonMasterRow(columns, s));
        }
        return s !== null;
      }
      case 'nft_item': {
        const s = await this.probes.nftItem(address, mcSeqno);
        if (s !== null) {
          out.items.push(nftItemRow(columns, s));
        }
        return s !== null;
      }
      case 'nft_collection': {
        const s = await this.probes.nftCollection(address, mcSeqno);
        if (s !== null) {
          out.collections.push(nftCollectionRow(columns, s));
        }
        return s !== null;
      }
      case 'dns_item': {
        const s = await contracts.dnsItem(address, mcSeqno);
        if (s !== null) {
          out.dnsEntries.push(dnsEntryRow(columns, s));
        }
        return s !== null;
      }
      case 'multisig': {
        const s = await contracts.multisig(address, mcSeqno);
        if (s !== null) {
          out.multisigs.push(multisigRow(columns, s));
        }
        return s !== null;
      }
      case 'multisig_order': {
        const s = await contracts.multisigOrder(address, mcSeqno);
        if (s !== null) {
          out.multisigOrders.push(multisigOrderRow(columns, s));
        }
        return s !== null;
      }
      case 'vesting': {
        const s = await contracts.vesting(address, mcSeqno);
        if (s !== null) {
          out.vestings.push(vestingWrite(columns, s));
        }
        return s !== null;
      }
      case 'nft_sale': {
        const s = await this.probes.nftSale(address, mcSeqno);
        if (s !== null) {
          out.sales.push(nftSaleRow(columns, s));
        }
        return s !== null;
      }
      case 'nft_auction_v1': {
        const s = await this.probes.nftAuction(address, mcSeqno);
        if (s !== null) {
          out.auctions.push(nftAuctionRow(columns, s));
        }
        return s !== null;
      }
      case 'teleitem': {
        const s = await this.probes.telemintItem(address, mcSeqno);
        if (s !== null) {
          out.telemintItems.push(telemintItemRow(columns, s));
        }
        return s !== null;
      }
      case 'dedust_pool': {
        const s = await this.probes.dedustPool(address, codeHash, mcSeqno);
        if (s !== null) {
          out.dexPools.push(dexPoolRow(columns, s));
        }
        return s !== null;
      }
    }
  }
}
