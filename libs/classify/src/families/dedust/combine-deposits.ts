/** toncenter `post_process_dedust_liquidity`: the first and final deposits of one deposit contract. */
import type { Block } from '../../core/block';
import { sameAsset, type Asset } from '../asset';
import {
  DedustDepositLiquidityBlock,
  DedustDepositLiquidityPartialBlock,
  type DedustDepositData,
} from './blocks';

function sameAssetSet(a: (Asset | null)[], b: (Asset | null)[]): boolean {
  const has = (set: (Asset | null)[], x: Asset | null): boolean => set.some((y) => sameAsset(x, y));
  return a.every((x) => has(b, x)) && b.every((x) => has(a, x));
}

/** toncenter `combine_deposits`: the first deposit's asset joins the final deposit's data. */
function combineDeposits(first: DedustDepositData, final: DedustDepositData): DedustDepositData {
  const targetsFirst = [first.target_asset_1, first.target_asset_2];
  if (!sameAssetSet(targetsFirst, [final.target_asset_1, final.target_asset_2])) {
    throw new Error("target assets in deposits don't match");
  }
  const tuples: [Asset, bigint | null, string | null][] = [];
  for (const [asset, amount, wallet] of [
    [first.asset_1, first.amount_1, first.user_jetton_wallet_1],
    [first.asset_2, first.amount_2, first.user_jetton_wallet_2],
  ] as const) {
    if (asset) {
      tuples.push([asset, amount, wallet]);
    }
  }
  for (const [asset, amount, wallet] of [
    [final.asset_1, final.amount_1, final.user_jetton_wallet_1],
    [final.asset_2, final.amount_2, final.user_jetton_wallet_2],
  ] as const) {
    if (!asset) {
      continue;
    }
    const idx = tuples.findIndex((t) => sameAsset(t[0], asset));
    const existing = tuples[idx];
    if (existing) {
      if (existing[2] !== wallet) {
        throw new Error('user wallet mismatch');
      }
      existing[1] = (existing[1] ?? 0n) + (amount ?? 0n);
      existing[2] = wallet ?? existing[2];
    } else {
      tuples.push([asset, amount, wallet]);
    }
  }
  const unique: Asset[] = [];
  for (const [a] of tuples) {
    if (!unique.some((u) => sameAsset(u, a))) {
      unique.push(a);
    }
  }
  if (unique.length !== 2 || !sameAssetSet(unique, targetsFirst)) {
    throw new Error("deposited assets don't match the target assets");
  }
  const [t1, t2] = tuples;
  if (!t1 || !t2) {
    throw new Error('expected two deposited assets');
  }
  return {
    ...final,
    asset_1: t1[0],
    amount_1: t1[1],
    user_jetton_wallet_1: t1[2],
    asset_2: t2[0],
    amount_2: t2[1],
    user_jetton_wallet_2: t2[2],
    target_asset_1: t1[0],
    target_asset_2: t2[0],
  };
}

/**
 * toncenter `post_process_dedust_liquidity`: a first deposit and the final deposit of the same deposit
 * contract in one trace become one action (unless a contract has more than two deposits).
 */
export function postProcessDedustLiquidity(blocks: Block[]): Block[] {
  const firsts: DedustDepositLiquidityPartialBlock[] = [];
  const finals: DedustDepositLiquidityBlock[] = [];
  const used = new Map<string | null, number>();
  for (const b of blocks) {
    if (b instanceof DedustDepositLiquidityPartialBlock) {
      firsts.push(b);
    } else if (b instanceof DedustDepositLiquidityBlock && b.type === 'dedust_deposit_liquidity') {
      finals.push(b);
    } else {
      continue;
    }
    const key = b.data.deposit_contract;
    used.set(key, (used.get(key) ?? 0) + 1);
  }
  if ([...used.values()].some((v) => v > 2)) {
    return blocks;
  }
  let out = blocks;
  for (const first of firsts) {
    const final = finals.find((b) => b.data.deposit_contract === first.data.deposit_contract);
    if (!final) {
      continue;
    }
    const data = combineDeposits(first.data, final.data);
    out = out.filter((b) => b !== first);
    final.nodes.push(...first.nodes);
    const init = first.initiatingNode;
    if (init && final.initiatingNode !== init) {
      final.nodes.push(init);
    }
    final.data = data;
    final.nodes = [...new Set(final.nodes)];
    final.children = [...new Set([...final.children, ...first.children])];
    final.calculateMinMaxLt();
  }
  return out;
}
