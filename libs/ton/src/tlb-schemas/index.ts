export { type FieldList, type FieldType } from './field-type';
export {
  type Loaded,
  type LoadedFields,
  type LoadedValue,
  loadBody,
  loadFields,
  loadLeadingFields,
} from './field-load';
export { storeFields } from './field-store';
export { type TaggedConstructor, type TlbConstructor, tlb, untagged } from './tlb-constructor';
export { TlbRegistry } from './tlb-registry';
export {
  cellToBoc,
  type DecodedBody,
  type DecodedObject,
  type DecodedValue,
  type DecodeError,
  type DecodeResult,
  isDecodeError,
} from './body-decoder';
export {
  decodeBody,
  decodeBodyAs,
  decodeOpcode,
  MESSAGE_BODY_REGISTRY,
} from './message-body.registry';
export { decodedInitState, decodedMessageBody, decodedOpcodeName } from './message-decoding';
export { VESTING } from './schemas/vesting.schema';
export { JVAULT } from './schemas/jvault.schema';
export { ELECTOR, TONSTAKERS } from './schemas/staking.schema';
export { WALLET_PLUGIN, WALLET_SIGNED, WALLET_V5R1 } from './schemas/wallets.schema';
export { TGBTC } from './schemas/tgbtc.schema';
export { COMMENTS } from './schemas/comments.schema';
export { DNS } from './schemas/dns.schema';
export { MULTISIG } from './schemas/multisig.schema';
export { EVAA } from './schemas/evaa.schema';
export { LAYERZERO } from './schemas/layerzero.schema';
export { GETGEMS, NFT } from './schemas/nfts.schema';
export { JETTON } from './schemas/jettons.schema';
export { STONFI } from './schemas/stonfi.schema';
export { TONCO } from './schemas/tonco.schema';
export { DEDUST } from './schemas/dedust.schema';
export { COFFEE } from './schemas/coffee.schema';
export { COCOON } from './schemas/cocoon.schema';
