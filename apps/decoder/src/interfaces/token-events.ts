import {
  type DecodeFailure,
  type EntityManager,
  type JettonBurnRow,
  type JettonTransferRow,
  type NftTransferRow,
  TokenRepository,
} from '@app/database';
import { bodySlice } from '../classify/tlb/cells';
import { JettonOp, parseJettonBurn, parseJettonTransfer } from '../classify/tlb/jetton';
import { NftOp, parseNftTransfer } from '../classify/tlb/nft';

const u32 = (op: number): number => op | 0; // opcodes are stored as signed int4

/**
 * Token events of a block (toncenter v3 §14.2 "Token events"): on a detected Jetton wallet, an
 * in-message `transfer` (0x0f8a7ea5) is a jetton transfer (aborted ones skipped) and `burn`
 * (0x595f07bc) a burn (aborted ones kept, as toncenter does); on a detected NFT item, `transfer`
 * (0x5fcc3d14) is an NFT transfer. A body that does not parse is skipped and counted.
 */
export class TokenEvents {
  private readonly repo = new TokenRepository();

  async write(
    m: EntityManager,
    mcSeqno: number,
  ): Promise<{ events: number; failures: DecodeFailure[] }> {
    const rows = await this.repo.tokenTransactions(m, mcSeqno, [
      u32(JettonOp.transfer),
      u32(JettonOp.burn),
      u32(NftOp.transfer),
    ]);
    const transfers: JettonTransferRow[] = [];
    const burns: JettonBurnRow[] = [];
    const nftTransfers: NftTransferRow[] = [];
    const failures: DecodeFailure[] = [];
    for (const r of rows) {
      const op = (r.opcode ?? 0) >>> 0;
      const common = {
        txHash: r.hash,
        txLt: BigInt(r.lt),
        txNow: r.now,
        txAborted: r.aborted ?? false,
        mcSeqno,
        traceId: r.trace_id,
      };
      try {
        if (op === JettonOp.transfer && r.is_jetton_wallet && r.aborted !== true) {
          const b = parseJettonTransfer(bodySlice(r.body));
          transfers.push({
            ...common,
            queryId: b.query_id,
            amount: b.amount,
            source: r.source,
            destination: b.destination,
            jettonWallet: r.account,
            jettonMaster: r.jetton,
            responseDestination: b.response,
            customPayload: b.custom_payload,
            forwardTonAmount: b.forward_amount,
            forwardPayload: b.forward_payload,
          });
        } else if (op === JettonOp.burn && r.is_jetton_wallet) {
          const b = parseJettonBurn(bodySlice(r.body));
          burns.push({
            ...common,
            queryId: b.query_id,
            owner: r.source,
            jettonWallet: r.account,
            jettonMaster: r.jetton,
            amount: b.amount,
            responseDestination: b.response_destination,
          });
        } else if (op === NftOp.transfer && r.is_nft_item) {
          const b = parseNftTransfer(bodySlice(r.body));
          nftTransfers.push({
            ...common,
            queryId: b.query_id,
            item: r.account,
            itemIndex: r.nft_index === null ? null : BigInt(r.nft_index),
            collection: r.nft_collection,
            oldOwner: r.source,
            newOwner: b.new_owner,
            responseDestination: b.response_destination,
            customPayload: b.custom_payload,
            forwardAmount: b.forward_amount,
            forwardPayload: b.forward_payload,
          });
        }
      } catch (error) {
        failures.push({
          mcSeqno,
          kind: 'body',
          subject: r.hash,
          error: `opcode 0x${op.toString(16).padStart(8, '0')}: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }
    await this.repo.saveEvents(m, { transfers, burns, nftTransfers });
    return { events: transfers.length + burns.length + nftTransfers.length, failures };
  }
}
