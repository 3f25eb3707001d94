import { echoedInput, parseAddress } from '@app/ton';
import { type EventType, isEventType } from './subscription';

/** The raw form every notification uses: `wc:` and 64 uppercase hex digits. */
export function normaliseAddress(input: string): string | undefined {
  const parsed = parseAddress(input);
  if (parsed === undefined) {
    return undefined;
  }
  return `${String(parsed.address.workChain)}:${parsed.address.hash.toString('hex').toUpperCase()}`;
}

export interface SubscriptionTargets {
  readonly types: Set<EventType>;
  readonly addresses: Set<string>;
  readonly traceNorms: Set<string>;
}

/** The texts that differ between the SSE body and the WebSocket `subscribe` (ton-streaming-go). */
export interface TargetTexts {
  readonly typesRequired: string;
  readonly addressesRequired: string;
}

export const SSE_TEXTS: TargetTexts = {
  typesRequired: 'types are required for subscription',
  addressesRequired: 'addresses are required for subscription',
};

export const WS_TEXTS: TargetTexts = {
  typesRequired: 'types are required',
  addressesRequired: 'addresses are required',
};

export type TargetsOutcome =
  | { readonly ok: true; readonly targets: SubscriptionTargets }
  | { readonly ok: false; readonly error: string };

/** Reads one address into its raw form (normaliseAddress, or a connection's memo of it). */
export type AddressNormaliser = (input: string) => string | undefined;

/** Addresses in any form → raw upper-hex, duplicates merged; the first bad one is named. */
export function normaliseAddresses(
  inputs: readonly string[],
  normalise: AddressNormaliser = normaliseAddress,
): { ok: true; addresses: Set<string> } | { ok: false; error: string } {
  const addresses = new Set<string>();
  for (const input of inputs) {
    const raw = normalise(input);
    if (raw === undefined) {
      return { ok: false, error: `invalid address: ${echoedInput(input)}` };
    }
    addresses.add(raw);
  }
  return { ok: true, addresses };
}

/** Hashes trimmed of spaces (Go strings.TrimSpace), duplicates merged; an empty one is refused. */
export function normaliseTraceNorms(
  inputs: readonly string[],
): { ok: true; norms: Set<string> } | { ok: false; error: string } {
  const norms = new Set<string>();
  for (const input of inputs) {
    const norm = input.trim();
    if (norm === '') {
      return { ok: false, error: 'trace_external_hash_norms contains empty value' };
    }
    norms.add(norm);
  }
  return { ok: true, norms };
}

/**
 * Checks types, addresses and trace hashes in ton-streaming-go's order
 * (https://docs.ton.org/api/streaming/overview): types present, each known, addresses parse, hashes
 * non-empty, hashes only with `trace`, `trace` only with hashes, addresses for every other type.
 */
export function validateTargets(
  request: {
    readonly types?: readonly string[] | undefined;
    readonly addresses?: readonly string[] | undefined;
    readonly trace_external_hash_norms?: readonly string[] | undefined;
  },
  texts: TargetTexts,
  normalise: AddressNormaliser = normaliseAddress,
): TargetsOutcome {
  const rawTypes = request.types ?? [];
  if (rawTypes.length === 0) {
    return { ok: false, error: texts.typesRequired };
  }
  const types = new Set<EventType>();
  for (const type of rawTypes) {
    if (!isEventType(type)) {
      return { ok: false, error: `invalid event type: ${type}` };
    }
    types.add(type);
  }
  const addresses = normaliseAddresses(request.addresses ?? [], normalise);
  if (!addresses.ok) {
    return addresses;
  }
  const norms = normaliseTraceNorms(request.trace_external_hash_norms ?? []);
  if (!norms.ok) {
    return norms;
  }
  if (norms.norms.size > 0 && !types.has('trace')) {
    return { ok: false, error: 'trace_external_hash_norms requires type "trace"' };
  }
  if (types.has('trace') && norms.norms.size === 0) {
    return { ok: false, error: 'trace_external_hash_norms are required for trace subscription' };
  }
  const needsAddresses = [...types].some((type) => type !== 'trace');
  if (needsAddresses && addresses.addresses.size === 0) {
    return { ok: false, error: texts.addressesRequired };
  }
  return {
    ok: true,
    targets: { types, addresses: addresses.addresses, traceNorms: norms.norms },
  };
}
