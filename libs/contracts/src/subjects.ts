/**
 * Every NATS subject of the mesh. This is the only file where a subject string may appear, so a
 * rename is one edit. Renaming a value breaks running consumers: add a new version token
 * (`ton.ls.v2.…`) beside the old one instead of editing it.
 *
 * Request/reply subjects are `ton.<service>.<version>.<verb>`; events are
 * `ton.evt.<version>.<entity>.<pastTense>`.
 */
export const Subjects = {
  /** Live reads answered by apps/liteserver (toncenter v2 methods, tonlib-shaped results). */
  ls: {
    getMasterchainInfo: 'ton.ls.v1.getMasterchainInfo',
    getAddressInformation: 'ton.ls.v1.getAddressInformation',
    getExtendedAddressInformation: 'ton.ls.v1.getExtendedAddressInformation',
    getWalletInformation: 'ton.ls.v1.getWalletInformation',
    getTransactions: 'ton.ls.v1.getTransactions',
    getBlockTransactions: 'ton.ls.v1.getBlockTransactions',
    getBlockTransactionsExt: 'ton.ls.v1.getBlockTransactionsExt',
    getBlockHeader: 'ton.ls.v1.getBlockHeader',
    getShards: 'ton.ls.v1.getShards',
    lookupBlock: 'ton.ls.v1.lookupBlock',
    getConfigParam: 'ton.ls.v1.getConfigParam',
    getConfigAll: 'ton.ls.v1.getConfigAll',
    getLibraries: 'ton.ls.v1.getLibraries',
    runGetMethod: 'ton.ls.v1.runGetMethod',
    getConsensusBlock: 'ton.ls.v1.getConsensusBlock',
    getTokenData: 'ton.ls.v1.getTokenData',
    getMasterchainBlockSignatures: 'ton.ls.v1.getMasterchainBlockSignatures',
    getShardBlockProof: 'ton.ls.v1.getShardBlockProof',
    getOutMsgQueueSize: 'ton.ls.v1.getOutMsgQueueSize',
    getTransactionsStd: 'ton.ls.v1.getTransactionsStd',
    tryLocateTx: 'ton.ls.v1.tryLocateTx',
    tryLocateResultTx: 'ton.ls.v1.tryLocateResultTx',
    tryLocateSourceTx: 'ton.ls.v1.tryLocateSourceTx',
    runGetMethodStd: 'ton.ls.v1.runGetMethodStd',
    getShardAccountCell: 'ton.ls.v1.getShardAccountCell',
    dnsResolve: 'ton.ls.v1.dnsResolve',
    /** Health of the liteserver pool (counts only, never addresses), for readiness probes. */
    poolStatus: 'ton.ls.v1.poolStatus',
  },
  /** Indexed reads answered by apps/query (toncenter v3). */
  query: {
    masterchainInfo: 'ton.query.v1.masterchainInfo',
    blocks: 'ton.query.v1.blocks',
    masterchainBlockShardState: 'ton.query.v1.masterchainBlockShardState',
    masterchainBlockShards: 'ton.query.v1.masterchainBlockShards',
    transactions: 'ton.query.v1.transactions',
    transactionsByMessage: 'ton.query.v1.transactionsByMessage',
    adjacentTransactions: 'ton.query.v1.adjacentTransactions',
    messages: 'ton.query.v1.messages',
    accountStates: 'ton.query.v1.accountStates',
    jettonMasters: 'ton.query.v1.jettonMasters',
    jettonWallets: 'ton.query.v1.jettonWallets',
    jettonTransfers: 'ton.query.v1.jettonTransfers',
    nftCollections: 'ton.query.v1.nftCollections',
    nftItems: 'ton.query.v1.nftItems',
    nftTransfers: 'ton.query.v1.nftTransfers',
    nftSales: 'ton.query.v1.nftSales',
    jettonBurns: 'ton.query.v1.jettonBurns',
    walletStates: 'ton.query.v1.walletStates',
    addressBook: 'ton.query.v1.addressBook',
    metadata: 'ton.query.v1.metadata',
    topAccountsByBalance: 'ton.query.v1.topAccountsByBalance',
    dnsRecords: 'ton.query.v1.dnsRecords',
    multisigWallets: 'ton.query.v1.multisigWallets',
    multisigOrders: 'ton.query.v1.multisigOrders',
    vesting: 'ton.query.v1.vesting',
    traces: 'ton.query.v1.traces',
    actions: 'ton.query.v1.actions',
    /** v3 balanceChanges: the balance changes of a trace or of one of its actions. */
    balanceChanges: 'ton.query.v1.balanceChanges',
    /** v3 decode: opcode names and message bodies through the TL-B registry (https://github.com/toncenter/ton-http-api-cpp/blob/HEAD/ton-http-api/schemas/v2.yaml). */
    decode: 'ton.query.v1.decode',
  },
  /** Message submission and fee estimation answered by apps/sender. */
  send: {
    boc: 'ton.send.v1.boc',
    bocReturnHash: 'ton.send.v1.bocReturnHash',
    estimateFee: 'ton.send.v1.estimateFee',
    /** v3 pendingTraces / pendingActions / pendingTransactions: emulated traces not yet indexed. */
    pendingTraces: 'ton.send.v1.pendingTraces',
    pendingActions: 'ton.send.v1.pendingActions',
    pendingTransactions: 'ton.send.v1.pendingTransactions',
  },
  /**
   * Core-NATS broadcasts to every gateway replica (no queue group, no JetStream: outside `ton.evt.>`,
   * whose stream would keep them). At-most-once, so the receivers keep a short TTL as a safety net.
   */
  edge: {
    /** API keys or plans changed (`npm run keys`): every gateway drops its key cache. */
    apiKeysChanged: 'ton.edge.v1.apiKeys.changed',
  },
  /** JetStream events: wake-up hints, PostgreSQL holds the progress. */
  evt: {
    blockIndexed: 'ton.evt.v1.block.indexed',
    txsDecoded: 'ton.evt.v1.txs.decoded',
    /** An external message a liteserver accepted for the first time (apps/sender). */
    messageSent: 'ton.evt.v1.message.sent',
    /** That message's transaction is indexed (apps/sender's landing watcher). */
    messageLanded: 'ton.evt.v1.message.landed',
  },
  /**
   * Streaming API v2: rendered snapshots for the gateways' SSE/WebSocket clients, kept in
   * their own JetStream stream (retention = the replay window), payloads in messages/stream-events.ts.
   */
  stream: {
    trace: 'ton.stream.v1.trace',
    accountState: 'ton.stream.v1.accountState',
    jettons: 'ton.stream.v1.jettons',
    traceInvalidated: 'ton.stream.v1.traceInvalidated',
  },
} as const;

/**
 * The JetStream stream that keeps every `Subjects.evt` event. Each publisher creates it when it is
 * missing and each follower creates it again after it was lost (NATS restarted without its store, or
 * deleted by an operator), so they all have to agree on its name and on the subjects it captures.
 */
export const ChainEventsStream = {
  name: 'TON_EVENTS',
  /** Every `ton.evt.v1.*` event; `prefixSubject` it for a run isolated by a subject prefix. */
  subjects: 'ton.evt.v1.>',
} as const;

type ValuesOf<T> = T[keyof T];

export type LsSubject = ValuesOf<typeof Subjects.ls>;
export type QuerySubject = ValuesOf<typeof Subjects.query>;
export type SendSubject = ValuesOf<typeof Subjects.send>;
export type EventSubject = ValuesOf<typeof Subjects.evt>;
export type StreamSubject = ValuesOf<typeof Subjects.stream>;
export type RequestSubject = LsSubject | QuerySubject | SendSubject;

/**
 * NATS queue group of each service. Every subscription of a service joins its group so that
 * Kubernetes replicas share the work instead of all answering.
 */
export const QueueGroups = {
  gateway: 'gateway',
  liteserver: 'liteserver',
  ingestor: 'ingestor',
  decoder: 'decoder',
  query: 'query',
  sender: 'sender',
} as const;

export type ServiceName = keyof typeof QueueGroups;
export type QueueGroup = ValuesOf<typeof QueueGroups>;

/** Which service answers a request subject, read from its `ton.<service>.` token. */
const serviceBySubjectToken: Readonly<Record<string, ServiceName>> = {
  ls: 'liteserver',
  query: 'query',
  send: 'sender',
};

/**
 * The queue group that must answer `subject`, or undefined for subjects without a fixed owner
 * (events: every consumer decides its own group or durable name).
 */
export function queueGroupFor(subject: string): QueueGroup | undefined {
  const token = subject.split('.')[1];
  const service = token === undefined ? undefined : serviceBySubjectToken[token];
  return service === undefined ? undefined : QueueGroups[service];
}

/**
 * Prefixes every subject with `prefix.` (used by tests to isolate runs on a shared NATS server;
 * empty prefix → unchanged).
 */
export function prefixSubject(prefix: string, subject: string): string {
  return prefix === '' ? subject : `${prefix}.${subject}`;
}
