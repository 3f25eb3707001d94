import { JETTON, NFT } from '@app/ton';
import {
  type DecodeFailure,
  type JettonBurnRow,
  type JettonTransferRow,
  type NftTransferRow,
} from '@app/database';
import {
  type AccountInterfaces,
  bodySlice,
  inMessage,
  parseJettonBurn,
  parseJettonTransfer,
  parseNftTransfer,
  type TraceTransaction,
} from '@app/classify';

const TOKEN_OPS: ReadonlySet<number> = new Set([
  JETTON.transfer.opcode,
  JETTON.burn.opcode,
  NFT.transfer.opcode,
]);

/** The in-message opcode of a transaction as uint32 (stored as signed int4), if it has one. */
function opcodeOf(tx: TraceTransaction): number | undefined {
  const op = inMessage(tx)?.opcode;
  return op === null || op === undefined ? undefined : op >>> 0;
}

/** The block's transactions whose in-message may be a token operation (their accounts to look up). */
export function tokenCandidates(txs: readonly TraceTransaction[]): TraceTransaction[] {
  return txs.filter((tx) => {
    const op = opcodeOf(tx);
    return op !== undefined && TOKEN_OPS.has(op);
  });
}

/** A block's token events, and the bodies that did not parse. */
export interface BlockTokenEvents {
  readonly transfers: JettonTransferRow[];
  readonly burns: JettonBurnRow[];
  readonly nftTransfers: NftTransferRow[];
  readonly failures: DecodeFailure[];
}

/**
 * Token events of a block (toncenter
 * https://github.com/toncenter/ton-indexer/tree/HEAD/ton-index-worker/tondb-scanner/src/smc-interfaces
 * "Token events"): on a detected Jetton wallet, an in-message `transfer` (0x0f8a7ea5) is a jetton
 * transfer (aborted ones skipped) and `burn` (0x595f07bc) a burn (aborted ones kept, as toncenter
 * does); on a detected NFT item, `transfer` (0x5fcc3d14) is an NFT transfer. A body that does not
 * parse is skipped and counted.
 *
 * `candidates` are tokenCandidates of the block with trace_id assigned; `interfaces` what the tables
 * know of their accounts once the block's detection is written.
 */
export function parseTokenEvents(
  mcSeqno: number,
  candidates: readonly TraceTransaction[],
  interfaces: ReadonlyMap<string, AccountInterfaces>,
): BlockTokenEvents {
  const out: BlockTokenEvents = { transfers: [], burns: [], nftTransfers: [], failures: [] };
  for (const tx of candidates) {
    const op = opcodeOf(tx) ?? 0;
    const msg = inMessage(tx);
    const known = interfaces.get(tx.account);
    const wallet = known?.jetton_wallet;
    const item = known?.nft_item;
    const common = {
      txHash: tx.hash,
      txLt: tx.lt,
      txNow: tx.now,
      txAborted: tx.aborted,
      mcSeqno,
      traceId: tx.trace_id,
    };
    const source = msg?.source ?? null;
    const body = msg?.body ?? null;
    try {
      if (op === JETTON.transfer.opcode && wallet !== undefined && !tx.aborted) {
        const b = parseJettonTransfer(bodySlice(body));
        out.transfers.push({
          ...common,
          queryId: b.query_id,
          amount: b.amount,
          source,
          destination: b.destination,
          jettonWalletAddress: tx.account,
          jettonMasterAddress: wallet.jetton,
          responseDestination: b.response,
          customPayload: b.custom_payload,
          forwardTonAmount: b.forward_amount,
          forwardPayload: b.forward_payload,
        });
      } else if (op === JETTON.burn.opcode && wallet !== undefined) {
        const b = parseJettonBurn(bodySlice(body));
        out.burns.push({
          ...common,
          queryId: b.query_id,
          owner: source,
          jettonWalletAddress: tx.account,
          jettonMasterAddress: wallet.jetton,
          amount: b.amount,
          responseDestination: b.response_destination,
        });
      } else if (op === NFT.transfer.opcode && item !== undefined) {
        const b = parseNftTransfer(bodySlice(body));
        out.nftTransfers.push({
          ...common,
          queryId: b.query_id,
          nftItemAddress: tx.account,
          nftItemIndex: item.index,
          nftCollectionAddress: item.collection_address,
          oldOwner: source,
          newOwner: b.new_owner,
          responseDestination: b.response_destination,
          customPayload: b.custom_payload,
          forwardAmount: b.forward_amount,
          forwardPayload: b.forward_payload,
        });
      }
    } catch (error) {
      out.failures.push({
        mcSeqno,
        kind: 'body',
        subject: tx.hash,
        error: `opcode 0x${op.toString(16).padStart(8, '0')}: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
  return out;
}

/** Number of events in a block's token events. */
export function tokenEventCount(e: BlockTokenEvents): number {
  return e.transfers.length + e.burns.length + e.nftTransfers.length;
}
