/**
 * TEP-74 jetton message bodies (https://github.com/ton-blockchain/TEPs/blob/master/text/0074-jettons-standard.md)
 * and jetton-wallet interfaces for synthetic traces. Not part of the library's barrel; only specs import it.
 */
import { Address, beginCell, type Cell } from '@ton/core';
import type { AccountInterfaces } from '../trace-model';

const at = (raw: string): Address => Address.parse(raw);

/** The interfaces of a jetton wallet of `jetton` owned by `owner`. */
export const jettonWallet = (
  address: string,
  owner: string,
  jetton: string,
): AccountInterfaces => ({
  jetton_wallet: { address, balance: 0n, owner, jetton },
});

/** transfer#0f8a7ea5 to `to` (also the response destination), forward_ton 1, payload in a ref when given. */
export const jettonTransfer = (amount: bigint, to: string, payload: Cell | null): Cell => {
  const b = beginCell()
    .storeUint(0x0f8a7ea5, 32)
    .storeUint(7, 64)
    .storeCoins(amount)
    .storeAddress(at(to))
    .storeAddress(at(to))
    .storeBit(false)
    .storeCoins(1n);
  return (payload ? b.storeBit(true).storeRef(payload) : b.storeBit(false)).endCell();
};

/** internal_transfer#178d4519 from `from` (also the response address), no forward payload. */
export const internalTransfer = (amount: bigint, from: string): Cell =>
  beginCell()
    .storeUint(0x178d4519, 32)
    .storeUint(7, 64)
    .storeCoins(amount)
    .storeAddress(at(from))
    .storeAddress(at(from))
    .storeCoins(1n)
    .storeBit(false)
    .endCell();

/** transfer_notification#7362d09c from `from` with `payload` in a ref. */
export const notification = (amount: bigint, from: string, payload: Cell): Cell =>
  beginCell()
    .storeUint(0x7362d09c, 32)
    .storeUint(7, 64)
    .storeCoins(amount)
    .storeAddress(at(from))
    .storeBit(true)
    .storeRef(payload)
    .endCell();

/** burn#595f07bc with `responseTo` as the response destination, no custom payload. */
export const jettonBurn = (amount: bigint, responseTo: string): Cell =>
  beginCell()
    .storeUint(0x595f07bc, 32)
    .storeUint(7, 64)
    .storeCoins(amount)
    .storeAddress(at(responseTo))
    .storeBit(false)
    .endCell();

/** burn_notification#7bdd97de of `owner`'s burn, excesses to the owner. */
export const burnNotification = (amount: bigint, owner: string): Cell =>
  beginCell()
    .storeUint(0x7bdd97de, 32)
    .storeUint(7, 64)
    .storeCoins(amount)
    .storeAddress(at(owner))
    .storeAddress(at(owner))
    .endCell();
