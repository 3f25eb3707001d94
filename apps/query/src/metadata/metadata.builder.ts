import { type Metadata } from '@app/contracts';
import { TokenQueryRepository } from '@app/database';
import { Injectable } from '@nestjs/common';
import { json } from '../wire/json';

type TokenInfo = Record<string, unknown>;

/** The standard keys of token metadata (TEP-64); every other key goes to `extra`. */
const STANDARD = ['name', 'symbol', 'description', 'image'] as const;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Token info from on-chain content (§12.2): content with keys other than `uri` is metadata already
 * retrieved (valid, standard keys at the top, the rest in `extra`); content that only points off-chain
 * is not retrieved (no off-chain fetcher yet): `{type}` and `is_indexed: false`.
 */
function fromContent(type: string, content: unknown, nftIndex?: string): TokenInfo | undefined {
  const base: TokenInfo = nftIndex === undefined ? { type } : { type, nft_index: nftIndex };
  if (!isRecord(content) || Object.keys(content).every((k) => k === 'uri')) {
    return undefined;
  }
  const info: TokenInfo = { valid: true, ...base };
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(content)) {
    if ((STANDARD as readonly string[]).includes(key)) {
      info[key] = json(value);
    } else {
      extra[key] = json(value);
    }
  }
  if (Object.keys(extra).length > 0) {
    info.extra = extra;
  }
  return info;
}

/**
 * Builds `metadata` (toncenter-v3 §12.2) for a set of raw addresses: jetton wallets (with their
 * master added), jetton masters, NFT collections and items. Addresses that are not token contracts
 * are absent.
 */
@Injectable()
export class MetadataBuilder {
  constructor(private readonly tokens: TokenQueryRepository) {}

  /** `skip` (`X-No-Metadata`, §2.5): `{}` without a single query. */
  async build(addresses: Iterable<string>, skip = false): Promise<Metadata> {
    if (skip) {
      return {};
    }
    const unique = new Set(addresses);
    const out = new Map<string, { indexed: boolean; infos: TokenInfo[] }>();
    const add = (address: string, info: TokenInfo | undefined, fallback: TokenInfo): void => {
      const entry = out.get(address) ?? { indexed: true, infos: [] };
      entry.infos.push(info ?? fallback);
      entry.indexed &&= info !== undefined;
      out.set(address, entry);
    };
    const wallets = await this.tokens.jettonWalletsByAddress([...unique]);
    for (const w of wallets) {
      add(
        w.address,
        {
          type: 'jetton_wallets',
          valid: true,
          extra: { owner: w.owner, jetton: w.jetton, balance: w.balance },
        },
        {},
      );
      unique.add(w.jetton);
    }
    const list = [...unique];
    const [masters, collections, items] = await Promise.all([
      this.tokens.jettonMastersByAddress(list),
      this.tokens.nftCollectionsByAddress(list),
      this.tokens.nftItemsByAddress(list),
    ]);
    for (const m of masters) {
      const type = 'jetton_masters';
      add(m.address, fromContent(type, m.jetton_content), { type });
    }
    for (const c of collections) {
      const type = 'nft_collections';
      add(c.address, fromContent(type, c.collection_content), { type });
    }
    for (const i of items) {
      const type = 'nft_items';
      add(i.address, fromContent(type, i.content, i.index), { type, nft_index: i.index });
    }
    const metadata: Metadata = {};
    for (const [address, entry] of [...out].sort(([a], [b]) => (a < b ? -1 : 1))) {
      metadata[address] = { is_indexed: entry.indexed, token_info: entry.infos };
    }
    return metadata;
  }
}
