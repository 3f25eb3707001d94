/**
 * Cocoon (confidential compute network) messages, as toncenter reads them (Cocoon Tolk structs).
 * Bodies load through the registry's `COCOON` constructors; what stays here is what the layouts do
 * not say: the payout and charge payloads' expected address, which toncenter renders even when it is
 * an addr_extern (the layout's `address` wants an account), WorkerProxyRequest read with its payload
 * skipped, and the refund a ClientProxyRequest carries, read through its sendExcessesTo.
 */
import { Address, ExternalAddress, type Slice } from '@ton/core';
import { COCOON } from '@app/ton';
import { loadAddr, loadAddressAsPytoniq, loadMaybeRef, rawAddress } from './cells';

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
  const a = loadAddressAsPytoniq(s);
  if (a instanceof ExternalAddress) {
    return `${a.bits};${a.value.toString(16)}`;
  }
  return a instanceof Address ? rawAddress(a) : null;
}

/** `COCOON.payout_payload` / `COCOON.last_payout_payload` (by `op`), the expected address as rendered. */
export function parseCocoonPayoutPayload(
  s: Slice,
  op: number,
): { query_id: bigint; new_tokens: bigint; expected_address: string | null } {
  expectOp(s, op);
  const query_id = s.loadUintBig(64);
  const new_tokens = s.loadUintBig(64);
  return { query_id, new_tokens, expected_address: loadExpectedAddress(s) };
}

/** `COCOON.charge_payload` / `COCOON.grant_refund_payload` (by `op`), the expected address as rendered. */
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

/**
 * `COCOON.worker_proxy_request`: its owner, state and tokens. The payload is skipped, but its Maybe bit
 * (and ref) must be there: toncenter's CocoonWorkerProxyRequest (messages/cocoon.py) calls
 * load_maybe_ref, so a body ending after the tokens is unreadable.
 */
export function parseCocoonWorkerProxyRequest(s: Slice): {
  owner: string | null;
  state: number;
  tokens: bigint;
} {
  expectOp(s, COCOON.worker_proxy_request.opcode);
  s.skip(64);
  const owner = loadAddr(s);
  const state = s.loadUint(2);
  const tokens = s.loadUintBig(64);
  loadMaybeRef(s);
  return { owner, state, tokens };
}

/**
 * The coins of the refund a `COCOON.client_proxy_request` carries in its payload
 * (ClientProxyRefundGranted#c68ebc7b coins:coins sendExcessesTo:address), or null without a payload.
 * toncenter's CocoonClientProxyRequest and CocoonClientProxyRefundGranted (messages/cocoon.py) read
 * the request's owner and the refund's sendExcessesTo with pytoniq's load_address, not making them
 * AccountIds, so an addr_extern reads in both; a payload ending after the coins is unreadable.
 */
export function parseCocoonClientRequestRefundCoins(s: Slice): bigint | null {
  // ClientProxyRequest#65448ff4 queryId:uint64 ownerAddress:address stateData:^Cell payload:(Maybe ^Cell)
  expectOp(s, COCOON.client_proxy_request.opcode);
  s.skip(64);
  loadAddressAsPytoniq(s);
  s.loadRef();
  const payload = loadMaybeRef(s);
  if (payload === null) {
    return null;
  }
  const p = payload.beginParse();
  expectOp(p, COCOON.client_proxy_refund_granted.opcode);
  const coins = p.loadCoins();
  loadAddressAsPytoniq(p);
  return coins;
}
