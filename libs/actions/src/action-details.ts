/**
 * The type-specific `details` of a v3 action (toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-go/index/models; ton-index-go
 * `parse/actions.go`): numbers in details as strings, opcodes as "0x%08x". Pure rendering, shared by
 * the decoder (its classifier's rows, `decode:trace --api`) and the query service (stored rows).
 * Each family's renderers live in `details/`; this map joins them.
 */
import { BASIC_RENDERERS } from './details/basic';
import { COCOON_RENDERERS } from './details/cocoon';
import { COFFEE_RENDERERS } from './details/coffee';
import { DEX_RENDERERS } from './details/dex';
import { DNS_RENDERERS } from './details/dns';
import { EVAA_RENDERERS } from './details/evaa';
import { JETTON_RENDERERS } from './details/jetton';
import { JVAULT_RENDERERS } from './details/jvault';
import { LAYERZERO_RENDERERS } from './details/layerzero';
import { MULTISIG_RENDERERS } from './details/multisig';
import { NFT_RENDERERS } from './details/nft';
import { NFT_DISCOVERY_RENDERERS } from './details/nft-discovery';
import { STAKING_RENDERERS } from './details/staking';
import { TGBTC_RENDERERS } from './details/tgbtc';
import type { ActionRenderRow, ApiJson, Renderer } from './details/types';
import { VESTING_RENDERERS } from './details/vesting';

export type {
  ActionAccountColumns,
  ActionData,
  ActionDataColumn,
  ActionRenderBase,
  ActionRenderRow,
  ActionValue,
  ApiJson,
} from './details/types';

const RENDERERS: Record<string, Renderer> = {
  ...BASIC_RENDERERS,
  ...JETTON_RENDERERS,
  ...DEX_RENDERERS,
  ...NFT_RENDERERS,
  ...COFFEE_RENDERERS,
  ...VESTING_RENDERERS,
  ...STAKING_RENDERERS,
  ...MULTISIG_RENDERERS,
  ...EVAA_RENDERERS,
  ...JVAULT_RENDERERS,
  ...LAYERZERO_RENDERERS,
  ...COCOON_RENDERERS,
  ...TGBTC_RENDERERS,
  ...DNS_RENDERERS,
  ...NFT_DISCOVERY_RENDERERS,
};

/** The details of `row` by its type, or undefined for a type without a renderer. */
export function renderActionDetails(
  type: string,
  row: ActionRenderRow,
): Record<string, ApiJson> | undefined {
  // Own keys only: a stored type named like an Object.prototype member is a type without a renderer.
  return Object.hasOwn(RENDERERS, type) ? RENDERERS[type]?.(row) : undefined;
}
