import {
  type DataSource,
  type EntityManager,
  type JettonMasterRow,
  type JettonWalletRow,
  type NftCollectionRow,
  type NftItemRow,
  TokenRepository,
} from '@app/database';
import { type InterfaceProbes } from './interface-probes';

export type TokenInterface = 'jetton_wallet' | 'jetton_master' | 'nft_item' | 'nft_collection';
const ALL: readonly TokenInterface[] = [
  'jetton_wallet',
  'jetton_master',
  'nft_item',
  'nft_collection',
];

/** What detection found for one masterchain block, written later inside the block's transaction. */
export interface DetectedBlock {
  readonly newCodes: Map<string, TokenInterface[]>;
  readonly wallets: JettonWalletRow[];
  readonly masters: JettonMasterRow[];
  readonly items: NftItemRow[];
  readonly collections: NftCollectionRow[];
}

/**
 * Interface detection (toncenter v3 §14.2): for every account a block touched, the get-methods of the
 * interfaces its code implements are run at that block. Which interfaces a code implements is probed
 * once per code hash (all four probes on an unseen code) and cached in `contract_interfaces`; accounts
 * whose code implements none cost one cache lookup. Runs outside the block's database transaction
 * (it waits on liteservers).
 */
export class InterfaceDetector {
  private readonly repo = new TokenRepository();

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
    };
    for (const account of touched) {
      if (account.code_hash === null) {
        continue; // no code (uninit, frozen, destroyed): nothing to ask
      }
      const cached = known.get(account.code_hash) ?? out.newCodes.get(account.code_hash);
      const probing = cached === undefined;
      const found: TokenInterface[] = [];
      for (const kind of (cached as TokenInterface[] | undefined) ?? ALL) {
        if (
          await this.probe(
            kind,
            account.account,
            BigInt(account.last_lt),
            account.code_hash,
            mcSeqno,
            out,
          )
        ) {
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
  }

  private async probe(
    kind: TokenInterface,
    address: string,
    lastLt: bigint,
    codeHash: string,
    mcSeqno: number,
    out: DetectedBlock,
  ): Promise<boolean> {
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
    }
  }
}
