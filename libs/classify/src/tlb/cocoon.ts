/**
 * Cocoon (confidential compute network) messages, as toncenter reads them (Cocoon Tolk structs).
 * Bodies load through the registry's `COCOON` constructors; what is read here after their leading
 * fields is what the layouts do not say: the payout and charge payloads' expected address, which
 * toncenter renders even when it is an addr_extern (the layout's `address` wants an account), and the
 * refund a ClientProxyRequest carries, whose owner and sendExcessesTo toncenter reads the same way.
 */
import { Address, ExternalAddress, type Slice } from '@ton/core';
import { COCOON, loadFields, loadLeadingFields, type TaggedConstructor } from '@app/ton';
import { loadAddressAsPytoniq, loadMaybeRef, rawAddress } from './cells';

/** The constructor among `ks` with opcode `op` (the matcher's opcode names the layout). */
function byOpcode<K extends TaggedConstructor>(ks: readonly K[], op: number): K {
  const k = ks.find((c) => c.opcode === op);
  if (k === undefined) {
    throw new Error(`not a Cocoon 0x${op.toString(16)} payload`);
  }
  return k;
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

/**
 * `COCOON.payout_payload` / `COCOON.last_payout_payload` (by `op`) up to new_tokens, then the expected
 * address as rendered.
 */
export function parseCocoonPayoutPayload(
  s: Slice,
  op: number,
): { query_id: bigint; new_tokens: bigint; expected_address: string | null } {
  const k = byOpcode([COCOON.payout_payload, COCOON.last_payout_payload], op);
  const { query_id, new_tokens } = loadLeadingFields(k, s, ['query_id', 'new_tokens']);
  return { query_id, new_tokens, expected_address: loadExpectedAddress(s) };
}

/**
 * `COCOON.charge_payload` / `COCOON.grant_refund_payload` (by `op`) up to new_tokens_used, then the
 * expected address as rendered.
 */
export function parseCocoonTokensUsedPayload(
  s: Slice,
  op: number,
): { query_id: bigint; new_tokens_used: bigint; expected_address: string | null } {
  const k = byOpcode([COCOON.charge_payload, COCOON.grant_refund_payload], op);
  const { query_id, new_tokens_used } = loadLeadingFields(k, s, ['query_id', 'new_tokens_used']);
  return { query_id, new_tokens_used, expected_address: loadExpectedAddress(s) };
}

/**
 * `COCOON.worker_proxy_request`: its owner, state and tokens. The payload is not used, but its Maybe
 * bit (and ref) must be there, as the layout has it: toncenter's CocoonWorkerProxyRequest
 * (messages/cocoon.py) calls load_maybe_ref, so a body ending after the tokens is unreadable.
 */
export function parseCocoonWorkerProxyRequest(s: Slice): {
  owner: string | null;
  state: number;
  tokens: bigint;
} {
  const { owner_address: owner, state, tokens } = loadFields(COCOON.worker_proxy_request, s);
  return { owner, state, tokens };
}

/**
 * The coins of the refund a `COCOON.client_proxy_request` carries in its payload
 * (ClientProxyRefundGranted#c68ebc7b coins:coins sendExcessesTo:address), or null without a payload.
 * toncenter's CocoonClientProxyRequest and CocoonClientProxyRefundGranted (messages/cocoon.py) read
 * the request's owner and the refund's sendExcessesTo with pytoniq's load_address, not making them
 * AccountIds, so an addr_extern reads in both; a payload ending after the coins is unreadable. Each
 * is loaded from its constructor up to that address, which is read here.
 */
export function parseCocoonClientRequestRefundCoins(s: Slice): bigint | null {
  loadLeadingFields(COCOON.client_proxy_request, s, ['query_id']);
  loadAddressAsPytoniq(s);
  s.loadRef(); // state_data
  const payload = loadMaybeRef(s);
  if (payload === null) {
    return null;
  }
  const p = payload.beginParse();
  const { coins } = loadLeadingFields(COCOON.client_proxy_refund_granted, p, ['coins']);
  loadAddressAsPytoniq(p);
  return coins;
}
