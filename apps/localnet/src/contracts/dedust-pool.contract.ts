import { type Address, beginCell, type Cell, contractAddress, type StateInit } from '@ton/core';
import { contractCode } from './compile-contract';

/** The local DeDust-like pool's one message: adds `amount1` and `amount2` to its reserves. */
export const OP_ADD_RESERVES = 0x0d0d0001;

/** A pool's terms: its curve, its assets (null is TON) and its trade fee as a fraction. */
export interface DedustPoolTerms {
  readonly stable: boolean;
  readonly asset1: Address | null;
  readonly asset2: Address | null;
  readonly feeNumerator: number;
  readonly feeDenominator: number;
}

/** DeDust's `Asset`: native$0000, jetton$0001 workchain_id:int8 address:uint256. */
export function dedustAsset(jetton: Address | null): Cell {
  return jetton === null
    ? beginCell().storeUint(0, 4).endCell()
    : beginCell().storeUint(1, 4).storeInt(jetton.workChain, 8).storeBuffer(jetton.hash).endCell();
}

/** A pool's state init: `reserves` non-zero make a pool the factory would not derive. */
export async function dedustPoolInit(
  terms: DedustPoolTerms,
  reserves: readonly [bigint, bigint] = [0n, 0n],
): Promise<{ init: StateInit; address: Address }> {
  const data = beginCell()
    .storeUint(terms.stable ? 1 : 0, 1)
    .storeUint(terms.feeNumerator, 16)
    .storeUint(terms.feeDenominator, 16)
    .storeCoins(reserves[0])
    .storeCoins(reserves[1])
    .storeRef(dedustAsset(terms.asset1))
    .storeRef(dedustAsset(terms.asset2))
    .endCell();
  const init = { code: await contractCode('dedust-pool'), data };
  return { init, address: contractAddress(0, init) };
}

/** The factory deriving pools of the local pool code with the given fee. */
export async function dedustFactoryInit(
  feeNumerator: number,
  feeDenominator: number,
): Promise<{ init: StateInit; address: Address }> {
  const data = beginCell()
    .storeRef(await contractCode('dedust-pool'))
    .storeUint(feeNumerator, 16)
    .storeUint(feeDenominator, 16)
    .endCell();
  const init = { code: await contractCode('dedust-factory'), data };
  return { init, address: contractAddress(0, init) };
}

/** The body adding `amount1` and `amount2` to a pool's reserves. */
export function addReservesBody(amount1: bigint, amount2: bigint): Cell {
  return beginCell()
    .storeUint(OP_ADD_RESERVES, 32)
    .storeCoins(amount1)
    .storeCoins(amount2)
    .endCell();
}
