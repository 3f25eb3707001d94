import { type Cell } from '@ton/core';

import {
  type DecodeResult,
  decodeBodyAsWith,
  decodeBodyWith,
  decodeOpcodeWith,
} from './body-decoder';
import { COCOON_SCHEMAS } from './schemas/cocoon.schema';
import { COFFEE_SCHEMAS } from './schemas/coffee.schema';
import { COMMENT_SCHEMAS } from './schemas/comments.schema';
import { DEDUST_SCHEMAS } from './schemas/dedust.schema';
import { DNS_SCHEMAS } from './schemas/dns.schema';
import { EVAA_SCHEMAS } from './schemas/evaa.schema';
import { JETTON_SCHEMAS } from './schemas/jettons.schema';
import { JVAULT_SCHEMAS } from './schemas/jvault.schema';
import { LAYERZERO_SCHEMAS } from './schemas/layerzero.schema';
import { MULTISIG_SCHEMAS } from './schemas/multisig.schema';
import { NFT_SCHEMAS } from './schemas/nfts.schema';
import { STAKING_SCHEMAS } from './schemas/staking.schema';
import { STONFI_SCHEMAS } from './schemas/stonfi.schema';
import { TGBTC_SCHEMAS } from './schemas/tgbtc.schema';
import { TONCO_SCHEMAS } from './schemas/tonco.schema';
import { VESTING_SCHEMAS } from './schemas/vesting.schema';
import { STATE_INIT_SCHEMA, WALLET_SCHEMAS } from './schemas/wallets.schema';
import { TlbRegistry } from './tlb-registry';

/**
 * Every message-body constructor this service knows: at least every opcode the decoder and the action
 * classifier read (libs/classify), plus the standard TEPs. The order matters only where constructors
 * share an opcode (the first names it; bodies try them in order).
 */
export const MESSAGE_BODY_REGISTRY = new TlbRegistry([
  ...COMMENT_SCHEMAS,
  ...JETTON_SCHEMAS,
  ...NFT_SCHEMAS,
  ...DNS_SCHEMAS,
  ...WALLET_SCHEMAS,
  STATE_INIT_SCHEMA,
  ...MULTISIG_SCHEMAS,
  ...VESTING_SCHEMAS,
  ...STAKING_SCHEMAS,
  ...DEDUST_SCHEMAS,
  ...STONFI_SCHEMAS,
  ...COFFEE_SCHEMAS,
  ...TONCO_SCHEMAS,
  ...EVAA_SCHEMAS,
  ...JVAULT_SCHEMAS,
  ...COCOON_SCHEMAS,
  ...TGBTC_SCHEMAS,
  ...LAYERZERO_SCHEMAS,
]);

/** The registry name of an opcode (signed or unsigned 32-bit), `'unknown'` when there is none. */
export function decodeOpcode(opcode: number): string {
  return decodeOpcodeWith(MESSAGE_BODY_REGISTRY, opcode);
}

/** A body decoded by its opcode, or `{error: "unknown: …"}` (see README.md for the JSON format). */
export function decodeBody(body: Cell): DecodeResult {
  return decodeBodyWith(MESSAGE_BODY_REGISTRY, body);
}

/** A cell decoded as one named constructor (e.g. `state_init` for a message's init state). */
export function decodeBodyAs(body: Cell, name: string): DecodeResult {
  return decodeBodyAsWith(MESSAGE_BODY_REGISTRY, body, name);
}
