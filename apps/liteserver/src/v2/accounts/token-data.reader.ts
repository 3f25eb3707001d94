import { ErrorCode, type GetTokenDataRes, TonApiError } from '@app/contracts';
import {
  type Address,
  beginCell,
  Cell,
  parseTuple,
  serializeTuple,
  type TupleItem,
  TupleReader,
} from '@ton/core';
import { type LiteClient } from 'ton-lite-client';
import { type tonNode_blockIdExt } from 'ton-lite-client/dist/schema';
import { cellToBase64 } from '../tonlib.mapper';
import { type AccountSnapshot } from './account-snapshot';
import { parseTep64Content } from './tep64-content.parser';

/** Token-data addresses are bounceable and url-safe (toncenter https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
function friendly(address: Address): string {
  return address.toString({ bounceable: true, urlSafe: true });
}

/** Runs a get-method at `block`; the stack when it exits 0, undefined otherwise. */
async function runGetMethod(
  client: LiteClient,
  block: tonNode_blockIdExt,
  address: Address,
  method: string,
  args: TupleItem[] = [],
): Promise<TupleReader | undefined> {
  const params = serializeTuple(args).toBoc({ idx: false, crc32: false });
  const result = await client.runMethod(address, method, params, block);
  if (result.exitCode !== 0 || result.result === null) {
    return undefined;
  }
  return new TupleReader(parseTuple(Cell.fromBase64(result.result)));
}

/** A contract that is neither a Jetton nor an NFT (2.1 wording with the address as given, HTTP 409). */
export function notJettonOrNft(givenAddress: string): TonApiError {
  return new TonApiError(
    ErrorCode.NOT_JETTON_OR_NFT,
    `Smart contract ${givenAddress} is not Jetton or NFT`,
  );
}

/** A stack that does not have the shape the standard prescribes: this detector does not match. */
function tryParse<T>(parse: () => T): T | undefined {
  try {
    return parse();
  } catch {
    // A stack of another shape: the contract does not implement this standard.
    return undefined;
  }
}

type Detector = (
  client: LiteClient,
  snapshot: AccountSnapshot,
) => Promise<GetTokenDataRes | undefined>;

/** TEP-74 `get_jetton_data`: total_supply, mintable, admin, content, wallet code (2.1: ≥ 5 entries). */
const jettonMaster: Detector = async (client, { address, block }) => {
  const stack = await runGetMethod(client, block, address, 'get_jetton_data');
  if (!stack || stack.remaining < 5) {
    return undefined;
  }
  return tryParse(() => {
    const totalSupply = stack.readBigNumber();
    const mintable = stack.readBigNumber() !== 0n;
    const admin = stack.readAddressOpt();
    const content = parseTep64Content(stack.readCell());
    const walletCode = stack.readCell();
    return {
      '@type': 'ext.tokens.jettonMasterData' as const,
      address: friendly(address),
      contract_type: 'jetton_master' as const,
      total_supply: totalSupply.toString(),
      mintable,
      ...(admin ? { admin_address: friendly(admin) } : {}),
      jetton_content: content,
      jetton_wallet_code: cellToBase64(walletCode),
    };
  });
};

/**
 * TEP-74 `get_wallet_data`: balance, owner, master, wallet code — accepted only when the master's
 * `get_wallet_address(owner)` is this very address
 * (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/utils/tokens.py); 2.1 adds
 * `mintless_is_claimed` when the wallet answers `is_claimed`.
 */
const jettonWallet: Detector = async (client, { address, block }) => {
  const stack = await runGetMethod(client, block, address, 'get_wallet_data');
  const data =
    stack &&
    tryParse(() => ({
      balance: stack.readBigNumber(),
      owner: stack.readAddress(),
      master: stack.readAddress(),
      code: stack.readCell(),
    }));
  if (!data) {
    return undefined;
  }
  const ownerSlice = beginCell().storeAddress(data.owner).endCell();
  const verify = await runGetMethod(client, block, data.master, 'get_wallet_address', [
    { type: 'slice', cell: ownerSlice },
  ]);
  const expected = verify && tryParse(() => verify.readAddress());
  if (!expected?.equals(address)) {
    return undefined;
  }
  const claimed = await runGetMethod(client, block, address, 'is_claimed');
  const isClaimed = claimed && tryParse(() => claimed.readBigNumber() !== 0n);
  return {
    '@type': 'ext.tokens.jettonWalletData',
    address: friendly(address),
    contract_type: 'jetton_wallet',
    balance: data.balance.toString(),
    owner: friendly(data.owner),
    jetton: friendly(data.master),
    jetton_wallet_code: cellToBase64(data.code),
    ...(isClaimed === undefined ? {} : { mintless_is_claimed: isClaimed }),
  };
};

/** TEP-62 `get_collection_data`: next_item_index, content, owner (addr_none → omitted). */
const nftCollection: Detector = async (client, { address, block }) => {
  const stack = await runGetMethod(client, block, address, 'get_collection_data');
  if (!stack) {
    return undefined;
  }
  return tryParse(() => {
    const nextItemIndex = stack.readBigNumber();
    const content = parseTep64Content(stack.readCell());
    const owner = stack.readAddressOpt();
    return {
      '@type': 'ext.tokens.nftCollectionData' as const,
      address: friendly(address),
      contract_type: 'nft_collection' as const,
      next_item_index: nextItemIndex.toString(),
      collection_content: content,
      ...(owner ? { owner_address: friendly(owner) } : {}),
    };
  });
};

/**
 * TEP-62 `get_nft_data`: init, index, collection, owner, individual content. With a collection the
 * item must be the collection's `get_nft_address_by_index(index)`, and the full content is the
 * collection's `get_nft_content(index, individual_content)`; without one the individual content is
 * parsed as it is (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/utils/tokens.py).
 */
const nftItem: Detector = async (client, { address, block }) => {
  const stack = await runGetMethod(client, block, address, 'get_nft_data');
  const data =
    stack &&
    tryParse(() => ({
      init: stack.readBigNumber() !== 0n,
      index: stack.readBigNumber(),
      collection: stack.readAddressOpt(),
      owner: stack.readAddressOpt(),
      individualContent: stack.readCell(),
    }));
  if (!data) {
    return undefined;
  }
  let content = data.individualContent;
  if (data.collection) {
    const byIndex = await runGetMethod(client, block, data.collection, 'get_nft_address_by_index', [
      { type: 'int', value: data.index },
    ]);
    const expected = byIndex && tryParse(() => byIndex.readAddress());
    if (!expected?.equals(address)) {
      return undefined;
    }
    const full = await runGetMethod(client, block, data.collection, 'get_nft_content', [
      { type: 'int', value: data.index },
      { type: 'cell', cell: data.individualContent },
    ]);
    const fullContent = full && tryParse(() => full.readCell());
    if (!fullContent) {
      return undefined;
    }
    content = fullContent;
  }
  const parsed = tryParse(() => parseTep64Content(content));
  if (!parsed) {
    return undefined;
  }
  return {
    '@type': 'ext.tokens.nftItemData',
    address: friendly(address),
    contract_type: 'nft_item',
    init: data.init,
    index: data.index.toString(),
    ...(data.collection ? { collection_address: friendly(data.collection) } : {}),
    ...(data.owner ? { owner_address: friendly(data.owner) } : {}),
    content: parsed,
  };
};

/** toncenter 2.1's order: the first valid of master, wallet, collection, item wins (https://github.com/toncenter/pytonlib/blob/HEAD/pytonlib/utils/tokens.py). */
const DETECTORS: readonly Detector[] = [jettonMaster, jettonWallet, nftCollection, nftItem];

/**
 * getTokenData
 * (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): the token
 * kind the contract answers to, or undefined when it is none — also for an account without code,
 * where no get-method can run.
 */
export async function readTokenData(
  client: LiteClient,
  snapshot: AccountSnapshot,
): Promise<GetTokenDataRes | undefined> {
  if (!snapshot.code) {
    return undefined;
  }
  for (const detect of DETECTORS) {
    const data = await detect(client, snapshot);
    if (data) {
      return data;
    }
  }
  return undefined;
}
