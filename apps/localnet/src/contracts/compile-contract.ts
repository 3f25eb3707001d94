import { compileFunc } from '@ton-community/func-js';
import { Cell } from '@ton/core';

import { COMMON_FC } from './func/common.fc';
import { DEDUST_FACTORY_FC, DEDUST_POOL_FC } from './func/dedust-pool.fc';
import { DNS_ITEM_FC } from './func/dns-item.fc';
import {
  JETTON_MINTER_FC,
  JETTON_MINTER_GETTERS_FC,
  JETTON_MINTER_STORAGE_FC,
  JETTON_UTILS_FC,
  JETTON_WALLET_FC,
} from './func/jetton.fc';
import { NFT_COLLECTION_FC, NFT_ITEM_FC } from './func/nft.fc';
import {
  STAKING_MINTER_FC,
  STAKING_POOL_FC,
  WITHDRAWAL_BILL_FC,
  WITHDRAWAL_BILLS_FC,
} from './func/liquid-staking.fc';
import { NFT_AUCTION_FC } from './func/nft-auction.fc';
import { NFT_SALE_FC, NFT_TRADE_FC } from './func/nft-sale.fc';
import { MULTISIG_COMMON_FC, MULTISIG_FC, MULTISIG_ORDER_FC } from './func/multisig.fc';
import { STDLIB_FC } from './func/stdlib.fc';
import { VESTING_FC } from './func/vesting.fc';

/** The contracts of the local network; each compiles from the FunC sources in ./func. */
export const LOCAL_CONTRACTS = [
  'jetton-minter',
  'jetton-wallet',
  'nft-collection',
  'nft-item',
  'nft-sale',
  'nft-auction',
  'dns-item',
  'vesting-wallet',
  'multisig',
  'multisig-order',
  'staking-pool',
  'staking-minter',
  'withdrawal-bills',
  'withdrawal-bill',
  'dedust-pool',
  'dedust-factory',
] as const;
export type LocalContractName = (typeof LOCAL_CONTRACTS)[number];

/** Every FunC file by the name the `#include` lines use. */
const SOURCES: Readonly<Record<string, string>> = {
  'stdlib.fc': STDLIB_FC,
  'common.fc': COMMON_FC,
  'jetton-utils.fc': JETTON_UTILS_FC,
  'jetton-wallet.fc': JETTON_WALLET_FC,
  'jetton-minter.fc': JETTON_MINTER_FC,
  'jetton-minter-storage.fc': JETTON_MINTER_STORAGE_FC,
  'jetton-minter-getters.fc': JETTON_MINTER_GETTERS_FC,
  'nft-collection.fc': NFT_COLLECTION_FC,
  'nft-item.fc': NFT_ITEM_FC,
  'nft-sale.fc': NFT_SALE_FC,
  'nft-trade.fc': NFT_TRADE_FC,
  'nft-auction.fc': NFT_AUCTION_FC,
  'dns-item.fc': DNS_ITEM_FC,
  'vesting-wallet.fc': VESTING_FC,
  'multisig-common.fc': MULTISIG_COMMON_FC,
  'multisig.fc': MULTISIG_FC,
  'multisig-order.fc': MULTISIG_ORDER_FC,
  'staking-pool.fc': STAKING_POOL_FC,
  'staking-minter.fc': STAKING_MINTER_FC,
  'withdrawal-bills.fc': WITHDRAWAL_BILLS_FC,
  'withdrawal-bill.fc': WITHDRAWAL_BILL_FC,
  'dedust-pool.fc': DEDUST_POOL_FC,
  'dedust-factory.fc': DEDUST_FACTORY_FC,
};

/** Compiled code per process: the WASM compiler takes ~100 ms per contract and the result never changes. */
const cache = new Map<LocalContractName, Promise<Cell>>();

/**
 * The emscripten build of the FunC compiler installs process-wide `uncaughtException` and
 * `unhandledRejection` handlers that rethrow — and print the whole compiler source — every time it
 * is instantiated. In a long-running service that turns any stray rejection into a crash; the
 * handlers it adds are removed once it is done.
 */
export async function withoutCompilerProcessHandlers<T>(run: () => Promise<T>): Promise<T> {
  const uncaught = new Set(process.listeners('uncaughtException'));
  const unhandled = new Set(process.listeners('unhandledRejection'));
  try {
    return await run();
  } finally {
    for (const listener of process.listeners('uncaughtException')) {
      if (!uncaught.has(listener)) {
        process.removeListener('uncaughtException', listener);
      }
    }
    for (const listener of process.listeners('unhandledRejection')) {
      if (!unhandled.has(listener)) {
        process.removeListener('unhandledRejection', listener);
      }
    }
  }
}

async function compile(name: LocalContractName): Promise<Cell> {
  const result = await withoutCompilerProcessHandlers(() =>
    compileFunc({
      targets: [`${name}.fc`],
      sources: (path: string): string => {
        const source = SOURCES[path];
        if (source === undefined) {
          throw new Error(`FunC source ${path} is not one of the local contracts' files`);
        }
        return source;
      },
    }),
  );
  if (result.status === 'error') {
    throw new Error(`FunC compilation of ${name} failed: ${result.message}`);
  }
  const [code] = Cell.fromBoc(Buffer.from(result.codeBoc, 'base64'));
  if (code === undefined) {
    throw new Error(`FunC compilation of ${name} produced an empty BoC`);
  }
  return code;
}

/** The code cell of a local contract, compiled once per process from its FunC sources. */
export function contractCode(name: LocalContractName): Promise<Cell> {
  let code = cache.get(name);
  if (code === undefined) {
    code = compile(name);
    cache.set(name, code);
    // A failed compilation is not cached, so a fixed source can be retried in the same process.
    code.catch(() => cache.delete(name));
  }
  return code;
}
