import {
  ContractRepository,
  type DataSource,
  type DnsEntryRow,
  type EntityManager,
  type JettonMasterRow,
  type JettonWalletRow,
  type MultisigOrderRow,
  type MultisigRow,
  type NftCollectionRow,
  type NftItemRow,
  TokenRepository,
  type VestingRow,
} from '@app/database';
import { type InterfaceProbes } from './interface-probes';

export type TokenInterface = 'jetton_wallet' | 'jetton_master' | 'nft_item' | 'nft_collection';
/** Every interface detection knows, as cached in `contract_interfaces.interfaces`. */
export type ContractInterface =
  TokenInterface | 'dns_item' | 'multisig' | 'multisig_order' | 'vesting';
const ALL: readonly ContractInterface[] = [
  'jetton_wallet',
  'jetton_master',
  'nft_item',
  'nft_collection',
  'dns_item',
  'multisig',
  'multisig_order',
  'vesting',
];

/** What detection found for one masterchain block, written later inside the block's transaction. */
export interface DetectedBlock {
  readonly newCodes: Map<string, ContractInterface[]>;
  readonly wallets: JettonWalletRow[];
  readonly masters: JettonMasterRow[];
  readonly items: NftItemRow[];
  readonly collections: NftCollectionRow[];
  readonly dnsEntries: DnsEntryRow[];
  readonly multisigs: MultisigRow[];
  readonly multisigOrders: MultisigOrderRow[];
  readonly vestings: VestingRow[];
}

/** The account being probed, as the block left it. */
interface ProbedAccount {
  readonly address: string;
  readonly lastLt: bigint;
  readonly codeHash: string;
  readonly dataHash: string | null;
}

/**
 * Interface detection (toncenter v3 §14.2): for every account a block touched, the get-methods of the
 * interfaces its code implements are run at that block. Which interfaces a code implements is probed
 * once per code hash (every probe on an unseen code: Jetton wallet and master, NFT item and collection,
 * DNS item, multisig v2 wallet and order, vesting wallet) and cached in `contract_interfaces`; accounts
 * whose code implements none cost one cache lookup. Runs outside the block's database transaction
 * (it waits on liteservers).
 */
export class InterfaceDetector {
  private readonly repo = new TokenRepository();
  private readonly contracts = new ContractRepository();

  constructor(private readonly probes: InterfaceProbes) {}

  async detect(ds: DataSource, mcSeqno: number): Promise<DetectedBlock> {
    const touched = await this.repo.touchedAccounts(ds, mcSeqno);
    const codes = [
      ...new Set(touched.map((t) => t.code_hash).filter((h): h is string => h !== null)),
    ];
    const known = await this.repo.knownInterfaces(ds, codes);
    const out: DetectedBlock = {
      newCodes: new Map(),
      wallets: [],
      masters: [],
      items: [],
      collections: [],
      dnsEntries: [],
      multisigs: [],
      multisigOrders: [],
      vestings: [],
    };
    for (const account of touched) {
      if (account.code_hash === null) {
        continue; // no code (uninit, frozen, destroyed): nothing to ask
      }
      const cached = known.get(account.code_hash) ?? out.newCodes.get(account.code_hash);
      const probing = cached === undefined;
      const found: ContractInterface[] = [];
      const probed: ProbedAccount = {
        address: account.account,
        lastLt: BigInt(account.last_lt),
        codeHash: account.code_hash,
        dataHash: account.data_hash,
      };
      for (const kind of (cached as ContractInterface[] | undefined) ?? ALL) {
        if (await this.probe(kind, probed, mcSeqno, out)) {
          found.push(kind);
        }
      }
      if (probing) {
        out.newCodes.set(account.code_hash, found);
      }
    }
    return out;
  }

  async write(m: EntityManager, detected: DetectedBlock): Promise<void> {
    await this.repo.saveInterfaces(m, detected.newCodes);
    await this.repo.saveStates(m, detected);
    await this.contracts.saveContracts(m, detected);
  }

  private async probe(
    kind: ContractInterface,
    account: ProbedAccount,
    mcSeqno: number,
    out: DetectedBlock,
  ): Promise<boolean> {
    const { address, lastLt, codeHash, dataHash } = account;
    const contracts = this.probes.contracts;
    switch (kind) {
      case 'jetton_wallet': {
        const s = await this.probes.jettonWallet(address, mcSeqno);
        if (s !== null) {
          out.wallets.push({ address, ...s, lastLt, codeHash });
        }
        return s !== null;
      }
      case 'jetton_master': {
        const s = await this.probes.jettonMaster(address, mcSeqno);
        if (s !== null) {
          out.masters.push({ address, ...s, lastLt, codeHash });
        }
        return s !== null;
      }
      case 'nft_item': {
        const s = await this.probes.nftItem(address, mcSeqno);
        if (s !== null) {
          out.items.push({ address, ...s, lastLt, codeHash });
        }
        return s !== null;
      }
      case 'nft_collection': {
        const s = await this.probes.nftCollection(address, mcSeqno);
        if (s !== null) {
          out.collections.push({ address, ...s, lastLt, codeHash });
        }
        return s !== null;
      }
      case 'dns_item': {
        const s = await contracts.dnsItem(address, mcSeqno);
        if (s !== null) {
          out.dnsEntries.push({ address, ...s, lastLt });
        }
        return s !== null;
      }
      case 'multisig': {
        const s = await contracts.multisig(address, mcSeqno);
        if (s !== null) {
          out.multisigs.push({ address, ...s, lastLt, codeHash, dataHash });
        }
        return s !== null;
      }
      case 'multisig_order': {
        const s = await contracts.multisigOrder(address, mcSeqno);
        if (s !== null) {
          out.multisigOrders.push({ address, ...s, lastLt, codeHash, dataHash });
        }
        return s !== null;
      }
      case 'vesting': {
        const s = await contracts.vesting(address, mcSeqno);
        if (s !== null) {
          out.vestings.push({ address, ...s, lastLt, codeHash, dataHash });
        }
        return s !== null;
      }
    }
  }
}
