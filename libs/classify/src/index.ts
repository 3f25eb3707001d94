/**
 * The action classifier (toncenter
 * https://github.com/toncenter/ton-indexer/blob/HEAD/indexer/indexer/events/event_processing.py)
 * and contract interface probes
 * (https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-worker/tondb-scanner/src/smc-interfaces),
 * framework-free: shared by the decoder (indexed traces) and the sender (emulated, pending traces).
 */
export * from './action';
export * from './trace-model';
export { traceTransactionOf, type ParsedTraceOrigin } from './parsed-trace';
export { buildTraceTree, type TraceTree, type TraceTreeNode } from './trace-tree';
export { classifyTrace, type ClassificationResult, type MatcherRegistry } from './core/pipeline';
export { defaultRegistry } from './registry';
export { renderApiAction, jsonSafe, type ApiJson } from './api-render';
export { tonaddrText, withTonaddrColumns } from './tonaddr-text';
export { bodySlice } from './tlb/cells';
export { parseJettonBurn, parseJettonTransfer } from './tlb/jetton';
export { parseNftTransfer } from './tlb/nft';
export { type GetMethodAnswer, type GetMethodRunner } from './interfaces/get-method.runner';
export * from './interfaces/interface-probes';
export { dedustPoolInfo, nftItemInfo } from './interfaces/interface-info';
export { additionalAccounts, jvaultStakeWallets } from './interfaces/additional-accounts';
export {
  type ClassifyAccounts,
  classifyAccounts,
  withExtras,
} from './interfaces/classify-accounts';
export {
  type DataBocExtra,
  type DataBocReader,
  type JVaultExtras,
  jvaultExtras,
} from './interfaces/jvault-extra';
export * from './interfaces/contract-probes';
export { type TelemintItemState } from './interfaces/telemint-probe';
export {
  DEDUST_MAINNET,
  type DedustPools,
  type DedustPoolState,
} from './interfaces/dedust-pool-probe';
export { DNS_ZONES, type DnsZone, type DnsZones } from './interfaces/dns-zones';
export { WALLET_CODE_HASHES, WALLET_TYPES, walletInterface } from './interfaces/wallet-code-hashes';
export { NOMINATOR_POOL_CODE_HASH } from './interfaces/nominator-pool';
