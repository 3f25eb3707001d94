/** TEP-62 NFT message bodies, as toncenter reads them. */
import type { Slice } from '@ton/core';
import { bocBase64, loadAddr, loadMaybeRef, sliceToCell } from './cells';

export const NftOp = {
  transfer: 0x5fcc3d14,
  ownershipAssigned: 0x05138d91,
  excesses: 0xd53276db,
} as const;

export interface NftTransferBody {
  query_id: bigint;
  new_owner: string | null;
  response_destination: string | null;
  custom_payload: string | null;
  forward_amount: bigint;
  forward_payload: string | null;
}

/**
 * transfer#5fcc3d14 query_id:uint64 new_owner:MsgAddress response_destination:MsgAddress
 *   custom_payload:(Maybe ^Cell) forward_amount:(VarUInteger 16) forward_payload:(Either Cell ^Cell)
 */
export function parseNftTransfer(s: Slice): NftTransferBody {
  s.skip(32);
  const query_id = s.loadUintBig(64);
  const new_owner = loadAddr(s);
  const response_destination = loadAddr(s);
  const custom = loadMaybeRef(s);
  const forward_amount = s.loadCoins();
  let forward_payload: string | null = null;
  if (s.remainingBits > 0) {
    const cell = s.loadBit() ? s.loadRef() : sliceToCell(s);
    forward_payload = bocBase64(cell, true);
  }
  return {
    query_id,
    new_owner,
    response_destination,
    custom_payload: custom ? bocBase64(custom, true) : null,
    forward_amount,
    forward_payload,
  };
}

/** ownership_assigned#05138d91 query_id:uint64 prev_owner:MsgAddress forward_payload:(Either Cell ^Cell) */
export function parseNftOwnershipAssigned(s: Slice): {
  query_id: bigint;
  prev_owner: string | null;
} {
  s.skip(32);
  return { query_id: s.loadUintBig(64), prev_owner: loadAddr(s) };
}

export const NftDiscoveryOp = {
  getStaticData: 0x2fcb26a2,
  reportStaticData: 0x8b771735,
} as const;

/** report_static_data#8b771735 query_id:uint64 index:uint256 collection:MsgAddress */
export function parseNftReportStaticData(s: Slice): {
  query_id: bigint;
  index: bigint;
  collection: string | null;
} {
  s.skip(32);
  return { query_id: s.loadUintBig(64), index: s.loadUintBig(256), collection: loadAddr(s) };
}
