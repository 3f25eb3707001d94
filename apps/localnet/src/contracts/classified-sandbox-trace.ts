import {
  type AccountInterfaces,
  type ActionRow,
  type ClassifiableTrace,
  classifyTrace,
  defaultRegistry,
  type GetMethodAnswer,
  type GetMethodRunner,
  InterfaceProbes,
  nftItemInfo,
  traceTransactionOf,
} from '@app/classify';
import {
  configGlobalVersion,
  flattenTransaction,
  messageContextOf,
  type ParsedMessage,
  type ParsedTransaction,
} from '@app/ton';
import { Address, type Transaction, type TupleItem } from '@ton/core';
import { type Blockchain, GetMethodError } from '@ton/sandbox';

/**
 * A trace the local contracts ran in @ton/sandbox, classified as the decoder classifies an indexed
 * one: each transaction flattened from its cell by the ingestor's `flattenTransaction`, the touched
 * accounts' interfaces detected by the decoder's `InterfaceProbes` (get-methods run on the states the
 * trace left), then `classifyTrace` with the default matchers. Test support for the contract cases.
 */
export interface ClassifiedSandboxTrace {
  readonly trace: ClassifiableTrace;
  readonly actions: ActionRow[];
  /** The classifier's error, if the run failed (the actions are then the fallback ones). */
  readonly error: string | undefined;
}

/** The sandbox has a single masterchain "block" for every transaction. */
const SANDBOX_MC_SEQNO = 1;

/** Get-methods on the sandbox's current states; an account without code answers as tonlib does. */
export class SandboxGetMethods implements GetMethodRunner {
  constructor(private readonly blockchain: Blockchain) {}

  async run(address: string, method: string, args: TupleItem[]): Promise<GetMethodAnswer> {
    try {
      const result = await this.blockchain.runGetMethod(Address.parse(address), method, args);
      return { exitCode: result.exitCode, stack: result.stackReader };
    } catch (e) {
      if (e instanceof GetMethodError) {
        return { exitCode: e.exitCode, stack: null };
      }
      return { exitCode: -13, stack: null }; // no code to run (tonlib: account not initialised)
    }
  }
}

async function codeHashOf(blockchain: Blockchain, address: string): Promise<string | null> {
  const state = (await blockchain.getContract(Address.parse(address))).accountState;
  return state?.type === 'active' && state.state.code
    ? state.state.code.hash().toString('base64')
    : null;
}

/** What the decoder's interface tables would hold for `address` (interfaceMap's view of them). */
async function interfacesOf(
  blockchain: Blockchain,
  probes: InterfaceProbes,
  address: string,
): Promise<AccountInterfaces> {
  const found: AccountInterfaces = {};
  const wallet = await probes.jettonWallet(address, SANDBOX_MC_SEQNO);
  if (wallet !== null) {
    found.jetton_wallet = { address, ...wallet };
  }
  const item = await probes.nftItem(address, SANDBOX_MC_SEQNO);
  if (item !== null) {
    found.nft_item = nftItemInfo(address, item, await codeHashOf(blockchain, address));
  }
  const sale = await probes.nftSale(address, SANDBOX_MC_SEQNO);
  if (sale !== null) {
    found.nft_sale = {
      address,
      is_complete: sale.isComplete,
      marketplace_address: sale.marketplace,
      nft_address: sale.nft,
      nft_owner_address: sale.nftOwner,
      full_price: sale.fullPrice,
      marketplace_fee_address: sale.marketplaceFeeAddress,
      marketplace_fee: sale.marketplaceFee,
      royalty_address: sale.royaltyAddress,
      royalty_amount: sale.royaltyAmount,
      code_hash: await codeHashOf(blockchain, address),
    };
  }
  const auction = await probes.nftAuction(address, SANDBOX_MC_SEQNO);
  if (auction !== null) {
    found.nft_auction = {
      address,
      nft_addr: auction.nft,
      nft_owner: auction.nftOwner,
      mp_addr: auction.marketplace,
      last_bid: auction.lastBid,
      code_hash: await codeHashOf(blockchain, address),
    };
  }
  return found;
}

/**
 * The sandbox delivers a message re-serialised by @ton/core's storeMessage, which stores a small body
 * inline that the sender's out-message holds by reference: the in-message's cell, and so its hash,
 * differ from the out-message's, where the chain delivers the very cell that was sent. The in-message
 * gets the hash of the out-message it is (same source, destination and creation lt).
 */
function deliveredAsSent(parsed: ParsedTransaction[]): ParsedTransaction[] {
  const key = (m: ParsedMessage): string =>
    `${m.source ?? ''}>${m.destination ?? ''}@${String(m.createdLt)}`;
  const sent = new Map(parsed.flatMap((t) => t.outMessages.map((m) => [key(m), m.hash] as const)));
  return parsed.map((t) => {
    const hash = t.inMessage === null ? undefined : sent.get(key(t.inMessage));
    return t.inMessage === null || hash === undefined
      ? t
      : { ...t, inMessage: { ...t.inMessage, hash } };
  });
}

function workchainOf(tx: Transaction): number {
  const info = tx.inMessage?.info;
  return info === undefined || info.type === 'external-out' ? 0 : info.dest.workChain;
}

/** The transactions of one `send` (all of them one trace, the first its root), classified. */
export async function classifySandboxTrace(
  blockchain: Blockchain,
  transactions: readonly Transaction[],
): Promise<ClassifiedSandboxTrace> {
  const ctx = messageContextOf(configGlobalVersion(blockchain.config));
  const parsed = deliveredAsSent(
    transactions.map((tx) => flattenTransaction(tx.raw, workchainOf(tx), ctx)),
  );
  const root = parsed[0];
  if (root === undefined) {
    throw new Error('a trace without transactions');
  }
  const traceId = root.hash;
  const txs = parsed.map((t) =>
    traceTransactionOf(t, { traceId, mcSeqno: SANDBOX_MC_SEQNO, emulated: false }),
  );
  const probes = new InterfaceProbes(new SandboxGetMethods(blockchain));
  const interfaces = new Map<string, AccountInterfaces>();
  for (const address of new Set(parsed.map((t) => t.account))) {
    const found = await interfacesOf(blockchain, probes, address);
    if (Object.keys(found).length > 0) {
      interfaces.set(address, found);
    }
  }
  // As ton-indexer's gather_interfaces (indexer/events/interface_repository.py) and the decoder's
  // ClassifyInputRepository: an auction's item is looked up too, though a bid's trace never touches it.
  for (const { nft_auction: auction } of [...interfaces.values()]) {
    const nft = auction?.nft_addr ?? null;
    if (nft !== null && !interfaces.has(nft)) {
      const item = await interfacesOf(blockchain, probes, nft);
      if (item.nft_item !== undefined) {
        interfaces.set(nft, { nft_item: item.nft_item });
      }
    }
  }
  const last = parsed.reduce((a, b) => (b.lt > a.lt ? b : a), root);
  const logs = parsed.reduce(
    (n, t) => n + t.outMessages.filter((m) => m.destination === null).length,
    0,
  );
  const trace: ClassifiableTrace = {
    trace: {
      trace_id: traceId,
      external_hash: root.inMessage?.source === null ? root.inMessage.hash : null,
      external_hash_norm: null,
      mc_seqno_start: SANDBOX_MC_SEQNO,
      mc_seqno_end: SANDBOX_MC_SEQNO,
      start_lt: root.lt,
      start_utime: root.now,
      end_lt: last.lt,
      end_utime: last.now,
      state: 'complete',
      pending_edges_: 0,
      edges_: parsed.length + logs,
      nodes_: parsed.length,
      classification_state: 'unclassified',
    },
    transactions: txs,
    interfaces,
  };
  const result = classifyTrace(trace, defaultRegistry);
  return { trace, actions: result.actions, error: result.error };
}

/** An action in brief: [type, ancestor types joined by '/', source, destination, value]. */
export type ActionLine = [string, string, string | null, string | null, bigint | null];

/** The actions in brief, in the classifier's order: what the cases assert first. */
export function actionLines(actions: readonly ActionRow[]): ActionLine[] {
  return actions.map((a) => [a.type, a.ancestor_type.join('/'), a.source, a.destination, a.value]);
}

/** A raw address as the classifier writes it (`wc:HEX`, upper-case hex). */
export const rawUpper = (a: Address): string => a.toRawString().toUpperCase();
