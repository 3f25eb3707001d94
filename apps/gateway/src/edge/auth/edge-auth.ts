import { type ActiveApiKey } from '@app/database';
import { isWellFormedApiKey, hashApiKey } from './api-key-secret';
import { type PresentedKey } from './presented-key';

/** Who is calling: nobody in particular (limited per IP) or the holder of a live key of a plan. */
export type EdgeCaller =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'key'; readonly keyId: number; readonly plan: ActiveApiKey['plan'] };

/** Why a request is refused before it is served (toncenter's gateway texts, toncenter https://toncenter.com/api/v2/). */
export type AuthFailure =
  | {
      readonly status: 401;
      readonly message: 'API key does not exist';
      readonly reason: 'unknown_key';
    }
  | {
      readonly status: 403;
      readonly message: 'Network not allowed';
      readonly reason: 'network_not_allowed';
    };

export type AuthOutcome =
  | { readonly ok: true; readonly caller: EdgeCaller }
  | { readonly ok: false; readonly failure: AuthFailure };

const ANONYMOUS: AuthOutcome = { ok: true, caller: { kind: 'anonymous' } };
const UNKNOWN_KEY: AuthOutcome = {
  ok: false,
  failure: { status: 401, message: 'API key does not exist', reason: 'unknown_key' },
};
const WRONG_NETWORK: AuthOutcome = {
  ok: false,
  failure: { status: 403, message: 'Network not allowed', reason: 'network_not_allowed' },
};

/**
 * Admits a presented key. `lookup` is null when this gateway has no key store (no DATABASE_URL): then
 * keys are not checked and every caller is anonymous.
 */
export async function authenticate(
  presented: PresentedKey,
  lookup: ((keyHash: string) => Promise<ActiveApiKey | null>) | null,
  network: string,
): Promise<AuthOutcome> {
  if (lookup === null || presented.kind === 'none') {
    return ANONYMOUS;
  }
  if (presented.kind === 'invalid' || !isWellFormedApiKey(presented.key)) {
    return UNKNOWN_KEY;
  }
  const active = await lookup(hashApiKey(presented.key));
  if (active === null) {
    return UNKNOWN_KEY;
  }
  if (!active.plan.networks.includes(network)) {
    return WRONG_NETWORK;
  }
  return { ok: true, caller: { kind: 'key', keyId: active.keyId, plan: active.plan } };
}
