import { type Metadata } from '@app/contracts';
import { type AddressMetadataColumns, TokenQueryRepository } from '@app/database';
import { contentUri, splitTokenMetadata } from '@app/ton';
import { Injectable } from '@nestjs/common';
import { json } from '../wire/json';

type TokenInfo = Record<string, unknown>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `extra` of a token info: JSON values read from jsonb, absent when empty. */
function withExtra(info: TokenInfo, extra: Record<string, unknown>): TokenInfo {
  if (Object.keys(extra).length > 0) {
    info.extra = json(extra);
  }
  return info;
}

/**
 * Token info (https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) of
 * a jetton master, NFT collection or item, or undefined when its metadata is not
 * retrieved (then `{type, nft_index?}` and `is_indexed: false`).
 * - Content with a `uri` (off-chain or semi-chain, TEP-64) is answered from the fetcher's
 *   `address_metadata` row: valid → the standard columns at the top (toncenter's key order) and
 *   `extra`; `valid = false` → `{valid: false, type, nft_index?}`; no row or `valid` NULL → not
 *   retrieved.
 * - Content without one is metadata already: valid, standard keys at the top, the rest in `extra`.
 */
function tokenInfo(
  type: string,
  content: unknown,
  row: AddressMetadataColumns,
  nftIndex?: string,
): TokenInfo | undefined {
  const index = nftIndex === undefined ? {} : { nft_index: nftIndex };
  if (contentUri(content) !== undefined) {
    if (row.metadata_valid === null) {
      return undefined;
    }
    if (!row.metadata_valid) {
      return { valid: false, type, ...index };
    }
    const info: TokenInfo = { valid: true, type };
    const columns = {
      name: row.metadata_name,
      symbol: row.metadata_symbol,
      description: row.metadata_description,
      image: row.metadata_image,
    };
    for (const [key, value] of Object.entries(columns)) {
      if (value !== null) {
        info[key] = value;
      }
    }
    return withExtra({ ...info, ...index }, isRecord(row.metadata_extra) ? row.metadata_extra : {});
  }
  if (!isRecord(content) || Object.keys(content).length === 0) {
    return undefined;
  }
  const { standard, extra } = splitTokenMetadata(content);
  return withExtra({ valid: true, type, ...index, ...standard }, extra);
}

/**
 * Builds `metadata` (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/docs/swagger.yaml) for a set of
 * raw addresses: jetton wallets (with their master added), jetton masters, NFT collections and
 * items. Addresses that are not token contracts are absent.
 */
@Injectable()
export class MetadataBuilder {
  constructor(private readonly tokens: TokenQueryRepository) {}

  /** `skip` (`X-No-Metadata`, https://github.com/toncenter/ton-indexer/blob/HEAD/ton-index-go/main.go): `{}` without a single query. */
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
      add(m.address, tokenInfo(type, m.jetton_content, m), { type });
    }
    for (const c of collections) {
      const type = 'nft_collections';
      add(c.address, tokenInfo(type, c.collection_content, c), { type });
    }
    for (const i of items) {
      const type = 'nft_items';
      add(i.address, tokenInfo(type, i.content, i, i.index), { type, nft_index: i.index });
    }
    const metadata: Metadata = {};
    for (const [address, entry] of [...out].sort(([a], [b]) => (a < b ? -1 : 1))) {
      metadata[address] = { is_indexed: entry.indexed, token_info: entry.infos };
    }
    return metadata;
  }
}
