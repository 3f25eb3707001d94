import { z } from 'zod';

import { Subjects } from '../subjects';
import { RawAddress } from '../v2/primitives';
import { FullAccountState, TokenData, WalletInformation } from '../v2/tonlib-accounts';
import { MasterchainSeqno } from './ls';

export * from '../v2/tonlib-accounts';

/**
 * Liteserver service requests of the v2 accounts endpoints (toncenter
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml): schemas
 * and the subject → {req, res} pairs registered in registry.ts. getAddressBalance and getAddressState need
 * no subject of their own: the gateway derives them from getAddressInformation.
 */

/** An account read: `address` in raw form, optional masterchain `seqno` ("state as of", https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
export const AccountReadReq = z
  .object({
    address: RawAddress,
    seqno: MasterchainSeqno.optional(),
  })
  .strict();
export type AccountReadReq = z.infer<typeof AccountReadReq>;

export const GetWalletInformationReq = AccountReadReq;
export type GetWalletInformationReq = AccountReadReq;
export const GetWalletInformationRes = WalletInformation;
export type GetWalletInformationRes = WalletInformation;

export const GetExtendedAddressInformationReq = AccountReadReq;
export type GetExtendedAddressInformationReq = AccountReadReq;
export const GetExtendedAddressInformationRes = FullAccountState;
export type GetExtendedAddressInformationRes = FullAccountState;

/**
 * getTokenData also carries `given_address`: the caller's address as toncenter 2.1 normalises it
 * (raw → `wc:HEX` upper-case, friendly → url-safe with the flags given,
 * https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml), which 2.1
 * echoes in the result's `address` and in its 409 message.
 */
export const GetTokenDataReq = AccountReadReq.extend({ given_address: z.string().min(1) }).strict();
export type GetTokenDataReq = z.infer<typeof GetTokenDataReq>;
export const GetTokenDataRes = TokenData;
export type GetTokenDataRes = TokenData;

export const lsAccountsContracts = {
  [Subjects.ls.getWalletInformation]: {
    req: GetWalletInformationReq,
    res: GetWalletInformationRes,
  },
  [Subjects.ls.getExtendedAddressInformation]: {
    req: GetExtendedAddressInformationReq,
    res: GetExtendedAddressInformationRes,
  },
  [Subjects.ls.getTokenData]: { req: GetTokenDataReq, res: GetTokenDataRes },
} as const;
