/** Cocoon (confidential compute network) messages, as toncenter reads them (Cocoon Tolk structs). */
import { Address, ExternalAddress, type Slice } from '@ton/core';
import { loadAddr, loadMaybeRef, rawAddress } from './cells';

export const CocoonOp = {
  returnExcessesBack: 0x2565934c,
  payout: 0xc59a7cd3,
  workerProxyRequest: 0x4d725d2c,
  clientProxyRequest: 0x65448ff4,
  clientProxyRefundGranted: 0xc68ebc7b,
  payoutPayload: 0xa040ad28,
  lastPayoutPayload: 0xf5f26a36,
  registerProxy: 0x927c7cb5,
  unregisterProxy: 0x6d49eaf2,
  extProxyPayoutRequest: 0x7610e6eb,
  extClientTopUp: 0xf172e6c2,
  ownerClientRegister: 0xc45f9f3b,
  ownerClientChangeSecretHash: 0xa9357034,
  ownerClientIncreaseStake: 0x6a1f6a60,
  ownerClientWithdraw: 0xda068e78,
  ownerClientRequestRefund: 0xfafa6cc1,
  chargePayload: 0xbb63ff93,
  grantRefundPayload: 0xefd711e1,
  ownerWalletSendMessage: 0x9c69f376,
} as const;

function expectOp(s: Slice, op: number): void {
  if (s.loadUint(32) !== op) {
    throw new Error(`not a Cocoon 0x${op.toString(16)} message`);
  }
}

/**
 * An `expectedMyAddress`: null for addr_none, raw upper-case for an internal address, and
 * `<bits>;<hex>` for an external one (toncenter's rendering of pytoniq's ExternalAddress).
 */
function loadExpectedAddress(s: Slice): string | null {
  const a = s.loadAddressAny();
  if (a instanceof ExternalAddress) {
    return `${a.bits};${a.value.toString(16)}`;
  }
  return a instanceof Address ? rawAddress(a) : null;
}

/** PayoutPayload#a040ad28 / LastPayoutPayload#f5f26a36 queryId:uint64 newTokens:uint64 expectedMyAddress:address. */
export function parseCocoonPayoutPayload(
  s: Slice,
  op: number,
): { query_id: bigint; new_tokens: bigint; expected_address: string | null } {
  expectOp(s, op);
  const query_id = s.loadUintBig(64);
  const new_tokens = s.loadUintBig(64);
  return { query_id, new_tokens, expected_address: loadExpectedAddress(s) };
}

/** ChargePayload#bb63ff93 / GrantRefundPayload#efd711e1 queryId:uint64 newTokensUsed:uint64 expectedMyAddress:address. */
export function parseCocoonTokensUsedPayload(
  s: Slice,
  op: number,
): { query_id: bigint; new_tokens_used: bigint; expected_address: string | null } {
  const p = parseCocoonPayoutPayload(s, op);
  return {
    query_id: p.query_id,
    new_tokens_used: p.new_tokens,
    expected_address: p.expected_address,
  };
}

/** WorkerProxyRequest#4d725d2c queryId:uint64 ownerAddress:address state:uint2 tokens:uint64 payload:cell?. */
export function parseCocoonWorkerProxyRequest(s: Slice): {
  owner: string | null;
  state: number;
  tokens: bigint;
} {
  expectOp(s, CocoonOp.workerProxyRequest);
  s.skip(64);
  const owner = loadAddr(s);
  const state = s.loadUint(2);
  const tokens = s.loadUintBig(64);
  return { owner, state, tokens };
}

/**
 * ClientProxyRequest#65448ff4 queryId:uint64 ownerAddress:address stateData:^Cell payload:cell?,
 * the payload read as ClientProxyRefundGranted#c68ebc7b coins:coins sendExcessesTo:address: its coins,
 * or null without a payload.
 */
export function parseCocoonClientRequestRefundCoins(s: Slice): bigint | null {
  expectOp(s, CocoonOp.clientProxyRequest);
  s.skip(64);
  loadAddr(s);
  s.loadRef();
  const payload = loadMaybeRef(s);
  if (payload === null) {
    return null;
  }
  const p = payload.beginParse();
  expectOp(p, CocoonOp.clientProxyRefundGranted);
  return p.loadCoins();
}

/** <op> queryId:uint64 sendExcessesTo:address (ExtProxyPayoutRequest, OwnerClientWithdraw, OwnerClientRequestRefund). */
export function parseCocoonQueryAndExcesses(
  s: Slice,
  op: number,
): { query_id: bigint; send_excesses_to: string | null } {
  expectOp(s, op);
  const query_id = s.loadUintBig(64);
  return { query_id, send_excesses_to: loadAddr(s) };
}

/** <op> queryId:uint64 amount:coins sendExcessesTo:address (ExtClientTopUp, OwnerClientIncreaseStake). */
export function parseCocoonQueryCoinsExcesses(
  s: Slice,
  op: number,
): { query_id: bigint; amount: bigint; send_excesses_to: string | null } {
  expectOp(s, op);
  const query_id = s.loadUintBig(64);
  const amount = s.loadCoins();
  return { query_id, amount, send_excesses_to: loadAddr(s) };
}

/** OwnerClientRegister#c45f9f3b queryId:uint64 nonce:uint64 sendExcessesTo:address. */
export function parseCocoonOwnerClientRegister(s: Slice): {
  query_id: bigint;
  nonce: bigint;
  send_excesses_to: string | null;
} {
  expectOp(s, CocoonOp.ownerClientRegister);
  const query_id = s.loadUintBig(64);
  const nonce = s.loadUintBig(64);
  return { query_id, nonce, send_excesses_to: loadAddr(s) };
}

/** OwnerClientChangeSecretHash#a9357034 queryId:uint64 newSecretHash:uint256 sendExcessesTo:address. */
export function parseCocoonOwnerClientChangeSecretHash(s: Slice): {
  query_id: bigint;
  new_secret_hash: bigint;
  send_excesses_to: string | null;
} {
  expectOp(s, CocoonOp.ownerClientChangeSecretHash);
  const query_id = s.loadUintBig(64);
  const new_secret_hash = s.loadUintBig(256);
  return { query_id, new_secret_hash, send_excesses_to: loadAddr(s) };
}

/** RegisterProxy#927c7cb5 queryId:uint64 proxyInfo:RemainingBitsAndRefs: the query id. */
export function parseCocoonRegisterProxy(s: Slice): { query_id: bigint } {
  expectOp(s, CocoonOp.registerProxy);
  return { query_id: s.loadUintBig(64) };
}

/** UnregisterProxy#6d49eaf2 queryId:uint64 seqno:uint32. */
export function parseCocoonUnregisterProxy(s: Slice): { query_id: bigint; seqno: number } {
  expectOp(s, CocoonOp.unregisterProxy);
  const query_id = s.loadUintBig(64);
  return { query_id, seqno: s.loadUint(32) };
}
