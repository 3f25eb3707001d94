import {
  bits512,
  bool,
  coins,
  dict,
  type FieldList,
  inline,
  maybe,
  maybeCell,
  rest,
  restBefore,
  uint,
  uint32,
  uint64,
  uint8,
  when,
} from '../field-type';
import { type TlbConstructor, tlb, untagged } from '../tlb-constructor';

/** The wallet v4 plugin (subscription) messages. */
export const WALLET_PLUGIN = {
  // request_funds#706c7567 query_id:uint64 grams:Grams extra:ExtraCurrencyCollection
  //   = InternalMsgBody; (wallet v4 plugin → wallet)
  payment_request: tlb('payment_request', 0x706c7567, {
    query_id: uint64,
    grams: coins,
    extra: dict,
  }),
  // payment_request_response#f06c7567 query_id:uint64 = InternalMsgBody; (wallet v4 → plugin, funds)
  payment_request_response: tlb('payment_request_response', 0xf06c7567, { query_id: uint64 }),
  // subscription_payment#73756273 query_id:uint64 = InternalMsgBody; (v4 subscription plugin → beneficiary)
  subscription_payment: tlb('subscription_payment', 0x73756273, { query_id: uint64 }),
  // destruct#64737472 query_id:uint64 = InternalMsgBody; (wallet v4 ↔ plugin)
  destruct: tlb('wallet_plugin_destruct', 0x64737472, { query_id: uint64 }),
  // destruct_response#e4737472 query_id:uint64 = InternalMsgBody;
  destruct_response: tlb('wallet_plugin_destruct_response', 0xe4737472, { query_id: uint64 }),
};

/** The signed bodies of wallet v3 and v4 externals (prefix-less: read by layout, decoded by name). */
export const WALLET_SIGNED = {
  // _ signature:bits512 subwallet_id:uint32 valid_until:uint32 msg_seqno:uint32
  //   messages:(mode:uint8 ^MessageRelaxed)* = WalletV3SignedBody; (no tag: decoded by name only)
  v3: untagged('wallet_signed_v3', {
    signature: bits512,
    subwallet_id: uint32,
    valid_until: uint32,
    seqno: uint32,
    messages: rest,
  }),
  // _ signature:bits512 subwallet_id:uint32 valid_until:uint32 msg_seqno:uint32 op:uint8
  //   payload:Cell = WalletV4SignedBody; (op 0: send messages, 1: deploy and install a plugin, 2/3:
  //   install / remove a plugin; no tag: decoded by name only)
  v4: untagged('wallet_signed_v4', {
    signature: bits512,
    subwallet_id: uint32,
    valid_until: uint32,
    seqno: uint32,
    op: uint8,
    payload: rest,
  }),
};

/**
 * Wallet v5r1's SignedRequest (its InnerRequest inline), the body of both signed message kinds: the
 * other actions run up to the 512-bit signature that ends it.
 */
const V5R1_SIGNED_REQUEST = {
  wallet_id: uint32,
  valid_until: uint32,
  seqno: uint32,
  out_actions: maybeCell,
  has_other_actions: bool,
  other_actions: when('has_other_actions', restBefore(512)),
  signature: bits512,
} as const satisfies FieldList;

/** Wallet v5r1 (ton-blockchain/wallet-contract-v5) signed requests and extension actions. */
export const WALLET_V5R1 = {
  // actions$_ out_actions:(Maybe ^OutList) has_other_actions:(## 1)
  //   other_actions:has_other_actions?ActionList = InnerRequest;
  // signed_request$_ wallet_id:uint32 valid_until:uint32 msg_seqno:uint32 inner:InnerRequest
  //   signature:bits512 = SignedRequest;
  // internal_signed#73696e74 signed:SignedRequest = InternalMsgBody; (wallet v5r1)
  signed_internal: tlb('signed_internal', 0x73696e74, V5R1_SIGNED_REQUEST),
  // external_signed#7369676e signed:SignedRequest = ExternalMsgBody; (wallet v5r1)
  signed_external: tlb('signed_external', 0x7369676e, V5R1_SIGNED_REQUEST),
  // internal_extension#6578746e query_id:uint64 inner:InnerRequest = InternalMsgBody; (wallet v5r1)
  extension_action: tlb('extension_action', 0x6578746e, {
    query_id: uint64,
    out_actions: maybeCell,
    has_other_actions: bool,
    other_actions: when('has_other_actions', rest),
  }),
};

/** Wallet request bodies: v5r1 signed requests and extension actions, v3/v4 signed externals, v4 plugins. */
export const WALLET_SCHEMAS: readonly TlbConstructor[] = [
  ...Object.values(WALLET_V5R1),
  WALLET_SIGNED.v3,
  WALLET_SIGNED.v4,
  ...Object.values(WALLET_PLUGIN),
];

/**
 * _ split_depth:(Maybe (## 5)) special:(Maybe TickTock) code:(Maybe ^Cell) data:(Maybe ^Cell)
 *   library:(HashmapE 256 SimpleLib) = StateInit; tick_tock$_ tick:Bool tock:Bool = TickTock;
 * (crypto/block/block.tlb; no tag: decoded by name, for a message's init_state)
 */
export const STATE_INIT_SCHEMA: TlbConstructor = untagged('state_init', {
  split_depth: maybe(uint(5)),
  special: maybe(inline({ tick: bool, tock: bool })),
  code: maybeCell,
  data: maybeCell,
  library: dict,
});
